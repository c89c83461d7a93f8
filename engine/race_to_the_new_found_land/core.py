"""The state's data and the helpers every phase uses: decisions, draws, goods and payments, harbours and ships.

:class:`StateCore` is the bottom layer of :class:`~engine.race_to_the_new_found_land.state.RaceState`. The rules
are split by phase, one layer per module, each a subclass of the one before, so each may use the rules below it:

- :mod:`.core` (this module): every field of the state, posing a decision, drawing from stacks, goods and the
  ways to pay a cost, harbours, captains and ship values, island-tile look-ups;
- :mod:`.track`: the scoring track (points, the 50/100 cards) and the frame markers on it;
- :mod:`.cards`: the goods and points 1x cards, played at any time in the player's own turn;
- :mod:`.scoring`: majorities of islands and cities, objective conditions, the final scoring;
- :mod:`.setup`: dealing the game and setup's island tiles;
- :mod:`.land`, :mod:`.planning`, :mod:`.actions`, :mod:`.end_phase`: the four phases of a round;
- :mod:`.state`: the round's flow and the runtime API (legal actions, apply, observations).

A chain rather than mixins: the compiled engine (mypyc) gives a class one native base, and a chain keeps every
field at a fixed offset and every call a native one.

Every number comes from :class:`~engine.race_to_the_new_found_land.defs.Tables` (built from the spec); the
code holds only the shape of the rules. Hot paths use ints, lists and tuples; nothing is deep-copied per step.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Generator, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from engine.runtime.api import TERMINAL, Action, State
from engine.runtime.chance import shuffle

if TYPE_CHECKING:
    from engine.race_to_the_new_found_land.defs import NationDef, ShipDef, Tables
    from engine.race_to_the_new_found_land.game import RaceGame

# Stages: what the player to move decides. (Final: the compiled engine inlines them instead of reading a global.)
LAND: Final = 0
PLAN: Final = 1
LOAD: Final = 2
KEEP: Final = 3
SETTLE: Final = 4
SPAIN: Final = 5
DELIVER: Final = 6
ANTWERP: Final = 7
DISCOVER: Final = 8
FRAME: Final = 9
FRAME_BACK: Final = 10
CHART: Final = 11
OBJECTIVE: Final = 12
OVER: Final = 13
CARD: Final = 14  # which 1x card to play, opened from another decision by the PLAY_CARD entry
STAGE_NAMES = (
    "land", "plan", "load", "keep", "settle", "settle_extra", "deliver", "antwerp", "discover", "frame",
    "frame_back", "chart", "objective", "over", "card",
)  # fmt: skip
#: Per stage: whether the player deciding is in their own turn, where goods and points 1x cards may be played
#: ("jederzeit in deinem Zug"): the land phase, their own actions, the frame markers they reached, their objectives.
#: Not planning (every player assigns ships in turn, no goods are spent), nor the start player's cartography, nor
#: the move of a frame marker back (a part of resolving it whose spaces are fixed when it is asked).
OFFERS_CARDS: Final[tuple[bool, ...]] = (
    True, False, True, True, True, True, True, True, True, True,
    False, False, True, False, False,
)  # fmt: skip

# Action indices (the spec's order of the four actions).
A_LOAD: Final = 0
A_SETTLE: Final = 1
A_DELIVER: Final = 2
A_DISCOVER: Final = 3

HOT_LIMIT: Final = 20_000  # entries of a memo (payments, builds, ship sets, contract payments) before it is dropped
LAND_ROWS_LIMIT: Final = 4_000  # goods tuples whose land-phase options are memoised (each row holds a few dozen lists)
NEUTRAL: Final = -2  # owner id of the 2-player game's neutral cubes
EMPTY: Final = -1

DONE: Final = Action("done")
NEW_ENGLAND: Final = Action("new_england")
SKIP: Final = Action("skip")
PLAY_CARD: Final = Action("play_card")  # the one entry that opens the choice of a 1x card to play
NO_BOOST: Final[tuple[str | None, ...]] = (None,)  # planning without a captain's boost

Flow = Generator[None, Action, None]

_new: Final = tuple.__new__  # builds an Action from (kind, args) without a Python-level call
_third: Final = itemgetter(2)


class StateCore(State):
    """A game's data (all fields plain data; :meth:`~.state.RaceState.fingerprint` lists them) and shared helpers."""

    # Every field in a slot: the state has more fields than CPython shares in a per-class key table (30), so
    # without slots each one lives in an instance dict, and ``self.x`` (read several hundred times a move) is
    # a dict look-up rather than a fixed offset.
    __slots__ = (
        "T", "_contract_pays_memo", "_flow_gen", "_history", "_land_rows",
        "_legal", "_orders", "_paid_memo", "_plays_by_hand", "_totals_or_empty", "assigned", "boost_crate",
        "boost_sail", "captain_pool", "captains", "card_stack", "cards", "city_cubes", "city_scored", "claimed",
        "compass_revealed", "compass_stack", "contract_stack", "contracts", "ctx", "cubes_placed", "cur",
        "drawn_cards", "drawn_tiles", "exp_nation", "exp_yard", "extra_cubes", "fifty", "fifty_stack", "final",
        "frame_gone", "frame_pos", "game", "goods", "island_scored", "island_stack", "laps", "large_market",
        "large_stack", "n", "nation", "ng", "objective_stacks", "objectives", "pending", "played_charters", "rng",
        "round", "score", "setup_charts", "small_market", "small_stack", "space_tile", "spot_height", "spot_owner",
        "spots", "st_cards", "st_contracts", "st_islands", "st_islands_aside", "st_large", "st_objectives",
        "st_small", "st_start_cards", "stage", "start_player", "triangle_goods", "yard",
    )  # fmt: skip

    def __init__(self, game: RaceGame) -> None:
        self.game = game
        self.T: Tables = game.tables  # mypyc: typed (it was Tables | Any)
        T = self.T
        n = T.players
        self.n = n
        self.rng = random.Random(game.config.seed)
        self._history: list[Action] = []
        self._legal: list[Action] | None = None
        orders = T.cache.get("orders")  # see order_from_start
        if orders is None:
            orders = T.cache["orders"] = tuple(tuple((start + i) % n for i in range(n)) for start in range(n))
        self._orders: tuple[tuple[int, ...], ...] = orders
        # land-phase options per goods tuple (see _land_actions), and goods counts per ``pay`` argument
        self._land_rows: dict[tuple[int, ...], dict[Any, Any]] = game.tables.cache.setdefault("land_rows", {})
        self._paid_memo: dict[tuple[str, ...], tuple[int, ...]] = game.tables.cache.setdefault("paid_names", {})
        self._contract_pays_memo: dict[Any, Any] = game.tables.cache.setdefault("contract_pays", {})
        self._plays_by_hand: dict[tuple[int, ...], list[Action]] = game.tables.cache.setdefault("plays_by_hand", {})
        # goods each ship's cost spends in all, followed by more than any hand holds: read at index EMPTY (-1), an
        # empty market space, it is beyond the goods in hand (see _land_actions). An int, not infinity: compiled
        # code compares ints natively, where a float made every comparison convert.
        self._totals_or_empty: tuple[int, ...] = (*T.ship_totals, sys.maxsize)
        assert EMPTY == -1
        ng = len(T.goods)
        self.ng = ng
        # players
        self.nation: list[int] = []
        self.score = [0] * n
        self.goods = [[0] * ng for _ in range(n)]
        self.yard: list[list[int]] = [[] for _ in range(n)]  # ship indices in shipyards
        self.cards: list[list[int]] = [[] for _ in range(n)]  # "1x" cards in hand
        self.objectives: list[list[int]] = [[] for _ in range(n)]  # objective cards in hand
        self.captains: list[list[int]] = [[] for _ in range(n)]
        self.exp_yard = [False] * n
        self.exp_nation = [False] * n
        self.fifty = [-1] * n  # index of the 50/100 card taken, -1 none
        self.laps = [0] * n  # times the 50 space was reached (1 → 50 side, 2 → 100 side)
        self.claimed = [0] * n  # bitmask of frame markers this player reached
        self.pending: list[list[int]] = [[] for _ in range(n)]  # frame markers reached this turn, not yet resolved
        self.cubes_placed = [0] * n
        # board
        self.small_market: list[int] = []
        self.large_market: list[int] = []
        self.small_stack: list[int] = []
        self.large_stack: list[int] = []
        self.card_stack: list[int] = []
        self.island_stack: list[int] = []
        self.contract_stack: list[int] = []
        self.compass_stack: list[int] = []
        self.compass_revealed: list[int] = []
        self.contracts: list[int] = [EMPTY] * len(T.contract_slots)
        self.space_tile: list[int] = [EMPTY] * len(T.island_spaces)
        # cubes on island tiles: per island space, two spots of (owner, height)
        self.spots = tuple(range(T.tile_spots))  # marker spaces on each island tile
        self.spot_owner: list[list[int]] = [[EMPTY] * T.tile_spots for _ in T.island_spaces]
        self.spot_height: list[list[int]] = [[0] * T.tile_spots for _ in T.island_spaces]
        self.extra_cubes: list[list[int]] = [[] for _ in T.island_spaces]  # Spain's cubes on occupied spaces
        self.city_cubes: list[list[int]] = [[] for _ in T.cities]
        self.island_scored = [False] * len(T.islands)
        self.city_scored = [False] * len(T.cities)
        self.frame_pos = [f.position for f in T.frames]
        self.frame_gone = [False] * len(T.frames)
        self.objective_stacks: list[list[int]] = [[] for _ in range(T.objective_stacks)]
        self.captain_pool: list[int] = list(range(len(T.captains)))
        self.triangle_goods = list(T.frame_goods)
        self.fifty_stack: list[int] = list(range(len(T.fifty_cards)))
        # storage board ("discard sheet")
        self.st_small: list[int] = []
        self.st_large: list[int] = []
        self.st_cards: list[int] = []
        self.st_islands: list[int] = []
        self.st_contracts: list[int] = []
        self.st_objectives: list[int] = []
        self.st_start_cards: list[int] = []
        self.st_islands_aside: list[int] = []
        # round
        self.round = 0
        self.start_player = 0
        self.stage = OVER
        self.cur = TERMINAL
        # planning: per player per action, list of ("ship", idx) / ("card", idx) entries
        self.assigned: list[list[list[tuple[str, int]]]] = [[[] for _ in T.actions] for _ in range(n)]
        self.boost_sail: list[tuple[int, str, int] | None] = [None] * n  # (action, kind, idx) Magellan
        self.boost_crate: list[tuple[int, str, int] | None] = [None] * n  # da Gama
        # drawn during a load or discover action, until kept/placed or put on the storage board
        self.drawn_cards: list[int] = []
        self.drawn_tiles: list[int] = []
        self.played_charters: list[int] = []  # used charter ships waiting for the end of the round
        self.setup_charts: list[int] = []  # islands still to get their setup tile
        # decision context
        self.ctx: dict[str, Any] = {}
        self.final: list[int] | None = None
        self._flow_gen: Flow | None = None

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _act(kind: str, args: tuple[tuple[str, Any], ...]) -> Action:
        """``Action(kind, args)`` built in C: an action is a tuple, cheaper to build than to look up in a memo."""
        return _new(Action, (kind, args))

    def nat(self, p: int) -> NationDef:
        return self.T.nations[self.nation[p]]

    def _ask(self, stage: int, player: int, **ctx: Any) -> None:
        """Pose a decision; the caller then pauses with ``action = yield`` (no sub-generator per decision)."""
        self.stage = stage
        self.cur = player
        self.ctx = ctx
        self._legal = None

    def _draw(self, stack: list[int], storage: list[int]) -> int:
        """Top of ``stack``; an empty stack is first rebuilt by shuffling ``storage`` (−1 if both are empty).

        Rules: limits.draw_stacks"""
        if not stack:
            if not storage:
                return EMPTY
            stack.extend(storage)
            storage.clear()
            shuffle(self.rng, stack)
        return stack.pop()

    def _holds_playable(self, p: int) -> bool:
        """Whether ``p`` holds a goods or points card the reading lets them play (charter ships are assigned)."""
        if not self.T.goods_cards_playable:
            return False
        is_charter = self.T.card_is_charter
        for c in self.cards[p]:  # noqa: SIM110  (a plain loop: any() of a generator costs a frame)
            if not is_charter[c]:
                return True
        return False

    def _with_card_entry(self, p: int, actions: list[Action], fresh: bool = False) -> list[Action]:
        """``actions`` and, while ``p`` holds a card to play, the entry that opens the choice: added to a
        ``fresh`` list in place, else to a copy (the options given may be a shared memo).

        Rules: actions.load.card_play"""
        if self.cards[p] and self._holds_playable(p):
            if fresh:
                actions.append(PLAY_CARD)
                return actions
            return [*actions, PLAY_CARD]
        return actions

    def order_from_start(self) -> list[int]:
        """The seats clockwise from the start player (a fresh list: the seat orders are built once per game)."""
        return list(self._orders[self.start_player])

    def add_goods(self, p: int, goods: Sequence[int]) -> None:
        """Put ``goods`` (a goods vector) into ``p``'s storage: the supply never runs out.

        Rules: limits.unlimited"""
        g = self.goods[p]
        for i in range(len(goods)):  # (a goods vector, or empty for "no goods")
            g[i] += goods[i]

    def capacity(self, p: int) -> int:
        """How many ships ``p``'s harbour holds: the starting shipyards, the shipyard expansion, Portugal's second
        shipyard and Drake's.

        Rules: land.build_ships.shipyard_limit, land.harbour_expansion.shipyard, expansions.portugal, captains.drake"""
        T = self.T
        cap = T.shipyards + (T.shipyard_expansion_yards if self.exp_yard[p] else 0)
        if self.exp_nation[p]:
            nat = self.nat(p)
            if nat.expansion == "extra_shipyard":
                cap += nat.expansion_amount
        for c in self.captains[p]:
            if T.captains[c].ability == "extra_shipyard":
                cap += T.captains[c].amount
        return cap

    def has_captain(self, p: int, ability: str) -> int:
        for c in self.captains[p]:
            if self.T.captains[c].ability == ability:
                return self.T.captains[c].amount
        return 0

    def nation_power(self, p: int, ability: str) -> int:
        nat = self.nat(p)
        return nat.expansion_amount if self.exp_nation[p] and nat.expansion == ability else 0

    def ship_of(self, entry: tuple[str, int]) -> ShipDef:
        kind, idx = entry
        return self.T.ships[idx] if kind == "ship" else self.T.cards[idx].ship  # type: ignore[return-value]

    def entry_id(self, entry: tuple[str, int]) -> str:
        kind, idx = entry
        return self.T.ships[idx].id if kind == "ship" else self.T.cards[idx].id

    def sail_total(self, p: int, a: int) -> int:
        """The sail value of ``p``'s ships on action ``a``: their sails added, with Magellan's boost and the
        Netherlands' naval office.

        Rules: action_phase.order, captains.magellan, expansions.netherlands"""
        T = self.T
        total = 0
        for kind, idx in self.assigned[p][a]:  # (ship_of, inlined: the order of every action asks for it)
            total += (T.ships[idx] if kind == "ship" else T.cards[idx].ship).sail  # type: ignore[union-attr]
        b = self.boost_sail[p]
        if b is not None and b[0] == a:
            total += self.has_captain(p, "sail_bonus")
        if self.exp_nation[p]:  # (nation_power is 0 without the nation's expansion: most of the time)
            total += self.nation_power(p, "sail_bonus")
        return total

    def crate_of(self, p: int, a: int, entry: tuple[str, int]) -> int:
        """The crate value of one ship on action ``a``, with da Gama's boost where the player gave it.

        Rules: planning.ship_values, captains.da_gama"""
        value = self.ship_of(entry).crate
        b = self.boost_crate[p]
        if b is not None and b[0] == a and (b[1], b[2]) == entry:
            value += self.has_captain(p, "crate_bonus")
        return value

    def payments(self, p: int, cost: tuple[int, ...], context: str) -> list[tuple[int, ...]]:
        """Every way ``p`` can pay ``cost``; where the reading allows it in ``context``, gold replaces any good.

        Rules: land.gold_substitute"""
        return self._payments_with(cost, tuple(self.goods[p]), context)

    def _payments_with(self, cost: tuple[int, ...], have: tuple[int, ...], context: str) -> list[tuple[int, ...]]:
        """Every way goods ``have`` can pay ``cost`` in ``context``.

        Memoised per (cost, the goods held), then per (cost, the goods capped at what the cost could use), where
        most results are shared: the hot path of play.
        """
        if context not in self.T.gold_substitute_in:
            return [cost] if all(have[g] >= k for g, k in enumerate(cost)) else []
        cache = self.T.cache
        exact: dict[Any, Any] | None = cache.get("pay_exact")
        if exact is None or len(exact) > HOT_LIMIT:
            exact = cache["pay_exact"] = {}
        key = (cost, have)
        cached = exact.get(key)
        if cached is None:
            # what of each good the cost could use (min() per good is a slow call; both are goods vectors, and
            # zip's strict check would cost the compiled loop its native form)
            capped = tuple([h if h < k else k for h, k in zip(have, self._limit(cost))])  # noqa: B905
            shared = ("pay", cost, capped)
            cached = cache.get(shared)
            if cached is None:
                cached = cache[shared] = self._payments(cost, capped)
            exact[key] = cached
        return cached

    def _limit(self, cost: tuple[int, ...]) -> tuple[int, ...]:
        """What of each good ``cost`` could ever use (gold: all of it): options depend on the goods up to this."""
        cache = self.T.cache
        limit = cache.get(("limit", cost))
        if limit is None:
            gold = self.T.gold
            limit = cache[("limit", cost)] = tuple(sum(cost) if g == gold else k for g, k in enumerate(cost))
        return limit

    def _payments(self, cost: tuple[int, ...], have: tuple[int, ...]) -> list[tuple[int, ...]]:
        gold = self.T.gold
        options: list[list[int]] = [[0] * self.ng]
        for g, need in enumerate(cost):
            if not need:
                continue
            nxt = []
            for opt in options:
                if g == gold:
                    o = list(opt)
                    o[gold] += need
                    nxt.append(o)
                    continue
                for by_gold in range(need + 1):
                    if have[g] - opt[g] < need - by_gold:
                        continue
                    o = list(opt)
                    o[g] += need - by_gold
                    o[gold] += by_gold
                    nxt.append(o)
            options = nxt
        out = [tuple(o) for o in options if all(o[i] <= have[i] for i in range(self.ng))]
        return sorted(set(out))

    def pay_names(self, paid: tuple[int, ...]) -> tuple[str, ...]:
        key = ("names", paid)
        names = self.T.cache.get(key)
        if names is None:
            goods = self.T.goods
            names = self.T.cache[key] = tuple(goods[g] for g in range(self.ng) for _ in range(paid[g]))
        return names

    def paid_from_names(self, names: tuple[str, ...]) -> tuple[int, ...]:
        """Goods counts of a ``pay`` argument (memoised: the payments of the spec's costs are few)."""
        cached = self._paid_memo.get(names)
        if cached is not None:
            return cached
        out = [0] * self.ng
        for name in names:
            out[self.T.goods.index(name)] += 1
        result = self._paid_memo[names] = tuple(out)
        return result

    def spend(self, p: int, paid: tuple[int, ...]) -> None:
        g = self.goods[p]
        for i in range(len(paid)):
            g[i] -= paid[i]

    def fitting_spaces(self, island: int, tile: int) -> list[int]:
        space_tile = self.space_tile
        return [s for s in self._island_shape_spaces(island, self.T.island_tiles[tile].shape) if space_tile[s] == EMPTY]

    def _island_shape_spaces(self, island: int, shape: str) -> list[int]:
        """The spaces of ``island`` shaped ``shape``, in order (memoised per configuration: the board is fixed)."""
        memo: dict[Any, Any] | None = self.T.cache.get("island_shape_spaces")
        if memo is None:
            memo = self.T.cache["island_shape_spaces"] = {}
        key = (island, shape)
        spaces = memo.get(key)
        if spaces is None:
            T = self.T
            spaces = memo[key] = [s for s in T.islands[island].spaces if T.island_spaces[s].shape == shape]
        return spaces

    def empty_spaces(self, island: int) -> int:
        space_tile = self.space_tile
        empty = 0
        for s in self.T.islands[island].spaces:
            if space_tile[s] == EMPTY:
                empty += 1
        return empty

    def _draw_fitting(self, island: int) -> int:
        """Draw island tiles until one fits ``island``; misfits go to storage (or aside, by the reading)."""
        tried = 0
        limit = len(self.T.island_tiles) * 2
        while tried < limit:
            tile = self._draw(self.island_stack, self.st_islands)
            if tile == EMPTY:
                return EMPTY
            if self.fitting_spaces(island, tile):
                return tile
            self.st_islands.append(tile)
            tried += 1
        return EMPTY
