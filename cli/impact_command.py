"""``rulespec impact``: measure what every disputed rule does to play, and write the game's impact file.

Only typer and the standard library are imported at module level; the engines, rich and the report renderers are
imported inside the command so ``rulespec --help`` stays fast.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

FORMATS = ("text", "json", "markdown", "html")


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _int_list(text: str, option: str) -> list[int]:
    try:
        values = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise _fail(f"{option} expects numbers separated by commas, got {text!r}") from None
    if not values:
        raise _fail(f"{option} needs at least one number")
    return values


def build_plan(spec: Any, games: int, players: list[int] | None, bots: list[str], seed: int,
               only: list[str] | None, variants: list[str]) -> Any:  # fmt: skip
    """The sweep of ``spec``'s rulings (all, or ``only`` those) at the given player counts (default: every count)."""
    from engine.runtime.impact import ReadingPlan, RulingPlan, SweepPlan

    unknown = sorted(set(only or ()) - set(spec.rulings))
    if unknown:
        raise _fail(f"--ruling: unknown ruling(s) {', '.join(unknown)}; known: {', '.join(spec.rulings) or 'none'}")
    counts = players or list(range(spec.players_min, spec.players_max + 1))
    wrong = [p for p in counts if not spec.players_min <= p <= spec.players_max]
    if wrong:
        raise _fail(f"--players: {spec.title} is for {spec.players_min}–{spec.players_max} players, not {wrong[0]}")
    rulings = tuple(
        RulingPlan(
            id=r.id,
            default=r.default,
            question=r.question,
            readings=tuple(ReadingPlan(x.id, tuple(x.editions), x.summary) for x in r.readings.values()),
        )
        for r in spec.rulings.values()
        if not only or r.id in only
    )
    measured = {r.id for r in rulings}
    unmeasured = tuple((r.id, r.default) for r in spec.rulings.values() if r.id not in measured)
    return SweepPlan(spec.id, rulings, tuple(counts), tuple(bots), games, seed, tuple(variants), unmeasured)


