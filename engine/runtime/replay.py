"""Game logs as JSON lines, and replaying them.

A log's first line is ``{"config": …}``, then one ``{"player": p, "action": …}`` per move, and the last line
``{"final": {"scores": […], "winners": […]}}`` once the game is over. Replaying applies every action to a fresh
state of the same config and checks that each was legal, that the right player moved, and that the final
scores and winners match.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.runtime.api import Action, GameConfig, IllegalActionError, State
from engine.runtime.registry import load_game


class GameLog:
    """Writes a game log line by line (flushed, so an interrupted game still leaves a readable log)."""

    def __init__(self, stream: IO[str], config: GameConfig) -> None:
        self.stream = stream
        self._write({"config": config.to_json()})

    def _write(self, data: dict[str, Any]) -> None:
        self.stream.write(json.dumps(data, ensure_ascii=False) + "\n")  # key order is part of an action
        self.stream.flush()

    def action(self, player: int, action: Action) -> None:
        self._write({"player": player, "action": action.to_json()})

    def final(self, state: State) -> None:
        self._write({"final": {"scores": list(state.scores()), "winners": list(state.winners()), "state": state_digest(state)}})


def state_digest(state: State) -> str:
    """SHA-256 of the state's full fingerprint as canonical JSON: a replay must reach exactly this state."""
    data = json.dumps(state.fingerprint(), sort_keys=True, separators=(",", ":"), default=_plain)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def _plain(value: Any) -> Any:
    """JSON stand-ins for what a game's fingerprint may hold besides JSON types."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, tuple):
        return list(value)
    return repr(value)


def write_log(path: Path, state: State) -> None:
    """Write the whole log of ``state`` atomically (see :func:`rulespec.outputs.write_atomic`: only a regular
    file or a new path is replaced)."""
    import io

    from rulespec.outputs import write_atomic

    replayed = load_game(state.game.config).new_initial_state()
    buffer = io.StringIO()
    log = GameLog(buffer, state.game.config)
    for action in state.history:
        log.action(replayed.current_player, action)
        replayed.apply(action)
    if replayed.is_terminal():
        log.final(replayed)
    write_atomic(path, buffer.getvalue())


class LogError(ValueError):
    """A log that cannot be read or does not replay; the message names the line."""


class LogReadError(LogError):
    """The log file cannot be read at all (missing, unreadable, not UTF-8, too large, a FIFO nobody writes to):
    an I/O error, not a bad game."""


#: A game log is a few hundred short lines: these limits leave room for any real game and refuse garbage
#: (``/dev/zero``, a multi-gigabyte file) after reading at most one line past them.
MAX_LOG_BYTES = 32_000_000
MAX_LOG_LINES = 200_000
MAX_LOG_LINE = 64_000


@dataclass
class ReplayResult:
    state: State
    moves: int
    final_checked: bool


def _rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` of each non-empty line, streamed within the limits above."""
    from rulespec.bounded_input import InputError, iter_lines, loads_json

    lines = iter_lines(path, MAX_LOG_BYTES, MAX_LOG_LINE, MAX_LOG_LINES, "game log")
    while True:
        try:
            number, line = next(lines)
        except StopIteration:
            return
        except InputError as exc:
            raise LogReadError(str(exc)) from None
        if not line.strip():
            continue
        try:
            row = loads_json(line, f"{path}:{number}")
        except InputError as exc:
            raise LogError(str(exc)) from None
        if not isinstance(row, dict):
            raise LogError(f"{path}:{number}: expected a JSON object")
        yield number, row


def replay(path: Path) -> ReplayResult:
    """Re-play the log at ``path``; raise :class:`LogError` naming the line at the first mismatch.

    The log is streamed (:func:`rulespec.bounded_input.iter_lines`): memory stays bounded whatever the file,
    and a FIFO with no writer gives up after :func:`rulespec.bounded_input.read_timeout` seconds.
    """
    rows = _rows(path)
    first = next(rows, None)
    if first is None:
        raise LogError(f"{path}:1: empty log")
    number, head = first
    if "config" not in head:
        raise LogError(f'{path}:{number}: first line must be {{"config": ...}}')
    try:
        config = GameConfig.from_json(head["config"])
        state = load_game(config).new_initial_state()
    except (TypeError, ValueError, LookupError) as exc:
        raise LogError(f"{path}:{number}: bad config ({exc})") from None
    moves = 0
    final_checked = False
    for number, row in rows:
        if final_checked:
            raise LogError(f"{path}:{number}: line after the final line")
        if "action" in row:
            _apply_row(path, number, row, state)
            moves += 1
        elif "final" in row:
            _check_final(path, number, row["final"], state, moves)
            final_checked = True
        else:
            raise LogError(f"{path}:{number}: expected an action or final line")
    return ReplayResult(state=state, moves=moves, final_checked=final_checked)


def _apply_row(path: Path, number: int, row: dict[str, Any], state: State) -> None:
    if state.is_terminal():
        raise LogError(f"{path}:{number}: action after the end of the game")
    if "player" in row and (type(row["player"]) is not int or row["player"] != state.current_player):
        raise LogError(f"{path}:{number}: logged player {row['player']!r} but player {state.current_player} is to move")
    try:
        action = Action.from_json(row["action"])
    except ValueError as exc:
        raise LogError(f"{path}:{number}: not an action ({exc})") from None
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise LogError(f"{path}:{number}: illegal action {action} ({exc})") from None


def _check_final(path: Path, number: int, final: Any, state: State, moves: int) -> None:
    if not isinstance(final, dict):
        raise LogError(f"{path}:{number}: the final line holds an object {{scores, winners, state}}")
    if not state.is_terminal():
        raise LogError(f"{path}:{number}: final line but the game is not over after {moves} moves")
    if final.get("scores") != list(state.scores()):
        raise LogError(f"{path}:{number}: final scores {final.get('scores')} != replayed {state.scores()}")
    if final.get("winners") != list(state.winners()):
        raise LogError(f"{path}:{number}: winners {final.get('winners')} != replayed {state.winners()}")
    if "state" in final and final["state"] != state_digest(state):
        raise LogError(f"{path}:{number}: the replayed final state differs from the logged one")
