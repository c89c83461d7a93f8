"""Board areas, their spaces and the printed tables of Race to the New Found Land: rendered from the spec, do not edit.

Regenerate with ``rulespec generate engine race_to_the_new_found_land``.
"""

from typing import Any

#: area id → kind, component it is printed on, attributes, spaces ((space id, attributes), ...) in spec order
AREAS: dict[str, dict[str, Any]] = {
    'board.captain_space': {
        "kind": 'card_space',
        "on": 'board.game',
        "attributes": {'frame_marker': 'tile.frame_marker.m2', 'icon': 'pentagon'},
        "spaces": (
        ),
    },
    'board.compass_spaces': {
        "kind": 'compass_spaces',
        "on": 'board.game',
        "attributes": {'fill_order': 'highest_first'},
        "spaces": (
            ('board.compass_spaces.k1', {'number': 1}),
            ('board.compass_spaces.k2', {'number': 2}),
            ('board.compass_spaces.k3', {'number': 3}),
            ('board.compass_spaces.k4', {'number': 4}),
        ),
    },
    'board.compass_stack': {
        "kind": 'draw_space',
        "on": 'board.game',
        "attributes": {},
        "spaces": (
        ),
    },
    'board.contract_spaces': {
        "kind": 'contract_spaces',
        "on": 'board.game',
        "attributes": {'space_count': 9},
        "spaces": (
            ('board.contract_spaces.c1', {'city': 'city.stockholm'}),
            ('board.contract_spaces.c2', {'city': 'city.stockholm'}),
            ('board.contract_spaces.c3', {'city': 'city.stockholm'}),
            ('board.contract_spaces.c4', {'city': 'city.hamburg'}),
            ('board.contract_spaces.c5', {'city': 'city.hamburg'}),
            ('board.contract_spaces.c6', {'city': 'city.hamburg'}),
            ('board.contract_spaces.c7', {'city': 'city.venice'}),
            ('board.contract_spaces.c8', {'city': 'city.venice'}),
            ('board.contract_spaces.c9', {'city': 'city.venice'}),
        ),
    },
    'board.contract_stack': {
        "kind": 'draw_space',
        "on": 'board.game',
        "attributes": {},
        "spaces": (
        ),
    },
    'board.explorer_space': {
        "kind": 'draw_space',
        "on": 'board.game',
        "attributes": {'position': 'next to the telescope, bottom left'},
        "spaces": (
        ),
    },
    'board.fifty_hundred_pile': {
        "kind": 'card_space',
        "on": 'board.game',
        "attributes": {'order': 'descending'},
        "spaces": (
        ),
    },
    'board.goods_space': {
        "kind": 'goods_space',
        "on": 'board.game',
        "attributes": {
            'frame_marker': 'tile.frame_marker.m4',
            'goods_at_setup': ('good.wood', 'good.cloth', 'good.iron', 'good.gold'),
            'icon': 'triangle',
        },
        "spaces": (
        ),
    },
    'board.large_ship_stack': {
        "kind": 'draw_space',
        "on": 'board.game',
        "attributes": {},
        "spaces": (
        ),
    },
    'board.objective_space.circle': {
        "kind": 'card_space',
        "on": 'board.game',
        "attributes": {'frame_marker': 'tile.frame_marker.m3', 'icon': 'circle', 'stack_size': 5},
        "spaces": (
        ),
    },
    'board.objective_space.square': {
        "kind": 'card_space',
        "on": 'board.game',
        "attributes": {'frame_marker': 'tile.frame_marker.m1', 'icon': 'square', 'stack_size': 5},
        "spaces": (
        ),
    },
    'board.objective_space.star': {
        "kind": 'card_space',
        "on": 'board.game',
        "attributes": {'frame_marker': 'tile.frame_marker.m5', 'icon': 'star', 'stack_size': 5},
        "spaces": (
        ),
    },
    'board.one_x_stack': {
        "kind": 'draw_space',
        "on": 'board.game',
        "attributes": {},
        "spaces": (
        ),
    },
    'board.small_ship_stack': {
        "kind": 'draw_space',
        "on": 'board.game',
        "attributes": {},
        "spaces": (
        ),
    },
    'board.storage': {
        "kind": 'storage_board',
        "on": 'board.player',
        "attributes": {'side': 'back'},
        "spaces": (
            ('board.storage.start_cards', {}),
            ('board.storage.discards', {}),
        ),
    },
    'city.hamburg': {
        "kind": 'city',
        "on": 'board.game',
        "attributes": {'bonus_first': 6, 'bonus_second': 3, 'space_count': 3},
        "spaces": (
            ('city.hamburg.m1', {}),
            ('city.hamburg.m2', {}),
            ('city.hamburg.m3', {}),
        ),
    },
    'city.stockholm': {
        "kind": 'city',
        "on": 'board.game',
        "attributes": {'bonus_first': 8, 'bonus_second': 4, 'space_count': 5},
        "spaces": (
            ('city.stockholm.m1', {}),
            ('city.stockholm.m2', {}),
            ('city.stockholm.m3', {}),
            ('city.stockholm.m4', {}),
            ('city.stockholm.m5', {}),
        ),
    },
    'city.venice': {
        "kind": 'city',
        "on": 'board.game',
        "attributes": {'bonus_first': 7, 'bonus_second': 3, 'name_source': 'Venedig', 'space_count': 4},
        "spaces": (
            ('city.venice.m1', {}),
            ('city.venice.m2', {}),
            ('city.venice.m3', {}),
            ('city.venice.m4', {}),
        ),
    },
    'island.anticosti': {
        "kind": 'island',
        "on": 'board.game',
        "attributes": {'bonus_first': 6, 'bonus_second': 3, 'name_source': "Île d'Anticosti", 'space_count': 4},
        "spaces": (
            ('island.anticosti.s1', {'shape': 'shape_a'}),
            ('island.anticosti.s2', {'shape': 'shape_b'}),
            ('island.anticosti.s3', {'shape': 'shape_c'}),
            ('island.anticosti.s4', {'shape': 'shape_d'}),
        ),
    },
    'island.newfoundland': {
        "kind": 'island',
        "on": 'board.game',
        "attributes": {'bonus_first': 10, 'bonus_second': 5, 'space_count': 8},
        "spaces": (
            ('island.newfoundland.s1', {'shape': 'shape_a'}),
            ('island.newfoundland.s2', {'shape': 'shape_b'}),
            ('island.newfoundland.s3', {'shape': 'shape_c'}),
            ('island.newfoundland.s4', {'shape': 'shape_a'}),
            ('island.newfoundland.s5', {'shape': 'shape_d'}),
            ('island.newfoundland.s6', {'shape': 'shape_b'}),
            ('island.newfoundland.s7', {'shape': 'shape_a'}),
            ('island.newfoundland.s8', {'shape': 'shape_c'}),
        ),
    },
    'island.nova_scotia': {
        "kind": 'island',
        "on": 'board.game',
        "attributes": {'bonus_first': 8, 'bonus_second': 4, 'space_count': 7},
        "spaces": (
            ('island.nova_scotia.s1', {'shape': 'shape_a'}),
            ('island.nova_scotia.s2', {'shape': 'shape_b'}),
            ('island.nova_scotia.s3', {'shape': 'shape_c'}),
            ('island.nova_scotia.s4', {'shape': 'shape_d'}),
            ('island.nova_scotia.s5', {'shape': 'shape_a'}),
            ('island.nova_scotia.s6', {'shape': 'shape_b'}),
            ('island.nova_scotia.s7', {'shape': 'shape_c'}),
        ),
    },
    'island.prince_edward_island': {
        "kind": 'island',
        "on": 'board.game',
        "attributes": {'bonus_first': 7, 'bonus_second': 3, 'space_count': 5},
        "spaces": (
            ('island.prince_edward_island.s1', {'shape': 'shape_b'}),
            ('island.prince_edward_island.s2', {'shape': 'shape_a'}),
            ('island.prince_edward_island.s3', {'shape': 'shape_d'}),
            ('island.prince_edward_island.s4', {'shape': 'shape_b'}),
            ('island.prince_edward_island.s5', {'shape': 'shape_c'}),
        ),
    },
    'location.antwerp': {
        "kind": 'location',
        "on": 'board.game',
        "attributes": {'points_per_good': 1},
        "spaces": (
        ),
    },
    'location.new_england': {
        "kind": 'location',
        "on": 'board.game',
        "attributes": {'points_per_marker': 1},
        "spaces": (
        ),
    },
    'market.large_ships': {
        "kind": 'market',
        "on": 'board.game',
        "attributes": {'ship_size': 'large', 'space_count': 4},
        "spaces": (
            ('market.large_ships.p1', {}),
            ('market.large_ships.p2', {}),
            ('market.large_ships.p3', {}),
            ('market.large_ships.p4', {}),
        ),
    },
    'market.small_ships': {
        "kind": 'market',
        "on": 'board.game',
        "attributes": {'ship_size': 'small', 'space_count': 4},
        "spaces": (
            ('market.small_ships.p1', {}),
            ('market.small_ships.p2', {}),
            ('market.small_ships.p3', {}),
            ('market.small_ships.p4', {}),
        ),
    },
    'player_board.action_areas': {
        "kind": 'action_areas',
        "on": 'board.player',
        "attributes": {},
        "spaces": (
            (
                'player_board.action_areas.load',
                {'action': 'load', 'max_ships_attribute': 'max_ships_load', 'order': 1},
            ),
            (
                'player_board.action_areas.settle',
                {'action': 'settle', 'max_ships_attribute': 'max_ships_settle', 'order': 2},
            ),
            (
                'player_board.action_areas.deliver',
                {'action': 'deliver', 'max_ships_attribute': 'max_ships_deliver', 'order': 3},
            ),
            (
                'player_board.action_areas.discover',
                {'action': 'discover', 'max_ships_attribute': 'max_ships_discover', 'order': 4},
            ),
        ),
    },
    'player_board.expansions': {
        "kind": 'expansions',
        "on": 'board.player',
        "attributes": {'expansion_count': 2},
        "spaces": (
            (
                'player_board.expansions.shipyard',
                {'cost': ('good.cloth', 'good.iron'), 'unlocks': 'player_board.shipyards.y4'},
            ),
            ('player_board.expansions.unique', {'cost_per_nation': True}),
        ),
    },
    'player_board.goods_storage': {
        "kind": 'storage',
        "on": 'board.player',
        "attributes": {},
        "spaces": (
        ),
    },
    'player_board.shipyards': {
        "kind": 'shipyards',
        "on": 'board.player',
        "attributes": {'ships_per_shipyard': 1, 'starting_shipyards': 3},
        "spaces": (
            ('player_board.shipyards.y1', {'starting': True}),
            ('player_board.shipyards.y2', {'starting': True}),
            ('player_board.shipyards.y3', {'starting': True}),
            (
                'player_board.shipyards.y4',
                {'starting': False, 'unlocked_by': 'player_board.expansions.shipyard'},
            ),
        ),
    },
    'track.score': {
        "kind": 'track',
        "on": 'board.game',
        "attributes": {'frame_marker_spaces': (7, 15, 20, 25, 35), 'lap_length': 50, 'start_space': 0},
        "spaces": (
            ('track.score.s0', {'green': True, 'start': True}),
            (
                'track.score.s7',
                {
                    'frame_marker': 'tile.frame_marker.m1',
                    'icon': 'square',
                    'reward': 'objective_stack',
                },
            ),
            (
                'track.score.s15',
                {'frame_marker': 'tile.frame_marker.m2', 'icon': 'pentagon', 'reward': 'captain'},
            ),
            (
                'track.score.s20',
                {
                    'frame_marker': 'tile.frame_marker.m3',
                    'icon': 'circle',
                    'reward': 'objective_stack',
                },
            ),
            (
                'track.score.s25',
                {'frame_marker': 'tile.frame_marker.m4', 'icon': 'triangle', 'reward': 'good'},
            ),
            (
                'track.score.s35',
                {
                    'frame_marker': 'tile.frame_marker.m5',
                    'icon': 'star',
                    'reward': 'objective_stack',
                },
            ),
            ('track.score.s50', {'fifty_hundred_pile': True}),
        ),
    },
}

