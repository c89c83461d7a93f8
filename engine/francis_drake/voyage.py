"""Setting up the game and each voyage, the end of a voyage (scoring, reset) and the end of the game."""

from __future__ import annotations

import random

from engine.francis_drake.data import Tables
from engine.francis_drake.model import OVER, PROVISION, STOCK_ITEMS, PlayerData, Table
from engine.francis_drake.scoring import score_end, score_voyage


def new_table(tables: Tables, players: int, seed: int) -> Table:
    """The game after setup: supply, players' pieces, starting order drawn from the cup, voyage 1 laid out.

    Rules: provisioning.starting_order"""
    supply = dict(sorted(tables.stock.items()))
    seats = [
        PlayerData(
            seat=seat,
            score=tables.start_score,
            stock=dict.fromkeys(STOCK_ITEMS, 0),
            commodities=dict.fromkeys(tables.commodities, 0),
            chest=dict.fromkeys(tables.treasures, 0),
            discs=tables.player_discs,
        )
        for seat in range(players)
    ]
    t = Table(tables=tables, players=seats, rng=random.Random(seed), supply=supply, voyage=tables.start_voyage)
    order = list(range(players))
    t.rng.shuffle(order)  # the Frigates drawn from a cup
    t.first_order = list(order)
    t.note("starting order " + ",".join(f"p{s}" for s in order))
    t.street = list(tables.street)  # voyage 1: the order printed on the board
    _start_voyage(t, order)
    return t


def _start_voyage(t: Table, order: list[int]) -> None:
    """Lay out a voyage: the starting order, the Spanish Galleons shuffled onto their icons, and on the first
    voyage the last player's compensation.

    Rules: reset.galleons, provisioning.last_player_gun"""
    t.start_order = order
    t.turn = 0
    t.phase = PROVISION
    counters = sorted(t.tables.galleon_counters)
    t.rng.shuffle(counters)
    t.galleons = dict(zip(t.tables.dests_of("galleon"), counters, strict=False))
    t.note("galleons " + ",".join(f"{d}={c}" for d, c in sorted(t.galleons.items())))
    if t.voyage in t.tables.last_player_grant_voyages:
        # Compensation for the last player in the starting order.
        last = order[-1]
        for item, amount in sorted(t.tables.last_player_grant.items()):
            t.take(last, item, amount)
        t.note(f"last player p{last} receives {t.tables.last_player_grant}")


def end_voyage(t: Table) -> None:
    """Steps G and H: score the voyage, then reset for the next one or end the game.

    Rules: game.voyages, reset.when"""
    score_voyage(t)
    t.records.append(
        {
            "voyage": t.voyage,
            "sailing_order": list(t.outbound),
            "homebound": list(t.homebound),
            "successes": {dest: list(seats) for dest, seats in sorted(t.successes.items())},
            "trades": {port: list(seats) for port, seats in sorted(t.trades.items())},
            "hero_bonus": [p.hero_bonus for p in t.players],
            "scores": [p.score for p in t.players],
        }
    )
    if t.voyage - t.tables.start_voyage + 1 >= t.tables.voyages:
        score_end(t)
        t.phase = OVER
        t.decider = -1
        t.note("game over")
        return
    _reset(t)


def _reset(t: Table) -> None:
    """Step H: everything but Commodities (and chests, scores) goes back; new starting order, street, galleons.

    Rules: reset.retained, reset.return_items, reset.player_pieces, reset.voyage_marker"""
    for player in t.players:
        for item in STOCK_ITEMS:
            t.supply[item] += player.stock[item]
            player.stock[item] = 0
        t.supply["pinnace"] = t.supply.get("pinnace", 0) + player.pinnace
        player.pinnace = 0
        player.counters = []
        player.galleon = player.golden_hind = player.ghost = False
        player.discs = t.tables.player_discs
        player.street_pos = -1
        player.pending = ""
        player.outbound = player.at_sea = False
        player.navigation = 0
        player.hand, player.unresolved, player.conquests = [], [], []
        player.hero_bonus = player.attacks = player.last_mission = 0
    for kind in t.treasure.values():
        t.supply[kind] += 1
    t.treasure = {}
    # Commodities left at a Trade Port stay there; the port is topped up when the next voyage is prepared.
    order = next_start_order(t)
    t.occupancy, t.missions, t.successes, t.trades = {}, {}, {}, {}
    t.troops, t.frigates, t.revealed = {}, {}, set()
    t.outbound, t.homebound, t.idle, t.queue = [], [], [], []
    t.qi = t.early_returns = 0
    t.turned = False
    t.knowledge = {}
    t.decider = -1
    t.voyage += 1
    t.street = shuffled_street(t)
    t.note("street " + ",".join(t.street))
    t.note("starting order " + ",".join(f"p{s}" for s in order))
    _start_voyage(t, order)


def next_start_order(t: Table) -> list[int]:
    """The next voyage's starting order: last on the score track first; players tied on score in their order at
    the start of the last voyage, or in the order their ships came home, by the reading of ``start_order_ties``.

    Rules: reset.starting_order, voyages.later"""
    previous = t.start_order if t.tables.start_order_tie_break == "last_start_order" else t.homebound
    return sorted(t.homebound, key=lambda s: (t.players[s].score, previous.index(s)))


def shuffled_street(t: Table) -> list[str]:
    """The Location Tiles shuffled over the first Locations; of each pair the better tile comes first.

    Rules: reset.location_tiles, game.location_tiles_change_order"""
    tables = t.tables
    tiles = list(tables.street[: tables.tile_count])
    t.rng.shuffle(tiles)
    for better, worse in tables.better_first_pairs:
        i, j = tiles.index(better), tiles.index(worse)
        if i > j:
            tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles + list(tables.street[tables.tile_count :])
