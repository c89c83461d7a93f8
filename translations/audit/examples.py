"""Worked examples: passages that tell the story of one game instead of stating a rule.

Rulebooks illustrate their rules with examples ("Example: Yellow builds a shipyard", "Gelb hat 3 Schiffe beim
Liefern", "The **red** player assigned three ships"). Editions rewrite, shorten or drop examples freely, and a
different number inside one rarely changes play, so the checks weigh findings there one level less. Only some
examples are labelled ("Example:", "Beispiel:"); the others are recognised here from the text itself, with
language facts from :mod:`translations.audit.lexicon` and nothing about any game:

- :func:`names_a_player` — a player colour used as a name: "Yellow has", "Gelb hat", "the red player",
  an emphasised "**rood**". A rule speaks of "a player" or "each player", never of Yellow.
- :func:`tells_a_story` — a third-person subject ("he pays", "er bezahlt") in an edition that addresses the
  reader ("you", "du"): there, "he" is an example's player. It is a weaker sign (a rule may say "each player
  ... he"), so it counts only next to another example sentence.
- context: a sentence between two example sentences of its section, and every sentence of a block at least
  half of which is example, belong to the example ("**You** assigned no ships" between two sentences about
  the red and the blue player); so does a narrow block (a side column) between two example blocks
  (:func:`mark_side_column_examples`).

A labelled example already runs to the end of its block (:mod:`translations.audit.segment`); a recognised one does
not, because PDF extractions interleave two columns into one block, mixing an example with the rule beside it.

:func:`mark_examples` applies them to an edition's sentences. The audit then also marks a sentence whose
counterparts in other editions are examples and a block no other edition has right after an example
(:func:`mark_unmatched_continuations`), and applies :func:`mark_by_context` again (editions label and phrase
different examples: one says "Example:", another tells what "you" did).
"""

from __future__ import annotations

from collections.abc import Sequence

from translations.audit.lexicon import lexicon
from translations.audit.segment import Sentence

#: Sentence kinds that are never examples (they are labelled as what they are).
_FIXED_KINDS = frozenset(("heading", "caption", "example"))
_EMPHASIS = frozenset("*_")


def names_a_player(sentence: Sentence, language: str, source: str) -> bool:
    """A player colour used as a player's name: capitalised ("Yellow has", "Gelb hat"), emphasised in the source
    ("**rood** heeft"), or before the word "player" ("the red player")."""
    colours = lexicon(language).player_colours
    players = lexicon(language).player_nouns
    tokens = sentence.tokens
    for i, token in enumerate(tokens):
        if token not in colours:
            continue
        start, end = sentence.token_spans[i]
        written = sentence.text[start:end]
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if following in players:
            return True
        next_written = sentence.text[slice(*sentence.token_spans[i + 1])] if i + 1 < len(tokens) else ""
        # "Gelb hat" names a player; "Rot und Blau" too; "Rote Marker" is not uninflected; "Red markers" would be
        # a capitalised colour before a noun — a German noun is capitalised, so that case is left out there.
        if written[:1].isupper() and i > 0 and not (language == "de" and next_written[:1].isupper()):
            return True
        if written[:1].isupper() and i == 0 and next_written[:1].islower():
            return True
        if _emphasised(sentence, source, start, end):
            return True
    return False


def _emphasised(sentence: Sentence, source: str, start: int, end: int) -> bool:
    """The word is wrapped in markdown emphasis in the source (``**rood**``, ``*geel*``)."""
    begin, finish = sentence.source_span(start, end)
    return begin > 0 and source[begin - 1] in _EMPHASIS and finish < len(source) and source[finish] in _EMPHASIS


def addresses_reader(sentences: Sequence[Sentence], language: str) -> bool:
    """The edition states its rules to "you" ("du"): more sentences use a second-person pronoun than a
    third-person subject. (The Dutch rulebook here writes "de speler ... hij" throughout: no.)"""
    second = lexicon(language).second_person
    third = lexicon(language).third_person_subjects
    to_you = sum(1 for s in sentences if second.intersection(s.tokens))
    about_him = sum(1 for s in sentences if third.intersection(s.tokens))
    return to_you > about_him


def tells_a_story(sentence: Sentence, language: str) -> bool:
    """A third-person subject and no "you", and no "each/a player" the pronoun could stand for."""
    tokens = sentence.tokens
    lex = lexicon(language)
    if not lex.third_person_subjects.intersection(tokens):
        return False
    if lex.second_person.intersection(tokens):
        return False
    players = lex.player_nouns
    determiners = lex.generic_determiners
    return not any(t in players and i > 0 and tokens[i - 1] in determiners for i, t in enumerate(tokens))


#: A block whose median line is at most this share of the edition's median line is a side column (where
#: examples go).
NARROW_SHARE = 0.7


def _blocks(sentences: Sequence[Sentence]) -> list[list[Sentence]]:
    """The sentences of each block, in order."""
    blocks: dict[int, list[Sentence]] = {}
    for sentence in sentences:
        blocks.setdefault(sentence.block, []).append(sentence)
    return list(blocks.values())


