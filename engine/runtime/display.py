"""How a game shows itself to a human: the game-agnostic hook ``rulespec play`` calls.

The runtime knows no game, yet a player should read "Build small ship s11 paying 1 cloth, 1 wood", not
``build:ship=ship.small.regular.s11,pay=[good.cloth;good.wood]``. So a game's engine package may provide a
module ``engine.<game>.view`` with any of these functions (each is optional; a missing one falls back to the
generic form here, so a new game is playable before anyone writes its view):

``render(state, viewer) -> rich renderable``
    the board as ``viewer`` may see it (``-1``: public information only);
``render_brief(state, viewer) -> rich renderable``
    what ``viewer`` needs between two decisions of his own in a row (his panel and the part of the board the
    decision is about), so the whole board is not reprinted before each of ten planning choices;
``describe_action(state, action) -> str``
    one readable line for a legal action (also used to report what a bot did, so it is called *before* the
    action is applied);
``action_group(state, action) -> str``
    the heading an action is listed under when the list is long ("Build a ship", "Settle on Newfoundland");
``stage_prompt(state) -> str``
    what the player to move is deciding, in words ("Land phase: build ships or expand your harbour, or done");
``seat_label(state, seat) -> str``
    how a seat is called ("Portugal (seat 0)").

:func:`display_for` returns a :class:`Display` whose methods never raise for a missing hook. Nothing heavy is
imported here: ``rich`` only inside the fallback renderer.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from engine.runtime.api import Action, State

#: Lists of at most this many actions are shown flat; longer ones under group headings.
GROUP_THRESHOLD = 8


def humanize(ident: str) -> str:
    """``"island.prince_edward_island"`` → ``"Prince Edward Island"``: the last dotted part, words capitalised.

    Spec ids are lower-case snake case; this is the generic way to show one when a game gives no better name.
    Short joining words inside a name stay lower case ("Rio de la Hacha").
    """
    last = str(ident).rsplit(".", 1)[-1].split("#", 1)[0]
    words = [w for w in last.replace("-", "_").split("_") if w]
    small = {"de", "la", "del", "of", "the", "and", "da", "van", "von"}
    out = [w if (i and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words)]
    return " ".join(out) or str(ident)


_OBSERVED: dict[str, Any] = {}


def cached_observation(state: State, viewer: int) -> dict[str, Any]:
    """``state.observation(viewer)`` computed once per position: describing a list of 100 moves asks 100 times.

    One position is kept (the one on screen), keyed by the state object, its history length and last move.
    """
    history = state.history
    key = (id(state), len(history), history[-1] if history else None)
    if _OBSERVED.get("key") != key:
        _OBSERVED["key"] = key
        _OBSERVED["seen"] = {}
    seen = _OBSERVED["seen"]
    if viewer not in seen:
        seen[viewer] = state.observation(viewer)
    return seen[viewer]


def board_table(title: str, caption: str | None = None) -> Any:
    """A rich table for one area of a board: titled at the left, captioned at the left (a legend), with no
    padding at its edges so that two tables fit side by side at 80 columns."""
    from rich.table import Table

    return Table(
        title=title, title_justify="left", caption=caption, caption_justify="left", expand=False, pad_edge=False
    )


def _generic_describe(state: State, action: Action) -> str:
    return str(action)


def _generic_group(state: State, action: Action) -> str:
    return humanize(action.kind)


def _generic_prompt(state: State) -> str:
    obs = state.observation(state.current_player)
    stage = (obs.get("stage") or obs.get("phase")) if isinstance(obs, dict) else None
    return f"Choose a move ({humanize(str(stage))})" if stage else "Choose a move"


def _generic_seat(state: State, seat: int) -> str:
    return f"seat {seat}"


def _generic_render(state: State, viewer: int) -> Any:
    from rich.json import JSON

    return JSON(json.dumps(state.observation(viewer), default=str))


@dataclass(frozen=True)
class Display:
    """The display hooks of one game, each falling back to a generic form (see the module docstring)."""

    render: Callable[[State, int], Any] = _generic_render
    render_brief: Callable[[State, int], Any] | None = None
    describe_action: Callable[[State, Action], str] = _generic_describe
    action_group: Callable[[State, Action], str] = _generic_group
    stage_prompt: Callable[[State], str] = _generic_prompt
    seat_label: Callable[[State, int], str] = _generic_seat

    def brief(self, state: State, viewer: int) -> Any:
        """The short view between two decisions of one player in a row (the full board if the game has none)."""
        return (self.render_brief or self.render)(state, viewer)

    def describe(self, state: State, action: Action) -> str:
        """The readable line for ``action``; a hook that fails falls back to the raw form (play never stops)."""
        try:
            return str(self.describe_action(state, action))
        except Exception:  # a view bug must not end a game in progress
            return str(action)

    def group(self, state: State, action: Action) -> str:
        try:
            return str(self.action_group(state, action))
        except Exception:
            return humanize(action.kind)

    def prompt(self, state: State) -> str:
        try:
            return str(self.stage_prompt(state))
        except Exception:
            return "Choose a move"

    def seat(self, state: State, seat: int) -> str:
        try:
            return str(self.seat_label(state, seat))
        except Exception:
            return f"seat {seat}"


def _view_module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"engine.{game_id}.view")
    except ModuleNotFoundError as exc:
        if exc.name in (f"engine.{game_id}", f"engine.{game_id}.view"):
            return None
        raise


def display_for(game_id: str) -> Display:
    """The :class:`Display` of ``game_id``: its view module's hooks where it has them, generic ones elsewhere."""
    module = _view_module(game_id)
    if module is None:
        return Display()
    hooks = {
        name: getattr(module, name)
        for name in ("render", "render_brief", "describe_action", "action_group", "stage_prompt", "seat_label")
        if callable(getattr(module, name, None))
    }
    return Display(**hooks)
