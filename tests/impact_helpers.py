"""Find the ruling and reading a test needs by what its params say, not by its id or its current default.

Rulings are re-read as the rulebooks are studied: a default changes, a reading is dropped, a ruling is added. A
test that names ``frame_marker_move_back=player_chooses`` breaks at the next re-reading although the behaviour it
checks (a reading that lets the player choose how far a marker moves back) is still there. These helpers ask the
spec for "the reading whose ``move_back_min`` is below its ``move_back_max``" instead, and fail with a message
saying what was looked for when the spec no longer has it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.model import Ruling, load_spec

Params = dict[str, Any]


def ruling_with(game: str, param: str) -> Ruling:
    """The one ruling of ``game`` whose readings set ``param``."""
    found = [r for r in load_spec(game).rulings.values() if any(param in x.params for x in r.readings.values())]
    assert len(found) == 1, f"{game}: expected one ruling whose readings set {param!r}, found {[r.id for r in found]}"
    return found[0]


def reading_where(game: str, param: str, test: Callable[[Params], bool]) -> tuple[str, str]:
    """``(ruling id, reading id)``: the one reading of the ruling that sets ``param`` whose params pass ``test``."""
    ruling = ruling_with(game, param)
    found = [x.id for x in ruling.readings.values() if test(x.params)]
    assert len(found) == 1, f"{game}: {ruling.id}: expected one reading of {param!r} as asked, found {found}"
    return ruling.id, found[0]


def choice_of_distance(params: Params) -> bool:
    """A frame marker's move back is the player's choice: the shortest move is shorter than the longest."""
    return int(params["move_back_min"]) < int(params["move_back_max"])


def fixed_distance(params: Params) -> bool:
    """A frame marker always moves back the same distance (fewer spaces only when blocked)."""
    return int(params["move_back_min"]) == int(params["move_back_max"])


def non_default_readings(game: str, ruling_id: str) -> list[str]:
    """The readings of ``ruling_id`` a sweep compares with its default, in spec order."""
    ruling = load_spec(game).rulings[ruling_id]
    return [x for x in ruling.readings if x != ruling.default]