def impact(
    game: Annotated[str | None, typer.Argument(help="Game id, or a bundled game's spec folder (a copy) as a path; "
                                               "$RULESPEC_GAME or the only bundled game when omitted.",
                                               show_default=False)] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="Paired games per reading, player count and bot.")] = 1000,
    players: Annotated[
        str | None, typer.Option("--players", "-n", help="Player counts, comma-separated (default: every count).")
    ] = None,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot columns, comma-separated; every seat plays the column's bot.")
    ] = "heuristic,random",
    ruling: Annotated[list[str] | None, typer.Option("--ruling", help="Measure only this ruling (repeatable).")] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="Switch on an optional variant (repeatable).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game; game i uses seed + i.")] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes (local) or CPUs of a local Ray instance; 0: all CPUs.")
    ] = 0,
    backend: Annotated[str, typer.Option("--backend", help="Where games run: local (process pool) or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option("--address", help="Ray cluster to join (e.g. auto, ray://host:10001); default: start one.")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, json, markdown or html (charts per ruling).")] = "text",
    as_json: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the report here instead of stdout.")] = None,
    write: Annotated[
        bool, typer.Option("--write", help="Also write the measured classes to the game's impact.yaml (committed).")
    ] = False,
    every_game: Annotated[
        bool, typer.Option("--all", help="Every bundled game in turn (e.g. rulespec impact --all --write).")
    ] = False,
) -> None:
    """Measure each ruling's readings by paired bot games: score, spread, win-rate and length shifts with 95 %
    intervals, how often the ruling's situation arises, and an impact class (none, low, medium, high)."""
    from cli.engine_commands import _game_or_default
    from rulespec.loading import looks_like_path

    fmt = "json" if as_json else fmt
    if fmt not in FORMATS:
        raise _fail(f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    if games < 1:
        raise _fail("--games must be at least 1")
    if write and ruling:
        raise _fail("--write records every ruling of the game: drop --ruling (or write the report with --output)")
    if every_game:
        from rulespec.loading import bundled_games

        if game is not None or output is not None or ruling or players:
            raise _fail("--all measures every bundled game at every player count: drop the game, --ruling, "
                        "--players and --output")  # fmt: skip
        for name in bundled_games():
            _measure(name, games, None, bots, None, variant or [], seed, jobs, backend, address, fmt, None, write)
        return
    counts = _int_list(players, "--players") if players else None
    target = game if game is not None and looks_like_path(game) else _game_or_default(game)
    _measure(target, games, counts, bots, ruling, variant or [], seed, jobs, backend, address, fmt,
             output, write)  # fmt: skip


def _measure(game: str, games: int, counts: list[int] | None, bots: str, ruling: list[str] | None, variants: list[str],
             seed: int, jobs: int, backend: str, address: str | None, fmt: str, output: Path | None,
             write: bool) -> None:  # fmt: skip
    """One game's sweep, its report, and (``write``) its impact file."""
    from cli.engine_commands import _bot_list
    from cli.spec_commands import load_valid_spec

    spec = load_valid_spec(game)
    from rulespec.loading import bundled_games

    if spec.id not in bundled_games():  # a spec folder is measured on its game's engine: a bundled one
        raise _fail(f"no engine for game {spec.id!r} of {game} (bundled games: {', '.join(bundled_games())}; "
                    "a spec folder is measured with the engine of the bundled game of its id)")  # fmt: skip
    names = _bot_list(spec.id, bots)
    plan = build_plan(spec, games, counts, names, seed, ruling, variants)
    from engine.runtime.simulate import TooManyGamesError, check_game_count

    try:
        if plan.total_games():  # (a game without rulings plays nothing and still gets its report and file)
            check_game_count(plan.total_games())
    except TooManyGamesError:
        raise _fail(f"this sweep would play {plan.total_games():,} games; lower --games, --players or --bots") from None
    report, elapsed = _run(plan, backend, jobs or os.cpu_count() or 1, address)
    from rulespec.impact_file import attach_inputs

    attach_inputs(report, spec)
    _emit(report, fmt, output)
    typer.echo(f"{plan.total_games():,} games in {elapsed:.0f} s", err=True)
    if write:
        from rulespec.impact_file import impact_path, render_impact_file
        from rulespec.outputs import write_atomic

        path = impact_path(spec)
        write_atomic(path, render_impact_file(report))
        typer.echo(f"wrote {path}", err=True)


def _run(plan: Any, backend_name: str, jobs: int, address: str | None) -> tuple[dict[str, Any], float]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from cli.console import make_console
    from cli.engine_commands import _open_backend
    from engine.runtime.impact import analyse, run_sweep

    console = make_console(stderr=True)
    started = time.perf_counter()
    runner = _open_backend(backend_name, jobs, address)
    try:
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, disable=not console.is_terminal,
        ) as progress:  # fmt: skip
            task = progress.add_task(f"{plan.game}: paired games ({runner.name}, {runner.workers} workers)",
                                     total=plan.total_games())  # fmt: skip
            sums = run_sweep(plan, runner, lambda k: progress.advance(task, k))
    except KeyboardInterrupt:
        raise _fail("interrupted: nothing written", 130) from None
    finally:
        runner.close()
    return analyse(plan, sums), time.perf_counter() - started


def _emit(report: dict[str, Any], fmt: str, output: Path | None) -> None:
    from engine.runtime import impact_report

    text = impact_report.render(report, fmt)
    if output is None:
        sys.stdout.write(text)
        return
    from rulespec.outputs import OutputError, write_output

    try:  # the shared writer: a file by temp file and rename, a device or FIFO written through, - to stdout
        write_output(output, text)
    except OutputError as exc:
        raise _fail(f"--output {exc}") from None
    if str(output) != "-":
        typer.echo(f"wrote {output}", err=True)


def register(app: typer.Typer) -> None:
    """Add ``impact`` to ``app``."""
    app.command("impact", help="Measure what each ruling's readings do to play (paired bot games) and class them.")(impact)
