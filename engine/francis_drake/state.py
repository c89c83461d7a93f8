"""The runtime ``Game``/``State`` of *Francis Drake*: dispatch to the phase modules, observations, JSON."""

from __future__ import annotations

import hashlib
from typing import Any

from engine.francis_drake import provisioning, resolution, sailing
from engine.francis_drake.data import Tables, load_tables
from engine.francis_drake.model import (
    ADMIRAL,
    GOVERNOR,
    INFORMER,
    INFORMER_MOVE,
    INFORMER_SWAP,
    MISSIONS,
    OVER,
    PROVISION,
    RESOLVE,
    RETURN,
    Table,
)
from engine.francis_drake.scoring import ranking
from engine.francis_drake.voyage import new_table
from engine.runtime.api import TERMINAL, Action, Game, GameConfig, IllegalActionError, State, legal_match


class FrancisDrakeGame(Game):
    """*Francis Drake* for 3–5 players (the bounds come from the spec)."""

    game_id = "francis_drake"

    def __init__(self, config: GameConfig, tables: Tables | None = None) -> None:
        super().__init__(config)
        if config.variants:
            raise ValueError(f"francis_drake has no variants: {', '.join(config.variants)}")
        self.tables = tables or load_tables(config.players, config.edition, dict(config.rulings))
        if not self.tables.players_min <= config.players <= self.tables.players_max:
            raise ValueError(
                f"francis_drake: {config.players} players; the game takes {self.tables.players_min}-{self.tables.players_max}"
            )
        if config.edition is not None and config.edition not in self.tables.editions:
            raise ValueError(f"francis_drake has no edition {config.edition!r}; known: {', '.join(self.tables.editions)}")
        unknown = sorted(set(config.rulings) - set(self.tables.rulings))
        if unknown:
            raise ValueError(f"francis_drake has no ruling {', '.join(unknown)}")

    def new_initial_state(self) -> FrancisDrakeState:
        return FrancisDrakeState(self, new_table(self.tables, self.config.players, self.config.seed))


