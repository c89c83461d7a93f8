"""The planning phase: action by action, each player assigns ships and charter ships (and captains' boosts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.race_to_the_new_found_land.core import A_DELIVER, A_LOAD, DONE, NO_BOOST, PLAN, Flow, _new
from engine.race_to_the_new_found_land.land import LandPhase
from engine.runtime.api import Action

if TYPE_CHECKING:
    from engine.race_to_the_new_found_land.game import RaceGame


class PlanningPhase(LandPhase):
    """The planning phase: action by action, each player assigns ships and charter ships (and captains' boosts)."""

    __slots__ = ("_assign_table",)

    def __init__(self, game: RaceGame) -> None:
        super().__init__(game)
        self._assign_table = self._assign_actions()  # see _plan_actions

    def _planning_phase(self) -> Flow:
        """Action by action, each player from the start player assigns ships (or charter ships) up to the
        maximum of their board, or stops; what they leave in the harbour is not used this round.

        Rules: planning.order, planning.assign, planning.maximum, planning.end, overview.actions"""
        n = self.n
        for p in range(n):
            for a in range(len(self.T.actions)):
                self.assigned[p][a] = []
            self.boost_sail[p] = None
            self.boost_crate[p] = None
        T = self.T
        for a in range(len(T.actions)):
            for p in self.order_from_start():
                assigned, limit = self.assigned[p][a], T.nations[self.nation[p]].action_max[a]
                # (room left on the action and a ship or charter to assign; _ask inlined, and the options listed
                # here rather than through _list_actions: a third of all decisions are planning ones)
                while len(assigned) < limit and (self.yard[p] or self._charter_in_hand(p)):
                    self.stage = PLAN
                    self.cur = p
                    self.ctx = {"act": a}
                    self._legal = self._plan_actions(p, a)
                    action = yield
                    if action[0] == "done":
                        break
                    self._do_assign(p, a, action)

    def _charter_in_hand(self, p: int) -> bool:
        is_charter = self.T.card_is_charter
        for c in self.cards[p]:  # noqa: SIM110  (any() of a generator costs a frame here, a generator object compiled)
            if is_charter[c]:
                return True
        return False

    def _plan_actions(self, p: int, a: int) -> list[Action]:
        """Done, then each ship in the harbour and each charter ship in hand (in index order), each without and
        with every captain that may still boost it.

        Without a captain's boost (the common case) the list is read off a table of assign actions per ship and
        card, built once: a memo of whole lists was found again for three decisions in four only, and its key
        cost more to build than the list itself.

        Rules: planning.assign, planning.charter_ships, captains.magellan, captains.da_gama"""
        T = self.T
        cards = self.cards[p]
        is_charter = T.card_is_charter
        charters: list[int] = sorted({c for c in cards if is_charter[c]}) if cards else []
        ships = sorted(self.yard[p])
        boosts: tuple[str | None, ...] = self._plan_boosts(p, a) if self.captains[p] else NO_BOOST
        if boosts == NO_BOOST:
            ship_actions, card_actions = self._assign_table[a]
            out = [DONE]
            for s in ships:  # (plain loops: a harbour holds a few ships, too few to repay setting up a map)
                out.append(ship_actions[s])
            for c in charters:
                out.append(card_actions[c])
            return out
        out = [DONE]
        ship_actions, card_actions = self._assign_table[a]
        boosted = self._boosted_assign_actions()
        for s in ships:
            for b in boosts:
                out.append(ship_actions[s] if b is None else self._boosted_assign(boosted, a, ship_actions[s], b))
        for c in charters:
            for b in boosts:
                out.append(card_actions[c] if b is None else self._boosted_assign(boosted, a, card_actions[c], b))
        return out

    def _boosted_assign_actions(self) -> dict[tuple[int, tuple[str, str], str], Action]:
        """The assign actions with a captain's boost met so far, by action, entry and captain (one object
        per value for the configuration, so that the adapters find them by identity)."""
        table: dict[tuple[int, tuple[str, str], str], Action] | None = self.T.cache.get("boosted_assign_actions")
        if table is None:
            table = self.T.cache["boosted_assign_actions"] = {}
        return table

    @staticmethod
    def _boosted_assign(table: dict[tuple[int, tuple[str, str], str], Action], a: int, plain: Action, captain: str) -> Action:
        """The assign action ``plain`` with ``captain``'s boost, from ``table`` (built the first time)."""
        to, entry = plain[1]
        key = (a, entry, captain)
        found = table.get(key)
        if found is None:
            found = table[key] = _new(Action, ("assign", (to, entry, ("captain", captain))))
        return found

    def _assign_actions(self) -> list[tuple[list[Action], list[Action]]]:
        """Per action: the unboosted assign action of every ship and of every card (built once per configuration;
        only charter ships are ever listed)."""
        table = self.T.cache.get("assign_actions")
        if table is None:
            T = self.T
            table = self.T.cache["assign_actions"] = [
                (
                    [_new(Action, ("assign", (("to", name), ("ship", ship.id)))) for ship in T.ships],
                    [_new(Action, ("assign", (("to", name), ("card", card.id)))) for card in T.cards],
                )
                for name in T.actions
            ]
        return table

    def _plan_boosts(self, p: int, a: int) -> tuple[str | None, ...]:
        """No captain (``None``) and each captain of ``p`` that may still boost a ship assigned to action ``a``."""
        boosts: list[str | None] = [None]
        if self.boost_sail[p] is None and self.has_captain(p, "sail_bonus"):
            boosts.append(self._captain_id(p, "sail_bonus"))
        if self.boost_crate[p] is None and self.has_captain(p, "crate_bonus") and a in (A_LOAD, A_DELIVER):
            boosts.append(self._captain_id(p, "crate_bonus"))
        return tuple(boosts)

    def _captain_id(self, p: int, ability: str) -> str:
        for c in self.captains[p]:
            if self.T.captains[c].ability == ability:
                return self.T.captains[c].id
        raise KeyError(ability)

    def _do_assign(self, p: int, a: int, action: Action) -> None:
        """Move the ship (or charter ship card) to the action; a captain boosts it where the player chose one.

        Rules: planning.assign, planning.charter_ships"""
        T = self.T
        args = action[1]  # (("to", action), (ship|card, id)[, ("captain", id)])
        kind, ident = args[1]
        if kind == "ship":
            entry = ("ship", T.ship_index[ident])
            self.yard[p].remove(entry[1])
        else:
            entry = ("card", T.card_index[ident])
            self.cards[p].remove(entry[1])
        self.assigned[p][a].append(entry)
        if len(args) > 2:  # boosted by a captain
            ability = T.captains[T.captain_index[args[2][1]]].ability
            if ability == "sail_bonus":
                self.boost_sail[p] = (a, *entry)
            else:
                self.boost_crate[p] = (a, *entry)
