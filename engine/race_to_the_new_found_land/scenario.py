"""Build positions of Race to the New Found Land by hand: for tests, worked examples and teaching.

A :class:`Scenario` starts from a dealt game and lets you set exactly the pieces an example talks about::

    sc = Scenario(players=3, edition="en").clear()
    red, yellow, blue = 0, 1, 2
    sc.start_player(red)
    sc.fill_island("island.nova_scotia", {red: 5, yellow: 3, blue: 5})
    sc.run("score_islands")                  # the island-scoring step of the end phase, as the engine runs it
    assert sc.state.score == [9, 3, 9]

:meth:`Scenario.run` points the state's flow at one step of the round (``land``, ``load``, ``settle``,
``deliver``, ``discover``, ``cartography``, ``score_islands``, ``score_cities``, ``objectives``, ``end_turn``) so
that decisions go through the normal API: ``state.legal_actions()`` and ``state.apply(action)`` check them
exactly as in a real game. Ids are the spec's ids (``ship.large.l01``, ``tile.contract.c15`` …).

Every setter first takes the piece from wherever it is (market, stack, storage, another player), so a
scenario keeps every component in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.race_to_the_new_found_land import state as st
from engine.race_to_the_new_found_land.game import RaceGame
from engine.runtime.api import Action, GameConfig

GAME_ID = "race_to_the_new_found_land"


class Scenario:
    """A hand-built position around a real :class:`~engine.race_to_the_new_found_land.state.RaceState`."""

    def __init__(
        self,
        players: int = 3,
        *,
        edition: str | None = None,
        rulings: dict[str, str] | None = None,
        variants: tuple[str, ...] = (),
        seed: int = 0,
        generated: Any = None,
    ) -> None:
        config = GameConfig(GAME_ID, players, seed, edition, dict(rulings or {}), variants)
        self.game = RaceGame(config, generated)
        self.state: st.RaceState = self.game.new_initial_state()
        self.T = self.state.T
        while self.state.stage == st.CHART:  # setup's island placements: take the first fitting space
            self.state.apply(self.state.legal_actions()[0])

    # ------------------------------------------------------------------ clearing

    def clear(self) -> Scenario:
        """Empty the players and the board (islands, cities, scores, goods, ships, hands); stacks keep the rest."""
        s, T = self.state, self.T
        for p in range(s.n):
            for ship in list(s.yard[p]):
                self._ship_to_storage(ship)
            s.yard[p].clear()
            s.st_cards.extend(s.cards[p])
            s.cards[p].clear()
            s.st_objectives.extend(s.objectives[p])
            s.objectives[p].clear()
            s.captain_pool.extend(s.captains[p])
            s.captains[p].clear()
            s.goods[p] = [0] * s.ng
            s.score[p] = 0
            s.pending[p].clear()
            s.assigned[p] = [[] for _ in range(4)]
            s.exp_yard[p] = s.exp_nation[p] = False
        for sp in range(len(T.island_spaces)):
            if s.space_tile[sp] != st.EMPTY:
                s.st_islands.append(s.space_tile[sp])
            s.space_tile[sp] = st.EMPTY
            s.spot_owner[sp] = [st.EMPTY] * T.tile_spots
            s.spot_height[sp] = [0] * T.tile_spots
            s.extra_cubes[sp] = []
        s.st_islands.extend(s.drawn_tiles)
        s.drawn_tiles.clear()
        s.st_cards.extend(s.drawn_cards)
        s.drawn_cards.clear()
        s.city_cubes = [[] for _ in T.cities]
        s.island_scored = [False] * len(T.islands)
        s.city_scored = [False] * len(T.cities)
        s.captain_pool.sort()
        return self

    # ------------------------------------------------------------------ players

    def start_player(self, p: int) -> Scenario:
        self.state.start_player = p
        return self

    def nation(self, p: int, nation_id: str) -> Scenario:
        """Give seat ``p`` the player board of ``nation_id`` (swapping with whoever had it)."""
        s = self.state
        idx = next(i for i, n in enumerate(self.T.nations) if n.id == nation_id)
        if idx in s.nation:
            s.nation[s.nation.index(idx)] = s.nation[p]
        s.nation[p] = idx
        return self

    def goods(self, p: int, **counts: int) -> Scenario:
        """Set goods by short name: ``goods(0, wood=2, iron=1)`` (others become 0)."""
        g = [0] * self.state.ng
        for name, k in counts.items():
            g[self.T.goods.index(f"good.{name}")] = k
        self.state.goods[p] = g
        return self

    def score(self, p: int, points: int) -> Scenario:
        self.state.score[p] = points
        return self

    def ships(self, p: int, *ship_ids: str) -> Scenario:
        """Put these ship tiles in ``p``'s shipyards (taken from wherever they are)."""
        for sid in ship_ids:
            idx = self.T.ship_index[sid]
            self._take_ship(idx)
            self.state.yard[p].append(idx)
        return self

    def cards(self, p: int, *card_ids: str) -> Scenario:
        """Put these "1x" cards in ``p``'s hand."""
        for cid in card_ids:
            idx = self.T.card_index[cid]
            self._take_card(idx)
            self.state.cards[p].append(idx)
        return self

    def objectives(self, p: int, *card_ids: str) -> Scenario:
        s = self.state
        for cid in card_ids:
            idx = self.T.objective_index[cid]
            for place in (*s.objective_stacks, s.st_objectives, *s.objectives):
                if idx in place:
                    place.remove(idx)
            s.objectives[p].append(idx)
        return self

    def captain(self, p: int, captain_id: str) -> Scenario:
        idx = self.T.captain_index[captain_id]
        self.state.captain_pool.remove(idx)
        self.state.captains[p].append(idx)
        return self

    def expand(self, p: int, shipyard: bool = False, nation: bool = False) -> Scenario:
        self.state.exp_yard[p] = shipyard
        self.state.exp_nation[p] = nation
        return self

    def assign(self, p: int, action: str, *ids: str, captain: str | None = None) -> Scenario:
        """Plan ships (or charter cards) of ``p`` on ``action`` (``load``, ``settle`` …) as the planning phase would."""
        s, T = self.state, self.T
        a = T.actions.index(action)
        for ident in ids:
            if ident in T.ship_index:
                idx = T.ship_index[ident]
                if idx not in s.yard[p]:
                    self.ships(p, ident)
                s.yard[p].remove(idx)
                entry = ("ship", idx)
            else:
                idx = T.card_index[ident]
                if idx not in s.cards[p]:
                    self.cards(p, ident)
                s.cards[p].remove(idx)
                entry = ("card", idx)
            s.assigned[p][a].append(entry)
            if captain is not None and ident == ids[0]:
                ability = T.captains[T.captain_index[captain]].ability
                if ability == "sail_bonus":
                    s.boost_sail[p] = (a, *entry)
                else:
                    s.boost_crate[p] = (a, *entry)
        return self

    # ------------------------------------------------------------------ board

    def tile(self, space_id: str, tile_id: str | None = None, cubes: Iterable[tuple[int, int]] = ()) -> Scenario:
        """Lay an island tile on ``space_id`` (any fitting tile if ``tile_id`` is None) with ``cubes`` (owner, height)."""
        s, T = self.state, self.T
        sp = T.space_index[space_id]
        if tile_id is None:
            shape = T.island_spaces[sp].shape
            idx = next(t for t in self._free_tiles() if T.island_tiles[t].shape == shape)
        else:
            idx = T.island_tile_index[tile_id]
        self._take_tile(idx)
        if s.space_tile[sp] != st.EMPTY:
            s.st_islands.append(s.space_tile[sp])
        s.space_tile[sp] = idx
        s.spot_owner[sp] = [st.EMPTY] * T.tile_spots
        s.spot_height[sp] = [0] * T.tile_spots
        s.extra_cubes[sp] = []
        for k, (owner, height) in enumerate(cubes):
            s.spot_owner[sp][k] = owner
            s.spot_height[sp][k] = height
        return self

    def fill_island(self, island_id: str, cubes: dict[int, int]) -> Scenario:
        """Fill every space of an island with a fitting tile and spread ``cubes`` (owner → count) over the spots.

        Cubes are stacked two high where possible (as a settler value of 2 does), one at a time otherwise.
        """
        T = self.T
        isl = T.islands[next(i for i, x in enumerate(T.islands) if x.id == island_id)]
        spots = [(T.island_spaces[sp].id, k) for sp in isl.spaces for k in range(T.tile_spots)]
        placed: dict[str, list[tuple[int, int]]] = {T.island_spaces[sp].id: [] for sp in isl.spaces}
        i = 0
        for owner, count in cubes.items():
            left = count
            while left > 0:
                if i >= len(spots):
                    raise ValueError(f"{island_id}: too many cubes for its spaces")
                height = 2 if left >= 2 else 1
                placed[spots[i][0]].append((owner, height))
                left -= height
                i += 1
        for sp in isl.spaces:
            self.tile(T.island_spaces[sp].id, None, placed[T.island_spaces[sp].id])
        return self

    def city(self, city_id: str, owners: list[int]) -> Scenario:
        """Set a city's cubes (one owner per filled space)."""
        c = next(i for i, x in enumerate(self.T.cities) if x.id == city_id)
        self.state.city_cubes[c] = list(owners)
        return self

    def contract(self, slot: int, contract_id: str) -> Scenario:
        """Lay contract ``contract_id`` on contract space ``slot`` (0-based, spec order)."""
        s = self.state
        idx = next(i for i, c in enumerate(self.T.contracts) if c.id == contract_id)
        for place in (s.contract_stack, s.st_contracts):
            if idx in place:
                place.remove(idx)
        if idx in s.contracts:
            s.contracts[s.contracts.index(idx)] = st.EMPTY
        if s.contracts[slot] != st.EMPTY:
            s.contract_stack.insert(0, s.contracts[slot])
        s.contracts[slot] = idx
        return self

    def stack_islands(self, *tile_ids: str) -> Scenario:
        """Put these island tiles on top of the island draw stack, the first one drawn first."""
        s = self.state
        for tid in reversed(tile_ids):
            idx = self.T.island_tile_index[tid]
            self._take_tile(idx)
            s.island_stack.append(idx)
        return self

    def stack_cards(self, *card_ids: str) -> Scenario:
        """Put these "1x" cards on top of the draw stack, the first one drawn first."""
        for cid in reversed(card_ids):
            idx = self.T.card_index[cid]
            self._take_card(idx)
            self.state.card_stack.append(idx)
        return self

    def stack_compass(self, *compass_ids: str) -> Scenario:
        s = self.state
        ids = [c.id for c in self.T.compass_tiles]
        for cid in reversed(compass_ids):
            idx = ids.index(cid)
            if idx in s.compass_revealed:
                s.compass_revealed.remove(idx)
            if idx in s.compass_stack:
                s.compass_stack.remove(idx)
            s.compass_stack.append(idx)
        return self

    # ------------------------------------------------------------------ running steps

    def run(self, step: str, *args: Any) -> st.RaceState:
        """Point the state's flow at one step and advance to its first decision (or its end).

        ``step`` is ``land``, ``planning``, ``load``, ``settle``, ``deliver``, ``discover`` (args: the seat),
        ``end_turn`` (args: the seat), ``cartography``, ``score_islands``, ``score_cities``, ``objectives``,
        ``final_phase`` or ``final_scoring``. When the step ends the state is terminal-free: ``stage`` is
        ``over`` and :attr:`finished` is True.
        """
        s = self.state
        flows = {
            "land": lambda: s._land_phase(),
            "planning": lambda: s._planning_phase(),
            "load": lambda p: self._with_return(p, st.A_LOAD, s._load(p)),
            "settle": lambda p: self._with_return(p, st.A_SETTLE, s._settle(p)),
            "deliver": lambda p: self._with_return(p, st.A_DELIVER, s._deliver(p)),
            "discover": lambda p: self._with_return(p, st.A_DISCOVER, s._discover(p)),
            "end_turn": lambda p: s._end_turn(p),
            "cartography": lambda: s._cartography(),
            "score_islands": lambda: s._score_areas("island", s.scorable("island"), s.order_from_start()),
            "score_cities": lambda: s._score_areas("city", s.scorable("city"), s.order_from_start()),
            "final_phase": lambda: s._final_phase(),
            "objectives": lambda: s._objectives_step(),
        }
        if step == "final_scoring":
            s._final_scoring()
            self._finish()
            return s
        s._flow_gen = self._wrap(flows[step](*args))
        s._legal = None
        next(s._flow_gen)
        return s

    @property
    def finished(self) -> bool:
        return self.state.stage == st.OVER

    def play(self, *actions: Action | str) -> st.RaceState:
        """Apply actions given as :class:`Action` or by their stable text (must be legal)."""
        s = self.state
        for a in actions:
            if isinstance(a, str):
                matches = [x for x in s.legal_actions() if str(x) == a]
                if not matches:
                    raise ValueError(f"{a!r} is not legal now; legal: {[str(x) for x in s.legal_actions()]}")
                a = matches[0]
            s.apply(a)
        return s

    def resolve_rest(self) -> list[int]:
        """Answer every remaining decision of the step with its first legal action; the seats asked, in order.

        Handy when an example's points pass frame markers the example does not talk about.
        """
        asked = []
        while not self.finished:
            asked.append(self.state.cur)
            self.state.apply(self.state.legal_actions()[0])
        return asked

    def _wrap(self, flow: Any) -> Any:
        yield from flow
        self._finish()
        yield  # parked: the step is over

    def _finish(self) -> None:
        s = self.state
        s.stage = st.OVER
        s.cur = -1
        s.ctx = {}
        s._legal = None

    def _with_return(self, p: int, a: int, flow: Any) -> Any:
        yield from flow
        self.state._return_ships(p, a)

    # ------------------------------------------------------------------ moving pieces

    def _ship_to_storage(self, idx: int) -> None:
        s = self.state
        (s.st_large if self.T.ships[idx].large else s.st_small).append(idx)

    def _take_ship(self, idx: int) -> None:
        s = self.state
        for place in (s.small_stack, s.large_stack, s.st_small, s.st_large, *s.yard):
            if idx in place:
                place.remove(idx)
        for market in (s.small_market, s.large_market):
            if idx in market:
                market[market.index(idx)] = st.EMPTY

    def _take_card(self, idx: int) -> None:
        s = self.state
        for place in (s.card_stack, s.st_cards, s.st_start_cards, *s.cards):
            if idx in place:
                place.remove(idx)

    def _take_tile(self, idx: int) -> None:
        s = self.state
        for place in (s.island_stack, s.st_islands, s.st_islands_aside):
            if idx in place:
                place.remove(idx)
        if idx in s.space_tile:
            sp = s.space_tile.index(idx)
            s.space_tile[sp] = st.EMPTY
            s.spot_owner[sp] = [st.EMPTY] * self.T.tile_spots
            s.spot_height[sp] = [0] * self.T.tile_spots

    def _free_tiles(self) -> list[int]:
        s = self.state
        return [*reversed(s.island_stack), *s.st_islands]