class FrancisDrakeState(State):
    """A game in progress. ``table`` holds all data; see :mod:`engine.francis_drake.model`."""

    def __init__(self, game: FrancisDrakeGame, table: Table) -> None:
        self.game = game
        self.table = table
        self._history: list[Action] = []
        # the legal actions of the decision posed now, listed once for the bot's question and apply's check
        # (dropped by apply); ``_legal_at`` is the history length they were listed at
        self._legal: list[Action] | None = None
        self._legal_at = -1

    # -- runtime API -------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        t = self.table
        if t.phase == OVER:
            return TERMINAL
        if t.phase == PROVISION:
            return provisioning.current_seat(t)
        if t.phase == MISSIONS:
            return t.outbound[t.mission_turn]
        return t.decider

    def legal_actions(self) -> list[Action]:
        if self._legal is None or self._legal_at != len(self._history):
            self._legal = self._list_actions()
            self._legal_at = len(self._history)
        return list(self._legal)  # a copy: a caller may change its list

    def _list_actions(self) -> list[Action]:
        t = self.table
        phase = t.phase
        if phase == PROVISION:
            return provisioning.legal(t)
        if phase in (ADMIRAL, GOVERNOR):
            return sailing.counter_actions(t, phase)
        if phase == MISSIONS:
            return sailing.mission_actions(t)
        if phase in (INFORMER, INFORMER_SWAP, INFORMER_MOVE):
            return sailing.informer_actions(t)
        if phase == RESOLVE:
            return resolution.mission_actions(t)
        if phase == RETURN:
            return [resolution.RETURN_HOME, resolution.SAIL_ON]
        return []

    def apply(self, action: Action) -> None:
        if self._legal is None or self._legal_at != len(self._history):
            self.legal_actions()
        legal: list[Action] = self._legal  # type: ignore[assignment]
        # a bot hands back an element of the list: found by identity here, in compiled code; anything else must be
        # an Action equal to a listed one (engine.runtime.api.legal_match)
        for listed in legal:
            if listed is action:
                break
        else:
            matched = legal_match(action, legal)
            if matched is None:
                raise IllegalActionError(f"illegal in phase {self.table.phase}: {action}")
            action = matched
        self._legal = None
        t = self.table
        phase = t.phase
        if phase == PROVISION:
            provisioning.apply(t, action)
            if t.turn < 0:
                sailing.prepare(t)
        elif phase in (ADMIRAL, GOVERNOR):
            sailing.apply_counters(t, phase, action)
        elif phase == MISSIONS:
            sailing.apply_mission(t, action)
        elif phase in (INFORMER, INFORMER_SWAP, INFORMER_MOVE):
            sailing.apply_informer(t, action)
        elif phase == RESOLVE:
            resolution.apply_mission(t, action)
        else:
            resolution.apply_return(t, action)
        self._history.append(action)

    def is_terminal(self) -> bool:
        return self.table.phase == OVER

    def scores(self) -> list[int]:
        return [p.score for p in self.table.players]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        return ranking(self.table)[:1]

    @property
    def history(self) -> list[Action]:
        return list(self._history)

    def seat_info(self, player: int) -> dict[str, str]:
        """The seat's place in the first voyage's starting order (drawn from the cup; the last gets a Gun)."""
        return {"start_position": str(self.table.first_order.index(player) + 1)}

    # -- observations ------------------------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees (``-1``: everything, for replays and fingerprints).

        Hidden from others: the numbers of face-down Mission Discs (and which discs are still in hand), the
        Spanish Troop and Frigate Counters until turned (their placer and an Informer who inspected one know
        them), and the contents of Treasure Chests.
        """
        t = self.table
        everything = player < 0
        counters: dict[str, int | None] = {}
        for dest, value in sorted({**t.troops, **t.frigates}.items()):
            placer = t.holder(GOVERNOR if dest in t.troops else ADMIRAL)
            inspected = dest in t.knowledge.get(player, {}).get("counters", {})
            known = everything or dest in t.revealed or placer == player or inspected
            counters[dest] = value if known else None
        seen_stacks = t.knowledge.get(player, {}).get("discs", {})
        missions = {
            dest: [[s, d if (everything or t.turned or s == player or dest in seen_stacks) else None] for s, d in stack]
            for dest, stack in sorted(t.missions.items())
        }
        players = []
        for p in t.players:
            data = p.to_data()
            if not everything and p.seat != player:
                data["chest"] = None
                if not t.turned:
                    data["hand"] = len(p.hand)
            players.append(data)
        obs: dict[str, Any] = {
            "voyage": t.voyage,
            "phase": t.phase,
            "current_player": self.current_player,
            "street": list(t.street),
            "occupancy": {loc: [list(e) for e in occ] for loc, occ in sorted(t.occupancy.items())},
            "supply": dict(sorted(t.supply.items())),
            "start_order": list(t.start_order),
            "outbound": list(t.outbound),
            "homebound": list(t.homebound),
            "galleons": dict(sorted(t.galleons.items())),
            "counters": counters,
            "revealed": sorted(t.revealed),
            "treasure": dict(sorted(t.treasure.items())),
            "port_goods": {port: sorted(goods) for port, goods in sorted(t.port_goods.items())},
            "missions": missions,
            "turned": t.turned,
            "successes": {d: list(s) for d, s in sorted(t.successes.items())},
            "trades": {d: list(s) for d, s in sorted(t.trades.items())},
            "players": players,
            "records": t.records,
        }
        if everything:
            obs["knowledge"] = {str(s): k for s, k in sorted(t.knowledge.items())}
            obs["queue"] = [list(e) for e in t.queue[t.qi :]]
        elif player in t.knowledge:
            obs["seen"] = t.knowledge[player]
        return obs

    def fingerprint(self) -> Any:
        rng = hashlib.sha256(repr(self.table.rng.getstate()).encode()).hexdigest()
        return {"observation": self.observation(-1), "rng": rng, "log": list(self.table.log)}

    @property
    def log(self) -> list[str]:
        """The event log: every move's effect and every chance outcome, in order."""
        return list(self.table.log)
