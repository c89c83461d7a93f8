"""Spec commands: validate, trace, stamp, generate, build.

Exit codes (all commands): 0 success, 1 the spec (or generated output) is invalid or stale, 2 usage or I/O error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.options import GameArg, LegacyEditionSourceOpt, OptionalGameArg, SourceOpt, sources


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"rulespec: {message}", err=True)
    return typer.Exit(code)


def _relative(file: str, folder: Path) -> str:
    try:
        return str(Path(file).resolve().relative_to(folder))
    except ValueError:
        return file


def _games(game: str | None) -> list[str]:
    from rulespec.loading import bundled_games

    return [game] if game else bundled_games()


def _overrides(source: list[str] | None, legacy: list[str] | None = None) -> dict[str, Path]:
    """``--source ID=PATH`` (and the old ``--edition ID=PATH``) as edition → path."""
    from translations.sources.editions import parse_overrides

    try:
        return parse_overrides(sources(source, legacy))
    except ValueError as exc:
        raise _fail(str(exc)) from None


def source_names(spec: object, overrides: dict[str, Path]) -> dict[str, str]:
    """The file each edition is read from, as shown in messages (a ``--source`` override included)."""
    from rulespec.problems import display_path
    from translations.sources.editions import SourceError, source_path

    names = {}
    for edition in spec.editions:  # type: ignore[attr-defined]
        try:
            names[edition] = display_path(source_path(spec, edition, overrides))  # type: ignore[arg-type]
        except SourceError:
            names[edition] = spec.editions[edition].source  # type: ignore[attr-defined]
    return names


def read_texts(spec: object, overrides: dict[str, Path]) -> tuple[dict[str, str], list[object]]:
    """The editions' texts that can be read and the editions that cannot (see
    :func:`translations.sources.editions.read_sources`); exits 2 when ``--source`` names an unknown edition."""
    from translations.sources.editions import read_sources

    unknown = sorted(set(overrides) - set(spec.editions))  # type: ignore[attr-defined]
    if unknown:
        raise _fail(f"--source names unknown edition(s): {', '.join(unknown)} "
                    f"(editions: {', '.join(spec.editions)})")  # type: ignore[attr-defined]
    return read_sources(spec, overrides)  # type: ignore[arg-type]


def load_texts(spec: object, overrides: dict[str, Path]) -> dict[str, str]:
    """Every edition's source text; exits 2 listing every edition that cannot be read and how to point at it."""
    from translations.sources.editions import unread_advice

    texts, unread = read_texts(spec, overrides)
    if unread:
        raise _fail(unread_advice(unread))  # type: ignore[arg-type]
    return texts


def check_game(name: str, overrides: dict[str, Path]) -> tuple[object, list[object], dict[str, str], list[object]]:
    """Every problem of a game's spec — files, schemas, semantics, provenance, and citations against every
    source that can be read — with the loaded documents, the texts read and the editions that could not be
    read. Exits 2 for an unknown game."""
    from rulespec.loading import UnknownGame
    from rulespec.validation import validate_spec
    from translations.sources.citations import check_citations

    try:
        loaded, problems = validate_spec(name)
    except UnknownGame as exc:
        raise _fail(str(exc)) from None
    _note_copy(loaded.folder)
    texts: dict[str, str] = {}
    unread: list[object] = []
    if loaded.spec is not None:
        texts, unread = read_texts(loaded.spec, overrides)
        names = source_names(loaded.spec, overrides)
        problems = sorted(set(problems) | set(check_citations(loaded.spec, texts, names)))
    return loaded, problems, texts, unread


def _note_copy(folder: Path) -> None:
    """Say which copy of a bundled spec is used when it is not the running package's (see
    :func:`rulespec.loading.copy_note`)."""
    from rulespec.loading import copy_note

    note = copy_note(folder)
    if note:
        typer.echo(f"rulespec: note: {note}", err=True)


