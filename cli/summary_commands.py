"""Summary commands: `rulespec summary` (rules summary), `rulespec aid` (the A4 player aid, HTML or PDF) and
`rulespec lookup` (find a rule).

Only typer is imported at module level. `lookup` imports just `translations.lookup` (standard library and
the Snowball stemmer) and reads the prebuilt index; `cli.app.main` routes `rulespec lookup …` to `lookup_main`
(argparse) because typer 0.29 imports pydantic to coerce parameters, which alone costs more than the start-up
budget of a look-up.
`summary` loads the spec, Babel and Jinja inside the function.

Exit codes: 0 success, 1 nothing found / invalid spec, 2 usage or I/O error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from cli.options import EditionOpt, OptionalGameArg, OutputOpt

FORMATS = ("md", "html")


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"rulespec: {message}", err=True)
    return typer.Exit(code)


def _default_game() -> str:
    from rulespec.loading import UnknownGame, default_game

    try:
        return default_game()
    except UnknownGame as exc:
        raise _fail(str(exc)) from None


def _check_edition(edition: str | None) -> None:
    if edition is not None and "=" in edition:
        raise _fail(f"--edition takes an edition id here (e.g. en-zman), not ID=PATH: {edition!r}")


def summary(
    game: OptionalGameArg = None,
    lang: Annotated[str, typer.Option("--lang", "-l", metavar="LANG", help="Language: en, de or nl.")] = "en",
    edition: EditionOpt = None,
    fmt: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                     help="md or html (the player aid is `rulespec aid`).")] = "md",
    output: OutputOpt = None,
) -> None:
    """A complete rules summary from the spec, in play order, in English, German or Dutch."""
    if fmt not in FORMATS:
        raise _fail(f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    spec = _load_for_rendering(game, lang, edition)
    from translations.summary.render import summary_with_view
    from translations.summary.text import PlaceholderError

    try:
        text, view = summary_with_view(spec, lang, fmt, edition)
    except PlaceholderError as exc:
        raise _fail(str(exc), 1) from None
    _warn_gaps(view, lang)
    _emit(text, output, f"{spec.id} summary ({lang}, {fmt})")


def _load_for_rendering(game: str | None, lang: str, edition: str | None) -> Any:
    """The validated spec, after checking `lang` has a catalog and `edition` is one of the game's."""
    _check_edition(edition)
    from cli.spec_commands import load_valid_spec
    from translations.summary.i18n import available_languages

    spec = load_valid_spec(game or _default_game())
    languages = available_languages()
    if lang not in languages:
        raise _fail(f"no message catalog for language {lang!r} (available: {', '.join(languages)})")
    if edition is not None and edition not in spec.editions:
        raise _fail(f"{spec.id} has no edition {edition!r} (editions: {', '.join(spec.editions)})")
    return spec


def _warn_gaps(view: Any, lang: str) -> None:
    if view.untranslated:
        typer.echo(f"rulespec: warning: {len(view.untranslated)} message(s) have no {lang} translation and show "
                   "in English; run `python -m translations.summary.catalog update` and translate them", err=True)
    if view.term_fallbacks:
        typer.echo(f"rulespec: warning: no {lang} term for: {', '.join(sorted(view.term_fallbacks))}", err=True)


def _emit(content: str | bytes, output: Path | None, label: str) -> None:
    """Write `content` to `output` atomically (or text to stdout): the one place these commands write files."""
    if output is None:
        if isinstance(content, bytes):
            raise _fail("PDF output needs --output FILE")
        typer.echo(content, nl=False)
        return
    from rulespec.outputs import OutputError, write_output

    try:
        write_output(output, content)
    except OutputError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"{output}: {label}", err=True)


AID_FORMATS = ("html", "pdf")


def aid(
    game: OptionalGameArg = None,
    lang: Annotated[str, typer.Option("--lang", "-l", metavar="LANG", help="Language: en, de or nl.")] = "en",
    edition: EditionOpt = None,
    fmt: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT",
                                     help="html, or pdf (printed by headless Chromium).")] = "html",
    output: OutputOpt = None,
) -> None:
    """The player aid on one A4 sheet: the turn as a spine with the setup beside it, then scoring and
    quick-reference tables (from the game's aid.yaml), as HTML or PDF."""
    if fmt not in AID_FORMATS:
        raise _fail(f"--format must be one of {', '.join(AID_FORMATS)}, not {fmt!r}")
    if fmt == "pdf" and output is None:
        raise _fail("--format pdf needs --output FILE")
    spec = _load_for_rendering(game, lang, edition)
    from translations.summary.aid import NoAid
    from translations.summary.render import render_aid
    from translations.summary.text import PlaceholderError

    try:
        html, view = render_aid(spec, lang, edition)
    except (PlaceholderError, NoAid) as exc:
        raise _fail(str(exc), 1) from None
    _warn_gaps(view, lang)
    content: str | bytes = html
    if fmt == "pdf":
        from translations.summary.pdf import PdfEngineMissing, html_to_pdf

        try:
            content = html_to_pdf(html)
        except PdfEngineMissing as exc:
            raise _fail(str(exc)) from None
    _emit(content, output, f"{spec.id} player aid ({lang}{', ' + edition if edition else ''}, {fmt})")


