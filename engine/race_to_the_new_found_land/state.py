"""The rules of Race to the New Found Land as a state machine.

The round's flow (land phase, planning, actions, final phase, and the game end) is one Python generator,
:meth:`RaceState._flow`: it runs every automatic step itself and pauses (``yield``) whenever a player must
choose, after setting :attr:`RaceState.stage` and the context the legal actions are listed from. ``apply``
checks the action against :meth:`RaceState.legal_actions` *before* anything changes (an illegal action leaves
the state untouched) and resumes the generator with it.

The rules themselves live one phase per module (see :mod:`.core`); :class:`RaceState` is their top layer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.race_to_the_new_found_land.core import (
    A_DELIVER,
    A_DISCOVER,
    A_LOAD,
    A_SETTLE,
    ANTWERP,
    CARD,
    CHART,
    DELIVER,
    DISCOVER,
    DONE,
    EMPTY,
    FRAME,
    FRAME_BACK,
    KEEP,
    LAND,
    LOAD,
    NEUTRAL,
    NEW_ENGLAND,
    OBJECTIVE,
    OFFERS_CARDS,
    OVER,
    PLAN,
    PLAY_CARD,
    SETTLE,
    SKIP,
    SPAIN,
    STAGE_NAMES,
    Flow,
)
from engine.race_to_the_new_found_land.end_phase import EndPhase
from engine.runtime.api import TERMINAL, Action, IllegalActionError, legal_match

if TYPE_CHECKING:
    from engine.race_to_the_new_found_land.game import RaceGame

#: The stages and actions bots, views and scenarios read from here.
__all__ = [
    "ANTWERP",
    "A_DELIVER",
    "A_DISCOVER",
    "A_LOAD",
    "A_SETTLE",
    "CARD",
    "CHART",
    "DELIVER",
    "DISCOVER",
    "DONE",
    "EMPTY",
    "FRAME",
    "FRAME_BACK",
    "KEEP",
    "LAND",
    "LOAD",
    "NEUTRAL",
    "NEW_ENGLAND",
    "OBJECTIVE",
    "OFFERS_CARDS",
    "OVER",
    "PLAN",
    "PLAY_CARD",
    "SETTLE",
    "SKIP",
    "SPAIN",
    "STAGE_NAMES",
    "RaceState",
]  # fmt: skip


class RaceState(EndPhase):
    """A game in progress. All fields are plain data; :meth:`fingerprint` lists them."""

    __slots__ = ()

    def __init__(self, game: RaceGame) -> None:
        super().__init__(game)
        self._setup()
        self._flow_gen = self._flow()
        next(self._flow_gen)  # run to the first decision

    # ------------------------------------------------------------------ API

    @property
    def current_player(self) -> int:
        """The seat to move (:data:`TERMINAL` once over).

        A plain property over :attr:`cur`: mypyc would compile the cheaper ``property(attrgetter("cur"))`` class
        attribute into a data field of its own, left unset."""
        return self.cur

    @property
    def history(self) -> list[Action]:
        return self._history

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def scores(self) -> list[int]:
        return list(self.final) if self.final is not None else list(self.score)

    def winners(self) -> list[int]:
        """The players with the most points; a tie goes to the most goods, then the victory is shared.

        Rules: end_of_game.winner, end_of_game.tie_break"""
        if self.final is None:
            return []
        best = max(self.final)
        tied = [p for p in range(self.n) if self.final[p] == best]
        if len(tied) > 1 and self.T.tiebreak_goods:
            most = max(sum(self.goods[p]) for p in tied)
            tied = [p for p in tied if sum(self.goods[p]) == most]
        return tied

    def seat_info(self, player: int) -> dict[str, str]:
        return {"nation": self.T.nations[self.nation[player]].id} if self.nation else {}

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_actions()
        return list(self._legal)  # a copy: the internal list may be a shared memo

    def apply(self, action: Action) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_actions()
        # bots hand back an element of the list: found by identity, without comparing the actions before it by
        # value (``in`` would); an equal action built elsewhere (a log, JSON) is then looked for by value
        for listed in legal:
            if listed is action:
                break
        else:  # anything else must be an Action equal to a listed one: see engine.runtime.api.legal_match
            matched = legal_match(action, legal)
            if matched is None:
                raise IllegalActionError(f"{action} is not legal now ({STAGE_NAMES[self.stage]}, player {self.cur})")
            action = matched
        self._legal = None
        self._history.append(action)
        try:
            self._resume(action)
        except StopIteration:  # the flow ended: the game is over
            self._flow_gen = None

    def clone(self) -> RaceState:
        """An independent copy (replays the history: the flow generator cannot be copied)."""
        copy = self.game.new_initial_state()
        for action in self._history:
            copy.apply(action)
        return copy  # type: ignore[return-value]  # mypyc: game is typed Game, its states State

    def _resume(self, action: Action) -> None:
        """Hand a legal action to the flow; the entry to play a 1x card starts its detour instead (see
        :meth:`~.cards.OneXCards._card_detour`), which hands the flow back when done."""
        if action[0] == "play_card":
            detour = self._card_detour(self._flow_gen)  # type: ignore[arg-type]  # a legal action: the flow runs
            self._flow_gen = detour
            next(detour)
        else:
            self._flow_gen.send(action)  # type: ignore[union-attr]  # a legal action exists: the flow is running

    # ------------------------------------------------------------------ the round

    def _flow(self) -> Flow:
        """The game: setup's islands, then the rounds (land, planning, actions, end phase; the start player tile
        passes on), then the final scoring.

        Rules: overview.phases, end_phase.start_player, end_of_game.rounds"""
        T = self.T
        yield from self._setup_islands()
        for rnd in range(T.rounds):
            self.round = rnd
            yield from self._land_phase()
            yield from self._planning_phase()
            yield from self._action_phase()
            yield from self._final_phase()
            self.st_cards.extend(self.played_charters)
            self.played_charters.clear()
            self.start_player = (self.start_player + 1) % self.n
        self._final_scoring()
        self.stage = OVER
        self.cur = TERMINAL
        self.ctx = {}
        self._legal = None

    # ------------------------------------------------------------------ legal actions

    def _list_actions(self) -> list[Action]:
        """The options of the decision posed now, from the state alone, with the entry to play a 1x card where
        the player is in their own turn.

        The flow lists its frequent decisions itself as it poses them (the same lists, through the same
        functions, without this dispatch); this is what lists any decision whose options were dropped, e.g.
        after a scenario edits the state, or after a card was played."""
        out = self._stage_actions()
        return self._with_card_entry(self.cur, out) if OFFERS_CARDS[self.stage] else out

    def _stage_actions(self) -> list[Action]:
        st = self.stage
        p = self.cur
        T = self.T
        if st == LAND:
            return self._land_actions(p)
        if st == PLAN:
            return self._plan_actions(p, self.ctx["act"])
        if st == LOAD:
            return self._load_actions(self.ctx["best"])
        if st == KEEP:
            return self._keep_actions(self.ctx["drawn"], self.ctx["optional"])
        if st == SETTLE:
            return self._settle_actions(False)
        if st == SPAIN:
            return self._settle_actions(True)
        if st == DELIVER:
            return self._deliver_actions(p)
        if st == ANTWERP:
            ships = T.cache.get("ship_good_actions")
            if ships is None:  # per good: its ship_good action, built once (the same objects each time)
                ships = T.cache["ship_good_actions"] = [self._act("ship_good", (("good", good),)) for good in T.goods]
            return [DONE] + [ships[g] for g in range(self.ng) if self.goods[p][g]]
        if st == DISCOVER:
            out = self._discover_actions_for(self.ctx["drawn"])
            return [DONE, *out] if self.ctx["optional"] else out
        if st == FRAME:
            out = self._frame_options(self.ctx["frame"])
            return [*out, SKIP] if out and T.frame_reward_optional else out
        if st == FRAME_BACK:
            return [self._act("frame_back", (("space", t),)) for t in self.ctx["targets"]]
        if st == CHART:
            charts = T.cache.get("chart_actions")
            if charts is None:  # per island space: its chart action, built once (the same objects each time)
                charts = T.cache["chart_actions"] = [self._act("chart", (("space", sp.id),)) for sp in T.island_spaces]
            return [charts[s] for s in self.ctx["spaces"]]
        if st == OBJECTIVE:
            return [DONE, *self._objective_actions(p, self.ctx["resolved"])]
        if st == CARD:
            return self._card_actions(p)
        return []

    # ------------------------------------------------------------------ views

    def fingerprint(self) -> Any:
        data = self._data(None)
        # a stable digest (hash() of the state tuple would vary between processes: it contains None)
        data["rng"] = hashlib.blake2b(repr(self.rng.getstate()).encode(), digest_size=16).hexdigest()
        data["history"] = [str(a) for a in self._history]
        return data

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees (``-1``: an onlooker who sees only public information)."""
        return self._data(player)

    def _data(self, viewer: int | None) -> dict[str, Any]:
        """The state as JSON data; ``viewer`` None shows everything, else hidden information is counted only."""
        T = self.T
        full = viewer is None

        def ids(items: Iterable[int], defs: Any) -> list[str]:
            return [defs[i].id if i >= 0 else "" for i in items]

        players = []
        for p in range(self.n):
            own = full or viewer == p
            players.append(
                {
                    "nation": T.nations[self.nation[p]].id,
                    "score": self.score[p],
                    "goods": dict(zip(T.goods, self.goods[p], strict=True)),
                    "shipyard": ids(self.yard[p], T.ships),
                    "capacity": self.capacity(p),
                    "cards": ids(self.cards[p], T.cards) if own else len(self.cards[p]),
                    "objectives": ids(self.objectives[p], T.objectives) if own else len(self.objectives[p]),
                    "captains": ids(self.captains[p], T.captains),
                    "expansions": {"shipyard": self.exp_yard[p], "nation": self.exp_nation[p]},
                    "fifty": self.fifty[p],
                    "laps": self.laps[p],
                    "claimed": self.claimed[p],
                    "pending": list(self.pending[p]),
                    "assigned": [[self.entry_id(e) for e in acts] for acts in self.assigned[p]],
                    "boost_sail": list(self.boost_sail[p]) if self.boost_sail[p] else None,  # type: ignore[arg-type]
                    "boost_crate": list(self.boost_crate[p]) if self.boost_crate[p] else None,  # type: ignore[arg-type]
                    "cubes_placed": self.cubes_placed[p],
                }
            )
        islands = {}
        for s, sp in enumerate(T.island_spaces):
            t = self.space_tile[s]
            islands[sp.id] = {
                "tile": T.island_tiles[t].id if t >= 0 else None,
                "spots": [[self.spot_owner[s][k], self.spot_height[s][k]] for k in self.spots],
                "extra": list(self.extra_cubes[s]),
            }

        def stack(items: list[int], defs: Any) -> Any:
            return ids(items, defs) if full else len(items)

        ctx: dict[str, Any] = {}
        for key, value in self.ctx.items():
            if key in ("drawn",) and not (full or viewer == self.cur):
                ctx[key] = len(value)
            elif key == "crates":
                ctx[key] = sorted([self.entry_id(e), v] for e, v in value.items())
            elif key == "ships":
                ctx[key] = [self.entry_id(e) for e in value]
            elif isinstance(value, tuple):
                ctx[key] = list(value)
            else:
                ctx[key] = value
        return {
            "round": self.round,
            "start_player": self.start_player,
            "stage": STAGE_NAMES[self.stage],
            "current_player": self.cur,
            "context": ctx,
            "players": players,
            "small_market": ids(self.small_market, T.ships),
            "large_market": ids(self.large_market, T.ships)
            if full or not T.large_market_hidden
            else [{"cost": list(self.pay_names(T.ships[x].cost))} if x >= 0 else None for x in self.large_market],
            "contracts": ids(self.contracts, T.contracts),
            "islands": islands,
            "city_cubes": [list(c) for c in self.city_cubes],
            "island_scored": list(self.island_scored),
            "city_scored": list(self.city_scored),
            "frames": [[self.frame_pos[m], self.frame_gone[m]] for m in range(len(T.frames))],
            "objective_stacks": [stack(s, T.objectives) for s in self.objective_stacks],
            "captain_pool": ids(self.captain_pool, T.captains),
            "frame_goods": list(self.triangle_goods),
            "fifty_stack": list(self.fifty_stack),
            "compass_revealed": ids(self.compass_revealed, T.compass_tiles),
            "stacks": {
                "small": stack(self.small_stack, T.ships),
                "large": stack(self.large_stack, T.ships),
                "cards": stack(self.card_stack, T.cards),
                "islands": stack(self.island_stack, T.island_tiles),
                "contracts": stack(self.contract_stack, T.contracts),
                "compass": stack(self.compass_stack, T.compass_tiles),
            },
            "storage": {
                "small": ids(self.st_small, T.ships),
                "large": ids(self.st_large, T.ships),
                "cards": stack(self.st_cards, T.cards),
                "start_cards": ids(self.st_start_cards, T.cards),
                "islands": stack(self.st_islands, T.island_tiles),
                "contracts": ids(self.st_contracts, T.contracts),
                "objectives": ids(self.st_objectives, T.objectives),
            },
            "drawn_cards": ids(self.drawn_cards, T.cards) if full or viewer == self.cur else len(self.drawn_cards),
            "drawn_tiles": ids(self.drawn_tiles, T.island_tiles) if full or viewer == self.cur else len(self.drawn_tiles),
            "final": list(self.final) if self.final is not None else None,
        }
