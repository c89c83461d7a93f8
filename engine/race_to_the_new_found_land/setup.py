"""Setup: nations, start goods, markets, stacks and contracts dealt, and setup's first island tiles."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from engine.race_to_the_new_found_land.core import CHART, EMPTY, Flow
from engine.race_to_the_new_found_land.scoring import Scoring
from engine.runtime.api import Action
from engine.runtime.chance import shuffle


class Setup(Scoring):
    """Setup: nations, start goods, markets, stacks and contracts dealt, and setup's first island tiles."""

    __slots__ = ()

    def _setup(self) -> None:
        """Deal the game: nations and start player, start ships, cards and goods, the ship markets and stacks, the
        contracts, the objective stacks and the compass tiles whose islands get setup's tiles.

        Rules: setup.board, setup.player_boards, setup.small_ships, setup.large_ships, setup.one_x_cards,
        setup.fifty_hundred_cards, setup.contracts, setup.objectives, setup.captains, setup.goods,
        setup.frame_markers, setup.players"""
        T, rng, n = self.T, self.rng, self.n
        nations = list(range(len(T.nations)))
        shuffle(rng, nations)
        self.nation = nations[:n]
        # the storage board is one unused player board; it needs no state of its own here
        # start player: the smallest number on the player boards
        self.start_player = min(range(n), key=lambda p: T.nations[self.nation[p]].number)
        used_start_ships = {T.nations[self.nation[p]].start_ship for p in range(n)}
        used_start_cards = {T.nations[self.nation[p]].start_card for p in range(n)}
        for p in range(n):
            nat = T.nations[self.nation[p]]
            self.yard[p].append(nat.start_ship)
            self.cards[p].append(nat.start_card)
            self.add_goods(p, T.start_goods)
        start_cards, small_ships, large, stack = self._setup_lists()
        small = [i for i in small_ships if i not in used_start_ships]
        shuffle(rng, small)
        shuffle(rng, large)
        self.small_stack, self.large_stack = small, large
        self.small_market = [self._draw(self.small_stack, self.st_small) for _ in range(T.market_small)]
        self.large_market = [self._draw(self.large_stack, self.st_large) for _ in range(T.market_large)]
        self.st_start_cards = sorted(start_cards - used_start_cards)
        shuffle(rng, stack)
        self.card_stack = stack
        contracts = list(range(len(T.contracts)))
        shuffle(rng, contracts)
        self.contract_stack = contracts
        for slot in range(len(self.contracts)):
            self.contracts[slot] = self._draw(self.contract_stack, self.st_contracts)
        objectives = list(range(len(T.objectives)))
        shuffle(rng, objectives)
        size = len(objectives) // T.objective_stacks
        self.objective_stacks = [objectives[i * size : (i + 1) * size] for i in range(T.objective_stacks)]
        islands = list(range(len(T.island_tiles)))
        shuffle(rng, islands)
        self.island_stack = islands
        compass = list(range(len(T.compass)))
        shuffle(rng, compass)
        revealed = [compass.pop() for _ in range(T.setup_compass_per_player * n)]
        # the islands these compass tiles show get their first tiles at the start of the flow (a placer may choose)
        self.setup_charts = [T.compass[c] for c in revealed]
        compass.extend(revealed)
        shuffle(rng, compass)
        self.compass_stack = compass

    def _setup_lists(self) -> tuple[set[int], list[int], list[int], list[int]]:
        """What setup deals from, before the nations are known (fresh lists, from one table per configuration):
        every nation's start card, the small ships that may go into the stack (the unused start ships by the
        reading), the large ships, and the card stack (no start card)."""
        found: Any = self.T.cache.get("setup_lists")
        if found is None:
            T = self.T
            start_ships = {nat.start_ship for nat in T.nations}
            start_cards = {nat.start_card for nat in T.nations}
            small = [i for i, s in enumerate(T.ships) if not s.large]
            if not T.unused_start_ships_in_stack:
                small = [i for i in small if i not in start_ships]
            large = [i for i, s in enumerate(T.ships) if s.large]
            stack = [i for i in range(len(T.cards)) if i not in start_cards]
            found = self.T.cache["setup_lists"] = (frozenset(start_cards), tuple(small), tuple(large), tuple(stack))
        start_set, small_t, large_t, stack_t = found
        return set(start_set), list(small_t), list(large_t), list(stack_t)

    def _place_island_tile(self, tile: int, spaces: list[int], choose: bool) -> Generator[None, Action, int]:
        """Put ``tile`` on one of the island ``spaces`` it fits and return that space: the first, or, when it fits
        several and ``choose`` (the edition lets the placer choose), the one the start player picks, the tile
        shown as drawn while they choose. Setup's tiles and cartography's are placed alike.

        Rules: setup.islands, end_phase.cartography"""
        s = spaces[0]
        if len(spaces) > 1 and choose:
            self.drawn_tiles.append(tile)
            self._ask(CHART, self.start_player, tile=tile, spaces=tuple(spaces))
            action = yield
            self.drawn_tiles.remove(tile)
            s = self.T.space_index[action.get("space")]
        self.space_tile[s] = tile
        return s

    def _setup_islands(self) -> Flow:
        """Setup's island tiles: one per revealed compass tile, drawn until one fits that island.

        Misfits go to the storage board or are set aside and shuffled back, by the edition's reading; where the
        reading lets the placer choose among several fitting spaces, the start player chooses.

        Rules: setup.islands
        """
        T = self.T
        for island in self.setup_charts:
            if not self.empty_spaces(island):
                continue
            while True:
                tile = self._draw(self.island_stack, [])
                if tile == EMPTY:
                    break
                spaces = self.fitting_spaces(island, tile)
                if spaces:
                    yield from self._place_island_tile(tile, spaces, T.setup_space_choice)
                    break
                (self.st_islands if T.setup_misfit_to_storage else self.st_islands_aside).append(tile)
        self.setup_charts = []
        if self.st_islands_aside:
            self.island_stack.extend(self.st_islands_aside)
            self.st_islands_aside.clear()
            shuffle(self.rng, self.island_stack)
