"""The rules of Race to the New Found Land as a state machine.

The round's flow (land phase, planning, actions, final phase, and the game end) is one Python generator,
:meth:`RaceState._flow`: it runs every automatic step itself and pauses (``yield``) whenever a player must
choose, after setting :attr:`RaceState.stage` and the context the legal actions are listed from. ``apply``
checks the action against :meth:`RaceState.legal_actions` *before* anything changes (an illegal action leaves
the state untouched) and resumes the generator with it.

Every number comes from :class:`~engine.race_to_the_new_found_land.defs.Tables` (built from the spec); the
code holds only the shape of the rules. Hot paths use ints, lists and tuples; nothing is deep-copied per step.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Generator, Iterable, Sequence
from itertools import combinations, combinations_with_replacement, product
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from engine.runtime.api import TERMINAL, Action, IllegalActionError, State, legal_match
from engine.runtime.chance import shuffle

if TYPE_CHECKING:
    from engine.race_to_the_new_found_land.defs import Bonus, NationDef, ShipDef, Tables
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
STAGE_NAMES = (
    "land", "plan", "load", "keep", "settle", "settle_extra", "deliver", "antwerp", "discover", "frame",
    "frame_back", "chart", "objective", "over",
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
NO_BOOST: Final[tuple[str | None, ...]] = (None,)  # planning without a captain's boost

Flow = Generator[None, Action, None]

_new: Final = tuple.__new__  # builds an Action from (kind, args) without a Python-level call
_third: Final = itemgetter(2)


class _BuildDiscarding(dict):  # type: ignore[type-arg]
    """A full harbour's build actions for one market ship and one payment, by the ship given up (an index).

    Filled on first use: reading ``table[ship]`` for each ship that could be given up lists them, and builds only
    those never listed before.
    """

    __slots__ = ("base", "discard_args")

    def __init__(self, base: tuple[Any, ...], discard_args: tuple[tuple[tuple[str, str]], ...]) -> None:
        super().__init__()
        self.base = base
        self.discard_args = discard_args

    def __missing__(self, ship: int) -> Action:
        action = self[ship] = _new(Action, ("build", self.base + self.discard_args[ship]))
        return action


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


class RaceState(State):
    """A game in progress. All fields are plain data; :meth:`fingerprint` lists them."""

    # Every field in a slot: the state has more fields than CPython shares in a per-class key table (30), so
    # without slots each one lives in an instance dict, and ``self.x`` (read several hundred times a move) is
    # a dict look-up rather than a fixed offset.
    __slots__ = (
        "T", "_assign_table", "_bonus_counts", "_contract_pays_memo", "_flow_gen", "_history", "_land_rows",
        "_legal", "_orders", "_paid_memo", "_plays_by_hand", "_settle_rows", "_totals_or_empty", "assigned", "boost_crate",
        "boost_sail", "captain_pool", "captains", "card_stack", "cards", "city_cubes", "city_scored", "claimed",
        "compass_revealed", "compass_stack", "contract_stack", "contracts", "ctx", "cubes_placed", "cur",
        "drawn_cards", "drawn_tiles", "exp_nation", "exp_yard", "extra_cubes", "fifty", "fifty_stack", "final",
        "frame_gone", "frame_pos", "game", "goods", "island_scored", "island_stack", "laps", "large_market",
        "large_stack", "n", "nation", "ng", "objective_stacks", "objectives", "pending", "played_charters", "rng",
        "round", "score", "setup_charts", "small_market", "small_stack", "space_tile", "spot_height", "spot_owner",
        "spots", "st_cards", "st_contracts", "st_islands", "st_islands_aside", "st_large", "st_objectives",
        "st_small", "st_start_cards", "stage", "start_player", "triangle_goods", "yard",
    )

    def __init__(self, game: RaceGame) -> None:
        self.game = game
        self.T: Tables = game.tables  # mypyc: typed (it was Tables | Any)
        T = self.T
        n = T.players
        self.n = n
        self.rng = random.Random(game.config.seed)
        self._history: list[Action] = []
        self._legal: list[Action] | None = None
        self._assign_table = self._assign_actions()  # see _plan_actions
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
        self._settle_rows = self._settle_table()  # see _settle_actions
        self._bonus_counts = self._tile_bonus_counts()
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
        self.played_charters: list[int] = []
        self.setup_charts: list[
            int
        ] = []  # islands still to get their setup tile  # used charter ships waiting for the end of the round
        # decision context
        self.ctx: dict[str, Any] = {}
        self.final: list[int] | None = None
        self._flow_gen: Flow | None = None
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
            self._flow_gen.send(action)  # type: ignore[union-attr]  # a legal action exists: the flow is running
        except StopIteration:  # the flow ended: the game is over
            self._flow_gen = None

    def clone(self) -> RaceState:
        """An independent copy (replays the history: the flow generator cannot be copied)."""
        copy = self.game.new_initial_state()
        for action in self._history:
            copy.apply(action)
        return copy  # type: ignore[return-value]  # mypyc: game is typed Game, its states State

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _act(kind: str, args: tuple[tuple[str, Any], ...]) -> Action:
        """``Action(kind, args)`` built in C: an action is a tuple, cheaper to build than to look up in a memo."""
        return _new(Action, (kind, args))

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

    def nat(self, p: int) -> NationDef:
        return self.T.nations[self.nation[p]]

    def _ask(self, stage: int, player: int, **ctx: Any) -> None:
        """Pose a decision; the caller then pauses with ``action = yield`` (no sub-generator per decision)."""
        self.stage = stage
        self.cur = player
        self.ctx = ctx
        self._legal = None

    def _draw(self, stack: list[int], storage: list[int]) -> int:
        """Top of ``stack``; an empty stack is first rebuilt by shuffling ``storage`` (−1 if both are empty)."""
        if not stack:
            if not storage:
                return EMPTY
            stack.extend(storage)
            storage.clear()
            shuffle(self.rng, stack)
        return stack.pop()

    def order_from_start(self) -> list[int]:
        """The seats clockwise from the start player (a fresh list: the seat orders are built once per game)."""
        return list(self._orders[self.start_player])

    def add_goods(self, p: int, goods: Sequence[int]) -> None:
        g = self.goods[p]
        for i in range(len(goods)):  # (a goods vector, or empty for "no goods")
            g[i] += goods[i]

    def gain(self, p: int, points: int) -> None:
        """Move ``p``'s ship figure ``points`` forward: 50/100 cards and frame markers reached are noted."""
        if points <= 0:
            return
        T = self.T
        old = self.score[p]
        new = old + points
        self.score[p] = new
        if new >= T.fifty_at or new >= T.hundred_at:  # below both no threshold is reached: most gains
            reached = 0
            for threshold in (T.fifty_at, T.hundred_at):
                if new > threshold or (T.fifty_on_reaching and new == threshold):
                    reached += 1
            if reached > self.laps[p]:
                if self.laps[p] == 0 and self.fifty_stack:
                    self.fifty[p] = self.fifty_stack.pop(0)
                self.laps[p] = reached
        track = T.track_length
        mine = self.claimed[p]
        pending = self.pending[p]
        gone = self.frame_gone
        start = old - 1 if T.frame_trigger_on_start else old
        for m, pos in enumerate(self.frame_pos):
            # passing a marker is the rare case: tested first, then whether it still counts for ``p``
            if (new - pos) // track > (start - pos) // track and not (gone[m] or mine >> m & 1 or m in pending):
                pending.append(m)
        if T.frame_removal_passed:  # a figure leaving a marker's space may be the last one to pass it
            self._check_removal()

    def figure_pos(self, p: int) -> int:
        return self.score[p] % self.T.track_length

    def capacity(self, p: int) -> int:
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
        value = self.ship_of(entry).crate
        b = self.boost_crate[p]
        if b is not None and b[0] == a and (b[1], b[2]) == entry:
            value += self.has_captain(p, "crate_bonus")
        return value

    def payments(self, p: int, cost: tuple[int, ...], context: str) -> list[tuple[int, ...]]:
        """Every way ``p`` can pay ``cost``; where the reading allows it in ``context``, gold replaces any good."""
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

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
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

    def _setup_islands(self) -> Flow:
        """Setup's island tiles: one per revealed compass tile, drawn until one fits that island.

        Misfits go to the storage board or are set aside and shuffled back, by the edition's reading; where the
        reading lets the placer choose among several fitting spaces, the start player chooses.
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
                    s = spaces[0]
                    if len(spaces) > 1 and T.setup_space_choice:
                        self.drawn_tiles.append(tile)
                        self._ask(CHART, self.start_player, tile=tile, spaces=tuple(spaces))
                        action = yield
                        self.drawn_tiles.remove(tile)
                        s = T.space_index[action.get("space")]
                    self.space_tile[s] = tile
                    break
                (self.st_islands if T.setup_misfit_to_storage else self.st_islands_aside).append(tile)
        self.setup_charts = []
        if self.st_islands_aside:
            self.island_stack.extend(self.st_islands_aside)
            self.st_islands_aside.clear()
            shuffle(self.rng, self.island_stack)

    # ------------------------------------------------------------------ the round

    def _flow(self) -> Flow:
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

    def _end_turn(self, p: int) -> Flow:
        """Resolve the frame markers ``p`` reached during this turn, one at a time, lowest first.

        Callers test ``self.pending[p]`` first (as for :meth:`_now`): most turns reach no marker, and starting a
        generator that has nothing to do costs more than the test."""
        while self.pending[p]:
            self.pending[p].sort(key=lambda m: self.frame_pos[m])
            m = self.pending[p].pop(0)
            if self.frame_gone[m] or self.claimed[p] >> m & 1:
                continue
            self.claimed[p] |= 1 << m
            options = self._frame_options(m)
            if options:
                if self.T.frame_reward_optional:  # the reading lets the player decline the reward
                    options = [*options, SKIP]
                self._ask(FRAME, p, frame=m)
                self._legal = options  # what _list_actions would list now: not computed twice
                action = yield
                self._take_frame(p, m, action)
            targets = self.frame_targets(m)
            if len(targets) > 1:
                self._ask(FRAME_BACK, p, frame=m, targets=tuple(targets))
                action = yield
                self.frame_pos[m] = int(action.get("space"))
            elif targets:
                self.frame_pos[m] = targets[0]
            self._check_removal()

    def _now(self, p: int) -> Flow:
        """Where the reading resolves frame markers immediately, do it after every gain of points."""
        if self.T.frame_immediate and self.pending[p]:
            yield from self._end_turn(p)

    def _check_removal(self) -> None:
        """Take markers off the track once every player has reached (or, by the reading, passed) them."""
        T = self.T
        everyone = -1  # the markers every player reached: the claimed bitmasks, and-ed
        for mask in self.claimed:
            everyone &= mask
        if not everyone:  # (the common case: no marker reached by all)
            return
        for m in range(len(T.frames)):
            if self.frame_gone[m] or not everyone >> m & 1:
                continue
            if T.frame_removal_passed and any(self.figure_pos(q) == self.frame_pos[m] for q in range(self.n)):
                continue
            self.frame_gone[m] = True

    def frame_targets(self, m: int) -> list[int]:
        """Spaces marker ``m`` may be moved back to (nearest first); one entry when there is no choice.

        It moves back the spec's number of spaces; a frame marker or ship figure in the way stops it in
        front of that space (or on it, by the ``on_occupied`` reading). Where the reading allows moving
        *up to* that many spaces, every distance from the minimum on is offered.
        """
        T = self.T
        track = T.track_length
        occupied = set()  # ship figures (figure_pos, inlined) and the other markers still on the track
        for points in self.score:
            occupied.add(points % track)
        gone = self.frame_gone
        for k, at in enumerate(self.frame_pos):
            if k != m and not gone[k]:
                occupied.add(at)
        pos = self.frame_pos[m]
        lo = T.frame_min_space
        if T.frame_pass_occupied:
            # only the space it ends on matters: occupied spaces on the way are passed
            ends = [pos - d for d in range(T.frame_back_min, T.frame_back + 1) if pos - d >= lo]
            free = [e for e in ends if e not in occupied]
            if free:
                return free
            t = max(pos - T.frame_back, lo)
            while t < pos and t in occupied:  # the space in front of the occupied one
                t += 1
            return [t] if t < pos else []
        reachable: list[int] = []
        for step in range(1, T.frame_back + 1):
            nxt = pos - step
            if nxt < lo:
                break
            if nxt in occupied:
                if T.frame_blocking_on:
                    reachable.append(nxt)
                break
            reachable.append(nxt)
        if not reachable:
            return []
        allowed = reachable[T.frame_back_min - 1 :]
        return allowed if allowed else [reachable[-1]]

    def _frame_options(self, m: int) -> list[Action]:
        frame = self.T.frames[m]
        cards, captains, goods = self._frame_actions()
        if frame.reward == "objectives":
            return [cards[c] for c in self.objective_stacks[frame.stack]]
        if frame.reward == "captains":
            return [captains[c] for c in self.captain_pool]
        return [goods[g] for g in range(self.ng) if self.triangle_goods[g] > 0]

    def _frame_actions(self) -> tuple[list[Action], list[Action], list[Action]]:
        """The frame-marker rewards as actions, per objective card, captain and good (built once per configuration)."""
        found = self.T.cache.get("frame_actions")
        if found is None:
            T = self.T
            found = self.T.cache["frame_actions"] = (
                [self._act("frame", (("card", o.id),)) for o in T.objectives],
                [self._act("frame", (("captain", c.id),)) for c in T.captains],
                [self._act("frame", (("good", g),)) for g in T.goods],
            )
        return found

    def _take_frame(self, p: int, m: int, action: Action) -> None:
        T = self.T
        frame = T.frames[m]
        if action.kind == "skip":  # declined (only offered where the reading makes the reward optional)
            return
        if frame.reward == "objectives":
            card = T.objective_index[action.get("card")]
            self.objective_stacks[frame.stack].remove(card)
            self.objectives[p].append(card)
        elif frame.reward == "captains":
            cap = T.captain_index[action.get("captain")]
            self.captain_pool.remove(cap)
            self.captains[p].append(cap)
            c = T.captains[cap]
            if c.immediate_goods:
                self.add_goods(p, c.immediate_goods)
        else:
            g = T.goods.index(action.get("good"))
            taken = min(T.frame_goods_taken, self.triangle_goods[g])
            self.triangle_goods[g] -= taken
            self.goods[p][g] += taken

    # ---- land phase

    def _land_phase(self) -> Flow:
        T = self.T
        for p in self.order_from_start():
            self.add_goods(p, T.income)
            self.add_goods(p, T.captain_land_goods if self.has_captain(p, "land_gold") else ())
            while True:
                self._ask(LAND, p)
                self._legal = self._land_actions(p)  # as _list_actions lists them, without its dispatch
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
        if T.goods_cards_playable and self.cards[p]:
            out += self._play_card_actions(p)
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
        usable = tuple([g if g < k else k for g, k in zip(self.goods[p], T.ship_limits[s])])  # noqa: B905 (see _payments_with)
        key = (s, i if by_space else -1, usable)
        entry = builds.get(key)
        if entry is None:
            # a large ship lying back side up is chosen by its market space: only its cost is visible
            handle = ("space", T.large_market_spaces[i]) if by_space else ("ship", T.ships[s].id)
            pays = self.payments(p, T.ships[s].cost, "build_ships")
            bases = [(handle, ("pay", self.pay_names(paid))) for paid in pays]
            discarding = tuple(_BuildDiscarding(base, T.discard_args) for base in bases)
            entry = builds[key] = (bases, [_new(Action, ("build", base)) for base in bases], key, discarding)
        return entry  # type: ignore[no-any-return]

    def _expand_actions(self, p: int, what: str, cost: tuple[int, ...]) -> list[Action]:
        """Ways to pay harbour expansion ``what`` with ``p``'s goods (none when they fall short)."""
        if sum(self.goods[p]) < sum(cost):
            return []
        return [
            self._act("expand", (("what", what), ("pay", self.pay_names(paid))))
            for paid in self.payments(p, cost, "harbour_expansion")
        ]

    def _play_card_actions(self, p: int) -> list[Action]:
        """The ``play`` actions of ``p``'s hand, in hand order, a duplicate card once (a shared list: callers copy
        it into theirs). Memoised per hand: a hand holds a few cards, and the same hands come back."""
        hand = tuple(self.cards[p])
        found = self._plays_by_hand.get(hand)
        if found is None:
            if len(self._plays_by_hand) >= HOT_LIMIT:
                self._plays_by_hand.clear()
            found = self._plays_by_hand[hand] = self._list_play_actions(hand)
        return found

    def _list_play_actions(self, hand: tuple[int, ...]) -> list[Action]:
        T = self.T
        if not T.goods_cards_playable:
            return []
        plays = T.cache.get("play_actions")
        if plays is None:  # per card: its play action, None for a charter ship (assigned in planning, not played)
            plays = T.cache["play_actions"] = [
                None if card.ship is not None else self._act("play", (("card", card.id),)) for card in T.cards
            ]
        out: list[Action] = []
        for c in hand:
            action = plays[c]
            if action is not None and action not in out:  # a duplicate card offers the same move once
                out.append(action)
        return out

    def _play_card(self, p: int, action: Action) -> None:
        T = self.T
        c = T.card_index[action.get("card")]
        self.cards[p].remove(c)
        card = T.cards[c]
        self.add_goods(p, card.goods)
        self.gain(p, card.points)
        (self.st_start_cards if card.nation else self.st_cards).append(c)

    def _do_land(self, p: int, action: Action) -> None:
        # a legal action is one of those listed, so its arguments come in the listed order (read by position):
        # expand (what, pay), build (handle, pay[, discard]) where the handle is (ship, id) or (space, id)
        T = self.T
        kind, args = action
        if kind == "play":
            self._play_card(p, action)
            return
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
        for market, stack, storage in (
            (self.small_market, self.small_stack, self.st_small),
            (self.large_market, self.large_stack, self.st_large),
        ):
            if EMPTY in market:  # (tested in C: most turns build nothing)
                for i, s in enumerate(market):
                    if s == EMPTY:
                        market[i] = self._draw(stack, storage)

    # ---- planning phase

    def _planning_phase(self) -> Flow:
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
        cost more to build than the list itself."""
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
        to = ("to", T.actions[a])
        entries = [("ship", T.ships[s].id) for s in ships]
        entries += [("card", T.cards[c].id) for c in charters]
        for entry in entries:
            for b in boosts:
                args: tuple[tuple[str, Any], ...] = (to, entry) if b is None else (to, entry, ("captain", b))
                out.append(_new(Action, ("assign", args)))
        return out

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

    # ---- action phase

    def action_order(self, a: int) -> list[int]:
        """Players with ships on action ``a``: highest sail total first, ties clockwise from the start player."""
        assigned = self.assigned
        active = []
        for i, p in enumerate(self._orders[self.start_player]):  # (plain loops: cheaper than comprehensions here)
            if assigned[p][a]:
                active.append((-self.sail_total(p, a), i, p))
        active.sort()
        return list(map(_third, active))

    def _action_phase(self) -> Flow:
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
        for kind, idx in self.assigned[p][a]:
            if kind == "ship":
                self.yard[p].append(idx)
            elif self.T.charter_discard_after_action:
                self.st_cards.append(idx)
            else:
                self.played_charters.append(idx)
        self.assigned[p][a] = []

    def _load(self, p: int) -> Flow:
        T = self.T
        entry = self.assigned[p][A_LOAD][0]
        crate = self.crate_of(p, A_LOAD, entry)
        table = self.nat(p).load_table
        best = table[min(crate, len(table) - 1)]
        if best >= 0:
            self._ask(LOAD, p, best=best)
            self._legal = self._load_actions(best)  # as _list_actions lists them, without its dispatch
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
            self._legal = self._keep_actions(drawn, k > 0)  # as _list_actions lists them
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
        T = self.T
        for entry in list(self.assigned[p][A_SETTLE]):
            settlers = self.ship_of(entry).settler
            if settlers <= 0:
                continue
            self._ask(SETTLE, p, settlers=settlers)
            self._legal = self._settle_actions(False)  # as _list_actions lists them, without its dispatch
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
        """Open spots of tiled spaces (Spain's extra cube: any spot of a tiled space), each with every bonus."""
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

    def _tile_bonus_counts(self) -> tuple[int, ...]:
        """How many bonuses each island tile prints (the settle options offer one per bonus)."""
        counts = self.T.cache.get("tile_bonus_counts")
        if counts is None:
            counts = self.T.cache["tile_bonus_counts"] = tuple(len(t.bonuses) for t in self.T.island_tiles)
        return counts

    def _deliver(self, p: int) -> Flow:
        T = self.T
        ships = list(self.assigned[p][A_DELIVER])
        crates = {e: self.crate_of(p, A_DELIVER, e) for e in ships}
        refill_now = T.contract_refill_immediate
        while ships:
            self._ask(DELIVER, p, ships=tuple(ships), crates=crates)
            self._legal = self._deliver_actions(p)  # as _list_actions lists them, without its dispatch
            action = yield
            if action[0] == "done":
                break
            if action[0] == "play":
                self._play_card(p, action)
                if self.pending[p]:
                    yield from self._now(p)
                continue
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
        for slot, c in enumerate(self.contracts):
            if c == EMPTY:
                self.contracts[slot] = self._draw(self.contract_stack, self.st_contracts)

    def _entry_from_id(self, ident: str) -> tuple[str, int]:
        T = self.T
        if ident in T.ship_index:
            return ("ship", T.ship_index[ident])
        return ("card", T.card_index[ident])

    def _deliver_actions(self, p: int) -> list[Action]:
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
        if self.cards[p]:
            out += self._play_card_actions(p)
        return out

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
        Antwerp action of each set.

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
            found = memo[key] = (subsets, [_new(Action, ("antwerp", (ships_arg,))) for _, ships_arg in subsets])
        return found

    def _discover(self, p: int) -> Flow:
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
            self._legal = [DONE, *options] if optional else options  # as _list_actions lists them
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
        T = self.T
        by_shape: dict[str, list[int]] | None = T.cache.get("spaces_by_shape")
        if by_shape is None:  # every island's spaces of each shape, islands in order (as fitting_spaces lists them)
            by_shape = {}
            T.cache["spaces_by_shape"] = by_shape
            for isl in T.islands:
                for s in isl.spaces:
                    by_shape.setdefault(T.island_spaces[s].shape, []).append(s)
        space_tile = self.space_tile
        spaces = T.island_spaces
        out = []
        seen = set()
        for t in drawn:
            if t in seen:
                continue
            seen.add(t)
            tile = T.island_tiles[t]
            tile_arg = ("tile", tile.id)
            for s in by_shape.get(tile.shape, ()):
                if space_tile[s] == EMPTY:
                    out.append(_new(Action, ("place", (tile_arg, ("space", spaces[s].id)))))
        return out

    # ---- final phase

    def _final_phase(self) -> Flow:
        yield from self._cartography()
        order = self.order_from_start()
        yield from self._score_areas("island", self.scorable("island"), order)
        yield from self._score_areas("city", self.scorable("city"), order)
        yield from self._objectives_step()

    def scorable(self, kind: str) -> list[int]:
        """Islands (all spaces tiled) or cities (all spaces filled) not yet scored, highest bonus first."""
        T = self.T
        if kind == "island":
            found = [i for i in range(len(T.islands)) if not self.island_scored[i] and self.empty_spaces(i) == 0]
            return sorted(found, key=lambda i: (-T.islands[i].first, i))
        found = [
            c for c in range(len(T.cities)) if not self.city_scored[c] and len(self.city_cubes[c]) >= T.cities[c].cube_spaces
        ]
        return sorted(found, key=lambda c: (-T.cities[c].first, c))

    def _objectives_step(self) -> Flow:
        T = self.T
        for p in self.order_from_start():
            resolved = 0
            while True:
                options = self._objective_actions(p, resolved)
                if not options:
                    break
                self._ask(OBJECTIVE, p, resolved=resolved)
                self._legal = options  # as _list_actions lists them: not computed twice
                action = yield
                if action.kind == "done":
                    break
                if action.kind == "play":
                    self._play_card(p, action)
                    if self.pending[p]:
                        yield from self._now(p)
                    continue
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

    def _cartography(self) -> Flow:
        T = self.T
        for _ in range(T.cartography_compass):
            if not self.compass_stack:
                return
            c = self.compass_stack.pop()
            self.compass_revealed.append(c)
            yield from self._chart(T.compass[c])

    def _chart(self, island: int) -> Flow:
        T = self.T
        wanted = min(T.cartography[self.n], self.empty_spaces(island))
        for _ in range(wanted):
            tile = self._draw_fitting(island)
            if tile == EMPTY:
                break
            spaces = self.fitting_spaces(island, tile)
            s = spaces[0]
            if len(spaces) > 1:
                self.drawn_tiles.append(tile)
                self._ask(CHART, self.start_player, tile=tile, spaces=tuple(spaces))
                action = yield
                self.drawn_tiles.remove(tile)
                s = T.space_index[action.get("space")]
            self.space_tile[s] = tile
            if T.neutral_cubes and self.n == T.neutral_players:
                self.spot_owner[s][0] = NEUTRAL
                self.spot_height[s][0] = T.neutral_cubes

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
        """Points each player scores for island/city ``idx``: cubes, plus first/second bonus with the tie rules."""
        T = self.T
        area = T.islands[idx] if kind == "island" else T.cities[idx]
        per_cube = T.island_cube_points if kind == "island" else T.city_cube_points
        counts = self.area_counts(kind, idx)
        points = [counts.get(p, 0) * per_cube for p in range(self.n)]
        ranked = sorted({v for v in counts.values() if v > 0}, reverse=True)
        if not ranked:
            return points
        top = [o for o, v in counts.items() if v == ranked[0]]
        if len(top) > 1:
            for o in top:
                if o >= 0:
                    points[o] += area.second
            return points
        if top[0] >= 0:
            points[top[0]] += area.first
        rest = {o: v for o, v in counts.items() if o != top[0] and v > 0}
        if not self.T.neutral_second_place:
            rest.pop(NEUTRAL, None)
        if rest:
            runner_up = max(rest.values())
            second = [o for o, v in rest.items() if v == runner_up]
            if len(second) == 1 and second[0] >= 0:
                points[second[0]] += area.second
        return points

    def _score_areas(self, kind: str, areas: list[int], order: list[int]) -> Flow:
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

    def _mark_scored(self, kind: str, idx: int) -> None:
        if kind == "island":
            self.island_scored[idx] = True
        else:
            self.city_scored[idx] = True

    # ---- objectives

    def objective_points(self, p: int, card: int) -> int:
        """Points objective ``card`` gives ``p`` now (the best tier met), 0 if no condition is met."""
        obj = self.T.objectives[card]
        value = self.objective_value(p, card)
        best = 0
        for threshold, points in obj.tiers:
            if value >= threshold:
                best = max(best, points)
        return best

    def objective_value(self, p: int, card: int) -> int:
        """The count objective ``card``'s condition measures for ``p`` (goods, symbols, ships, markers …)."""
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

    def _objective_actions(self, p: int, resolved: int) -> list[Action]:
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
            if card in seen or (T.objective_only_if_met and self.objective_points(p, card) <= 0):
                continue
            seen.add(card)
            for paid in pays:
                out.append(self._act("objective", (("card", T.objectives[card].id), ("pay", self.pay_names(paid)))))
        if out:
            out.insert(0, DONE)
            out.extend(self._play_card_actions(p))
        return out

    # ---- game end

    def final_points(self) -> list[list[tuple[str, int]]]:
        """Final-scoring points of every player, item by item (unscored areas, 50/100 card, cards in hand)."""
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

    # ------------------------------------------------------------------ legal actions

    def _list_actions(self) -> list[Action]:
        """The options of the decision posed now, from the state alone.

        The flow lists its frequent decisions itself as it poses them (the same lists, through the same
        functions, without this dispatch); this is what lists any decision whose options were dropped, e.g.
        after a scenario edits the state."""
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
            return [DONE] + [self._act("ship_good", (("good", T.goods[g]),)) for g in range(self.ng) if self.goods[p][g]]
        if st == DISCOVER:
            out = self._discover_actions_for(self.ctx["drawn"])
            return [DONE, *out] if self.ctx["optional"] else out
        if st == FRAME:
            out = self._frame_options(self.ctx["frame"])
            return [*out, SKIP] if out and T.frame_reward_optional else out
        if st == FRAME_BACK:
            return [self._act("frame_back", (("space", t),)) for t in self.ctx["targets"]]
        if st == CHART:
            return [self._act("chart", (("space", T.island_spaces[s].id),)) for s in self.ctx["spaces"]]
        if st == OBJECTIVE:
            return self._objective_actions(p, self.ctx["resolved"])
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
