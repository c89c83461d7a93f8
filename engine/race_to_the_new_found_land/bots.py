"""A heuristic bot for Race to the New Found Land.

It scores every legal action with a short, readable rule per decision (no look-ahead) and plays the best,
breaking ties with its own RNG. The rules of thumb: build large ships early (points and stronger ships),
send each ship to the action it is best at, deliver the richest contract it can pay, settle where it can win
majorities, keep the strongest cards, and resolve objectives when they pay more than the goods they cost.
All numbers it compares come from the game's tables (through the state), so it follows spec changes.

It responds to each reading of a disputed rule where the reading gives it a choice or changes what a move is
worth, so that ``rulespec impact`` measures the rule and not a bot that ignores it: it chooses how far a frame
marker moves back where the reading allows a choice (behind the rivals who have not reached it yet, else as far
from them as it can), values a delivery to Antwerp by the goods the reading lets it ship, and values a marker on
an island or in a city by the bonus place it would hold there, a place behind a tie for first included where the
reading pays it. Ties are broken by its RNG only when there is a tie, so two games that differ only in an option
the bot never takes stay alike.

Hot path: values that depend on the action alone (a ship's strength, what a payment costs) are kept per
configuration in the tables' shared memo, so a game evaluates each distinct action's fixed part once.
"""

from __future__ import annotations

import random
from typing import Any

from engine.race_to_the_new_found_land import state as st
from engine.runtime.api import Action


def _goods_value(state: st.RaceState, goods: tuple[int, ...]) -> float:
    # gold substitutes for anything: worth a little more than the others
    return sum(k * (1.2 if g == state.T.gold else 1.0) for g, k in enumerate(goods))


def _pay_cost(state: st.RaceState, action: Action) -> float:
    pay = action.get("pay") or ()
    gold = state.T.goods[state.T.gold]
    return sum(1.3 if name == gold else 1.0 for name in pay)


