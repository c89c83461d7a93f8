"""``rulespec audit``: the translation audit between a game's editions, or of a new translation against them.

Only typer is imported here at module level: the audit machinery (spaCy, the sentence encoder) loads inside
the command, so ``rulespec --help`` stays fast. Exit codes: 0 done, 1 findings at or above ``--fail-on``,
2 bad input (the message names the file).

Options that read rulebook texts follow every command's convention: ``--source ID=PATH`` reads edition ID's text
from PATH (a reprint: the spec's citations whose passage changed are reported as suspect); ``--editions ID,ID``
names the editions to audit; ``--draft LANG=PATH`` audits the file at PATH as a brand-new translation in LANG
(edition id ``draft``) against exactly the editions named. ``--edition ID=PATH`` is the old spelling of
``--source`` and still works (hidden, with a one-line notice).
"""

from __future__ import annotations

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
    from rulespec.loading import UnknownGame, bundled_games, default_game
    from translations.audit.cache import AuditError
    from translations.audit.inputs import declared_editions

    candidates = []
    for game in bundled_games():
        try:
            if len(declared_editions(SPECS_DIR / game)) >= 2:
                candidates.append(game)
        except AuditError:
            continue
    try:
        return default_game(candidates)
    except UnknownGame as exc:
        raise _fail(f"{exc} (an audit needs a game with several editions)") from None


def _id_path(items: list[str], option: str) -> dict[str, Path]:
    """``["nl=path"]`` → ``{"nl": Path("path")}``; a malformed item exits with the option's expected form."""
    out: dict[str, Path] = {}
    for item in items:
        key, sep, path = item.partition("=")
        if not sep or not key.strip() or not path.strip():
            raise _fail(f"{option} expects ID=PATH, got {item!r}")
        out[key.strip()] = Path(path.strip())
    return out


def _write(path: Path, content: str, inputs: list[Path]) -> None:
    """Write the report through the shared writer (``rulespec.outputs.write_output``): a regular file by a
    temporary file and a rename, a device or FIFO written through, ``-`` to stdout; never onto an input text."""
    from rulespec.outputs import OutputError, write_output

    try:
        write_output(path, content, inputs=inputs)
    except OutputError as exc:
        raise _fail(str(exc)) from None


def _input_texts(game: str, sources: dict[str, Path], drafted: tuple[str, Path] | None) -> list[Path]:
    """The texts an audit reads (the bundled sources of the game, overrides, the draft): never its output."""
    from translations.sources.editions import sources_dir

    found = list(sources.values()) + ([drafted[1]] if drafted else [])
    folder = sources_dir()
    if folder is not None and folder.is_dir():
        found += sorted(folder.glob(f"{Path(game).name}.*"))
    return found


def audit(
    game: Annotated[str | None, typer.Argument(help="Game id or spec folder (default: the one game with editions).",
                                               show_default=False)] = None,
    source: Annotated[list[str] | None, typer.Option(
        "--source", "-s", help="Read edition ID's text from PATH (a reprint): ID=PATH (repeatable).")] = None,
    editions: Annotated[list[str] | None, typer.Option(
        "--editions", help="Audit only these editions: ID,ID,… (default: all; with --draft, the references).")] = None,
    draft: Annotated[str | None, typer.Option(
        "--draft", help="Audit the file at PATH as a new translation in language LANG (edition id `draft`) "
        "against the editions named: LANG=PATH.")] = None,
    edition: Annotated[list[str] | None, typer.Option("--edition", "-e", hidden=True)] = None,
    pair: Annotated[list[str] | None, typer.Option(
        "--pair", help="Audit only this pair of editions: A,B (repeatable; default all pairs).")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help=f"Output format: {', '.join(FORMATS)}.")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to FILE instead of stdout (- is stdout).")] = None,
    min_severity: Annotated[str | None, typer.Option(
        "--min-severity", help="Show findings at or above: high, medium, low (default: low for json/tmx, "
        "medium for the human-readable formats).")] = None,
    baseline: Annotated[Path | None, typer.Option(
        "--baseline", help="An earlier audit's JSON: mark the findings that are new since then.")] = None,
    fail_on: Annotated[str | None, typer.Option(
        "--fail-on", help="Exit 1 when a finding at or above this severity (high, medium, low) is shown.")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Recompute even when a cached result exists.")] = False,
    suppress: Annotated[Path | None, typer.Option(
        "--suppress", help="YAML list of {id, reason}: findings reviewed and accepted, left out of the report.")] = None,
) -> None:
    """Audit the translations: align the editions and report what changes the rules, rulings first."""
    if fmt not in FORMATS:
        raise _fail(f"unknown --format {fmt!r} (formats: {', '.join(FORMATS)})")
    for name, value in (("--min-severity", min_severity), ("--fail-on", fail_on)):
        if value is not None and value not in SEVERITIES:
            raise _fail(f"unknown {name} {value!r} (use high, medium or low)")
    severity = min_severity or ("low" if fmt in ("json", "tmx") else "medium")
    sources = _id_path(source or [], "--source")
    if edition:
        typer.echo("rulespec audit: --edition ID=PATH is now --source ID=PATH (--edition still works)", err=True)
        sources.update(_id_path(edition, "--edition"))
    drafted = next(iter(_id_path([draft], "--draft").items())) if draft is not None else None

    from translations.audit.pipeline import AuditError, AuditRequest
    from translations.audit.pipeline import audit as run
    from translations.audit.reports.render import renderer

    request = AuditRequest(game or _default_game(), sources, editions or None, drafted, pair or None)
    try:
        result = run(request, use_cache=not no_cache)
    except AuditError as exc:
        raise _fail(str(exc)) from None
    except MemoryError:
        raise _fail("out of memory while auditing (are the source files rulebook texts?)") from None
    if baseline is not None:
        from translations.audit.baseline import BaselineError, load_baseline, mark_new

        try:
            result = mark_new(result, load_baseline(baseline))
        except BaselineError as exc:
            raise _fail(str(exc)) from None
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
        _write(output, content, _input_texts(str(request.game), sources, drafted))
        if str(output) != "-":
            typer.echo(f"wrote {output} ({fmt}, {len(result['findings'])} findings)", err=True)
    if fail_on is not None:
        limit = SEVERITIES.index(fail_on)
        if any(SEVERITIES.index(f["severity"]) <= limit for f in result["findings"]):
            raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``audit`` to the app."""
    app.command("audit")(audit)
