"""Filling a translated summary sentence: `{param}`, `{term:concept}` and `{terms:concept}` placeholders.

A rule's English `summary` is the msgid; its translation keeps the same placeholders. After translation:

* `{name}` becomes the rule's param `name`, numbers formatted for the target locale with Babel (lists are joined
  with the locale's list pattern; a string that names a glossary concept becomes that concept's term);
* `{term:concept}` / `{terms:concept}` become the singular / plural glossary term of the target language/edition.

Only translations use two more forms (the English msgid keeps `{term:x}` / `{terms:x}`; the catalog check counts
them as the concept `x`):

* `{term@dat:concept}`, `{terms@acc_def:concept}`: the term in a grammatical case from the glossary's optional
  `cases` (`dat_pl`, `acc_pl_def`, …; `_def` after a definite article), falling back to the plain form;
* `{rel:concept}`: the relative pronoun agreeing with the term's gender (Dutch `die`/`dat`, German
  `der`/`die`/`das`).

Number agreement: gettext cannot inflect nouns, so a term placeholder that directly follows a numeric param
(`{cloth} {term:cloth}`) takes the number's CLDR plural category — singular for `one`, plural otherwise — whatever
form the English author wrote. Changing a param from 1 to 2 therefore yields "2 Stoffe", not "2 Stoff".

In HTML mode the result is `markupsafe.Markup`: literal text is escaped, numbers are emphasised and a term of a
concept with an icon is preceded by its inline SVG.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal
from markupsafe import Markup, escape

from translations.summary.i18n import plural_index
from translations.summary.terms import TermResolver

PLACEHOLDER = re.compile(
    r"\{(?:(?P<kind>terms?|rel)(?:@(?P<case>(?:nom|acc|dat|gen)(?:_def)?))?:(?P<concept>[a-z0-9_]+(?:\.[a-z0-9_]+)*)"
    r"|(?P<param>[a-z][a-z0-9_]*))\}"
)
#: A numeric placeholder followed by whitespace only, right before a term placeholder.
_NUMBER_BEFORE = re.compile(r"\{(?P<param>[a-z][a-z0-9_]*)\}\s+$")
#: The end of a sentence (or of a heading-like "Label:" lead-in) right before a placeholder: what follows
#: starts a sentence, so a term there is capitalised ("… Phase. Charterschepen …").
_SENTENCE_BEFORE = re.compile(r"(?:^|[.!?]\s+)$")


def capitalise(text: str, lang: str) -> str:
    """`text` with its first letter upper-cased, as the language writes it: Dutch capitalises the digraph
    "ij" as one letter ("ijzer" → "IJzer")."""
    if lang.split("_")[0].split("-")[0] == "nl" and text[:2] in ("ij", "Ij"):
        return "IJ" + text[2:]
    return text[:1].upper() + text[1:]


class PlaceholderError(ValueError):
    """A summary names a param or concept that does not exist."""


def placeholders(text: str) -> set[str]:
    """The placeholders of a message, as written (`cloth`, `term:cloth`): a translation must keep the same set
    of params and concepts (term/terms may differ, since languages differ in number)."""
    found: set[str] = set()
    for match in PLACEHOLDER.finditer(text):
        found.add(match["param"] if match["param"] else f"term:{match['concept']}")
    return found


def format_number(value: int | float, lang: str) -> str:
    """A number in the locale's notation (`1,000` / `1.000`)."""
    return format_decimal(value, locale=lang)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def format_value(value: Any, lang: str, resolver: TermResolver | None = None) -> str:
    """A param value as text: numbers per locale, lists joined per locale, concept ids as their term."""
    if _is_number(value):
        return format_number(value, lang)
    if isinstance(value, list | tuple):
        return format_list([format_value(v, lang, resolver) for v in value], locale=lang)
    if isinstance(value, str) and resolver is not None and value in resolver.spec.concepts:
        return resolver.term(value)
    return str(value)


def expand(
    text: str,
    params: Mapping[str, Any],
    resolver: TermResolver,
    *,
    html: bool = False,
    icon_for: Callable[[str], str | None] | None = None,
    where: str = "",
    capital: bool = False,
    marks: Mapping[str, str] | None = None,
) -> str:
    """Fill the placeholders of a (translated) message. `where` names the item for error messages; `capital`
    upper-cases the first letter (a title or sentence that starts with a term: "{terms:frame_marker}");
    `marks` maps a param to the mark shown after its value (`†` for a value no rulebook prints)."""
    lang = resolver.lang
    if capital and text[:1].isalpha():
        text = capitalise(text, lang)
        capital = False
    pieces: list[str] = []
    position = 0
    for match in PLACEHOLDER.finditer(text):
        literal = text[position:match.start()]
        pieces.append(str(escape(literal)) if html else literal)
        position = match.end()
        if match["param"]:
            name = match["param"]
            if name not in params:
                raise PlaceholderError(f"{where}: summary uses {{{name}}} but there is no param {name!r}")
            value = params[name]
            shown = format_value(value, lang, resolver)
            mark = (marks or {}).get(name, "")
            if html:
                css = "num" if _is_number(value) else "val"
                shown = f'<b class="{css}">{escape(shown)}</b>'
                if mark:
                    shown += f'<sup class="prov">{escape(mark)}</sup>'
            else:
                shown += mark
            pieces.append(shown)
            continue
        concept = match["concept"]
        if match["kind"] == "rel":
            try:
                pronoun = resolver.relative(concept)
            except KeyError as error:
                raise PlaceholderError(f"{where}: {error.args[0]}") from None
            if (capital and match.start() == 0) or (match.start() > 0 and _SENTENCE_BEFORE.search(text[:match.start()])):
                pronoun = capitalise(pronoun, lang)
            pieces.append(pronoun)
            continue
        plural = match["kind"] == "terms"
        before = _NUMBER_BEFORE.search(text[:match.start()])
        if before and _is_number(params.get(before["param"])):
            plural = plural_index(lang, params[before["param"]]) == 1
        try:
            term = resolver.term(concept, plural=plural, case=match["case"])
        except KeyError as error:
            raise PlaceholderError(f"{where}: {error.args[0]}") from None
        if (capital and match.start() == 0) or (match.start() > 0 and _SENTENCE_BEFORE.search(text[:match.start()])):
            term = capitalise(term, lang)
        if html:
            icon = icon_for(concept) if icon_for else None
            term = f'<span class="term">{icon or ""}{escape(term)}</span>'
        pieces.append(term)
    tail = text[position:]
    pieces.append(str(escape(tail)) if html else tail)
    joined = "".join(pieces)
    return Markup(joined) if html else joined
