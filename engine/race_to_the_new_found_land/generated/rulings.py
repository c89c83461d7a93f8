"""Ruling switches of Race to the New Found Land: where the editions disagree. Rendered from the spec, do not edit.

``RULINGS[ruling]["readings"][reading]`` holds the engine params of a reading; ``EDITION_READINGS[edition][ruling]``
names the reading an edition states (its default where the edition is silent). Regenerate with
``rulespec generate engine race_to_the_new_found_land``.
"""

from typing import Any

#: ruling id → default reading, the rules it touches, and reading id → params
RULINGS: dict[str, dict[str, Any]] = {
    'antwerp_capacity': {
        "default": 'crate_limited',
        "rules": ('actions.deliver.antwerp',),
        "readings": {
            'any_number': {'limited_by_crate_value': False, 'points_per_good': 1},
            'crate_limited': {'limited_by_crate_value': True, 'points_per_good': 1},
        },
    },
    'charter_ship_discard': {
        "default": 'after_action',
        "rules": ('planning.charter_ships',),
        "readings": {
            'after_action': {'discarded_after_action': True},
            'end_of_round': {'discarded_after_action': False},
        },
    },
    'contract_refill_timing': {
        "default": 'after_action',
        "rules": ('actions.deliver.refill',),
        "readings": {
            'after_action': {
                'contracts_displayed': 9,
                'refill_timing': 'after_player_action',
                'reshuffle_storage_board': True,
            },
            'after_each_contract': {
                'contracts_displayed': 9,
                'refill_timing': 'after_each_contract',
                'reshuffle_storage_board': True,
            },
        },
    },
    'fifty_card_trigger': {
        "default": 'beyond',
        "rules": ('end_phase.fifty_hundred',),
        "readings": {
            'beyond': {'first_threshold': 50, 'second_threshold': 100, 'trigger_on_reaching': False},
            'reach_or_pass': {'first_threshold': 50, 'second_threshold': 100, 'trigger_on_reaching': True},
        },
    },
    'first_place_tie': {
        "default": 'others_no_bonus',
        "rules": ('end_phase.island_scoring.ties', 'end_phase.city_scoring.ties'),
        "readings": {
            'next_still_second': {
                'tie_first': 'tied_get_second_bonus',
                'tie_first_others': 'next_most_second_bonus',
                'tie_second': 'no_bonus',
            },
            'others_no_bonus': {
                'tie_first': 'tied_get_second_bonus',
                'tie_first_others': 'no_bonus',
                'tie_second': 'no_bonus',
            },
        },
    },
    'frame_marker_blocking': {
        "default": 'before_occupied',
        "rules": ('frame_markers.blocking',),
        "readings": {
            'before_occupied': {
                'blocked_by': ('frame_marker', 'ship_figure'),
                'may_pass_occupied': False,
                'stops': 'before_occupied_space',
            },
            'on_occupied': {
                'blocked_by': ('frame_marker', 'ship_figure'),
                'may_pass_occupied': False,
                'stops': 'on_occupied_space',
            },
            'target_only': {
                'blocked_by': ('frame_marker', 'ship_figure'),
                'may_pass_occupied': True,
                'stops': 'before_occupied_space',
            },
        },
    },
    'frame_marker_laps': {
        "default": 'every_lap',
        "rules": ('frame_markers.once_per_player',),
        "readings": {
            'every_lap': {'counts_on_later_laps': True},
            'first_lap_only': {'counts_on_later_laps': False},
        },
    },
    'frame_marker_move_back': {
        "default": 'exactly_three',
        "rules": ('frame_markers.move_back',),
        "readings": {
            'exactly_three': {'move_back_max': 3, 'move_back_min': 3},
            'player_chooses': {'move_back_max': 3, 'move_back_min': 1},
        },
    },
    'frame_marker_removal': {
        "default": 'all_reached',
        "rules": ('frame_markers.removal',),
        "readings": {
            'all_passed': {'removal_condition': 'all_players_passed'},
            'all_reached': {'removal_condition': 'all_players_reached'},
        },
    },
    'frame_marker_timing': {
        "default": 'end_of_turn',
        "rules": ('frame_markers.timing',),
        "readings": {
            'end_of_turn': {'resolve_timing': 'end_of_turn', 'triggers_when_starting_on': False},
            'immediately': {'resolve_timing': 'immediately', 'triggers_when_starting_on': True},
        },
    },
    'frame_reward_optional': {
        "default": 'compulsory',
        "rules": ('frame_markers.choose',),
        "readings": {
            'compulsory': {'reward_optional': False},
            'optional': {'reward_optional': True},
        },
    },
    'gold_substitute': {
        "default": 'build_harbour_deliver',
        "rules": ('land.gold_substitute',),
        "readings": {
            'any_goods_cost': {
                'gold_count': 1,
                'gold_substitute_allowed': True,
                'gold_substitute_for': ('wood', 'cloth', 'iron'),
                'gold_substitute_in': ('build_ships', 'harbour_expansion', 'deliver', 'objective_cost'),
                'replaced_count': 1,
            },
            'build_harbour_deliver': {
                'gold_count': 1,
                'gold_substitute_allowed': True,
                'gold_substitute_for': ('wood', 'cloth', 'iron'),
                'gold_substitute_in': ('build_ships', 'harbour_expansion', 'deliver'),
                'replaced_count': 1,
            },
        },
    },
    'island_draw_stacks': {
        "default": 'one_stack',
        "rules": ('setup.islands',),
        "readings": {
            'one_stack': {'island_draw_stacks': 1},
            'several_stacks': {'island_draw_stacks': 'several'},
        },
    },
    'large_ship_market_side': {
        "default": 'back_up',
        "rules": ('setup.large_ships', 'land.build_ships'),
        "readings": {
            'back_up': {'large_ship_cost_printed_on': 'back', 'large_ship_market_face': 'back'},
            'face_up': {'large_ship_cost_printed_on': 'front', 'large_ship_market_face': 'front'},
        },
    },
    'neutral_majority': {
        "default": 'all_majorities',
        "rules": ('two_players.neutral_majority',),
        "readings": {
            'all_majorities': {
                'counts_for_first_place': True,
                'counts_for_second_place': True,
                'neutral_scores': False,
            },
            'most_only': {
                'counts_for_first_place': True,
                'counts_for_second_place': False,
                'neutral_scores': False,
            },
        },
    },
    'new_england_points': {
        "default": 'per_marker_not_placed',
        "rules": ('actions.settle.new_england',),
        "readings": {
            'per_marker_not_placed': {'per_ship': True, 'points_basis': 'markers_not_placed', 'points_per_unit': 1},
            'settler_value': {'per_ship': True, 'points_basis': 'settler_value', 'points_per_unit': 1},
        },
    },
    'scoring_advance': {
        "default": 'each_scoring',
        "rules": ('end_phase.island_scoring.sequence', 'end_phase.city_scoring.sequence'),
        "readings": {
            'each_scoring': {
                'advance_order': 'turn_order_from_start_player',
                'advance_per': 'each_scoring',
                'mark_with_good': True,
                'markers_remain': True,
                'several_order': 'highest_bonus_first',
            },
            'whole_step': {
                'advance_order': 'turn_order_from_start_player',
                'advance_per': 'whole_step',
                'mark_with_good': True,
                'markers_remain': True,
                'several_order': 'any',
            },
        },
    },
    'setup_island_placement_freedom': {
        "default": 'any_matching_space',
        "rules": ('setup.islands',),
        "readings": {
            'any_matching_space': {'setup_island_space_choice': 'placer', 'setup_rotation_stated': False},
            'orientation_free': {'setup_island_space_choice': 'unstated', 'setup_rotation_stated': True},
        },
    },
    'setup_unfit_island_tile': {
        "default": 'storage_board',
        "rules": ('setup.islands',),
        "readings": {
            'shuffle_back': {'unfit_island_tile': 'shuffle_back'},
            'storage_board': {'unfit_island_tile': 'storage_board'},
        },
    },
    'unused_starting_ships': {
        "default": 'into_draw_stack',
        "rules": ('setup.small_ships',),
        "readings": {
            'into_draw_stack': {'unused_starting_ships': 'draw_stack'},
            'out_of_game': {'unused_starting_ships': 'box'},
        },
    },
}

