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
``public_action(state, action) -> str``
    the same move as the other players see it when it is reported (a face-down disc's number left out);
    ``describe_action`` where the game has no hidden moves;
``action_group(state, action) -> str``
    the heading an action is listed under when the list is long ("Build a ship", "Settle on Newfoundland");
``stage_prompt(state) -> str``
    what the player to move is deciding, in words ("Land phase: build ships or expand your harbour, or done");
``seat_label(state, seat) -> str``
    how a seat is called ("Portugal (seat 0)");
``seat_colour(state, seat) -> str | None``
    the colour a seat plays (a rich colour name such as ``"red"``), so its name is printed in it;
``fold_action(state, action) -> tuple[str, str] | None``
    ``(line, variant)`` when a move is one of several ways to do the same thing (the same ship paid with gold
    or with wood): the moves sharing a ``line`` are listed once, and choosing that line lists the variants;
``explain_move(state, action) -> Callable[[State], MoveReport]``
    called *before* a move is applied; the function it returns is called *after* and says what happened
    (a counter turned over, what an attack cost) and where every point of the move came from (a
    :class:`MoveReport`), so the final scores can be itemised;
``why_not(state, words) -> str | None``
    why no legal move matches what the player typed ("Ships are built in your land phase; now: planning").

:func:`display_for` returns a :class:`Display` whose methods never raise for a missing hook. Nothing heavy is
imported here: ``rich`` only inside the fallback renderer.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class ScoreItem:
    """Points one move gave (or cost) one seat, by where they came from ("contracts", "50/100 card").

    ``period`` groups items into a stage of the game worth summing on its own ("Voyage 1"); None for none.
    """

    seat: int
    category: str
    points: int
    period: str | None = None


@dataclass
class MoveReport:
    """What a move did, for the player watching: ``lines`` to print, ``points`` to itemise the scores.

    ``closed_period`` names a period this move finished (its items are then summed and shown).
    """

    lines: list[str] = field(default_factory=list)
    points: list[ScoreItem] = field(default_factory=list)
    closed_period: str | None = None


def _generic_explain(state: State, action: Action) -> Callable[[State], MoveReport]:
    return lambda after: MoveReport()


def _no_colour(state: State, seat: int) -> str | None:
    return None


def _no_fold(state: State, action: Action) -> tuple[str, str] | None:
    return None


def _no_reason(state: State, words: list[str]) -> str | None:
    return None


def _generic_render(state: State, viewer: int) -> Any:
    from rich.json import JSON

    return JSON(json.dumps(state.observation(viewer), default=str))


@dataclass(frozen=True)
class Display:
    """The display hooks of one game, each falling back to a generic form (see the module docstring)."""

    render: Callable[[State, int], Any] = _generic_render
    render_brief: Callable[[State, int], Any] | None = None
    describe_action: Callable[[State, Action], str] = _generic_describe
    public_action: Callable[[State, Action], str] | None = None
    action_group: Callable[[State, Action], str] = _generic_group
    stage_prompt: Callable[[State], str] = _generic_prompt
    seat_label: Callable[[State, int], str] = _generic_seat
    seat_colour: Callable[[State, int], str | None] = _no_colour
    fold_action: Callable[[State, Action], tuple[str, str] | None] = _no_fold
    explain_move: Callable[[State, Action], Callable[[State], MoveReport]] = _generic_explain
    why_not: Callable[[State, list[str]], str | None] = _no_reason

    def brief(self, state: State, viewer: int) -> Any:
        """The short view between two decisions of one player in a row (the full board if the game has none)."""
        return (self.render_brief or self.render)(state, viewer)

    def describe(self, state: State, action: Action) -> str:
        """The readable line for ``action``; a hook that fails falls back to the raw form (play never stops)."""
        try:
            return str(self.describe_action(state, action))
        except Exception:  # a view bug must not end a game in progress
            return str(action)

    def public(self, state: State, action: Action) -> str:
        """``action`` in words as the other players may know it (what a report of someone else's move shows)."""
        if self.public_action is None:
            return self.describe(state, action)
        try:
            return str(self.public_action(state, action))
        except Exception:
            return self.describe(state, action)

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

    def colour(self, state: State, seat: int) -> str | None:
        try:
            colour = self.seat_colour(state, seat)
        except Exception:
            return None
        return str(colour) if colour else None

    def fold(self, state: State, action: Action) -> tuple[str, str] | None:
        """``(line, variant)`` of a move that is one way among several to do one thing, else None."""
        try:
            folded = self.fold_action(state, action)
        except Exception:
            return None
        return (str(folded[0]), str(folded[1])) if folded else None

    def explain(self, state: State, action: Action) -> Callable[[State], MoveReport]:
        """Before ``action``: the function that reports on it afterwards (an empty report if the view fails)."""
        try:
            after = self.explain_move(state, action)
        except Exception:
            return _generic_explain(state, action)

        def report(state_after: State) -> MoveReport:
            try:
                return after(state_after)
            except Exception:  # a view bug must not end a game in progress
                return MoveReport()

        return report

    def why(self, state: State, words: list[str]) -> str | None:
        try:
            return self.why_not(state, words)
        except Exception:
            return None


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
        for name in ("render", "render_brief", "describe_action", "public_action", "action_group", "stage_prompt",
                     "seat_label",
                     "seat_colour", "fold_action", "explain_move", "why_not")
        if callable(getattr(module, name, None))
    }
    return Display(**hooks)