def load_valid_spec(game: str):
    """The spec of ``game`` or an exit: 1 with every problem when invalid, 2 when it does not exist."""
    from rulespec.loading import UnknownGame
    from rulespec.model import load_spec
    from rulespec.problems import SpecError

    try:
        spec = load_spec(game)
    except UnknownGame as exc:
        raise _fail(str(exc)) from None
    except SpecError as exc:
        for problem in exc.problems:
            typer.echo(str(problem), err=True)
        raise _fail(f"{game}: invalid spec ({len(exc.problems)} problem(s)); run `rulespec validate {game}`", 1) from None
    _note_copy(spec.root)
    return spec


def validate(
    game: OptionalGameArg = None,
    source: SourceOpt = None,
    provenance: Annotated[
        bool, typer.Option("--provenance", help="Count sourced/example/inferred/assumed values per file.")
    ] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")] = False,
    legacy_edition: LegacyEditionSourceOpt = None,
) -> None:
    """Check a spec: YAML, schemas, ids, references, counts, attribute types, glossary, rulings, provenance and
    every citation in the rulebook texts that can be read (the others are listed, with how to point at them)."""
    from rulespec.provenance import CATEGORIES, provenance_counts
    from translations.sources.editions import unread_advice

    overrides = _overrides(source, legacy_edition)
    worst = 0
    for name in _games(game):
        loaded, problems, _, unread = check_game(name, overrides)
        errors = [p for p in problems if p.severity == "error" or strict]
        for problem in problems:
            label = "error" if problem in errors else "warning"
            typer.echo(f"{label}: {problem}", err=True)
        label = loaded.spec.id if loaded.spec else name
        if errors:
            typer.echo(f"{label}: INVALID — {len(errors)} error(s), {len(problems) - len(errors)} warning(s)")
            worst = 1
        else:
            counts = ""
            if loaded.spec:
                s = loaded.spec
                counts = (f" ({len(s.components)} components, {len(s.records)} records, {len(s.areas)} areas, "
                          f"{len(s.setup)} setup steps, {len(s.rules)} rules, {len(s.concepts)} concepts, "
                          f"{len(s.rulings)} rulings; editions {', '.join(s.editions)})")
            unchecked = f"; citations of {', '.join(u.edition for u in unread)} not checked" if unread else ""
            typer.echo(f"{label}: valid{counts}" + (f", {len(problems)} warning(s)" if problems else "") + unchecked)
        if unread:
            typer.echo(f"{label}: {unread_advice(unread)}", err=True)
            worst = worst or 2  # an invalid spec (1) says more than texts that could not be read (2)
        if provenance:
            _print_provenance(loaded, label, provenance_counts, CATEGORIES)
    raise typer.Exit(worst)


def _print_provenance(loaded: object, label: str, provenance_counts: object, categories: tuple[str, ...]) -> None:
    from rich.table import Table

    from cli.console import make_console

    table = Table(title=f"Provenance of values — {label}")
    table.add_column("file", overflow="fold")
    for category in categories:
        table.add_column(category, justify="right")
    totals = dict.fromkeys(categories, 0)
    for file, counter in sorted(provenance_counts(loaded).items()):  # type: ignore[operator]
        table.add_row(_relative(file, loaded.folder), *(str(counter.get(c, 0)) for c in categories))  # type: ignore[attr-defined]
        for c in categories:
            totals[c] += counter.get(c, 0)
    table.add_row("total", *(str(totals[c]) for c in categories), style="bold")
    make_console().print(table)


