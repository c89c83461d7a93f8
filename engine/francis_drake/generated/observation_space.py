"""Game parameters and observable pieces of Francis Drake, for the OpenSpiel and PettingZoo adapters.

Rendered from the spec, do not edit; regenerate with ``rulespec generate engine francis_drake``.
"""

from typing import Any

TITLE = 'Francis Drake'
PLAYERS_MIN = 3
PLAYERS_MAX = 5
EDITIONS = ('en',)
DEFAULT_EDITION = 'en'
#: ruling id → its readings (the edition chooses one; a game parameter may override it)
RULINGS: dict[str, tuple[str, ...]] = {
    'hero_bonus_places': ('keeps_place', 'qualified_only'),
    'start_order_ties': ('last_start_order', 'homebound_order'),
}

#: Every piece an observation names, by kind, in the order the tensor lays them out.
PIECES: dict[str, tuple[Any, ...]] = {
    "location": (
        'crew_1',
        'crew_2',
        'guns_1',
        'guns_2',
        'supplies_1',
        'supplies_2',
        'trade_goods',
        'tavern',
        'shipyard',
        'pinnace',
        'drake',
        'queen',
        'admiral',
        'governor',
        'informer',
        'golden_hind',
        'investor',
        'dockside',
    ),
    "destination": (
        'campeche',
        'cartagena',
        'galleon_1',
        'galleon_2',
        'galleon_3',
        'havana',
        'portobelo',
        'puerto_cabello',
        'rio_de_la_hacha',
        'san_juan',
        'santa_marta',
        'santiago_de_cuba',
        'santo_domingo',
        'veracruz',
    ),
    "commodity": ('indigo', 'sugar', 'coffee', 'tobacco'),
    "treasure": ('gold', 'jewels', 'silver'),
    "galleon_counter": ('guns_2', 'guns_3', 'guns_4'),
    "disc": ('1', '2', '3', '4', 'golden_hind', 'ghost'),
    # what a player holds for one voyage, and what the supply holds
    "stock_item": ('crew', 'guns', 'supplies', 'trade_goods'),
    "supply_item": (
        'coffee',
        'crew',
        'gold',
        'guns',
        'indigo',
        'jewels',
        'pinnace',
        'silver',
        'sugar',
        'supplies',
        'tobacco',
        'trade_goods',
    ),
    "personality": ('admiral', 'governor', 'informer'),
    "conquest_type": ('town', 'fort', 'galleon'),
}

#: The most circles a Location has, at any player count.
CIRCLES = 3
#: Voyages in a game.
VOYAGES = 3
