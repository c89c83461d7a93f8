"""The most decisions a game of Race to the New Found Land can pose: a finite bound from the spec's numbers.

Learning libraries ask for it before a game starts (OpenSpiel's ``max_game_length``). The bound counts, for
every loop of the flow in :mod:`engine.race_to_the_new_found_land.state`, what ends it: a player's land turn
builds at most as many ships as the two markets show (they refill after his turn) besides his two expansions and
his cards; every 1x card played takes two decisions (the entry that opens the choice, then the card: the
adapters leave out closing it unplayed, see :mod:`engine.adapters.codes`); planning assigns at most a nation's
most ships per action; every delivery sails at least one ship; every good shipped to Antwerp is one the player
gained, and goods are gained only from income, captains, loads, cards, island bonuses and the frame-marker
goods, each bounded per round; every frame marker is claimed at most once per player. It is far above what games
reach (about 200 decisions with four players), and only has to be an upper bound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.race_to_the_new_found_land.game import RaceGame


def max_decisions(game: RaceGame) -> int:
    """An upper bound on the decisions of one game of ``game`` (its tables hold the player count and rulings)."""
    T = game.tables
    n, rounds = T.players, T.rounds
    most = [max(nat.action_max[a] for nat in T.nations) for a in range(len(T.actions))]
    keep_extra = max((nat.expansion_amount for nat in T.nations if nat.expansion == "keep_extra_card"), default=0)
    keeps = T.cards_kept + keep_extra
    hand = 1 + rounds * keeps  # "1x" cards a player ever holds: his start card and those kept from loads
    extra_island = max((c.amount for c in T.captains if c.ability == "extra_island"), default=0)
    settle_extra = max((nat.expansion_amount for nat in T.nations if nat.expansion == "settle_extra_cube"), default=0)
    tile_goods = max((sum(sum(b.goods) for b in tile.bonuses) for tile in T.island_tiles), default=0)
    bonus_goods = max((sum(b.goods) for tile in T.island_tiles for b in tile.bonuses), default=0)
    captain_goods = sum(sum(c.immediate_goods) for c in T.captains) + rounds * sum(T.captain_land_goods)
    card_goods = max((sum(c.goods) for c in T.cards), default=0)
    goods = (
        sum(T.start_goods)
        + rounds * (sum(T.income) + T.load_goods + (most[1] + settle_extra) * bonus_goods + (most[3] + extra_island) * tile_goods)
        + captain_goods
        + hand * card_goods
        + sum(T.frame_goods)
    )
    per_round = (
        (T.market_small + T.market_large) + 2 + 1  # land: builds, expansions, done
        + sum(most) + len(T.actions)  # planning: an entry per ship, then done, per action
        + 1 + keeps  # load: the good, the cards kept
        + most[1] + 1  # settle: one per ship, Spain's extra cube
        + most[2] + 1  # deliver: each delivery sails a ship, then done
        + most[3] + extra_island + 1  # discover: one per ship, the captain's extra tile, done
        + len(T.objectives) + 1  # objectives: each card once, then done
    )  # fmt: skip
    # plays of 1x cards (each the play_card entry, then the card: the adapters offer no way to open the choice
    # and close it unplayed), frame rewards and moves, Antwerp goods
    per_game = rounds * per_round + 2 * hand + 2 * len(T.frames) + goods
    charts = T.setup_compass_per_player * n + rounds * T.cartography_compass * max(T.cartography.values())
    return n * per_game + charts
