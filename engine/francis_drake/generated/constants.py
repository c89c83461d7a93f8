"""Constants of Francis Drake, generated from the spec rulespec/francis_drake — do not edit; run `rulespec generate engine francis_drake`."""

GAME_ID = 'francis_drake'
PLAYERS_MIN = 3
PLAYERS_MAX = 5
# game.voyages
VOYAGES = 3
# setup.scoring_markers
START_SCORE = 4
# setup.player_pieces
PLAYER_DISCS = 10
# sailing.sail.mission_discs: the numbered discs 1..n (the Golden Hind and the Ghost Ship are extra)
MISSION_NUMBERS = (1, 2, 3, 4)
# setup.player_pieces: the players' colours (the fifth is assumed: no example names it)
PLAYER_COLOURS = ('red', 'blue', 'yellow', 'green')
ASSUMED_COLOURS = ('white',)
# provisioning.last_player_gun
LAST_PLAYER_GRANT = {'guns': 1}
LAST_PLAYER_GRANT_VOYAGES = (1,)

# Components: what the supply (Plymouth Harbor Chart and box) holds at the start.
STOCK = {
    'coffee': 6,
    'crew': 28,
    'gold': 12,
    'guns': 28,
    'indigo': 3,
    'jewels': 9,
    'pinnace': 2,
    'silver': 12,
    'sugar': 6,
    'supplies': 21,
    'tobacco': 6,
    'trade_goods': 8,
}
COMMODITIES = ('indigo', 'sugar', 'coffee', 'tobacco')
TREASURES = ('gold', 'silver', 'jewels')

# Spanish counters (records of the components).
TROOP_COUNTERS = (0, 0, 1, 2)
FRIGATE_COUNTERS = (0, 1, 2)
GALLEON_COUNTERS = {'guns_2': {'guns': 2, 'vp': 6}, 'guns_3': {'guns': 3, 'vp': 8}, 'guns_4': {'guns': 4, 'vp': 10}}

# Plymouth Street: the printed order (voyage 1); the first TILE_COUNT Locations are tiles, shuffled later.
STREET = (
    'crew_1',
    'guns_1',
    'supplies_1',
    'trade_goods',
    'tavern',
    'crew_2',
    'shipyard',
    'pinnace',
    'drake',
    'guns_2',
    'queen',
    'admiral',
    'governor',
    'supplies_2',
    'informer',
    'golden_hind',
    'investor',
    'dockside',
)
TILE_COUNT = 16
# setup.location_pairs: of each pair the better tile (pair_rank 1) goes earlier on the street.
BETTER_FIRST_PAIRS = (('crew_1', 'crew_2'), ('guns_1', 'guns_2'), ('supplies_1', 'supplies_2'))

