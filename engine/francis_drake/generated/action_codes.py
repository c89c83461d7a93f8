"""Action codes of Francis Drake: every engine action as integers 0 … N-1. Rendered from the spec, do not edit.

Read by :mod:`engine.adapters.codes`, whose docstring explains the layout. Regenerate with
``rulespec generate engine francis_drake``; ``python -m engine.adapters francis_drake`` prints the table.
"""

from typing import Any

#: Value domains: name → values in code order.
DOMAINS: dict[str, tuple[Any, ...]] = {
    # the Locations of Plymouth Street
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
    # a Location's circles, numbered from 1
    "circle": (1, 2, 3),
    # the choices a Location offers, labelled by their grant (items and amounts, sorted)
    "take": ('crew1', 'crew1_guns2', 'crew2_guns1', 'galleon1', 'guns1', 'supplies1'),
    # the Mission Discs: the numbered ones, the Golden Hind and the Ghost Ship
    "disc": ('1', '2', '3', '4', 'golden_hind', 'ghost'),
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
    # the values of the Spanish counters (one counter face-down per galleon destination / fort)
    "frigate_value": (0, 1, 2),
    "troop_value": (0, 1, 2),
    "commodity": ('indigo', 'sugar', 'coffee', 'tobacco'),
    # the Informer may also decline
    "informer_choice": ('pass',),
}

#: Action kind → its steps; a step lists its fields ("argument:domain"; "?" first: may be absent).
KINDS: dict[str, tuple[tuple[Any, ...], ...]] = {
    # provisioning: a Location, its circle where circles differ, its choice where it offers one
    "place": (("loc:location", ("?", "circle:circle"), ("?", "take:take")),),
    "sail": (),
    # the Admiral's counters, one per galleon destination; the Governor's, one per fort (sorted destinations)
    "frigates": (('values[0]:frigate_value', 'values[1]:frigate_value', 'values[2]:frigate_value'),),
    "troops": (('values[0]:troop_value', 'values[1]:troop_value', 'values[2]:troop_value', 'values[3]:troop_value'),),
    "mission": (("disc:disc", "dest:destination"),),
    "informer": ((("look:destination", "inspect:destination", "choice:informer_choice"),),),
    "informer_swap": (("a:disc", "b:disc"),),
    "informer_move": (("to:destination",),),
    "informer_keep": (),
    "attack": (),
    "trade": (("good:commodity",),),
    "pass": (),
    "return_home": (),
    "sail_on": (),
}

#: Arguments hidden from the other players when an action is played: the number of a Mission Disc laid
#: face-down (and of the discs the Informer swaps), and the values of the Spanish counters laid face-down.
PRIVATE: dict[str, tuple[str, ...]] = {
    "mission": ("disc",),
    "informer_swap": ("a", "b"),
    "frigates": ("values",),
    "troops": ("values",),
}