#: area ids in spec order (the order the board lists them)
AREA_ORDER: tuple[str, ...] = (
    'island.newfoundland',
    'island.anticosti',
    'island.nova_scotia',
    'island.prince_edward_island',
    'city.stockholm',
    'city.hamburg',
    'city.venice',
    'location.antwerp',
    'location.new_england',
    'board.contract_spaces',
    'board.contract_stack',
    'track.score',
    'board.compass_spaces',
    'board.compass_stack',
    'board.explorer_space',
    'board.small_ship_stack',
    'board.large_ship_stack',
    'market.small_ships',
    'market.large_ships',
    'board.one_x_stack',
    'board.objective_space.square',
    'board.objective_space.circle',
    'board.objective_space.star',
    'board.captain_space',
    'board.goods_space',
    'board.fifty_hundred_pile',
    'player_board.shipyards',
    'player_board.expansions',
    'player_board.goods_storage',
    'player_board.action_areas',
    'board.storage',
)

#: table id → columns and rows
TABLES: dict[str, dict[str, Any]] = {
    'cartography_chart': {
        "columns": ('players', 'island_tiles'),
        "rows": (
            (2, 3),
            (3, 2),
            (4, 2),
        ),
    },
    'load_table.england': {
        "columns": ('crate_at_least', 'good'),
        "rows": (
            (1, 'good.wood'),
            (2, 'good.cloth'),
            (3, 'good.iron'),
            (4, 'good.gold'),
        ),
    },
    'load_table.france': {
        "columns": ('crate_at_least', 'good'),
        "rows": (
            (1, 'good.wood'),
            (2, 'good.cloth'),
            (3, 'good.iron'),
            (4, 'good.gold'),
        ),
    },
    'load_table.netherlands': {
        "columns": ('crate_at_least', 'good'),
        "rows": (
            (1, 'good.wood'),
            (2, 'good.cloth'),
            (3, 'good.iron'),
            (4, 'good.gold'),
        ),
    },
    'load_table.portugal': {
        "columns": ('crate_at_least', 'good'),
        "rows": (
            (1, 'good.wood'),
            (2, 'good.cloth'),
            (3, 'good.iron'),
            (4, 'good.gold'),
        ),
    },
    'load_table.spain': {
        "columns": ('crate_at_least', 'good'),
        "rows": (
            (1, 'good.wood'),
            (2, 'good.cloth'),
            (3, 'good.iron'),
            (4, 'good.gold'),
        ),
    },
}
