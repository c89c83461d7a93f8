"""Identity of Race to the New Found Land: players, editions. Rendered from the spec, do not edit.

Regenerate with ``rulespec generate engine race_to_the_new_found_land``.
"""

GAME_ID = 'race_to_the_new_found_land'
TITLE = 'Race to the New Found Land'
PLAYERS_MIN = 2
PLAYERS_MAX = 4
DEFAULT_EDITION = 'de'

#: edition ids in spec order
EDITIONS: tuple[str, ...] = ('en', 'en-zman', 'de', 'nl')
