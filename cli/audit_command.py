"""``rulespec audit``: the translation audit between a game's editions.

Only typer is imported here at module level: the audit machinery (spaCy, the sentence encoder) loads inside
the command, so ``rulespec --help`` stays fast. Exit codes: 0 done, 2 bad input (the message names the file).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

FORMATS = ("text", "json", "markdown", "html", "tmx")
SEVERITIES = ("high", "medium", "low")


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"rulespec audit: {message}", err=True)
    return typer.Exit(code)


def _default_game() -> str:
    """The one bundled game with two or more editions, or an exit asking for GAME."""
    from rulespec import SPECS_DIR
    from rulespec.loading import bundled_games
    from translations.audit.cache import AuditError, _editions

    candidates = []
    for game in bundled_games():
        try:
            if len(_editions(SPECS_DIR / game)) >= 2:
                candidates.append(game)
        except AuditError:
            continue
    from rulespec.loading import UnknownGame, default_game

    try:
        return default_game(candidates)
    except UnknownGame as exc:
        raise _fail(f"{exc} (an audit needs a game with several editions)") from None


def _write(path: Path, content: str) -> None:
    """Write atomically: a temp file in the same folder, then rename."""
    folder = path.resolve().parent
    if not folder.is_dir():
        raise _fail(f"{path}: folder {folder} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(content)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _fail(f"{path}: cannot write ({exc.strerror})") from None


def audit(
    game: Annotated[str | None, typer.Argument(help="Game id or spec folder (default: the one game with editions).",
                                               show_default=False)] = None,
    edition: Annotated[list[str] | None, typer.Option(
        "--edition", "-e", help="Read an edition's source from PATH instead: ID=PATH (repeatable).")] = None,
    pair: Annotated[list[str] | None, typer.Option(
        "--pair", help="Audit only this pair of editions: A,B (repeatable; default all pairs).")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help=f"Output format: {', '.join(FORMATS)}.")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to FILE instead of stdout.")] = None,
    min_severity: Annotated[str | None, typer.Option(
        "--min-severity", help="Show findings at or above: high, medium, low (default: low for json/tmx, "
        "medium for the human-readable formats).")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Recompute even when a cached result exists.")] = False,
    suppress: Annotated[Path | None, typer.Option(
        "--suppress", help="YAML list of {id, reason}: findings reviewed and accepted, left out of the report.")] = None,
) -> None:
    """Audit the translations: align every pair of editions and report what changes play."""
    if fmt not in FORMATS:
        raise _fail(f"unknown --format {fmt!r} (formats: {', '.join(FORMATS)})")
    if min_severity is not None and min_severity not in SEVERITIES:
        raise _fail(f"unknown --min-severity {min_severity!r} (use high, medium or low)")
    severity = min_severity or ("low" if fmt in ("json", "tmx") else "medium")

    from translations.audit.pipeline import AuditError, run_audit
    from translations.audit.reports.render import renderer
    from translations.sources.editions import parse_overrides

    try:
        overrides = parse_overrides(edition or [])
    except ValueError as exc:
        raise _fail(str(exc)) from None
    try:
        result = run_audit(game or _default_game(), overrides, pair or None, use_cache=not no_cache)
    except AuditError as exc:
        raise _fail(str(exc)) from None
    except MemoryError:
        raise _fail("out of memory while auditing (are the source files rulebook texts?)") from None
    if suppress is not None:
        from translations.audit.suppress import SuppressionError, apply_suppressions, load_suppressions

        try:
            result = apply_suppressions(result, load_suppressions(suppress))
        except SuppressionError as exc:
            raise _fail(str(exc)) from None
        typer.echo(f"rulespec audit: {len(result['suppressed'])} finding(s) suppressed by {suppress}", err=True)
    for warning in result.get("warnings", []):
        typer.echo(f"rulespec audit: warning: {warning}", err=True)
    content = renderer(fmt)(result, severity)
    if output is None:
        typer.echo(content, nl=False)
    else:
        _write(output, content)
        typer.echo(f"wrote {output} ({fmt}, {len(result['findings'])} findings)", err=True)


def register(app: typer.Typer) -> None:
    """Add ``audit`` to the app."""
    app.command("audit")(audit)