# Locations: per player count the circles' grants (Location Tiles records), the choice offered, the rules.
LOCATIONS = {
    'crew_1': {
        "circles": {
            3: ({'crew': 4}, {'crew': 3}, {'crew': 2}),
            4: ({'crew': 4}, {'crew': 3}, {'crew': 2}),
            5: ({'crew': 3}, {'crew': 3}, {'crew': 2}),
        },
        "max_players": {3: 3, 4: 3, 5: 3},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'crew_2': {
        "circles": {
            3: ({'crew': 3}, {'crew': 2}, {'crew': 1}),
            4: ({'crew': 3}, {'crew': 2}, {'crew': 1}),
            5: ({'crew': 2}, {'crew': 2}, {'crew': 1}),
        },
        "max_players": {3: 3, 4: 3, 5: 3},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'guns_1': {
        "circles": {
            3: ({'guns': 3}, {'guns': 2}, {'guns': 1}),
            4: ({'guns': 3}, {'guns': 2}, {'guns': 1}),
            5: ({'guns': 3}, {'guns': 2}, {'guns': 1}),
        },
        "max_players": {3: 3, 4: 3, 5: 3},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'guns_2': {
        "circles": {
            3: ({'guns': 2}, {'guns': 1}, {'guns': 1}),
            4: ({'guns': 2}, {'guns': 1}, {'guns': 1}),
            5: ({'guns': 2}, {'guns': 1}, {'guns': 1}),
        },
        "max_players": {3: 3, 4: 3, 5: 3},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'supplies_1': {
        "circles": {
            3: ({'supplies': 3}, {'supplies': 2}, {'supplies': 2}),
            4: ({'supplies': 3}, {'supplies': 2}, {'supplies': 1}),
            5: ({'supplies': 3}, {'supplies': 2}, {'supplies': 1}),
        },
        "max_players": {3: 3, 4: 3, 5: 3},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'supplies_2': {
        "circles": {
            3: ({'supplies': 2}, {'supplies': 2}, {'supplies': 1}),
            4: ({'supplies': 2}, {'supplies': 1}, {'supplies': 1}),
            5: ({'supplies': 2}, {'supplies': 1}, {'supplies': 1}),
        },
        "max_players": {3: 3, 4: 3, 5: 3},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'trade_goods': {
        "circles": {
            3: ({'trade_goods': 3}, {'trade_goods': 2}),
            4: ({'trade_goods': 2}, {'trade_goods': 2}),
            5: ({'trade_goods': 2}, {'trade_goods': 1}),
        },
        "max_players": {3: 2, 4: 2, 5: 2},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'tavern': {
        "circles": {
            3: ({'tavern_roll_modifier': 1}, {'tavern_roll_modifier': 0}),
            4: ({'tavern_roll_modifier': 1}, {'tavern_roll_modifier': 0}),
            5: ({'tavern_roll_modifier': 1}, {'tavern_roll_modifier': 0}),
        },
        "max_players": {3: 2, 4: 2, 5: 2},
        "options": (),
        "shared": False,
        "first_come": True,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'shipyard': {
        "circles": {
            3: ({'galleon': 1, 'guns': 1}, {'galleon': 1}),
            4: ({'galleon': 1, 'guns': 1}, {'galleon': 1}),
            5: ({'galleon': 1, 'guns': 1}, {'galleon': 1}),
        },
        "max_players": {3: 2, 4: 2, 5: 2},
        "options": (),
        "shared": False,
        "first_come": True,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'pinnace': {
        "circles": {
            3: ({'crew': 1, 'pinnace': 1}, {'pinnace': 1}),
            4: ({'crew': 1, 'pinnace': 1}, {'pinnace': 1}),
            5: ({'crew': 1, 'pinnace': 1}, {'pinnace': 1}),
        },
        "max_players": {3: 2, 4: 2, 5: 2},
        "options": (),
        "shared": False,
        "first_come": True,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'drake': {
        "circles": {
            3: ({}, {'crew': 2, 'guns': 2}),
            4: ({}, {'crew': 2, 'guns': 2}),
            5: ({}, {'crew': 2, 'guns': 2}),
        },
        "max_players": {3: 1, 4: 1, 5: 1},
        "options": ({'crew': 1}, {'guns': 1}),
        "shared": False,
        "first_come": False,
        "turns": 2,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'queen': {
        "circles": {
            3: ({'galleon': 1, 'guns': 1, 'trade_goods': 1},),
            4: ({'galleon': 1, 'guns': 1, 'trade_goods': 1},),
            5: ({'galleon': 1, 'guns': 1, 'trade_goods': 1},),
        },
        "max_players": {3: 1, 4: 1, 5: 1},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'admiral': {
        "circles": {
            3: ({'admiral': 1, 'spanish_frigate_counters': 3},),
            4: ({'admiral': 1, 'spanish_frigate_counters': 3},),
            5: ({'admiral': 1, 'spanish_frigate_counters': 3},),
        },
        "max_players": {3: 1, 4: 1, 5: 1},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'governor': {
        "circles": {
            3: ({'governor': 1, 'spanish_troop_counters': 4},),
            4: ({'governor': 1, 'spanish_troop_counters': 4},),
            5: ({'governor': 1, 'spanish_troop_counters': 4},),
        },
        "max_players": {3: 1, 4: 1, 5: 1},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'informer': {
        "circles": {
            3: ({'informer': 1, 'trade_goods': 1},),
            4: ({'informer': 1, 'trade_goods': 1},),
            5: ({'informer': 1, 'trade_goods': 1},),
        },
        "max_players": {3: 1, 4: 1, 5: 1},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'golden_hind': {
        "circles": {3: ({'golden_hind': 1},), 4: ({'golden_hind': 1},), 5: ({'golden_hind': 1},)},
        "max_players": {3: 1, 4: 1, 5: 1},
        "options": (),
        "shared": False,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
    'investor': {
        "circles": {3: ({},), 4: ({},), 5: ({},)},
        "max_players": {3: 5, 4: 5, 5: 5},
        "options": ({'crew': 1, 'guns': 2}, {'crew': 2, 'guns': 1}, {'galleon': 1}),
        "shared": True,
        "first_come": False,
        "turns": 1,
        "cost_vp": 4,
        "once_per_game": True,
    },
    'dockside': {
        "circles": {3: ({},), 4: ({},), 5: ({},)},
        "max_players": {3: 5, 4: 5, 5: 5},
        "options": ({'crew': 1}, {'guns': 1}, {'supplies': 1}),
        "shared": True,
        "first_come": False,
        "turns": 1,
        "cost_vp": 0,
        "once_per_game": False,
    },
}

# The Tavern chart (table.tavern) and its die (component die).
TAVERN_DIE_SIDES = 6
TAVERN_CREW = {1: 0, 2: 0, 3: 1, 4: 2, 5: 2, 6: 3, 7: 4}
TAVERN_GHOST_ROLLS = (1, 2)

# Destinations on the map of the Caribbean.
DESTINATIONS = {
    'puerto_cabello': {
        'circles': 2,
        'commodities': (),
        'guns': 0,
        'kind': 'town',
        'requires_galleon': False,
        'treasure': 'silver',
        'troops': 1,
        'vp': 2,
        'zone': 1,
    },
    'santa_marta': {
        'circles': 2,
        'commodities': (),
        'guns': 0,
        'kind': 'town',
        'requires_galleon': False,
        'treasure': 'silver',
        'troops': 1,
        'vp': 3,
        'zone': 2,
    },
    'rio_de_la_hacha': {
        'circles': 2,
        'commodities': (),
        'guns': 0,
        'kind': 'town',
        'requires_galleon': False,
        'treasure': 'gold',
        'troops': 1,
        'vp': 3,
        'zone': 2,
    },
    'campeche': {
        'circles': 2,
        'commodities': (),
        'guns': 0,
        'kind': 'town',
        'requires_galleon': False,
        'treasure': 'gold',
        'troops': 1,
        'vp': 4,
        'zone': 4,
    },
    'cartagena': {
        'circles': 2,
        'commodities': (),
        'guns': 1,
        'kind': 'fort',
        'requires_galleon': False,
        'treasure': 'silver',
        'troops': 2,
        'vp': 4,
        'zone': 2,
    },
    'portobelo': {
        'circles': 2,
        'commodities': (),
        'guns': 2,
        'kind': 'fort',
        'requires_galleon': False,
        'treasure': 'silver',
        'troops': 2,
        'vp': 5,
        'zone': 3,
    },
    'havana': {
        'circles': 2,
        'commodities': (),
        'guns': 2,
        'kind': 'fort',
        'requires_galleon': False,
        'treasure': 'gold',
        'troops': 3,
        'vp': 6,
        'zone': 3,
    },
    'veracruz': {
        'circles': 2,
        'commodities': (),
        'guns': 1,
        'kind': 'fort',
        'requires_galleon': False,
        'treasure': 'gold',
        'troops': 3,
        'vp': 5,
        'zone': 4,
    },
    'galleon_1': {
        'circles': 2,
        'commodities': (),
        'guns': 0,
        'kind': 'galleon',
        'requires_galleon': True,
        'treasure': 'jewels',
        'troops': 0,
        'vp': 0,
        'zone': 2,
    },
    'galleon_2': {
        'circles': 2,
        'commodities': (),
        'guns': 0,
        'kind': 'galleon',
        'requires_galleon': True,
        'treasure': 'jewels',
        'troops': 0,
        'vp': 0,
        'zone': 3,
    },
    'galleon_3': {
        'circles': 2,
        'commodities': (),
        'guns': 0,
        'kind': 'galleon',
        'requires_galleon': True,
        'treasure': 'jewels',
        'troops': 0,
        'vp': 0,
        'zone': 4,
    },
    'san_juan': {
        'circles': 3,
        'commodities': ('sugar', 'coffee', 'indigo'),
        'guns': 0,
        'kind': 'trade_port',
        'requires_galleon': False,
        'treasure': None,
        'troops': 0,
        'vp': 0,
        'zone': 1,
    },
    'santo_domingo': {
        'circles': 2,
        'commodities': ('sugar', 'tobacco'),
        'guns': 0,
        'kind': 'trade_port',
        'requires_galleon': False,
        'treasure': None,
        'troops': 0,
        'vp': 0,
        'zone': 1,
    },
    'santiago_de_cuba': {
        'circles': 2,
        'commodities': ('coffee', 'tobacco'),
        'guns': 0,
        'kind': 'trade_port',
        'requires_galleon': False,
        'treasure': None,
        'troops': 0,
        'vp': 0,
        'zone': 2,
    },
}

# Sailing Phase.
MAX_SUCCESSFUL_ATTACKS = 2
NAVIGATION_MAX = 4
SUPPLIES_PER_ZONE = 1
GOVERNOR_SWAP_PLACES = 1
CONQUEST_TYPES = ('town', 'fort', 'galleon')
HERO_BONUS = (2, 1)
HERO_MIN_SUCCESSES = 1
HERO_EARLY_BEFORE_MISSION = 4
UNCLAIMED_BONUS = {'admiral': {'treasure': 'gold', 'vp': 1}, 'governor': {'treasure': 'silver', 'vp': 1}}

# Scoring tables.
CONQUEST_VP = {1: 1, 2: 4, 3: 10}
COMMODITY_SET_VP = {1: 2, 2: 8, 3: 16, 4: 26}
TREASURE_VP = {'gold': 4, 'jewels': 5, 'silver': 3}

# sailing.heros_bonus: how the first and second back are counted.
HERO_RANKED_AMONG = 'early_returners'
HERO_UNQUALIFIED_KEEPS_PLACE = True
# end.tie_break
TIE_BREAK_LOWER_DOCK_WINS = True

# reset.starting_order: how players tied on score are ordered for the next voyage (ruling start_order_ties)
START_ORDER_TIE_BREAK = 'last_start_order'

# Editions and rulings a GameConfig may name.
EDITIONS = ('en',)
RULINGS = ('hero_bonus_places', 'start_order_ties')
# ruling → the rules it touches, its default reading, and reading → the params it sets (data.py overlays the
# chosen reading's params on those rules' values); edition → ruling → the reading the edition states
RULING_RULES = {
    'hero_bonus_places': ('sailing.heros_bonus',),
    'start_order_ties': ('reset.starting_order',),
}
RULING_DEFAULTS = {
    'hero_bonus_places': 'keeps_place',
    'start_order_ties': 'last_start_order',
}
RULING_READINGS = {
    'hero_bonus_places': {
        'keeps_place': {'unqualified_keeps_place': True},
        'qualified_only': {'unqualified_keeps_place': False},
    },
    'start_order_ties': {
        'homebound_order': {'tie_break': 'homebound_order'},
        'last_start_order': {'tie_break': 'last_start_order'},
    },
}
EDITION_READINGS = {
    'en': {
        'hero_bonus_places': 'keeps_place',
        'start_order_ties': 'last_start_order',
    },
}

# Small numbers of the rules the mechanics also read.
START_VOYAGE = 1
DISCS_PER_PLACEMENT = 1
COMMODITIES_PER_ICON = 1
INFORMER_SWAP_DISCS = 2
CREW_PER_TROOP = 1
GUNS_PER_GUN = 1
TRADE_GOODS_PER_TRADE = 1
COMMODITIES_PER_TRADE = 1
# sailing.attack.galleon / sailing.attack.fort
GALLEON_ATTACK_CREW = 0
PINNACE_IGNORES_FORT_GUNS = True
