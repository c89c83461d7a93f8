"""Sailing Phase steps E–F: resolving missions one disc at a time, and returning to Plymouth.

The queue (built when the discs turn over) is the Golden Hind disc, then every Mission 1 disc in Sailing
Order, then every Mission 2 disc … — which is also each destination's arrival order, so a destination's
"only so many successful attacks" limit is checked when a disc's turn comes.

Action forms (``Table.decider`` moves):

* ``attack`` — attack the destination of the current disc. Offered when a success slot is free, the ship can
  attack it (a Galleon for Spanish Galleons) and the player can pay what is publicly known of the defence
  (a face-down counter counts as 0). If the counter turns out too strong the attack fails: the counter stays
  face-up, nothing is paid and the disc goes back.
* ``trade:good=<commodity>`` — at a Trade Port: one Trade Goods for one Commodity left there.
* ``pass`` — take the disc back. When ``pass`` is the only move it is played automatically.
* after a mission, while discs remain on the map: ``return_home`` (early, with the hero's bonus) or ``sail_on``.
"""

from __future__ import annotations

from engine.francis_drake.model import GOLDEN_HIND, RESOLVE, RETURN, Table
from engine.francis_drake.voyage import end_voyage
from engine.runtime.api import Action

PASS = Action.make("pass")
RETURN_HOME = Action.make("return_home")
SAIL_ON = Action.make("sail_on")


def start_resolution(t: Table) -> None:
    """Step E: players without a disc on the map cannot sail; then resolve the queue."""
    for seat in t.outbound:
        player = t.players[seat]
        player.at_sea = bool(player.unresolved)
        if not player.at_sea:
            t.idle.append(seat)
    advance(t)


def requirement(t: Table, seat: int, dest_id: str, known_only: bool) -> tuple[int, int]:
    """Crew and Guns an attack on ``dest_id`` costs ``seat`` (``known_only``: face-down counters count 0).

    Rules: sailing.resolve.cost, sailing.attack.town, sailing.attack.fort, sailing.attack.galleon,
    game.destination_values"""
    dest = t.tables.destinations[dest_id]
    hidden = known_only and dest_id not in t.revealed
    if dest.kind == "galleon":
        counter = t.tables.galleon_counters[t.galleons[dest_id]]
        extra = 0 if hidden else t.frigates.get(dest_id, 0)
        return t.tables.galleon_attack_crew, (counter["guns"] + extra) * t.tables.guns_per_gun
    troops = dest.troops
    guns = dest.guns
    if dest.kind == "fort":
        troops += 0 if hidden else t.troops.get(dest_id, 0)
        if t.players[seat].pinnace and t.tables.pinnace_ignores_fort_guns:
            guns = 0  # a Pinnace lands the crew behind the fort: its guns are ignored
    return troops * t.tables.crew_per_troop, guns * t.tables.guns_per_gun


def attack_vp(t: Table, dest_id: str) -> int:
    dest = t.tables.destinations[dest_id]
    if dest.kind == "galleon":
        return t.tables.galleon_counters[t.galleons[dest_id]]["vp"]
    return dest.vp


def current_disc(t: Table) -> tuple[int, str, str]:
    seat, disc = t.queue[t.qi]
    return seat, disc, t.disc_at(seat)[disc]


def mission_actions(t: Table) -> list[Action]:
    """Moves for the disc whose turn it is.

    Rules: sailing.attack_limit, sailing.attack.galleon, sailing.trade, sailing.resolve.pass, game.destinations"""
    seat, _, dest_id = current_disc(t)
    player = t.players[seat]
    dest = t.tables.destinations[dest_id]
    actions: list[Action] = []
    if dest.kind == "trade_port":
        cost = t.tables.trade_goods_per_trade
        if len(t.trades.get(dest_id, [])) < dest.circles and player.stock["trade_goods"] >= cost:
            actions = [Action.make("trade", good=good) for good in sorted(set(t.port_goods.get(dest_id, [])))]
    elif dest.kind in t.tables.conquest_types:
        crew, guns = requirement(t, seat, dest_id, known_only=True)
        slot_free = len(t.successes.get(dest_id, [])) < t.tables.max_successful_attacks
        ship_ok = not dest.requires_galleon or player.galleon
        if slot_free and ship_ok and player.stock["crew"] >= crew and player.stock["guns"] >= guns:
            actions = [Action.make("attack")]
    return [*actions, PASS]


