"""The land phase: income, harbour expansions, building ships, refilling the ship market."""

from __future__ import annotations

from typing import Any

from engine.race_to_the_new_found_land.core import DONE, EMPTY, HOT_LIMIT, LAND, LAND_ROWS_LIMIT, Flow, _new
from engine.race_to_the_new_found_land.setup import Setup
from engine.runtime.api import Action


def _build_action(actions: dict[tuple[Any, ...], Action], args: tuple[Any, ...]) -> Action:
    """The build action with these arguments, one object per value: the memo tables below list the same build
    under many keys (each goods tuple that pays for it alike), and callers that remember actions (the adapters'
    code memo) then find it by identity instead of by value. Asked only when a memo entry is made."""
    action = actions.get(args)
    if action is None:
        action = actions[args] = _new(Action, ("build", args))
    return action


class _BuildDiscarding(dict):  # type: ignore[type-arg]
    """A full harbour's build actions for one market ship and one payment, by the ship given up (an index).

    Filled on first use: reading ``table[ship]`` for each ship that could be given up lists them, and builds only
    those never listed before.
    """

    __slots__ = ("actions", "base", "discard_args")

    def __init__(
        self, base: tuple[Any, ...], discard_args: tuple[tuple[tuple[str, str]], ...], actions: dict[tuple[Any, ...], Action]
    ) -> None:
        super().__init__()
        self.base = base
        self.discard_args = discard_args
        self.actions = actions

    def __missing__(self, ship: int) -> Action:
        action = self[ship] = _build_action(self.actions, self.base + self.discard_args[ship])
        return action


