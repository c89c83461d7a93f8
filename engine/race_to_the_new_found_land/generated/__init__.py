"""Tables of Race to the New Found Land rendered from the spec (``rulespec/race_to_the_new_found_land``); do not edit.

Regenerate with ``rulespec generate engine race_to_the_new_found_land``; ``--check`` fails when these files are stale.
"""
