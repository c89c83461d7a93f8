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

from cli.spec_commands import EditionOpt, OptionalGameArg

_SIMULATED_GAMES = 50


def build(
    game: OptionalGameArg = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for summaries, player aids and audit reports.")] = Path(
        "build"
    ),
    edition: EditionOpt = None,
    games: Annotated[int, typer.Option("--games", help="Seeded games to play through the engine as a smoke test.")] = (
        _SIMULATED_GAMES
    ),
) -> None:
    """Validate, generate, summarise, audit and play the bundled game(s); print where the outputs went."""
    from rich.table import Table

    from cli.console import make_console
    from cli.spec_commands import _games, _overrides, check_game, is_bundled, render_generated
    from rulespec.outputs import write_atomic, write_outputs
    from rulespec.problems import display_path
    from translations.sources.trace import coverage

    console = make_console()
    overrides = _overrides(edition)
    overview = Table(title="rulespec build", show_lines=False)
    for column in ("game", "step", "result", "output"):
        overview.add_column(column, overflow="fold")
    failed = False
    for name in _games(game):
        loaded, problems, texts = check_game(name, overrides)
        if loaded.spec is None:
            for problem in problems:
                console.print(f"error: {problem}", markup=False)
            raise typer.Exit(1)
        spec = loaded.spec
        errors = [p for p in problems if p.severity == "error"]
        for problem in errors:
            console.print(f"error: {problem}", markup=False)
        overview.add_row(spec.id, "validate", f"{'INVALID' if errors else 'valid'}: {len(errors)} errors, "
                         f"{len(problems) - len(errors)} warnings; {len(spec.rules)} rules, {len(spec.setup)} setup steps, "
                         f"{len(spec.rulings)} rulings", "")
        if errors:
            failed = True
            continue
        report = coverage(spec, texts)
        overview.add_row(spec.id, "trace", ", ".join(f"{c.edition} {c.ratio:.1%}" for c in report), "")

        started = time.perf_counter()
        # A spec folder other than the bundled one renders beside the other outputs, never over the package.
        files = render_generated(spec, "all", None if is_bundled(spec) else out / spec.id / "generated")
        try:
            written = write_outputs(files)
            generated = f"{len(files)} files, {len(written)} rewritten"
        except OSError as exc:  # an installed, read-only package: report, do not fail the build
            generated = f"not written ({exc.strerror})"
        folders = sorted({display_path(path.parent) for path in files})
        overview.add_row(spec.id, "generate", f"{generated} ({time.perf_counter() - started:.1f} s)", ", ".join(folders))

        target = out / spec.id
        summaries = _summaries(spec)
        for path, content, _ in summaries:
            write_atomic(target / path, content)
        overview.add_row(spec.id, "summaries", "; ".join(label for _, _, label in summaries),
                         display_path(target) + "/{summary,aid}.{" + ",".join(spec.summary_languages) + "}.*")

        if len(spec.editions) > 1:
            overview.add_row(spec.id, "audit", *_audit(spec.id, overrides, target))

        overview.add_row(spec.id, "engine", _play(spec.id, games), "")
    console.print(overview)
    raise typer.Exit(1 if failed else 0)


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


def _audit(game: str, overrides: dict[str, Path], target: Path) -> tuple[str, str]:
    """Run the audit of every pair of editions; write its JSON (and HTML) report."""
    import json
    from collections import Counter

    from rulespec.outputs import write_atomic
    from rulespec.problems import display_path
    from translations.audit.cache import AuditError
    from translations.audit.pipeline import contract_view, run_audit

    started = time.perf_counter()
    try:
        result = run_audit(game, overrides)
    except AuditError as exc:
        return f"failed: {exc}", ""
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
    return summary, ", ".join(display_path(p) for p in written)


def _play(game: str, games: int) -> str:
    """Play ``games`` seeded random games at the smallest and largest player count; report speed and scores."""
    from engine.runtime import GameConfig
    from engine.runtime.simulate import simulate
    from rulespec.model import load_spec

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