def component_locations(state: st.RaceState) -> dict[str, list[int]]:
    """Every piece of every tracked kind, listed once per place it is in (used to check conservation)."""
    s = state
    ships = [*s.small_market, *s.large_market, *s.small_stack, *s.large_stack, *s.st_small, *s.st_large]
    cards = [*s.card_stack, *s.st_cards, *s.st_start_cards, *s.played_charters]
    tiles = [*s.island_stack, *s.st_islands, *s.st_islands_aside, *s.space_tile]
    for p in range(s.n):
        ships += s.yard[p]
        cards += s.cards[p]
        for a in range(4):
            for kind, idx in s.assigned[p][a]:
                (ships if kind == "ship" else cards).append(idx)
    cards += s.drawn_cards
    tiles += s.drawn_tiles
    objectives = [*s.st_objectives]
    for stack in s.objective_stacks:
        objectives += stack
    for p in range(s.n):
        objectives += s.objectives[p]
    captains = [*s.captain_pool, *(c for p in range(s.n) for c in s.captains[p])]
    return {
        "ships": [x for x in ships if x != st.EMPTY],
        "cards": cards,
        "island_tiles": [x for x in tiles if x != st.EMPTY],
        "contracts": [x for x in (*s.contracts, *s.contract_stack, *s.st_contracts) if x != st.EMPTY],
        "objectives": objectives,
        "captains": captains,
        "compass": [*s.compass_stack, *s.compass_revealed],
        "fifty_cards": [*s.fifty_stack, *(f for f in s.fifty if f >= 0)],
    }
