"""The legal moves of ``rulespec play`` as numbered choices: one line per thing a player can do.

An engine lists every legal action, and many of them are the same thing for the player: a ship paid with
1 cloth and 1 wood or with 1 gold and 1 wood, a cube on the first or the second of two empty marker spots. A
list of 40 lines hides the six real decisions. So the moves are folded into :class:`Choice` lines:

* moves whose words are identical are one choice (the game's view words them alike on purpose when they
  change nothing, e.g. two empty marker spots of one tile); the first is played;
* moves the view folds (``Display.fold``: ``(line, variant)``) are one line, and choosing it lists the variants
  ("paying 1 cloth, 1 wood" / "paying 1 gold, 1 wood").

    >>> choices = build_choices(display, state, state.legal_actions())   # doctest: +SKIP
    >>> [c.text for c in choices][:2]                                      # doctest: +SKIP
    ['Done: end your land phase', 'Build small ship s11 (⛵1 📦2 👥2 🔭1)']

Filtering by words matches a line, its variants and the raw ids, so "gold" finds every way of paying in gold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.runtime.display import GROUP_THRESHOLD  # lists up to this long are flat, longer ones grouped


@dataclass
class Choice:
    """One numbered line: the moves behind it, and the words of each when the player must still pick one."""

    text: str
    group: str
    kind: str = ""  # the moves' kind ("build"), for an overview of what can be done
    actions: list[Any] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)  # one label per action when they differ (a fold)

    @property
    def needs_variant(self) -> bool:
        """Choosing this line leads to a second, short list (the variants differ)."""
        return len(self.variants) > 1

    def line(self) -> str:
        """The text shown in the list: a folded line says how many ways follow."""
        if not self.needs_variant:
            return self.text
        first = {v.split(" ", 1)[0] for v in self.variants}
        how = f" of {first.pop()}" if len(first) == 1 else ""  # "4 ways of paying"
        return f"{self.text} — {len(self.variants)} ways{how}, chosen next"

    def matches(self, words: Sequence[str]) -> bool:
        """Every one of ``words`` occurs in the line, a variant or a raw id (case-insensitive)."""
        haystack = " ".join([self.text, *self.variants, *(str(a) for a in self.actions)]).lower()
        return all(w in haystack for w in words)


def build_choices(display: Any, state: Any, actions: Sequence[Any]) -> list[Choice]:
    """Fold ``actions`` into choices, in the order of their first move."""
    choices: list[Choice] = []
    by_key: dict[tuple[str, str], Choice] = {}
    for action in actions:
        text = display.describe(state, action)
        folded = display.fold(state, action)
        key = ("fold", folded[0]) if folded else ("text", text)
        choice = by_key.get(key)
        if choice is None:
            choice = Choice(folded[0] if folded else text, display.group(state, action), action.kind)
            by_key[key] = choice
            choices.append(choice)
        choice.actions.append(action)
        if folded:
            choice.variants.append(folded[1])
    for choice in choices:
        if len(choice.variants) == 1:  # a fold of one: show the move whole
            choice.text = display.describe(state, choice.actions[0])
            choice.variants = []
    return choices


def numbered(choices: list[Choice]) -> list[tuple[str | None, list[tuple[int, Choice]]]]:
    """The choices numbered from 1, under group headings when the list is long (groups keep first-seen order)."""
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.group, []).append(choice)
    if len(choices) <= GROUP_THRESHOLD or len(groups) == 1:
        return [(None, list(enumerate(choices, 1)))]
    out: list[tuple[str | None, list[tuple[int, Choice]]]] = []
    number = 1
    for heading, members in groups.items():
        out.append((heading, [(number + i, c) for i, c in enumerate(members)]))
        number += len(members)
    return out


def overview(choices: list[Choice]) -> str:
    """What can be done now, by kind of move: "Build (4), Expand (2), Done (1)"."""
    from engine.runtime.display import humanize

    counts: dict[str, int] = {}
    for choice in choices:
        name = humanize(choice.kind) if choice.kind else choice.group
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{name} ({n})" for name, n in counts.items())