def apply_mission(t: Table, action: Action) -> None:
    """Play the move for the current disc: an attack, a trade (one Trade Goods for one Commodity) or taking the
    disc back.

    Rules: sailing.trade, sailing.resolve.pass, sailing.resolve.failed"""
    seat, disc, dest_id = current_disc(t)
    player = t.players[seat]
    dest = t.tables.destinations[dest_id]
    keep_disc = False
    if action.kind == "attack":
        keep_disc = _attack(t, seat, dest_id)
    elif action.kind == "trade":
        good = str(action.get("good"))
        t.give_back(seat, "trade_goods", t.tables.trade_goods_per_trade)
        got = min(t.tables.commodities_per_trade, t.port_goods[dest_id].count(good))
        for _ in range(got):
            t.port_goods[dest_id].remove(good)
        player.commodities[good] = player.commodities.get(good, 0) + got
        t.trades.setdefault(dest_id, []).append(seat)
        t.note(f"p{seat} trades for {good} at {dest_id}")
        keep_disc = True
    else:
        t.note(f"p{seat} takes back his disc at {dest.id}")
    player.unresolved.remove(disc)
    player.last_mission = 0 if disc == GOLDEN_HIND else int(disc)
    if not keep_disc:
        t.missions[dest_id].remove((seat, disc))
    _after_mission(t, seat)


def _attack(t: Table, seat: int, dest_id: str) -> bool:
    """Resolve an attack; ``True`` if it succeeded (the disc stays face-down on the destination).

    Rules: sailing.resolve.success, sailing.resolve.failed, sailing.resolve.cost"""
    player = t.players[seat]
    dest = t.tables.destinations[dest_id]
    if dest.kind in ("fort", "galleon") and dest_id not in t.revealed:
        t.revealed.add(dest_id)
        t.note(f"counter at {dest_id} turned over")
    crew, guns = requirement(t, seat, dest_id, known_only=False)
    if player.stock["crew"] < crew or player.stock["guns"] < guns:
        t.note(f"p{seat} cannot beat the defence of {dest_id}")
        return False
    t.give_back(seat, "crew", crew)
    t.give_back(seat, "guns", guns)
    vp = attack_vp(t, dest_id)
    player.score += vp
    player.attacks += 1
    if dest.kind not in player.conquests:
        player.conquests.append(dest.kind)
    winners = t.successes.setdefault(dest_id, [])
    winners.append(seat)
    booty = ""
    if len(winners) == 1 and dest_id in t.treasure:
        kind = t.treasure.pop(dest_id)
        player.chest[kind] = player.chest.get(kind, 0) + 1
        booty = f" and the {kind}"
    t.note(f"p{seat} attacks {dest_id} for {vp} VP{booty}")
    return True


def _after_mission(t: Table, seat: int) -> None:
    """After a mission: home when no disc is left, else the player chooses to return early or sail on.

    Rules: sailing.return"""
    player = t.players[seat]
    if not player.unresolved:
        go_home(t, seat)
        t.qi += 1
        advance(t)
        return
    t.phase = RETURN
    t.decider = seat


def apply_return(t: Table, action: Action) -> None:
    seat = t.decider
    if action.kind == "return_home":
        go_home(t, seat)
    t.qi += 1
    advance(t)


def go_home(t: Table, seat: int) -> None:
    """Step F: sail to the first empty Homebound Dock, taking back unused discs.

    A return before the mission number ``hero_early_before_mission`` is early. The first and second players
    back (counted among the early returners, or among all returners, per ``hero_ranked_among``) earn the
    hero's bonus if they attacked successfully at least ``hero_min_successes`` times; whether a returner
    without one still takes a place in that count is ``hero_unqualified_keeps_place``.

    Rules: sailing.return, sailing.heros_bonus
    """
    tables = t.tables
    player = t.players[seat]
    early = player.last_mission < tables.hero_early_before_mission
    for disc in player.unresolved:
        dest = t.disc_at(seat)[disc]
        t.missions[dest].remove((seat, disc))
    player.unresolved = []
    player.at_sea = False
    t.homebound.append(seat)
    counted = early or tables.hero_ranked_among != "early_returners"
    qualified = player.attacks >= tables.hero_min_successes
    bonus = 0
    if counted and (qualified or tables.hero_unqualified_keeps_place):
        rank = t.early_returns
        t.early_returns += 1
        if early and qualified and rank < len(tables.hero_bonus):
            bonus = tables.hero_bonus[rank]
            player.score += bonus
            player.hero_bonus = bonus
    t.note(f"p{seat} returns to dock {len(t.homebound)}" + (f", hero's bonus {bonus}" if bonus else ""))


def advance(t: Table) -> None:
    """Run the queue until a player must decide; at its end every ship is home and the voyage is scored.

    Rules: sailing.resolve.order"""
    while t.qi < len(t.queue):
        seat, disc = t.queue[t.qi]
        player = t.players[seat]
        if not player.at_sea or disc not in player.unresolved:
            t.qi += 1
            continue
        t.phase = RESOLVE
        t.decider = seat
        if mission_actions(t) == [PASS]:
            apply_mission(t, PASS)
            return
        return
    for seat in t.idle:
        # Assumed: a ship that could not sail lies behind the returning ones in the Homebound Docks.
        t.homebound.append(seat)
        t.note(f"p{seat} did not sail; dock {len(t.homebound)}")
    end_voyage(t)
