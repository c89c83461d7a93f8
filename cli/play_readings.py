"""The edition and the readings a game of ``rulespec play`` follows, in words, with why each is in force.

Where the editions disagree, the engine follows one reading of each ruling (see ``rulings/*.yaml`` in a game's
spec): the one the chosen edition states, or the ruling's default where that edition is silent or does not
decide the point, or the one chosen with ``--ruling``. A player deserves to know which: a German player
expecting "bis zu 3" and an English one expecting "3 spaces" should both see what this game does, and why.

    >>> lines = readings_in_force(spec, config, engine_readings)      # doctest: +SKIP
    >>> lines[0].rule, lines[0].text, lines[0].source                  # doctest: +SKIP
    ('Move the frame marker back', 'The frame marker moves back 3 spaces (less only when blocked).', 'de states it')

Texts come from the spec's summaries, rendered in English with the edition's own terms (the same machinery as
the player aid), so nothing here is specific to a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ReadingInForce:
    """One ruling as this game plays it."""

    ruling: str
    rule: str  # title of the (first) rule the ruling touches
    reading: str  # id of the reading in force
    text: str  # that reading in words
    source: str  # why it is in force: "de states it", "en-zman is silent: the default", "--ruling"
    default: bool  # the reading in force is the ruling's default
    reason: str  # the ruling's reason for its default


@dataclass(frozen=True)
class EditionInForce:
    """The edition a game follows and every ruling's reading."""

    edition: str
    title: str  # "Hans im Glück original (de)"
    chosen: bool  # named with --edition (else the spec's default edition)
    only: bool  # the game has no other edition
    readings: tuple[ReadingInForce, ...]


def short_reason(reason: str, edition: str) -> str:
    """The sentences of a ruling's reason that speak of ``edition`` (else its first sentence): the part a player
    of that edition wants to read under the reading."""
    import re

    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"'a-z(])", reason.strip()) if s]
    about = [s for s in sentences if re.search(rf"(?<![\w-]){re.escape(edition)}(?![\w-])", s)]
    return " ".join(about or sentences[:1])


def edition_in_force(spec: Any, config: Any, engine_readings: Mapping[str, str] | None = None) -> EditionInForce:
    """What ``config`` plays by. ``engine_readings`` (ruling → reading id, as the engine applied them) wins over
    the spec's own resolution where the game exposes it, so the screen shows what the engine really does."""
    from translations.summary.view import ViewBuilder

    edition = config.edition or spec.default_edition
    builder = ViewBuilder(spec, "en", edition)
    lines = []
    for ruling in spec.rulings.values():
        chosen = (engine_readings or {}).get(ruling.id) or config.rulings.get(ruling.id)
        reading = ruling.readings[chosen] if chosen in ruling.readings else spec.reading(ruling.id, edition)
        rule = spec.rule(ruling.rules[0])
        params = {**rule.params, **reading.params}
        text = builder.fill(reading.summary, params, f"{ruling.id}/{reading.id}")
        if ruling.id in config.rulings:
            source = "chosen with --ruling"
        elif edition in reading.editions:
            source = f"{edition} states it"
        elif _silent(spec, ruling, edition):
            source = f"{edition} is silent: the default"
        else:
            source = f"{edition} does not decide it: the default"
        lines.append(ReadingInForce(ruling.id, builder.plain_text(rule.title, capital=True), reading.id, text, source,
                                    reading.id == ruling.default, ruling.reason))
    info = spec.editions[edition]
    title = info.name + (", the original" if info.original and len(spec.editions) > 1 else "")
    return EditionInForce(edition, title, config.edition is not None, len(spec.editions) == 1, tuple(lines))


def _silent(spec: Any, ruling: Any, edition: str) -> bool:
    """Whether ``edition`` says nothing on the rules a ruling touches (its citations there are ``silent``)."""
    citations = [spec.rule(r).citations.get(edition) for r in ruling.rules]
    return all(isinstance(c, dict) and "silent" in c for c in citations if c is not None)


def render(info: EditionInForce, full: bool = False) -> Any:
    """The edition line and one line per ruling; ``full`` adds each default's whole reason (else its first
    sentence, and only where the edition does not state the reading itself)."""
    from rich.console import Group
    from rich.text import Text

    head = Text()
    head.append("Edition: ", style="bold")
    head.append(f"{info.title} ({info.edition})" if info.title != info.edition else info.edition)
    if not info.chosen and not info.only:
        head.append(" (the default edition; another with --edition)", style="dim")
    if not info.readings:
        return Group(head, Text("No rulings: the spec records no point the rulebook leaves open.", style="dim"))
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))  # a hanging indent: wrapped lines stay under their reading
    grid.add_column(width=1)
    grid.add_column()
    for item in info.readings:
        line = Text()
        line.append(f"{item.rule}: ", style="bold")
        line.append(item.text)
        line.append(f"  [{item.source}]", style="dim")
        stated = item.source.endswith("states it")
        if full or (item.default and not stated):
            why = item.reason if full else short_reason(item.reason, info.edition)
            line.append(f"\nwhy {'this is the default' if item.default else 'the default differs'}: {why}", style="dim")
        grid.add_row("•", line)
    parts: list[Any] = [head, Text("Where the editions disagree, this game follows:", style="bold"), grid]
    if not full:
        parts.append(Text("Type 'readings' for why each default is the default.", style="dim"))
    return Group(*parts)