#: edition id → ruling id → reading id
EDITION_READINGS: dict[str, dict[str, str]] = {
    'de': {
        'antwerp_capacity': 'crate_limited',
        'charter_ship_discard': 'after_action',
        'contract_refill_timing': 'after_action',
        'fifty_card_trigger': 'beyond',
        'first_place_tie': 'others_no_bonus',
        'frame_marker_blocking': 'before_occupied',
        'frame_marker_laps': 'every_lap',
        'frame_marker_move_back': 'exactly_three',
        'frame_marker_removal': 'all_reached',
        'frame_marker_timing': 'end_of_turn',
        'frame_reward_optional': 'compulsory',
        'gold_substitute': 'build_harbour_deliver',
        'island_draw_stacks': 'one_stack',
        'large_ship_market_side': 'back_up',
        'neutral_majority': 'all_majorities',
        'new_england_points': 'per_marker_not_placed',
        'scoring_advance': 'each_scoring',
        'setup_island_placement_freedom': 'any_matching_space',
        'setup_unfit_island_tile': 'storage_board',
        'unused_starting_ships': 'into_draw_stack',
    },
    'en': {
        'antwerp_capacity': 'crate_limited',
        'charter_ship_discard': 'after_action',
        'contract_refill_timing': 'after_each_contract',
        'fifty_card_trigger': 'reach_or_pass',
        'first_place_tie': 'others_no_bonus',
        'frame_marker_blocking': 'target_only',
        'frame_marker_laps': 'every_lap',
        'frame_marker_move_back': 'exactly_three',
        'frame_marker_removal': 'all_reached',
        'frame_marker_timing': 'end_of_turn',
        'frame_reward_optional': 'optional',
        'gold_substitute': 'any_goods_cost',
        'island_draw_stacks': 'one_stack',
        'large_ship_market_side': 'back_up',
        'neutral_majority': 'all_majorities',
        'new_england_points': 'per_marker_not_placed',
        'scoring_advance': 'each_scoring',
        'setup_island_placement_freedom': 'orientation_free',
        'setup_unfit_island_tile': 'storage_board',
        'unused_starting_ships': 'into_draw_stack',
    },
    'en-zman': {
        'antwerp_capacity': 'any_number',
        'charter_ship_discard': 'after_action',
        'contract_refill_timing': 'after_action',
        'fifty_card_trigger': 'beyond',
        'first_place_tie': 'others_no_bonus',
        'frame_marker_blocking': 'on_occupied',
        'frame_marker_laps': 'every_lap',
        'frame_marker_move_back': 'exactly_three',
        'frame_marker_removal': 'all_passed',
        'frame_marker_timing': 'immediately',
        'frame_reward_optional': 'compulsory',
        'gold_substitute': 'build_harbour_deliver',
        'island_draw_stacks': 'one_stack',
        'large_ship_market_side': 'face_up',
        'neutral_majority': 'most_only',
        'new_england_points': 'settler_value',
        'scoring_advance': 'whole_step',
        'setup_island_placement_freedom': 'any_matching_space',
        'setup_unfit_island_tile': 'shuffle_back',
        'unused_starting_ships': 'into_draw_stack',
    },
    'nl': {
        'antwerp_capacity': 'crate_limited',
        'charter_ship_discard': 'after_action',
        'contract_refill_timing': 'after_action',
        'fifty_card_trigger': 'reach_or_pass',
        'first_place_tie': 'next_still_second',
        'frame_marker_blocking': 'before_occupied',
        'frame_marker_laps': 'every_lap',
        'frame_marker_move_back': 'exactly_three',
        'frame_marker_removal': 'all_reached',
        'frame_marker_timing': 'end_of_turn',
        'frame_reward_optional': 'compulsory',
        'gold_substitute': 'build_harbour_deliver',
        'island_draw_stacks': 'several_stacks',
        'large_ship_market_side': 'back_up',
        'neutral_majority': 'all_majorities',
        'new_england_points': 'per_marker_not_placed',
        'scoring_advance': 'each_scoring',
        'setup_island_placement_freedom': 'any_matching_space',
        'setup_unfit_island_tile': 'storage_board',
        'unused_starting_ships': 'into_draw_stack',
    },
}