def trace(
    game: GameArg,
    source: SourceOpt = None,
    only: Annotated[list[str] | None, typer.Option("--only", metavar="ID", help="Report only these editions.")] = None,
    minimum: Annotated[float, typer.Option("--min", metavar="SHARE",
                                           help="Exit 1 when an edition's coverage is below this share.")] = 0.0,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    limit: Annotated[int, typer.Option("--limit", metavar="N", help="Uncovered sentences to list per edition (-1: all).")] = -1,
    legacy_edition: LegacyEditionSourceOpt = None,
) -> None:
    """Per edition, the share of the source's sentences covered by a citation or a not-rule entry, and the rest."""
    import json

    from translations.sources.trace import coverage

    if not 0.0 <= minimum <= 1.0:
        raise _fail(f"--min is a share between 0 and 1 (e.g. 0.95 for 95 %), not {minimum}")
    spec = load_valid_spec(game)
    overrides = _overrides(source, legacy_edition)
    unknown = sorted(set(only or ()) - set(spec.editions))
    if unknown:
        raise _fail(f"--only: unknown edition(s) {', '.join(unknown)} (editions: {', '.join(spec.editions)})")
    texts, unread = read_texts(spec, overrides)
    if only:
        texts = {e: t for e, t in texts.items() if e in only}
        unread = [u for u in unread if u.edition in only]  # type: ignore[attr-defined]
    if unread:
        from translations.sources.editions import unread_advice

        raise _fail(unread_advice(unread))  # type: ignore[arg-type]
    names = source_names(spec, overrides)
    report = coverage(spec, texts)
    if as_json:
        typer.echo(json.dumps([{
            "edition": c.edition, "sentences": c.total, "cited": c.cited, "exempt": c.exempt,
            "coverage": round(c.ratio, 4),
            "uncovered": [{"line": line, "offset": start, "text": text} for line, start, text in c.uncovered],
        } for c in report], indent=1, ensure_ascii=False))
    else:
        for c in report:
            shown = c.uncovered if limit < 0 else c.uncovered[:limit]
            typer.echo(f"\n{c.edition}: {c.ratio:.1%} of {c.total} sentences covered "
                       f"({c.cited} cited, {c.exempt} not rules, {len(c.uncovered)} uncovered)")
            where = names[c.edition]
            for line, _, text in shown:
                typer.echo(f"  {where}:{line}: {text[:160]}")
            if len(shown) < len(c.uncovered):
                typer.echo(f"  … {len(c.uncovered) - len(shown)} more")
    raise typer.Exit(1 if any(c.ratio < minimum for c in report) else 0)


def stamp(game: GameArg, source: SourceOpt = None, legacy_edition: LegacyEditionSourceOpt = None) -> None:
    """Record the fingerprints of every cited passage after review (Doorstop's "review"): clears suspects.

    Needs every edition's text: a lock written from some of them would drop the others' fingerprints.
    """
    from rulespec.outputs import write_atomic
    from rulespec.problems import display_path
    from translations.sources.citations import check_citations, lock_path, render_lock

    spec = load_valid_spec(game)
    overrides = _overrides(source, legacy_edition)
    texts = load_texts(spec, overrides)
    missing = [p for p in check_citations(spec, texts, source_names(spec, overrides)) if p.check == "citations"
               and p.severity == "error"]
    if missing:
        for problem in missing:
            typer.echo(f"error: {problem}", err=True)
        raise _fail(f"{len(missing)} quote(s) not found: fix them before stamping (nothing written)", 1)
    write_atomic(lock_path(spec), render_lock(spec, texts))
    typer.echo(f"stamped {display_path(lock_path(spec))}")


def is_bundled(spec: object) -> bool:
    """Whether ``spec`` is the bundled spec of its game (whose generated files live in this package)."""
    from rulespec import SPECS_DIR

    return spec.root.resolve() == (SPECS_DIR / spec.id).resolve()  # type: ignore[attr-defined]


def render_generated(spec: object, what: str, out: Path | None = None) -> dict[Path, str]:
    """Fresh renders of the generated files of one game (``engine``, ``summaries`` or ``all``); see
    :func:`render_parts`."""
    engine, translations = render_parts(spec, what, out)
    return {**engine, **translations}