def run_lookup(query: str | None, game: str | None = None, lang: str | None = None, edition: str | None = None,
               rule_id: str | None = None, as_json: bool = False, limit: int = 5) -> int:
    """Search the prebuilt indexes and print the best rule; returns the exit code (1: no match). Standard library
    (and the Snowball stemmer) only."""
    import sys

    def fail(message: str, code: int = 2) -> int:
        print(f"rulespec: {message}", file=sys.stderr)
        return code

    if edition is not None and "=" in edition:
        return fail(f"--edition takes an edition id here (e.g. en-zman), not ID=PATH: {edition!r}")
    if not query and not rule_id:
        return fail("give a QUERY or --id RULE")
    from translations.lookup import present
    from translations.lookup import search as lk

    try:
        indexes = lk.load_indexes(game)
    except (LookupError, ValueError, OSError) as exc:
        return fail(str(exc))
    lexicon = lk.lexicon_of(indexes)
    if lang is not None and lang not in lexicon.languages:
        return fail(f"--lang must be one of {', '.join(lexicon.languages)}, not {lang!r}")
    if rule_id:
        hit = lk.find_rule(indexes, rule_id)
        if hit is None:
            return fail(f"no rule {rule_id!r}", 1)
        hits, shown_lang, label_lang, several = [hit], lang, lang or lk.locale_language(lexicon.languages) or "en", False
        found = None
    else:
        found = lk.answer(indexes, query or "", limit, lang)
        if not found.hits:
            # A bare question ("who goes first?") is about something in every game: say what is missing.
            bare = not found.query.words and found.query.asks
            hint = f"\n  {lexicon.label(found.lang, 'name_subject')}" if bare else ""
            return fail(f"{lexicon.label(found.lang, 'no_match')} {query!r}{hint}", 1)
        # An edition's own language wins over a language guessed (not detected) from the words.
        hits, label_lang, several = found.hits, found.lang, found.several_games
        shown_lang = lang or (None if edition and not found.lang_detected else found.lang)
    try:
        described = [present.describe(h, shown_lang, edition) for h in hits]
    except LookupError as exc:
        return fail(str(exc))
    if as_json:
        import json

        data = present.answer_json(found, described) if found else {"query": None, "best": described[0],
                                                                      "others": []}
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    import shutil

    width = min(shutil.get_terminal_size((100, 24)).columns, 160)
    text = present.format_text(described[0], described[1:], width, lexicon, label_lang, several)
    if several:
        text = f"({lexicon.label(label_lang, 'several_games')})\n\n" + text
    sys.stdout.write(text)
    return 0


def lookup(
    query: Annotated[str | None, typer.Argument(help="Words in English, German or Dutch (typos are tolerated).",
                                                show_default=False)] = None,
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game (default: every indexed game).",
                                             show_default=False)] = None,
    lang: Annotated[str | None, typer.Option("--lang", "-l", help="Language of the query and of the summary shown "
                                             "(en, de, nl; default: the query's).", show_default=False)] = None,
    edition: EditionOpt = None,
    rule_id: Annotated[str | None, typer.Option("--id", help="Show the rule with this id.", show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many matches to consider.")] = 5,
) -> None:
    """Find a rule by words in any language; show its summary, the passage each edition cites, and the ruling."""
    code = run_lookup(query, game, lang, edition, rule_id, as_json, limit)
    if code:
        raise typer.Exit(code)


def lookup_parser() -> Any:
    """The argparse twin of :func:`lookup`'s typer options (a test keeps the two in step)."""
    import argparse

    parser = argparse.ArgumentParser(prog="rulespec lookup", add_help=False)
    parser.add_argument("query", nargs="?")
    parser.add_argument("--game", "-g")
    parser.add_argument("--lang", "-l")
    parser.add_argument("--edition", "-e")
    parser.add_argument("--id", dest="rule_id")
    parser.add_argument("--json", dest="as_json", action="store_true")
    parser.add_argument("--limit", "-n", type=int, default=5)
    return parser


def lookup_main(argv: list[str]) -> int:
    """`rulespec lookup …` without typer's parameter machinery (which imports pydantic, ~90 ms): the same
    options parsed with argparse, so a cold look-up starts about as fast as `import typer`. `--help` is left to
    typer (see `wants_typer`)."""
    parser = lookup_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit:
        return 2
    if args.limit < 1:
        print("rulespec: --limit must be at least 1", file=__import__("sys").stderr)
        return 2
    return run_lookup(args.query, args.game, args.lang, args.edition, args.rule_id, args.as_json, args.limit)


def wants_fast_lookup(argv: list[str]) -> bool:
    """True for `rulespec lookup …` (not `--help`): `cli.app.main` then calls `lookup_main(argv[1:])`."""
    return argv[:1] == ["lookup"] and not any(a in ("--help", "-h") for a in argv[1:])


def register(app: typer.Typer) -> None:
    """Add this module's commands to `app`."""
    app.command()(summary)
    app.command()(aid)
    app.command()(lookup)