def mark_unmatched_continuations(sentences: Sequence[Sentence], matched: set[int]) -> int:
    """A block no other edition has any of (no sentence index in ``matched``), right after an example, is that
    example's own further detail."""
    changed = 0
    for members in _blocks(sentences):
        first = members[0].index
        if first == 0 or any(s.index in matched for s in members):
            continue
        before = sentences[first - 1]
        if before.kind == "example" and before.section == members[0].section:
            for sentence in members:
                if sentence.kind not in _FIXED_KINDS:
                    sentence.kind = "example"
                    changed += 1
    return changed


def _line_widths(source: str, start: int, end: int) -> list[int]:
    return [len(line.strip()) for line in source[start:end].splitlines() if line.strip()]


def mark_side_column_examples(sentences: Sequence[Sentence], source: str) -> int:
    """A narrow block (a side column) between two example blocks of its section is part of that example.

    Printed rulebooks set examples beside the rules in a narrower column; when the column's text is split into
    several paragraphs, only the first carries "Example:". Narrowness comes from the source's own line breaks,
    so an edition without them (markdown with one line per paragraph) is left alone.
    """
    widths = sorted(_line_widths(source, 0, len(source)))
    if not widths:
        return 0
    median = widths[len(widths) // 2]
    changed = 0
    for members in _blocks(sentences):
        first, last = members[0].index, members[-1].index
        if first == 0 or last + 1 >= len(sentences) or all(s.kind in _FIXED_KINDS for s in members):
            continue
        before, after = sentences[first - 1], sentences[last + 1]
        if not (before.kind == after.kind == "example" and before.section == members[0].section == after.section):
            continue
        lines = sorted(_line_widths(source, members[0].start, members[-1].end))
        if len(lines) >= 2 and lines[len(lines) // 2] <= NARROW_SHARE * median:
            for sentence in members:
                if sentence.kind not in _FIXED_KINDS:
                    sentence.kind = "example"
                    changed += 1
    return changed


def end_stories(sentences: Sequence[Sentence], language: str, source: str) -> int:
    """A labelled example runs to the end of its block (:mod:`translations.audit.segment`), but a PDF block may
    go on with the rules: in an edition that states its rules to "you", once an example has told a story (a
    player named by colour, or "he"), a later sentence of the block that speaks to "you" and tells no story is
    the rules again, and so is the rest of the block up to another "Example:". Returns how many changed."""
    if not addresses_reader(sentences, language):
        return 0
    lex = lexicon(language)
    openers = lex.example_openers
    changed = 0
    story = False
    block = None
    ended = False
    for sentence in sentences:
        if sentence.block != block:
            block, story, ended = sentence.block, False, False
        if sentence.kind != "example":
            continue
        if sentence.text.lower().startswith(openers):
            ended = False
        tells = names_a_player(sentence, language, source) or bool(lex.third_person_subjects.intersection(sentence.tokens))
        if ended or (story and not tells and lex.second_person.intersection(sentence.tokens)):
            sentence.kind = "paragraph"
            ended = True
            changed += 1
            continue
        story = story or tells
    return changed


def mark_examples(sentences: Sequence[Sentence], language: str, source: str) -> int:
    """Set ``kind = "example"`` on the sentences the signals above recognise; returns how many changed."""
    story = addresses_reader(sentences, language)
    strong = [names_a_player(s, language, source) for s in sentences]
    weak = [story and tells_a_story(s, language) for s in sentences]
    changed = 0
    for i, sentence in enumerate(sentences):
        if sentence.kind in _FIXED_KINDS:
            continue
        near = [j for j in (i - 1, i + 1) if 0 <= j < len(sentences) and sentences[j].section == sentence.section]
        if strong[i] or (weak[i] and any(strong[j] or weak[j] or sentences[j].kind == "example" for j in near)):
            sentence.kind = "example"
            changed += 1
    changed += mark_by_context(sentences)
    changed += mark_side_column_examples(sentences, source)
    return changed - end_stories(sentences, language, source)


def mark_by_context(sentences: Sequence[Sentence]) -> int:
    """Sentences an example surrounds: between two example sentences of one section, or after the first example
    sentence of a mostly-example block."""
    changed = 0
    for members in _blocks(sentences):
        examples = sum(s.kind == "example" for s in members)
        if 0 < examples < len(members) and examples * 2 >= len(members):
            # From the first example sentence on: a rule stated before "Example:" in the same block stays a rule.
            first = next(k for k, s in enumerate(members) if s.kind == "example")
            for sentence in members[first:]:
                if sentence.kind not in _FIXED_KINDS:
                    sentence.kind = "example"
                    changed += 1
    for i in range(1, len(sentences) - 1):
        before, sentence, after = sentences[i - 1], sentences[i], sentences[i + 1]
        if (
            sentence.kind not in _FIXED_KINDS
            and before.kind == after.kind == "example"
            and before.section == sentence.section == after.section
        ):
            sentence.kind = "example"
            changed += 1
    return changed
