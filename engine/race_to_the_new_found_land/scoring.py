"""Points of the end phase and the game end: island and city majorities, objective conditions, final scoring."""

from __future__ import annotations

from engine.race_to_the_new_found_land.cards import OneXCards
from engine.race_to_the_new_found_land.core import EMPTY, NEUTRAL


class Scoring(OneXCards):
    """Points of the end phase and the game end: island and city majorities, objective conditions, final scoring."""

    __slots__ = ()

    def scorable(self, kind: str) -> list[int]:
        """Islands (all spaces tiled) or cities (all spaces filled) not yet scored, highest bonus first.

        Rules: end_phase.island_scoring, end_phase.city_scoring, end_phase.island_scoring.sequence,
        end_phase.city_scoring.sequence"""
        T = self.T
        if kind == "island":
            found = [i for i in range(len(T.islands)) if not self.island_scored[i] and self.empty_spaces(i) == 0]
            return sorted(found, key=lambda i: (-T.islands[i].first, i))
        found = [
            c for c in range(len(T.cities)) if not self.city_scored[c] and len(self.city_cubes[c]) >= T.cities[c].cube_spaces
        ]
        return sorted(found, key=lambda c: (-T.cities[c].first, c))

    def area_counts(self, kind: str, idx: int) -> dict[int, int]:
        """Cubes per owner (players and the neutral power) on island or city ``idx``."""
        counts: dict[int, int] = {}
        if kind == "island":
            owners, heights, extra = self.spot_owner, self.spot_height, self.extra_cubes
            for s in self.T.islands[idx].spaces:
                for o, height in zip(owners[s], heights[s], strict=True):  # spot by spot
                    if o != EMPTY:
                        counts[o] = counts.get(o, 0) + height
                if extra[s]:
                    for o in extra[s]:
                        counts[o] = counts.get(o, 0) + 1
        else:
            for o in self.city_cubes[idx]:
                counts[o] = counts.get(o, 0) + 1
        return counts

    def area_points(self, kind: str, idx: int) -> list[int]:
        """Points each player scores for island/city ``idx``: cubes, plus first/second bonus with the tie rules.

        Rules: end_phase.island_scoring, end_phase.island_scoring.majority, end_phase.island_scoring.ties,
        end_phase.city_scoring, end_phase.city_scoring.majority, end_phase.city_scoring.ties,
        two_players.neutral_majority"""
        T = self.T
        area = T.islands[idx] if kind == "island" else T.cities[idx]
        per_cube = T.island_cube_points if kind == "island" else T.city_cube_points
        counts = self.area_counts(kind, idx)
        points = [counts.get(p, 0) * per_cube for p in range(self.n)]
        ranked = sorted({v for v in counts.values() if v > 0}, reverse=True)
        if not ranked:
            return points
        top = [o for o, v in counts.items() if v == ranked[0]]
        if len(top) > 1:  # tied for first: each scores the second bonus
            for o in top:
                if o >= 0:
                    points[o] += area.second
            # and nobody else, but by nl's reading the next most still scores it as second
            if not (T.island_tie_next_second if kind == "island" else T.city_tie_next_second):
                return points
        elif top[0] >= 0:
            points[top[0]] += area.first
        rest = {o: v for o, v in counts.items() if o not in top and v > 0}
        if not self.T.neutral_second_place:
            rest.pop(NEUTRAL, None)
        if rest:
            runner_up = max(rest.values())
            second = [o for o, v in rest.items() if v == runner_up]
            if len(second) == 1 and second[0] >= 0:
                points[second[0]] += area.second
        return points

    def _mark_scored(self, kind: str, idx: int) -> None:
        if kind == "island":
            self.island_scored[idx] = True
        else:
            self.city_scored[idx] = True

    def objective_points(self, p: int, card: int) -> int:
        """Points objective ``card`` gives ``p`` now (the best tier met), 0 if no condition is met.

        Rules: objectives.general"""
        obj = self.T.objectives[card]
        value = self.objective_value(p, card)
        best = 0
        for threshold, points in obj.tiers:
            if value >= threshold:
                best = max(best, points)
        return best

    def objective_value(self, p: int, card: int) -> int:
        """The count objective ``card``'s condition measures for ``p`` (goods, symbols, ships, markers …).

        Rules: objectives.goods, objectives.ship_symbols, objectives.ships, objectives.city_markers,
        objectives.scored_cities, objectives.island_markers, objectives.scored_islands, objectives.islands_total"""
        T = self.T
        obj = T.objectives[card]
        kind, subject = obj.kind, obj.subject
        if kind == "goods":
            return self.goods[p][T.goods.index(subject or "")]
        if kind == "ship_symbol":
            # only ship tiles count: not charter ships, captains or expansions
            return sum(getattr(T.ships[s], subject or "") for s in self.yard[p])
        if kind == "ship_count":
            want_large = subject == "large"
            return sum(1 for s in self.yard[p] if T.ships[s].large == want_large)
        if kind == "city_markers":
            return sum(cubes.count(p) for cubes in self.city_cubes)
        if kind == "scored_cities":
            return sum(1 for c, cubes in enumerate(self.city_cubes) if self.city_scored[c] and cubes.count(p) >= obj.min_markers)
        if kind == "island_markers":
            return max(self._island_cubes(p), default=0)
        if kind == "scored_islands":
            return sum(1 for i, cubes in enumerate(self._island_cubes(p)) if self.island_scored[i] and cubes >= obj.min_markers)
        if kind == "islands_total":
            return sum(self._island_cubes(p))
        raise ValueError(f"unknown objective type {kind!r}")

    def _island_cubes(self, p: int) -> list[int]:
        """``p``'s cubes on each island (as :meth:`area_counts` counts them), in one pass over the board: objective
        conditions ask for this player only, on every island."""
        owners, heights, extra = self.spot_owner, self.spot_height, self.extra_cubes
        out = []
        for island in self.T.islands:
            cubes = 0
            for s in island.spaces:
                if p in owners[s]:
                    for o, height in zip(owners[s], heights[s], strict=True):  # spot by spot
                        if o == p:
                            cubes += height
                if extra[s]:
                    cubes += extra[s].count(p)
            out.append(cubes)
        return out

    def final_points(self) -> list[list[tuple[str, int]]]:
        """Final-scoring points of every player, item by item (unscored areas, 50/100 card, cards in hand).

        Rules: end_of_game.final_scoring, end_of_game.final_scoring.fifty_hundred, end_of_game.final_scoring.cards"""
        T = self.T
        out: list[list[tuple[str, int]]] = []
        # cubes per owner on each unscored island, counted once for every player
        unscored = [self.area_counts("island", i) for i in range(len(T.islands)) if not self.island_scored[i]]
        for p in range(self.n):
            items = []
            cubes = 0
            for counts in unscored:
                cubes += counts.get(p, 0)
            for c in range(len(T.cities)):
                if not self.city_scored[c]:
                    cubes += self.city_cubes[c].count(p)
            items.append(("unscored_cubes", cubes * T.final_cube_points))
            fifty = 0
            if self.fifty[p] >= 0:
                values = T.fifty_cards[self.fifty[p]]
                fifty = values[1] if self.laps[p] >= 2 else values[0]
            items.append(("fifty_card", fifty))
            items.append(("cards", len(self.cards[p]) * T.final_card_points))
            items.append(("objectives", len(self.objectives[p]) * T.final_objective_points))
            out.append(items)
        return out

    def _final_scoring(self) -> None:
        self.final = [self.score[p] + sum(v for _, v in items) for p, items in enumerate(self.final_points())]
