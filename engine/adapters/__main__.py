"""``python -m engine.adapters GAME``: print a game's action-code table (first code, size, what it chooses) and N.

(Not in :mod:`engine.adapters.codes` itself: a module compiled with mypyc cannot be run with ``-m``.)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.adapters.codes import action_codes
from engine.adapters.profile import adapted_games


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print(f"usage: python -m engine.adapters GAME   (games: {', '.join(adapted_games())})", file=sys.stderr)
        return 2
    if args[0] not in adapted_games():
        print(f"error: no action codes for game {args[0]!r}; known: {', '.join(adapted_games())}", file=sys.stderr)
        return 2
    codes = action_codes(args[0])
    for first, size, what in codes.table():
        print(f"{first:6d} {size:6d}  {what}")
    print(f"N = {codes.size}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