class LandPhase(Setup):
    """The land phase: income, harbour expansions, building ships, refilling the ship market."""

    __slots__ = ()

    def _land_phase(self) -> Flow:
        """Each player in turn from the start player: income (and Cortés' gold), then expansions and ships as they
        choose; the market is refilled after each player's land phase.

        Rules: land.order, land.income, captains.cortes"""
        T = self.T
        for p in self.order_from_start():
            self.add_goods(p, T.income)
            self.add_goods(p, T.captain_land_goods if self.has_captain(p, "land_gold") else ())
            while True:
                self._ask(LAND, p)
                self._legal = self._with_card_entry(p, self._land_actions(p), True)  # as _list_actions lists them
                action = yield
                if action[0] == "done":
                    break
                self._do_land(p, action)
                if self.pending[p]:
                    yield from self._now(p)
            self._refill_markets()
            if self.pending[p]:
                yield from self._end_turn(p)

    def _land_actions(self, p: int) -> list[Action]:
        """``p``'s moves in the land phase: done, each harbour expansion and each ship they can pay for, in every
        way to pay (a full harbour with each ship it could give up).

        Rules: land.harbour_expansion, land.harbour_expansion.shipyard, land.harbour_expansion.nation,
        land.build_ships, land.build_ships.shipyard_limit"""
        T = self.T
        have = self.goods[p]
        # every payment spends exactly the cost's number of goods (gold replaces one for one): with fewer goods
        # in hand nothing can be paid, so most market ships are passed over without a look-up
        total = sum(have)
        out = [DONE]
        # what can be paid depends only on the goods in hand: one memo row per goods tuple holds the options of
        # every ship (and expansion) already listed with exactly these goods, so a listing is mostly look-ups
        rows = self._land_rows
        have_t = tuple(have)
        row = rows.get(have_t)
        if row is None:
            if len(rows) >= LAND_ROWS_LIMIT:
                rows.clear()
            row = rows[have_t] = {}
        if not self.exp_yard[p]:
            acts = row.get("shipyard")
            if acts is None:
                acts = row["shipyard"] = self._expand_actions(p, "shipyard", T.shipyard_expansion_cost)
            out += acts
        if not self.exp_nation[p]:
            nation = self.nation[p]
            key = ("expand", nation)  # row keys: "shipyard", ("expand", nation), ship s or (s, space) hidden
            acts = row.get(key)
            if acts is None:
                nat = T.nations[nation]
                acts = row[key] = self._expand_actions(p, nat.expansion, nat.expansion_cost)
            out += acts
        # goods each ship's cost spends in all, by ship index; an empty market space (index -1) reads the last
        # entry, beyond any goods in hand, so one comparison passes over both an empty space and a dear ship
        totals = self._totals_or_empty
        # a ship face up is named by its id wherever it lies (row key ``s``); one lying back side up by its market
        # space (row key ``(s, i)``)
        hidden = T.large_market_hidden
        full: bool | None = None  # whether the harbour is full, found at the first ship ``p`` can pay for
        discards: tuple[int, ...] = ()
        for s in self.small_market if hidden else (*self.small_market, *self.large_market):
            if totals[s] > total:
                continue
            if full is None:
                full, discards = self._harbour_full(p)
            entry = row.get(s)
            if entry is None:
                entry = row[s] = self._build_options(p, s, -1, False)
            if not full:
                out += entry[1]
            else:  # every payment with every ship it could give up, read (and built once) from per-payment tables
                for table in entry[3]:
                    for d in discards:
                        out.append(table[d])
        if hidden:
            for i, s in enumerate(self.large_market):
                if totals[s] > total:
                    continue
                if full is None:
                    full, discards = self._harbour_full(p)
                entry = row.get((s, i))
                if entry is None:
                    entry = row[s, i] = self._build_options(p, s, i, True)
                if not full:
                    out += entry[1]
                else:
                    for table in entry[3]:
                        for d in discards:
                            out.append(table[d])
        return out

    def _harbour_full(self, p: int) -> tuple[bool, tuple[int, ...]]:
        """Whether ``p``'s harbour is full, and then the ships it could give up to build (a full harbour may still
        build: one of its ships goes to the storage board)."""
        yard = self.yard[p]
        T = self.T
        # (capacity's value without the call in the common case: no expansion, no captain)
        full = len(yard) >= (
            T.shipyards if not (self.exp_yard[p] or self.exp_nation[p] or self.captains[p]) else self.capacity(p)
        )
        return (True, tuple(sorted(set(yard)))) if full else (False, ())

    def _build_options(
        self, p: int, s: int, i: int, by_space: bool
    ) -> tuple[list[Any], list[Action], Any, tuple[_BuildDiscarding, ...]]:
        """Build options for ship ``s`` on market space ``i`` with ``p``'s goods: the ``(handle, pay)`` argument
        pairs (a full harbour adds the ship to discard to each), the actions of a harbour with room, the key
        they are memoised under, and per payment the full-harbour actions by the ship given up.

        Shared by every goods tuple that the ship's cost could use alike (memoised on what it could use)."""
        T = self.T
        builds: dict[Any, Any] | None = T.cache.get("builds")
        if builds is None or len(builds) > HOT_LIMIT:
            builds = T.cache["builds"] = {}
            T.cache["build_actions"] = {}
        actions: dict[tuple[Any, ...], Action] = T.cache["build_actions"]
        usable = tuple([g if g < k else k for g, k in zip(self.goods[p], T.ship_limits[s])])  # noqa: B905 (see _payments_with)
        key = (s, i if by_space else -1, usable)
        entry = builds.get(key)
        if entry is None:
            # a large ship lying back side up is chosen by its market space: only its cost is visible
            handle = ("space", T.large_market_spaces[i]) if by_space else ("ship", T.ships[s].id)
            pays = self.payments(p, T.ships[s].cost, "build_ships")
            bases = [(handle, ("pay", self.pay_names(paid))) for paid in pays]
            discarding = tuple(_BuildDiscarding(base, T.discard_args, actions) for base in bases)
            entry = builds[key] = (bases, [_build_action(actions, base) for base in bases], key, discarding)
        return entry  # type: ignore[no-any-return]

    def _expand_actions(self, p: int, what: str, cost: tuple[int, ...]) -> list[Action]:
        """Ways to pay harbour expansion ``what`` with ``p``'s goods (none when they fall short)."""
        if sum(self.goods[p]) < sum(cost):
            return []
        # one object per expansion and payment (few of them), shared by every goods row that lists it: see
        # _build_action
        T = self.T
        actions: dict[tuple[str, tuple[int, ...]], Action] | None = T.cache.get("expand_actions")
        if actions is None:
            actions = T.cache["expand_actions"] = {}
        out = []
        for paid in self.payments(p, cost, "harbour_expansion"):
            action = actions.get((what, paid))
            if action is None:
                action = actions[what, paid] = self._act("expand", (("what", what), ("pay", self.pay_names(paid))))
            out.append(action)
        return out

    def _do_land(self, p: int, action: Action) -> None:
        # a legal action is one of those listed, so its arguments come in the listed order (read by position):
        # expand (what, pay), build (handle, pay[, discard]) where the handle is (ship, id) or (space, id)
        """Pay and take an expansion (marked with a cube) or a ship (a large one scores at once).

        Rules: land.harbour_expansion, land.build_ships, land.build_ships.shipyard_limit,
        land.build_ships.large_points"""
        T = self.T
        kind, args = action
        self.spend(p, self.paid_from_names(args[1][1]))
        if kind == "expand":
            if args[0][1] == "shipyard":
                self.exp_yard[p] = True
            else:
                self.exp_nation[p] = True
            self.cubes_placed[p] += T.expansion_markers
            return
        how, ident = args[0]
        s = self.large_market[T.large_market_spaces.index(ident)] if how == "space" else T.ship_index[ident]
        ship = T.ships[s]
        market = self.large_market if ship.large else self.small_market
        market[market.index(s)] = EMPTY
        if len(args) > 2:  # a full harbour gives up one of its ships
            di = T.ship_index[args[2][1]]
            self.yard[p].remove(di)
            (self.st_large if T.ships[di].large else self.st_small).append(di)
        self.yard[p].append(s)
        if ship.large:
            self.gain(p, T.large_ship_points)

    def _refill_markets(self) -> None:
        """Refill the empty market spaces from the stacks (rebuilt from the storage board when empty).

        Rules: land.market_refill"""
        for market, stack, storage in (
            (self.small_market, self.small_stack, self.st_small),
            (self.large_market, self.large_stack, self.st_large),
        ):
            if EMPTY in market:  # (tested in C: most turns build nothing)
                for i, s in enumerate(market):
                    if s == EMPTY:
                        market[i] = self._draw(stack, storage)