def render_parts(spec: object, what: str, out: Path | None = None) -> tuple[dict[Path, str], dict[Path, str]]:
    """The engine's and the translations' generated files of one game, rendered afresh.

    A bundled game renders into its packages (``engine/<game>/generated``, ``translations/generated/<game>``);
    any other spec folder must name an ``out`` folder, so that a scratch copy never overwrites them.
    """
    from engine.generate import render as render_engine
    from rulespec.loading import checkout_specs
    from translations.generate import render as render_translations

    if out is None and not is_bundled(spec):
        if spec.root.parent == checkout_specs():  # type: ignore[attr-defined]
            raise _fail(f"{spec.id}: this checkout's spec is not the installed rulespec's, whose engine and "  # type: ignore[attr-defined]
                        "summaries `generate` would write; run `pip install -e .` in the checkout (the way to edit "
                        "specs), or pass --out DIR")
        raise _fail(f"{spec.root} is not the bundled spec of {spec.id!r}: its generated files would overwrite "  # type: ignore[attr-defined]
                    "the bundled game's; pass --out DIR")
    if out is not None:
        from rulespec.outputs import ensure_folder

        ensure_folder(out)
    engine: dict[Path, str] = {}
    translations: dict[Path, str] = {}
    if what in ("engine", "all"):
        engine = render_engine(spec, out / "engine" / spec.id / "generated" if out else None)  # type: ignore[attr-defined]
    if what in ("summaries", "all"):
        translations = render_translations(spec, root=out / "translations") if out else render_translations(spec)
    return engine, translations


def unread_texts(spec: object) -> list[object]:
    """The editions whose rulebook text cannot be read. The summaries and look-up files quote the texts: rendered
    without them, they must neither replace the committed files nor count as stale."""
    from translations.sources.editions import read_sources

    return read_sources(spec)[1]  # type: ignore[arg-type]


def generate(
    what: Annotated[str, typer.Argument(metavar="[engine|summaries|all]", help="What to render (default: all).",
                                        show_default=False)] = "all",
    game: OptionalGameArg = None,
    check: Annotated[bool, typer.Option("--check", help="Write nothing; exit 1 if any generated file is stale.")] = False,
    out: Annotated[
        Path | None, typer.Option("--out", metavar="DIR", show_default=False,
                                  help="Render into this folder (required for a spec folder outside rulespec/).")
    ] = None,
) -> None:
    """Render the generated files (engine modules, summaries, look-up index) from the spec."""
    from rulespec.outputs import stale_files, write_outputs
    from rulespec.problems import display_path

    if what not in ("engine", "summaries", "all"):
        raise _fail(f"generate: unknown target {what!r} (engine, summaries or all)")
    from translations.sources.editions import unread_advice

    stale_total: list[Path] = []
    unread_any = False
    for name in _games(game):
        spec = load_valid_spec(name)
        files, quoting = render_parts(spec, what, out)
        unread = unread_texts(spec) if quoting else []
        if unread:
            unread_any = True
            typer.echo(f"{spec.id}: {len(quoting)} file(s) that quote the rulebook texts not "
                       f"{'checked' if check else 'written'}; {unread_advice(unread)}", err=True)  # type: ignore[arg-type]
        else:
            files.update(quoting)
        if check:
            stale = stale_files(files)
            stale_total += stale
            for path in stale:
                typer.echo(f"stale: {display_path(path)}", err=True)
            typer.echo(f"{spec.id}: {len(files) - len(stale)}/{len(files)} generated files up to date")
        else:
            written = write_outputs(files)
            where = sorted({display_path(path.parent) for path in files})
            typer.echo(f"{spec.id}: {len(files)} generated files, {len(written)} written ({', '.join(where)})")
    if check and stale_total:
        typer.echo("run `rulespec generate` and commit the result", err=True)
        raise typer.Exit(1)
    if unread_any:
        raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Add the spec commands to ``app``."""
    app.command()(validate)
    app.command()(trace)
    app.command()(stamp)
    app.command()(generate)
