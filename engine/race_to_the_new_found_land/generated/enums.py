"""Enumerations of Race to the New Found Land: phases, actions, end-phase steps, goods, nations, editions, variants and
rulings, as the spec names them. Rendered from the spec, do not edit.

Regenerate with ``rulespec generate engine race_to_the_new_found_land``.
"""

from enum import Enum


class Phase(str, Enum):
    """The phases of a round, in order (rule ``overview.phases``)."""

    LAND = 'land'
    PLANNING = 'planning'
    ACTION = 'action'
    END = 'end'


class ActionKind(str, Enum):
    """The four actions, in planning and action order (rule ``overview.actions``)."""

    LOAD = 'load'
    SETTLE = 'settle'
    DELIVER = 'deliver'
    DISCOVER = 'discover'


class EndPhaseStep(str, Enum):
    """The steps of the end phase, in order (rule ``end_phase.steps``)."""

    CARTOGRAPHY = 'cartography'
    ISLAND_SCORING = 'island_scoring'
    CITY_SCORING = 'city_scoring'
    OBJECTIVES = 'objectives'
    START_PLAYER = 'start_player'


class Good(str, Enum):
    """The goods (resource components)."""

    CLOTH = 'good.cloth'
    WOOD = 'good.wood'
    IRON = 'good.iron'
    GOLD = 'good.gold'


class Nation(str, Enum):
    """The player boards' nations."""

    PORTUGAL = 'nation.portugal'
    SPAIN = 'nation.spain'
    FRANCE = 'nation.france'
    NETHERLANDS = 'nation.netherlands'
    ENGLAND = 'nation.england'


class Edition(str, Enum):
    """The editions whose texts the spec cites."""

    EN = 'en'
    EN_ZMAN = 'en-zman'
    DE = 'de'
    NL = 'nl'


class Variant(str, Enum):
    """Optional variants."""

    HIGHER_FRAME_MARKERS = 'higher_frame_markers'


class Ruling(str, Enum):
    """Points where the editions disagree (see ``rulings.RULINGS`` for their readings)."""

    ANTWERP_CAPACITY = 'antwerp_capacity'
    CHARTER_SHIP_DISCARD = 'charter_ship_discard'
    CONTRACT_REFILL_TIMING = 'contract_refill_timing'
    FIFTY_CARD_TRIGGER = 'fifty_card_trigger'
    FIRST_PLACE_TIE = 'first_place_tie'
    FRAME_MARKER_BLOCKING = 'frame_marker_blocking'
    FRAME_MARKER_LAPS = 'frame_marker_laps'
    FRAME_MARKER_MOVE_BACK = 'frame_marker_move_back'
    FRAME_MARKER_REMOVAL = 'frame_marker_removal'
    FRAME_MARKER_TIMING = 'frame_marker_timing'
    FRAME_REWARD_OPTIONAL = 'frame_reward_optional'
    GOLD_SUBSTITUTE = 'gold_substitute'
    ISLAND_DRAW_STACKS = 'island_draw_stacks'
    LARGE_SHIP_MARKET_SIDE = 'large_ship_market_side'
    NEUTRAL_MAJORITY = 'neutral_majority'
    NEW_ENGLAND_POINTS = 'new_england_points'
    SCORING_ADVANCE = 'scoring_advance'
    SETUP_ISLAND_PLACEMENT_FREEDOM = 'setup_island_placement_freedom'
    SETUP_UNFIT_ISLAND_TILE = 'setup_unfit_island_tile'
    UNUSED_STARTING_SHIPS = 'unused_starting_ships'
