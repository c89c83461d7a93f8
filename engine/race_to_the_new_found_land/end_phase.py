"""The end phase of a round: cartography, island and city scoring, objectives."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.race_to_the_new_found_land.actions import ActionPhase
from engine.race_to_the_new_found_land.core import DONE, EMPTY, NEUTRAL, OBJECTIVE, Flow
from engine.runtime.api import Action


class EndPhase(ActionPhase):
    """The end phase of a round: cartography, island and city scoring, objectives."""

    __slots__ = ()

    def _final_phase(self) -> Flow:
        """The end phase: cartography, island scoring, city scoring, objectives.

        Rules: end_phase.steps"""
        yield from self._cartography()
        order = self.order_from_start()
        yield from self._score_areas("island", self.scorable("island"), order)
        yield from self._score_areas("city", self.scorable("city"), order)
        yield from self._objectives_step()

    def _cartography(self) -> Flow:
        """Reveal the compass tile and chart its island.

        Rules: end_phase.cartography"""
        T = self.T
        for _ in range(T.cartography_compass):
            if not self.compass_stack:
                return
            c = self.compass_stack.pop()
            self.compass_revealed.append(c)
            yield from self._chart(T.compass[c])

    def _chart(self, island: int) -> Flow:
        """Draw island tiles for ``island`` by the cartography chart until it is full; a 2-player game puts neutral
        cubes on them.

        Rules: end_phase.cartography, two_players.neutral_markers"""
        T = self.T
        wanted = min(T.cartography[self.n], self.empty_spaces(island))
        for _ in range(wanted):
            tile = self._draw_fitting(island)
            if tile == EMPTY:
                break
            s = yield from self._place_island_tile(tile, self.fitting_spaces(island, tile), True)
            if T.neutral_cubes and self.n == T.neutral_players:
                self.spot_owner[s][0] = NEUTRAL
                self.spot_height[s][0] = T.neutral_cubes

    def _score_areas(self, kind: str, areas: list[int], order: list[int]) -> Flow:
        """Score ``areas`` one by one (most bonus first) moving each player in turn order, or totalled over the
        step by the reading; a scored area is marked.

        Rules: end_phase.island_scoring.sequence, end_phase.city_scoring.sequence"""
        T = self.T
        totalled = T.island_scoring_totalled if kind == "island" else T.city_scoring_totalled
        if totalled and areas:
            totals = [0] * self.n
            for idx in areas:
                for p, pts in enumerate(self.area_points(kind, idx)):
                    totals[p] += pts
                self._mark_scored(kind, idx)
            for p in order:
                self.gain(p, totals[p])
                if self.pending[p]:
                    yield from self._end_turn(p)
            return
        for idx in areas:
            points = self.area_points(kind, idx)
            self._mark_scored(kind, idx)
            for p in order:
                self.gain(p, points[p])
                if self.pending[p]:
                    yield from self._end_turn(p)

    def _objectives_step(self) -> Flow:
        """Each player in turn from the start player resolves objective cards whose condition they meet.

        Rules: end_phase.objectives, objectives.general"""
        T = self.T
        for p in self.order_from_start():
            resolved = 0
            while True:
                moves = self._objective_actions(p, resolved)
                # nothing to resolve may still be a turn to take: a goods card played now can meet a condition
                if not (moves or (self.objectives[p] and self._holds_playable(p))):
                    break
                self._ask(OBJECTIVE, p, resolved=resolved)
                self._legal = self._with_card_entry(p, [DONE, *moves], True)  # as _list_actions lists them
                action = yield
                if action.kind == "done":
                    break
                card = T.objective_index[action.get("card")]
                self.spend(p, self.paid_from_names(action.get("pay")))
                points = self.objective_points(p, card)
                self.objectives[p].remove(card)
                self.st_objectives.append(card)
                self.gain(p, points)
                resolved += 1
                if self.pending[p]:
                    yield from self._now(p)
            if self.pending[p]:
                yield from self._end_turn(p)

    def _objective_actions(self, p: int, resolved: int) -> list[Action]:
        """``p``'s objective moves after ``resolved`` objectives this round: each objective card whose condition
        is met, with each way to pay its fee (the decision adds ``done``, and the entry to play a 1x card).

        The flow asks a player with no move but an objective card and a 1x card to play all the same: a goods
        card played in this turn may meet a condition.

        Rules: end_phase.objective_cost, end_phase.objectives"""
        T = self.T
        out: list[Action] = []
        cost = 0 if resolved < T.objective_free else T.objective_cost
        pays: list[tuple[int, ...]] = [(0,) * self.ng]
        if cost:
            have = self.goods[p]
            pays = []
            for combo in combinations_with_replacement(range(self.ng), cost):
                counts = [0] * self.ng
                for g in combo:
                    counts[g] += 1
                if all(counts[g] <= have[g] for g in range(self.ng)):
                    pays.append(tuple(counts))
        seen = set()
        for card in self.objectives[p]:
            if card in seen:
                continue
            seen.add(card)
            for paid in pays:
                # the fee is paid before the card is revealed and its condition checked ("Er bezahlt also 2 Holz
                # und deckt diese Karte auf"): checked on the goods left, as the card then scores
                if T.objective_only_if_met and self._points_after(p, card, paid) <= 0:
                    continue
                out.append(self._act("objective", (("card", T.objectives[card].id), ("pay", self.pay_names(paid)))))
        return out

    def _points_after(self, p: int, card: int, paid: tuple[int, ...]) -> int:
        """What objective ``card`` scores for ``p`` once ``paid`` has left the goods storage."""
        if not any(paid):
            return self.objective_points(p, card)
        self.spend(p, paid)
        points = self.objective_points(p, card)
        self.add_goods(p, paid)
        return points
