"""Game logs as JSON lines, and replaying them.

A log's first line is ``{"config": …}``, then one ``{"player": p, "action": …}`` per move, and the last line
``{"final": {"scores": […], "winners": […]}}`` once the game is over. Replaying applies every action to a fresh
state of the same config and checks that each was legal, that the right player moved, and that the final
scores and winners match.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
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
    """Write the whole log of ``state`` (atomically: a temp file renamed into place)."""
    replayed = load_game(state.game.config).new_initial_state()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            log = GameLog(stream, state.game.config)
            for action in state.history:
                log.action(replayed.current_player, action)
                replayed.apply(action)
            if replayed.is_terminal():
                log.final(replayed)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class LogError(ValueError):
    """A log that cannot be read or does not replay; the message names the line."""


class LogReadError(LogError):
    """The log file cannot be read at all (missing, unreadable, not UTF-8): an I/O error, not a bad game."""


@dataclass
class ReplayResult:
    state: State
    moves: int
    final_checked: bool


def replay(path: Path) -> ReplayResult:
    """Re-play the log at ``path``; raise :class:`LogError` naming the line at the first mismatch."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise LogReadError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise LogReadError(f"{path}: not a UTF-8 JSON-lines log (invalid byte at offset {exc.start})") from None
    if not lines:
        raise LogError(f"{path}:1: empty log")
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{number}: not JSON ({exc.msg})") from None
        if not isinstance(row, dict):
            raise LogError(f"{path}:{number}: expected a JSON object")
        rows.append(row)
    if "config" not in rows[0]:
        raise LogError(f'{path}:1: first line must be {{"config": ...}}')
    try:
        config = GameConfig.from_json(rows[0]["config"])
        state = load_game(config).new_initial_state()
    except (KeyError, TypeError, ValueError, LookupError) as exc:
        raise LogError(f"{path}:1: bad config ({exc})") from None
    moves = 0
    final_checked = False
    for number, row in enumerate(rows[1:], 2):
        if "action" in row:
            if state.is_terminal():
                raise LogError(f"{path}:{number}: action after the end of the game")
            if "player" in row and row["player"] != state.current_player:
                raise LogError(f"{path}:{number}: logged player {row['player']} but player {state.current_player} is to move")
            try:
                action = Action.from_json(row["action"])
                state.apply(action)
            except (IllegalActionError, KeyError, TypeError) as exc:
                raise LogError(f"{path}:{number}: illegal action {row['action']} ({exc})") from None
            moves += 1
        elif "final" in row:
            final = row["final"]
            if not state.is_terminal():
                raise LogError(f"{path}:{number}: final line but the game is not over after {moves} moves")
            if list(final.get("scores", [])) != list(state.scores()):
                raise LogError(f"{path}:{number}: final scores {final.get('scores')} != replayed {state.scores()}")
            if list(final.get("winners", [])) != list(state.winners()):
                raise LogError(f"{path}:{number}: winners {final.get('winners')} != replayed {state.winners()}")
            if "state" in final and final["state"] != state_digest(state):
                raise LogError(f"{path}:{number}: the replayed final state differs from the logged one")
            final_checked = True
        else:
            raise LogError(f"{path}:{number}: expected an action or final line")
    return ReplayResult(state=state, moves=moves, final_checked=final_checked)
