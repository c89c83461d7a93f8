"""Who differs, in a draft audit: the edition whose reading stands alone against the others compared there.

A finding on a draft sentence is the draft's only when the draft is the *odd one out*: the references that read
the passage agree among themselves, and the draft says something else. The readings (``Merged.values``: each
edition's reading in a word or two, "negation" / "no negation", "left" / "right"; a number "one …" / "several …"
whatever the thing's name, :func:`reading`) group the editions:

* **the draft alone against two references or more** ("right (draft) against left (en, de)"): the draft's;
* **one reference alone against the draft and another reference** ("negation (en) against no negation (en-zman,
  de, draft)"): that reference's wording, not the draft's — a draft audit drops it;
* **two against two** ("no negation (en, en-zman) against negation (nl, draft)"): the references disagree among
  themselves, so nothing says which reading the draft should have followed — nobody's;
* **the draft against one reference** (one sentence pair alone saw it). The draft's, unless

  - that reference differs from another reference at the same sentence (a reference pair's observation of the
    same kind and subject): then it is that reference's wording;
  - it is a word one side has and the other lacks (not a swap: "negation" against "no negation", "each" against
    no "each") and another reference compared with the draft sentence there shows nothing: that reference
    reads like the draft, one translator's paraphrase ("it does not matter" / "it is allowed") is no error;
  - the references compared there are more than twice those that show it (as before).

  A swap ("left" against "right", "Eisen" against "Wood") stays the draft's even where the other references are
  silent: their wording ("im Uhrzeigersinn") is often one the checks do not read.

Omissions are decided by the editions lacking the sentence (:meth:`Merged.odd_edition`), and so is everything
with three readings or more ("3 (de) against 4 (en) against 5 (draft)"), as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from translations.audit.checks import NOT_NAMED, Observation
from translations.audit.merge import Merged

#: Kinds whose odd edition is read from the editions lacking a sentence, not from readings.
_BY_ABSENCE = frozenset({"omission", "supplement"})


def reading(kind: str, value: str) -> str:
    """What an edition's value says, in any language: a number is "one …" or "several …" whatever the thing's
    name ("several Charterschiff" reads like "several charter ship"); every other kind's value is its reading
    as the check wrote it. Both the grouping of :func:`draft_odd_one_out` and :func:`references_against_draft`
    read values through this one function, so the plural raise and its cap in ``severity.weigh`` never disagree
    on who reads like the draft."""
    if kind == "plural":
        return value.split(" ", 1)[0]  # "one …" / "several …" (checks.check_plural's readings)
    return value


def reading_groups(values: Mapping[str, str], kind: str = "") -> list[set[str]]:
    """The editions grouped by their reading (:func:`reading`), in the order the readings first appear."""
    groups: dict[str, set[str]] = {}
    for edition, value in values.items():
        groups.setdefault(reading(kind, value), set()).add(edition)
    return list(groups.values())


def references_against_draft(m: Merged, draft: str) -> int:
    """How many references read the passage otherwise than the draft, when no reference reads like it (0 when one
    does), each value read by :func:`reading`. A glossary concept's name is moreover one reading in any language
    here: "großes Schiff" (draft) against "large ship" (en-zman) and "not named" (en, nl) is the draft reading
    like en-zman, not the draft alone."""
    def read(value: str | None) -> str | None:
        if value is None:
            return None
        if m.kind == "glossary":
            return NOT_NAMED if value == NOT_NAMED else "named"
        return reading(m.kind, value)

    mine = read(m.values.get(draft))
    references = [e for e in m.values if e != draft]
    if mine is None or any(read(m.values[e]) == mine for e in references):
        return 0
    return len(references)


def differs_among_references(m: Merged, reference: str, draft: str, observations: Iterable[Observation]) -> bool:
    """Whether ``reference``'s sentences of the finding differ from another reference's in the same way (an
    observation of the same kind and subject between two references on one of those sentences)."""
    mine = {(e, i) for e, i in m.sentences if e == reference}
    subject = m.observations[0].subject if m.observations else ""
    return any(o.kind == m.kind and o.subject == subject and draft not in o.pair and reference in o.pair
               and mine.intersection(o.spans) for o in observations)


def draft_odd_one_out(m: Merged, draft: str, compared: set[str], observations: Iterable[Observation]) -> str | None:
    """The odd edition of a finding that involves the draft (see the module doc): the draft, a reference, or None
    (nobody's). ``compared``: the references whose alignment with the draft compares its sentences there (those
    with nothing of the kind to say taken out); ``observations``: the references' own pairs' (others are ignored)."""
    if m.kind in _BY_ABSENCE:
        return m.odd_edition()
    groups = reading_groups(m.values, m.kind)
    if len(groups) != 2:
        return m.odd_edition() or _undecided(m, draft, compared)
    mine = next(g for g in groups if draft in g)
    other = next(g for g in groups if draft not in g)
    if mine != {draft}:
        return next(iter(other)) if len(other) == 1 else None
    if len(other) >= 2:
        return draft
    (reference,) = other
    if differs_among_references(m, reference, draft, observations):
        return reference
    silent = compared - other
    if silent and not m.swap:
        return None
    return draft if 2 * len(other) >= len(compared | other) else None


def _undecided(m: Merged, draft: str, compared: set[str]) -> str | None:
    """Three readings or more and no edition in every observation: the draft's if it shows against at least
    half of the references it was compared with there, and no reference is in more of the observations."""
    involved = Counter(e for o in m.observations for e in set(o.pair))
    if involved[draft] and len(m.partners(draft)) * 2 >= max(len(compared), 1) \
            and involved[draft] >= max(involved.values()):
        return draft
    return None
