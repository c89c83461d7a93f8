"""The action phase: load, settle, deliver and discover, each player in order of sail value."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from engine.race_to_the_new_found_land.core import (
    A_DELIVER,
    A_DISCOVER,
    A_LOAD,
    A_SETTLE,
    ANTWERP,
    DELIVER,
    DISCOVER,
    DONE,
    EMPTY,
    HOT_LIMIT,
    KEEP,
    LOAD,
    NEW_ENGLAND,
    SETTLE,
    SKIP,
    SPAIN,
    Flow,
    _new,
    _third,
)
from engine.race_to_the_new_found_land.planning import PlanningPhase
from engine.runtime.api import Action

if TYPE_CHECKING:
    from engine.race_to_the_new_found_land.defs import Bonus
    from engine.race_to_the_new_found_land.game import RaceGame


class _SettleByOwners(dict):  # type: ignore[type-arg]
    """The settle actions of one island space for one count of bonuses, keyed by the owners of its spots.

    The key is ``tuple(spot_owner[space])`` as it stands; a key not seen yet is filled from the table of actions by
    open spots. Listing a space's options is then one tuple and one dictionary read, with no Python code run.
    """

    __slots__ = ("by_open",)

    def __init__(self, by_open: dict[tuple[bool, ...], tuple[Action, ...]]) -> None:
        super().__init__()
        self.by_open = by_open

    def __missing__(self, owners: tuple[int, ...]) -> tuple[Action, ...]:
        actions = self[owners] = self.by_open[tuple([o == EMPTY for o in owners])]
        return actions


class ActionPhase(PlanningPhase):
    """The action phase: load, settle, deliver and discover, each player in order of sail value."""

    __slots__ = ("_bonus_counts", "_settle_rows")

    def __init__(self, game: RaceGame) -> None:
        super().__init__(game)
        self._settle_rows = self._settle_table()  # see _settle_actions
        self._bonus_counts = self._tile_bonus_counts()

    def action_order(self, a: int) -> list[int]:
        """Players with ships on action ``a``: highest sail total first, ties clockwise from the start player.

        Rules: action_phase.order, action_phase.ties"""
        assigned = self.assigned
        active = []
        for i, p in enumerate(self._orders[self.start_player]):  # (plain loops: cheaper than comprehensions here)
            if assigned[p][a]:
                active.append((-self.sail_total(p, a), i, p))
        active.sort()
        return list(map(_third, active))

    def _action_phase(self) -> Flow:
        """The four actions in order; at each, the players with ships there act in order of sail value.

        Rules: action_phase.order, overview.actions"""
        for a in range(len(self.T.actions)):
            for p in self.action_order(a):
                if a == A_LOAD:
                    yield from self._load(p)
                elif a == A_SETTLE:
                    yield from self._settle(p)
                elif a == A_DELIVER:
                    yield from self._deliver(p)
                else:
                    yield from self._discover(p)
                self._return_ships(p, a)
                if self.pending[p]:
                    yield from self._end_turn(p)

    def _return_ships(self, p: int, a: int) -> None:
        """After the action: ship tiles back to the harbour, charter ships to the storage board (right away or at
        the end of the round, by the reading).

        Rules: action_phase.return_ships, planning.charter_ships"""
        for kind, idx in self.assigned[p][a]:
            if kind == "ship":
                self.yard[p].append(idx)
            elif self.T.charter_discard_after_action:
                self.st_cards.append(idx)
            else:
                self.played_charters.append(idx)
        self.assigned[p][a] = []

    def _load(self, p: int) -> Flow:
        """Load: the good the crate value gives (or a less valuable one), then 1x cards by crate value, one kept
        (England's colonial harbour: one more), the rest to the storage board.

        Rules: actions.load, actions.load.cards, planning.ship_values, expansions.england"""
        T = self.T
        entry = self.assigned[p][A_LOAD][0]
        crate = self.crate_of(p, A_LOAD, entry)
        table = self.nat(p).load_table
        best = table[min(crate, len(table) - 1)]
        if best >= 0:
            self._ask(LOAD, p, best=best)
            self._legal = self._with_card_entry(p, self._load_actions(best))  # as _list_actions lists them
            action = yield
            self.goods[p][T.goods.index(action[1][0][1])] += T.load_goods
        drawn = self.drawn_cards  # in the player's hand until kept or discarded (state data: hidden from others)
        stack = self.card_stack
        for _ in range(crate):
            c = stack.pop() if stack else self._draw(stack, self.st_cards)  # (_draw's common case, inlined)
            if c == EMPTY:
                break
            drawn.append(c)
        keep = T.cards_kept
        if len(drawn) >= T.england_min_draw:
            keep += self.nation_power(p, "keep_extra_card") if self.exp_nation[p] else 0
        for k in range(keep):
            if not drawn:
                break
            self._ask(KEEP, p, drawn=tuple(drawn), optional=k > 0)
            self._legal = self._with_card_entry(p, self._keep_actions(drawn, k > 0), True)  # as _list_actions lists them
            action = yield
            if action[0] == "done":
                break
            c = T.card_index[action[1][0][1]]
            drawn.remove(c)
            self.cards[p].append(c)
        self.st_cards.extend(drawn)
        drawn.clear()

    def _load_actions(self, best: int) -> list[Action]:
        """The goods a load may take when ``best`` is the most valuable its crates allow (memoised per good)."""
        memo: dict[Any, Any] | None = self.T.cache.get("load_actions")
        if memo is None:
            memo = self.T.cache["load_actions"] = {}
        actions = memo.get(best)
        if actions is None:
            goods = self.T.goods
            actions = memo[best] = [self._act("load", (("good", goods[g]),)) for g in self.T.load_choices[best]]
        return actions

    def _keep_actions(self, drawn: Iterable[int], optional: bool) -> list[Action]:
        """Keep one of the cards ``drawn`` (each card once), or stop when keeping is ``optional``."""
        keeps = self.T.cache.get("keep_actions")
        if keeps is None:  # per card: its keep action
            keeps = self.T.cache["keep_actions"] = [self._act("keep", (("card", card.id),)) for card in self.T.cards]
        out = [DONE] if optional else []
        seen = set()
        for c in drawn:
            if c not in seen:
                seen.add(c)
                out.append(keeps[c])
        return out

    def _settle(self, p: int) -> Flow:
        """Settle ship by ship: cubes by settler value on an island tile with one of its bonuses, or New England for
        points; then Spain's extra cube.

        Rules: actions.settle, actions.settle.new_england, planning.ship_values, expansions.spain"""
        T = self.T
        for entry in list(self.assigned[p][A_SETTLE]):
            settlers = self.ship_of(entry).settler
            if settlers <= 0:
                continue
            self._ask(SETTLE, p, settlers=settlers)
            self._legal = self._with_card_entry(p, self._settle_actions(False), True)  # as _list_actions lists them
            action = yield
            if action[0] == "new_england":
                self.gain(p, settlers * T.new_england_points)
            else:
                self._place_cube(p, action, settlers)
            if self.pending[p]:
                yield from self._now(p)
        extra = self.nation_power(p, "settle_extra_cube") if self.exp_nation[p] else 0
        if extra and any(t != EMPTY for t in self.space_tile):
            self._ask(SPAIN, p, settlers=extra)
            action = yield
            if action.kind != "skip":
                self._place_cube(p, action, extra)
                if self.pending[p]:
                    yield from self._now(p)

    def _settle_spots(self) -> list[tuple[int, int]]:
        out = []
        for s, tile in enumerate(self.space_tile):
            if tile == EMPTY:
                continue
            owners = self.spot_owner[s]
            for k in self.spots:
                if owners[k] == EMPTY:
                    out.append((s, k))
        return out

    def _place_cube(self, p: int, action: Action, height: int) -> None:
        """Put ``height`` cubes of ``p`` on the chosen spot (a stack of two for settler value 2) and take the bonus.

        Rules: actions.settle.one, actions.settle.two, expansions.spain"""
        T = self.T
        (_, space), (_, k), (_, b) = action[1]  # as listed: space, spot, bonus
        s = T.space_index[space]
        if self.spot_owner[s][k] == EMPTY:
            self.spot_owner[s][k] = p
            self.spot_height[s][k] = height
        else:  # Spain's Colonial Administration may add its cube to an occupied space
            self.extra_cubes[s].extend([p] * height)
        self.cubes_placed[p] += height
        bonus = T.island_tiles[self.space_tile[s]].bonuses[b]
        self.add_goods(p, bonus.goods)
        if bonus.points > 0:  # (gain's own test, made before the call: most bonuses are goods)
            self.gain(p, bonus.points)

    def _bonus(self, p: int, bonus: Bonus) -> None:
        self.add_goods(p, bonus.goods)
        self.gain(p, bonus.points)

    def _settle_actions(self, extra: bool) -> list[Action]:
        """Open spots of tiled spaces (Spain's extra cube: any spot of a tiled space), each with every bonus.

        Rules: actions.settle.one, actions.settle.two, actions.settle.new_england, expansions.spain"""
        table = self._settle_rows
        bonuses = self._bonus_counts
        owners = self.spot_owner
        if extra:
            every = (True,) * len(self.spots)
            out = [SKIP]
            for s, tile in enumerate(self.space_tile):
                if tile != EMPTY:
                    out += table[s][bonuses[tile]].by_open[every]
            return out
        out = [NEW_ENGLAND]
        # (a plain loop: measured with fewer instructions than filtering the spaces with ``compress`` over
        # ``int.__ne__``, whose calls go through a slot wrapper)
        for s, tile in enumerate(self.space_tile):
            if tile != EMPTY:
                out += table[s][bonuses[tile]][tuple(owners[s])]
        return out

    def _settle_table(self) -> list[list[_SettleByOwners]]:
        """Settle actions per island space and bonus count, by the owners of the space's spots:
        ``table[s][n][owners]`` lists spot by spot (each open spot) the actions offering bonuses ``0..n-1``.

        Built once per configuration (they depend only on the board), so listing the settle options of a tiled
        space is one look-up.
        """
        table = self.T.cache.get("settle_table")
        if table is None:
            T = self.T
            most = max((len(t.bonuses) for t in T.island_tiles), default=0)
            table = self.T.cache["settle_table"] = [
                [
                    _SettleByOwners({
                        open_: tuple(
                            self._act("settle", (("space", sp.id), ("spot", k), ("bonus", b)))
                            for k in self.spots
                            if open_[k]
                            for b in range(n)
                        )
                        for open_ in product((False, True), repeat=len(self.spots))
                    })
                    for n in range(most + 1)
                ]
                for sp in T.island_spaces
            ]
        return table  # type: ignore[no-any-return]

    def _tile_bonus_counts(self) -> tuple[int, ...]:
        """How many bonuses each island tile prints (the settle options offer one per bonus)."""
        counts = self.T.cache.get("tile_bonus_counts")
        if counts is None:
            counts = self.T.cache["tile_bonus_counts"] = tuple(len(t.bonuses) for t in self.T.island_tiles)
        return counts

    def _deliver(self, p: int) -> Flow:
        """Deliver ship by ship or together: contracts paid with goods for their points and a cube in the city, or
        goods to Antwerp; the contracts are refilled by the reading.

        Rules: actions.deliver, actions.deliver.contracts, actions.deliver.city_markers, actions.deliver.refill,
        actions.deliver.antwerp, planning.ship_values, expansions.france"""
        T = self.T
        ships = list(self.assigned[p][A_DELIVER])
        crates = {e: self.crate_of(p, A_DELIVER, e) for e in ships}
        refill_now = T.contract_refill_immediate
        while ships:
            self._ask(DELIVER, p, ships=tuple(ships), crates=crates)
            self._legal = self._with_card_entry(p, self._deliver_actions(p), True)  # as _list_actions lists them
            action = yield
            if action[0] == "done":
                break
            used = [self._entry_from_id(x) for x in action.get("ships")]
            for e in used:
                ships.remove(e)
            if action.kind == "contract":
                slot = int(action.get("slot"))
                c = self.contracts[slot]
                self.spend(p, self.paid_from_names(action.get("pay")))
                self.gain(p, T.contracts[c].points + self.nation_power(p, "contract_points"))
                city = T.contract_slots[slot]
                for _ in range(T.city_markers_per_contract):
                    if len(self.city_cubes[city]) < T.cities[city].cube_spaces:
                        self.city_cubes[city].append(p)
                        self.cubes_placed[p] += 1
                self.st_contracts.append(c)
                self.contracts[slot] = EMPTY
                if refill_now:
                    self.contracts[slot] = self._draw(self.contract_stack, self.st_contracts)
                if self.pending[p]:
                    yield from self._now(p)
            else:  # antwerp
                capacity = sum(crates[e] for e in used) if T.antwerp_crate_limited else sum(self.goods[p])
                for _ in range(capacity):
                    if not any(self.goods[p]):
                        break
                    self._ask(ANTWERP, p, left=capacity)
                    act = yield
                    if act.kind == "done":
                        break
                    self.goods[p][T.goods.index(act.get("good"))] -= 1
                    self.gain(p, T.antwerp_points)
                    if self.pending[p]:
                        yield from self._now(p)
        if not refill_now:
            self._refill_contracts()

    def _refill_contracts(self) -> None:
        """Fill every empty contract space from the stack (rebuilt from the storage board when empty).

        Rules: actions.deliver.refill"""
        for slot, c in enumerate(self.contracts):
            if c == EMPTY:
                self.contracts[slot] = self._draw(self.contract_stack, self.st_contracts)

    def _entry_from_id(self, ident: str) -> tuple[str, int]:
        T = self.T
        if ident in T.ship_index:
            return ("ship", T.ship_index[ident])
        return ("card", T.card_index[ident])

    def _deliver_actions(self, p: int) -> list[Action]:
        """The deliveries open to the ships left: each contract any set of them can carry, in every way to pay it,
        and Antwerp with each set.

        Rules: actions.deliver, actions.deliver.contracts, actions.deliver.antwerp"""
        T = self.T
        ships: tuple[tuple[str, int], ...] = self.ctx["ships"]
        crates: dict[tuple[str, int], int] = self.ctx["crates"]
        subsets, antwerp = self._ship_subsets(ships, crates)
        out = [DONE]
        total = sum(self.goods[p])
        totals = T.contract_totals
        have_t = tuple(self.goods[p])
        pays_memo = self._contract_pays_memo
        for slot, c in enumerate(self.contracts):
            if c == EMPTY or total < totals[c]:  # a payment spends exactly the contract's number of goods
                continue
            names = pays_memo.get((c, have_t))  # (_contract_pays' memo, read here: most look-ups find it)
            if names is None:
                names = self._contract_pays(c, have_t)
            if not names:
                continue
            need = totals[c]
            slot_arg = ("slot", slot)
            for crate_sum, ships_arg in subsets:
                if crate_sum < need:  # one crate per good delivered
                    continue
                for pay in names:
                    out.append(_new(Action, ("contract", (slot_arg, ships_arg, pay))))
        if total:
            out += antwerp
        return out

    def _shared_action(self, action: Action) -> Action:
        """The one object of ``action``'s value the configuration hands out (this one, the first time): equal
        options built for different decisions are then the same object, which the adapters find by identity.
        Asked only when a memo of whole lists is filled, not per decision (a per-decision look-up by value
        cost the engine more than it saved the adapters: tried for contract actions, 4.66 → 4.81 M instructions a
        game natively)."""
        shared: dict[Action, Action] | None = self.T.cache.get("shared_actions")
        if shared is None or len(shared) >= HOT_LIMIT:
            shared = self.T.cache["shared_actions"] = {}
        found = shared.get(action)
        if found is None:
            found = shared[action] = action
        return found

    def _contract_pays(self, c: int, have: tuple[int, ...]) -> list[tuple[str, tuple[str, ...]]]:
        """The ``pay`` arguments of every way to pay contract ``c`` with goods ``have`` (memoised on both)."""
        memo = self._contract_pays_memo
        key = (c, have)
        names = memo.get(key)
        if names is None:
            if len(memo) >= HOT_LIMIT:
                memo.clear()
            cost = self.T.contracts[c].goods
            names = memo[key] = [("pay", self.pay_names(paid)) for paid in self._payments_with(cost, have, "deliver")]
        return names

    def _ship_subsets(
        self, ships: tuple[tuple[str, int], ...], crates: dict[tuple[str, int], int]
    ) -> tuple[list[tuple[int, tuple[str, tuple[str, ...]]]], list[Action]]:
        """Every non-empty set of the delivering ships, with its crates and its ``ships`` argument, and the
        Antwerp action of each set (one object per value, shared by every set of crates).

        Memoised on the ships and their crates: found once, used for every contract and every decision."""
        memo: dict[Any, Any] | None = self.T.cache.get("ship_subsets")
        if memo is None or len(memo) > HOT_LIMIT:
            memo = self.T.cache["ship_subsets"] = {}
        key = (ships, tuple([crates[s] for s in ships]))
        found = memo.get(key)
        if found is None:
            subsets = [
                (sum([crates[e] for e in sub]), ("ships", tuple([self.entry_id(e) for e in sub])))
                for r in range(1, len(ships) + 1)
                for sub in combinations(ships, r)
            ]
            antwerp = [self._shared_action(_new(Action, ("antwerp", (ships_arg,)))) for _, ships_arg in subsets]
            found = memo[key] = (subsets, antwerp)
        return found

    def _discover(self, p: int) -> Flow:
        """Discover: island tiles by telescope value, one placed per ship (Columbus: one more) with a cube and all
        its bonuses; the rest to the storage board.

        Rules: actions.discover, actions.discover.marker, planning.ship_values, captains.columbus"""
        T = self.T
        entries = self.assigned[p][A_DISCOVER]
        count = sum(self.ship_of(e).telescope for e in entries)
        drawn = self.drawn_tiles
        for _ in range(count):
            t = self._draw(self.island_stack, self.st_islands)
            if t == EMPTY:
                break
            drawn.append(t)
        places = len(entries)
        extra = self.has_captain(p, "extra_island")
        placed = 0
        while drawn and placed < places + extra:
            options = self._discover_actions_for(drawn)
            if not options:
                break
            optional = placed >= places
            self._ask(DISCOVER, p, drawn=tuple(drawn), optional=optional)
            self._legal = self._with_card_entry(p, [DONE, *options] if optional else options, True)  # as listed
            action = yield
            if action.kind == "done":
                break
            t = T.island_tile_index[action.get("tile")]
            s = T.space_index[action.get("space")]
            drawn.remove(t)
            self.space_tile[s] = t
            self.spot_owner[s][0] = p
            self.spot_height[s][0] = T.discover_markers
            self.cubes_placed[p] += T.discover_markers
            for bonus in T.island_tiles[t].bonuses:
                self._bonus(p, bonus)
            placed += 1
            if self.pending[p]:
                yield from self._now(p)
        self.st_islands.extend(drawn)
        drawn.clear()

    def _discover_actions_for(self, drawn: Iterable[int]) -> list[Action]:
        """Every drawn tile on every free space of its shape.

        Rules: actions.discover"""
        T = self.T
        by_shape: dict[str, list[int]] | None = T.cache.get("spaces_by_shape")
        if by_shape is None:  # every island's spaces of each shape, islands in order (as fitting_spaces lists them)
            by_shape = {}
            T.cache["spaces_by_shape"] = by_shape
            for isl in T.islands:
                for s in isl.spaces:
                    by_shape.setdefault(T.island_spaces[s].shape, []).append(s)
        # per island tile, its place action on each space of its shape, built once: the same objects every time
        # the tile is drawn (no tuples built per option, and callers that remember actions find them by identity)
        rows: list[list[tuple[int, Action]] | None] | None = T.cache.get("place_actions")
        if rows is None:
            rows = T.cache["place_actions"] = [None] * len(T.island_tiles)
        space_tile = self.space_tile
        out = []
        seen = set()
        for t in drawn:
            if t in seen:
                continue
            seen.add(t)
            row = rows[t]
            if row is None:
                tile = T.island_tiles[t]
                tile_arg = ("tile", tile.id)
                spaces = T.island_spaces
                row = rows[t] = [
                    (s, _new(Action, ("place", (tile_arg, ("space", spaces[s].id))))) for s in by_shape.get(tile.shape, ())
                ]
            for s, action in row:
                if space_tile[s] == EMPTY:
                    out.append(action)
        return out