class HeuristicBot:
    """Greedy one-step rules; see the module docstring."""

    name = "heuristic"

    def choose(self, state: Any, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if actions[-1] is st.PLAY_CARD or actions[-1] == st.PLAY_CARD:
            # the entry to play a 1x card is a detour back to this decision: taken when a card is worth playing
            plays = state._play_card_actions(state.cur)
            if max((_card_value(state, a, st.STAGE_NAMES[state.stage]) for a in plays), default=0.0) > 0:
                return actions[-1]
            actions = actions[:-1]
        if len(actions) == 1:
            return actions[0]
        scorer = _SCORERS.get(state.stage, _score_default)
        memo: dict[Any, Any] = {}  # what one decision's actions share (per island, per ship), worked out once
        best: list[Action] = []
        best_score = float("-inf")
        for action in actions:
            value = scorer(state, action, memo)
            if value > best_score + 1e-9:
                best, best_score = [action], value
            elif abs(value - best_score) <= 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def _score_default(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    return 0.0


def _ship_strength(ship: Any) -> float:
    return ship.sail * 0.3 + ship.crate + ship.settler * 1.5 + ship.telescope


def _score_land(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    T = state.T
    fixed_values: dict[Action, tuple[str, float, bool]] | None = T.cache.get("bot.land")
    if fixed_values is None:
        fixed_values = T.cache["bot.land"] = {}
    fixed = fixed_values.get(action)
    if fixed is None:
        fixed = fixed_values[action] = _land_fixed(state, action)
    kind, value, large_ship = fixed
    p = state.cur
    if kind == "done":
        return value
    if kind == "expand":
        full = action.get("what") == "shipyard" and len(state.yard[p]) >= state.capacity(p)
        return value + (1.5 if full else 0.0)
    if not large_ship and state.round >= T.rounds - 1:
        return value - 4.0
    return value


def _land_fixed(state: st.RaceState, action: Action) -> tuple[str, float, bool]:
    """The part of a land action's value that depends on the action alone: ``(kind, value, large ship)``."""
    T = state.T
    if action.kind == "done":
        return "done", 0.5, False
    if action.kind == "expand":
        return "expand", 2.5 - 0.3 * _pay_cost(state, action), False
    if action.get("space") is not None:  # a large ship lying face down: judge it by the average large ship
        large = [s for s in T.ships if s.large]
        value = sum(_ship_strength(s) for s in large) / len(large) + T.large_ship_points * 1.5 + 1.0
        large_ship = True
    else:
        ship = T.ships[T.ship_index[action.get("ship")]]
        value = _ship_strength(ship) + (T.large_ship_points * 1.5 if ship.large else 0.0) + 1.0
        large_ship = ship.large
    if action.get("discard") is not None:
        old = T.ships[T.ship_index[action.get("discard")]]
        value -= _ship_strength(old) + 1.0
    return "build", value - 0.6 * _pay_cost(state, action), large_ship


def _entry_value(state: st.RaceState, a: int, ship: Any, p: int, memo: dict[Any, Any]) -> float:
    T = state.T
    if a == st.A_LOAD:
        return 2.5 + 0.8 * ship.crate
    if a == st.A_SETTLE:
        spots = memo.get("spots")
        if spots is None:
            spots = memo["spots"] = len(state._settle_spots())
        return (2.0 * ship.settler + 2.0) if spots else float(ship.settler * T.new_england_points)
    if a == st.A_DELIVER:
        have = sum(state.goods[p])
        # a contract pays about two points a good; Antwerp a point a good, for as many goods as the reading lets
        # one ship take, worth it where goods have little else to buy (the last round)
        shipped = min(ship.crate, have) if T.antwerp_crate_limited else have
        keep = 0.1 if state.round >= T.rounds - 1 else 0.6
        return max(2.0 * min(ship.crate, have), shipped * (T.antwerp_points - keep))
    return 3.0 + 0.6 * ship.telescope


def _score_plan(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    if action.kind == "done":
        return 0.0
    ident = action.get("ship")
    key = ("ship", ident) if ident is not None else ("card", action.get("card"))
    value = memo.get(key)
    if value is None:
        value = memo[key] = _plan_value(state, key, memo)
    if action.get("captain") is not None and value > -1.0:
        value += 0.5
    return value  # type: ignore[no-any-return]


def _plan_value(state: st.RaceState, key: tuple[str, str], memo: dict[Any, Any]) -> float:
    """A ship (or charter card) sent to the action being planned: what it does there, less what it could do on an
    action still to plan, less a charter card's end-game points."""
    T = state.T
    p = state.cur
    a = state.ctx["act"]
    if key[0] == "ship":
        ship = T.ships[T.ship_index[key[1]]]
        card_cost = 0.0
    else:
        ship = T.cards[T.card_index[key[1]]].ship  # type: ignore[assignment]
        card_cost = float(T.final_card_points)
    here = _entry_value(state, a, ship, p, memo)
    if here <= 0:
        return -1.0
    limits = state.nat(p).action_max
    later = [_entry_value(state, b, ship, p, memo) for b in range(a + 1, 4) if len(state.assigned[p][b]) < limits[b]]
    return here - card_cost - 0.5 * max(later, default=0.0)


def _good_rank(state: st.RaceState, good: str) -> float:
    """How valuable a good is: its place in the load table (gold, the substitute, is the most valuable)."""
    g = state.T.goods.index(good)
    order = max(state.T.load_choices.values(), key=len)
    return float(order.index(g)) if g in order else 0.0


def _score_load(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    return _good_rank(state, action.get("good"))


def _score_keep(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    if action.kind == "done":
        return 0.0
    T = state.T
    card = T.cards[T.card_index[action.get("card")]]
    if card.ship is not None:
        return 2.0 + _ship_strength(card.ship) * 0.3
    return card.points + _goods_value(state, card.goods)


def _island_of_space(state: st.RaceState, sid: str) -> int:
    T = state.T
    return T.island_spaces[T.space_index[sid]].island


def _score_settle(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    T = state.T
    if action.kind in ("new_england", "skip"):
        return state.ctx.get("settlers", 1) * T.new_england_points + 0.1 if action.kind == "new_england" else 0.0
    s = T.space_index[action.get("space")]
    tile_index = state.space_tile[s]
    bonus_key = (tile_index, action.get("bonus"))
    value = memo.get(bonus_key)
    if value is None:
        bonus = T.island_tiles[tile_index].bonuses[int(action.get("bonus"))]
        value = memo[bonus_key] = bonus.points + _goods_value(state, bonus.goods) * 0.9
    island = T.island_spaces[s].island
    contest = memo.get(island)
    if contest is None:
        contest = memo[island] = _contest_value(state, island)
    return value + contest + 2.0


def _contest_value(state: st.RaceState, island: int) -> float:
    """Settling on ``island``: worth more where a majority is within reach and the island is close to scoring."""
    if state.island_scored[island]:
        return 0.0
    value = _place_value(state, "island", island, state.ctx.get("settlers", 1))
    return value + 1.0 / (1 + state.empty_spaces(island))


def _place_value(state: st.RaceState, kind: str, idx: int, added: int) -> float:
    """What ``added`` more markers of the player to move on island or city ``idx`` are worth for its bonuses: 1.5
    for the most markers, 0.5 plus the second bonus's share of the first for a place that scores the second bonus
    (tied for first, or alone next most, behind a tie for first only where the reading of ``first_place_tie``
    pays it), 0.5 for no bonus.

    Rules: end_phase.island_scoring.majority, end_phase.island_scoring.ties, end_phase.city_scoring.majority,
    end_phase.city_scoring.ties"""
    T = state.T
    p = state.cur
    counts = state.area_counts(kind, idx)
    mine = added
    top = 0
    leaders = 0
    for o, v in counts.items():  # (plain loops: this runs for every island a settle decision offers)
        if o == p:
            mine += v
        elif v > top:
            top, leaders = v, 1
        elif v == top and v > 0:
            leaders += 1
    if mine > top:
        return 1.5
    area = T.islands[idx] if kind == "island" else T.cities[idx]
    second = 0.5 + area.second / area.first
    if mine == top:  # tied for first: each tied player scores the second bonus
        return second
    if leaders > 1 and not (T.island_tie_next_second if kind == "island" else T.city_tie_next_second):
        return 0.5  # behind a tie for first nobody else scores a bonus, by the default reading
    for o, v in counts.items():
        if o != p and mine <= v < top and (o != st.NEUTRAL or T.neutral_second_place):
            return 0.5  # not alone next most
    return second


def _card_value(state: st.RaceState, action: Action, paused: str) -> float:
    """Playing a goods/points card now (during the decision ``paused``), against keeping it for its
    final-scoring points: points cards worth more than that, goods cards in the land phase when goods are short."""
    T = state.T
    card = T.cards[T.card_index[action.get("card")]]
    gain = card.points - T.final_card_points
    if gain > 0:
        return float(gain)
    if paused == "land" and any(card.goods) and sum(state.goods[state.cur]) < 2:
        return 0.1
    return gain - 0.5


def _score_card(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    if action.kind == "done":
        return 0.0
    return _card_value(state, action, state.ctx.get("paused", ""))


def _score_deliver(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    T = state.T
    if action.kind == "done":
        return 0.0
    ships = action.get("ships")
    if action.kind == "antwerp":
        return _antwerp_value(state, ships)
    c = state.contracts[int(action.get("slot"))]
    contract = T.contracts[c]
    city = T.contract_slots[int(action.get("slot"))]
    cube = memo.get(("city", city))
    if cube is None:  # a marker in the city, where there is room: its points, and the bonus place it holds
        room = len(state.city_cubes[city]) < T.cities[city].cube_spaces
        cube = memo["city", city] = 0.5 + _place_value(state, "city", city, 1) if room else 0.0
    return contract.points + cube - 0.8 * _pay_cost(state, action) - 0.3 * len(ships)


def _keep_value(state: st.RaceState, g: int) -> float:
    """What keeping one good of kind ``g`` is worth in points: contracts and ships pay for goods until the last
    round, when only a tie-break is left for them."""
    if state.round >= state.T.rounds - 1:
        return 0.1
    return 0.6 + 0.2 * _good_rank(state, state.T.goods[g])


def _antwerp_value(state: st.RaceState, ships: tuple[str, ...]) -> float:
    """Points a delivery to Antwerp with ``ships`` would bring, less what the goods shipped were worth kept.

    How many goods the ships may take is the reading's: their crates, or (``any_number``) every good held."""
    T = state.T
    p = state.cur
    goods = state.goods[p]
    if T.antwerp_crate_limited:
        crates = state.ctx["crates"]
        capacity = sum(c for entry, c in crates.items() if state.entry_id(entry) in ships)
    else:
        capacity = sum(goods)
    gains = sorted((T.antwerp_points - _keep_value(state, g) for g in range(len(goods)) for _ in range(goods[g])), reverse=True)
    return sum(v for v in gains[:capacity] if v > 0) - 0.3 * len(ships)


def _score_antwerp(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    if action.kind == "done":
        return 0.0
    # ship a good when its point beats keeping it; the least valuable goods first
    g = state.T.goods.index(action.get("good"))
    return state.T.antwerp_points - _keep_value(state, g)


def _score_discover(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    T = state.T
    if action.kind == "done":
        return 0.0
    tile = T.island_tiles[T.island_tile_index[action.get("tile")]]
    value = sum(b.points + _goods_value(state, b.goods) for b in tile.bonuses)
    island = _island_of_space(state, action.get("space"))
    return value + 2.0 + 1.0 / (1 + state.empty_spaces(island))


def _score_frame(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    T = state.T
    p = state.cur
    if action.kind == "skip":  # declining (where the reading allows it) is worth less than any reward
        return -1.0
    if action.get("card") is not None:
        card = T.objective_index[action.get("card")]
        now = state.objective_points(p, card)
        best = max(points for _, points in T.objectives[card].tiers)
        return now * 2 + best * 0.5
    if action.get("captain") is not None:
        order = {"extra_shipyard": 3, "extra_island": 5, "crate_bonus": 4, "sail_bonus": 2, "land_gold": 4.5}
        return order.get(T.captains[T.captain_index[action.get("captain")]].ability, 1)
    return _good_rank(state, action.get("good"))


def _score_frame_back(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    """Where a resolved frame marker goes, where the reading lets the player choose: behind the figure of every
    rival who has not reached it (that rival cannot reach it any more, or, where the reading of
    ``frame_marker_laps`` lets a marker count on a later lap, not before going round the track), else as far
    ahead of them as it can."""
    T = state.T
    m = state.ctx["frame"]
    target = int(action.get("space"))
    track = T.track_length
    value = 0.0
    for q in range(state.n):
        if q == state.cur or state.claimed[q] >> m & 1:
            continue
        figure = state.score[q] % track
        value += 1.0 if figure >= target else 0.1 * (target - figure)
    return value


def _score_objective(state: st.RaceState, action: Action, memo: dict[Any, Any]) -> float:
    T = state.T
    if action.kind == "done":
        return 0.0
    card = T.objective_index[action.get("card")]
    points = state.objective_points(state.cur, card)
    return points - T.final_objective_points - 1.2 * _pay_cost(state, action)


_SCORERS = {
    st.LAND: _score_land,
    st.PLAN: _score_plan,
    st.LOAD: _score_load,
    st.KEEP: _score_keep,
    st.SETTLE: _score_settle,
    st.SPAIN: _score_settle,
    st.DELIVER: _score_deliver,
    st.ANTWERP: _score_antwerp,
    st.DISCOVER: _score_discover,
    st.FRAME: _score_frame,
    st.FRAME_BACK: _score_frame_back,
    st.OBJECTIVE: _score_objective,
    st.CARD: _score_card,
}
