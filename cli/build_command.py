"""`rulespec build`: the main job on a game, end to end, with an overview of where everything went.

validate the spec (citations included) → check coverage → render the generated engine, summaries and look-up
index (written only where they changed) → write the summaries and A4 player aids in every summary language →
run the translation audit over every pair of editions → play a few seeded games through the engine.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer

from cli.options import LegacyEditionSourceOpt, OptionalGameArg, SourceOpt

_SIMULATED_GAMES = 50
#: Where ``build`` writes when no ``--out`` is given (not ``build/``: setuptools builds there).
DEFAULT_OUT = Path("rulespec-build")


def build(
    game: OptionalGameArg = None,
    out: Annotated[Path, typer.Option("--out", "-o", metavar="DIR",
                                      help="Folder for summaries, player aids and audit reports.")] = DEFAULT_OUT,
    source: SourceOpt = None,
    games: Annotated[int, typer.Option("--games", metavar="N",
                                       help="Seeded games to play through the engine as a smoke test.")] = _SIMULATED_GAMES,
    legacy_edition: LegacyEditionSourceOpt = None,
) -> None:
    """Validate, generate, summarise, audit and play the bundled game(s); print where the outputs went.

    Without the rulebook texts it still does everything that needs none (the spec's structure, the generated
    files, summaries and look-up, the engine), then lists each edition it could not read and how to point at
    it. Exit 0 when everything ran, 1 when the spec is invalid or a step failed, 2 when texts could not be read.
    """
    from rich.table import Table

    from cli.console import make_console
    from cli.spec_commands import _games, _overrides, check_game
    from rulespec.loading import UnknownGame, resolve_folder
    from rulespec.outputs import ensure_folder
    from translations.sources.editions import unread_advice

    if games < 0:
        raise typer.BadParameter("must be 0 or more", param_hint="--games")
    console = make_console()
    overrides = _overrides(source, legacy_edition)
    names = _games(game)
    for name in names:  # an unknown game is a usage error before anything is created
        try:
            resolve_folder(name)
        except UnknownGame as exc:
            raise typer.BadParameter(str(exc), param_hint="GAME") from None
    ensure_folder(out)  # an output folder that cannot be written fails now, not after a minute of work
    overview = Table(title="rulespec build", show_lines=False)
    for column in ("game", "step", "result", "output"):
        overview.add_column(column, overflow="fold")
    failed = False
    all_unread: dict[str, list[Any]] = {}
    for name in names:
        loaded, problems, texts, unread = check_game(name, overrides)
        if loaded.spec is None:
            for problem in problems:
                console.print(f"error: {problem}", markup=False)
            overview.add_row(name, "validate", f"INVALID: {len(problems)} problems; nothing else done", "")
            failed = True
            continue
        spec = loaded.spec
        if unread:
            all_unread[spec.id] = unread
        failed |= _build_game(spec, loaded.folder, problems, texts, unread, overrides, out / spec.id, games,
                              overview, console)
    console.print(overview)
    for game_id, unread in all_unread.items():
        console.print(f"{game_id}: {unread_advice(unread)}", markup=False, highlight=False)
    raise typer.Exit(1 if failed else 2 if all_unread else 0)


def _build_game(spec: Any, folder: Path, problems: list[Any], texts: dict[str, str], unread: list[Any],
                overrides: dict[str, Path], target: Path, games: int, overview: Any, console: Any) -> bool:
    """Every step of one game, each reported as a row of ``overview``; True when a step failed."""
    from cli.spec_commands import is_bundled, render_parts
    from rulespec.outputs import OutputError, write_atomic, write_outputs
    from rulespec.problems import display_path
    from translations.sources.trace import coverage

    errors = [p for p in problems if p.severity == "error"]
    for problem in errors:
        console.print(f"error: {problem}", markup=False)
    unchecked = f"; citations of {', '.join(u.edition for u in unread)} not checked (no text)" if unread else ""
    overview.add_row(spec.id, "validate", f"{'INVALID' if errors else 'valid'}: {len(errors)} errors, "
                     f"{len(problems) - len(errors)} warnings; {len(spec.rules)} rules, {len(spec.setup)} setup steps, "
                     f"{len(spec.rulings)} rulings{unchecked}", "")
    if errors:
        return True
    failed = False
    if texts:
        report = coverage(spec, texts)
        overview.add_row(spec.id, "trace", ", ".join(f"{c.edition} {c.ratio:.1%}" for c in report), "")
    else:
        overview.add_row(spec.id, "trace", "skipped: no rulebook text could be read", "")

    started = time.perf_counter()
    # A spec folder other than the bundled one renders beside the other outputs, never over the package.
    files, quoting = render_parts(spec, "all", None if is_bundled(spec) else target / "generated")
    kept = ""
    if unread:  # the summaries and look-up quote the texts: rendered without them, they would lose their passages
        kept = f"; {len(quoting)} that quote the texts kept as they were"
    else:
        files.update(quoting)
    try:
        written = write_outputs(files)
        generated = f"{len(files)} files, {len(written)} rewritten{kept}"
    except OutputError as exc:  # an installed, read-only package: report, do not fail the build
        generated = f"not written ({exc})"
    folders = sorted({display_path(path.parent) for path in files})
    overview.add_row(spec.id, "generate", f"{generated} ({time.perf_counter() - started:.1f} s)", ", ".join(folders))

    summaries = _summaries(spec)
    for path, content, _ in summaries:
        write_atomic(target / path, content)
    overview.add_row(spec.id, "summaries", "; ".join(label for _, _, label in summaries),
                     display_path(target) + "/{summary,aid}.{" + ",".join(spec.summary_languages) + "}.*")

    if len(spec.editions) > 1:
        if unread:
            overview.add_row(spec.id, "audit", "skipped: it needs every edition's text (see below)", "")
        else:
            summary, outputs, ok = _audit(folder, overrides, target)
            overview.add_row(spec.id, "audit", summary, outputs)
            failed |= not ok

    overview.add_row(spec.id, "engine", _play(spec.id, games), "")
    return failed


def _summaries(spec: Any) -> list[tuple[str, str, str]]:
    """``(file name, content, label)`` of the rules summary (Markdown and HTML) and the player aid (one A4 sheet,
    HTML; a game without ``aid.yaml`` has none) of every language."""
    from translations.summary.render import render_aid, render_summary

    outputs = []
    for lang in spec.summary_languages:
        for fmt, label in (("md", "rules summary"), ("html", "rules summary (HTML)")):
            content = render_summary(spec, lang, fmt)
            outputs.append((f"summary.{lang}.{fmt}", content, f"{label} {lang} ({len(content) // 1024} KB)"))
        if spec.aid is not None:
            content = render_aid(spec, lang)[0]
            outputs.append((f"aid.{lang}.html", content, f"player aid, one A4 sheet, {lang} ({len(content) // 1024} KB)"))
    return outputs


def _audit(folder: Path, overrides: dict[str, Path], target: Path) -> tuple[str, str, bool]:
    """Run the audit of every pair of editions; write its JSON (and HTML) report. ``(summary, outputs, ok)``."""
    import json
    from collections import Counter

    from rulespec.outputs import write_atomic
    from rulespec.problems import display_path
    from translations.audit.cache import AuditError
    from translations.audit.pipeline import contract_view, run_audit

    started = time.perf_counter()
    try:
        result = run_audit(folder, overrides)
    except AuditError as exc:
        return f"FAILED: {exc}", "", False
    view = contract_view(result)
    write_atomic(target / "audit.json", json.dumps(view, indent=1, ensure_ascii=False) + "\n")
    written = [target / "audit.json"]
    try:
        from translations.audit.reports.render import render_report
    except ImportError:
        render_report = None
    if render_report is not None:
        for fmt in ("html", "markdown"):
            path = target / f"audit.{'md' if fmt == 'markdown' else fmt}"
            write_atomic(path, render_report(result, fmt))
            written.append(path)
    severities = Counter(f["severity"] for f in view["findings"])
    summary = (f"{len(view['findings'])} findings (high {severities['high']}, medium {severities['medium']}, "
               f"low {severities['low']}) in {time.perf_counter() - started:.1f} s")
    return summary, ", ".join(display_path(p) for p in written), True


def _play(game: str, games: int) -> str:
    """Play ``games`` seeded random games at the smallest and largest player count; report speed and scores."""
    from engine.runtime import GameConfig
    from engine.runtime.simulate import simulate
    from rulespec.model import load_spec

    if games == 0:
        return "skipped (--games 0)"
    spec = load_spec(game)
    parts = []
    for players in sorted({spec.players_min, spec.players_max}):
        started = time.perf_counter()
        records = simulate(GameConfig(game=game, players=players, seed=1), games, ["random"])
        elapsed = time.perf_counter() - started
        best = max(max(r.scores) for r in records)
        parts.append(f"{players}p: {len(records)} games, {len(records) / elapsed:.0f}/s, best score {best}")
    from engine import native

    kind = "compiled engine" if game_uses_native(game, native.status().modules) else "plain-Python engine"
    return "; ".join(parts) + f" ({kind})"


def game_uses_native(game: str, modules: tuple[str, ...]) -> bool:
    """Whether any of ``game``'s own engine modules run compiled (see :mod:`engine.native`)."""
    return any(m.startswith(f"engine.{game}.") for m in modules)


def register(app: typer.Typer) -> None:
    """Add `build` to ``app``."""
    app.command()(build)
