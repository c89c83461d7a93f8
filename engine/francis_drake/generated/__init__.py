"""Tables of Francis Drake rendered from the spec (``rulespec/francis_drake``); do not edit.

Regenerate with ``rulespec generate engine francis_drake``; ``--check`` fails when these files are stale.
"""
