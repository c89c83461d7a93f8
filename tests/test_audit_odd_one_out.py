"""Whose difference a finding of a draft audit is (:mod:`translations.audit.odd_one_out`), on hand-made sentences:
the edition whose reading stands alone against the others compared there."""

from __future__ import annotations

from test_audit_checks import prepare

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.checks import Observation, PairContext, run_checks
from translations.audit.merge import Merged, Units, join, merge
from translations.audit.odd_one_out import draft_odd_one_out, reading_groups, references_against_draft

ONE_TO_ONE = [Link((0,), (0,), 0.9)]
ALLOWED = {"en": "You may move the ship.", "de": "Du darfst das Schiff bewegen.", "nl": "Hij mag het schip verplaatsen."}
FORBIDDEN = {"en": "You may not move the ship.", "de": "Du darfst das Schiff nicht bewegen.",
             "nl": "Hij mag het schip niet verplaatsen."}


def _editions(texts: dict[str, tuple[str, str]]) -> dict[str, PreparedEdition]:
    """edition id -> (language, text), each one sentence."""
    return {e: prepare(e, language, text) for e, (language, text) in texts.items()}


def _observations(editions: dict[str, PreparedEdition], pairs: list[tuple[str, str]], kind: str) -> list[Observation]:
    out = []
    for a, b in pairs:
        out += [o for o in run_checks(PairContext(editions[a], editions[b], strict="draft" in (a, b)), ONE_TO_ONE)
                if o.kind == kind]
    return out


def _merged(observations: list[Observation], pairs: list[tuple[str, str]]) -> Merged:
    units = Units(suspects=frozenset({"draft"}))
    for a, b in pairs:
        join(units, a, b, ONE_TO_ONE)
    (group,) = merge(observations, units)
    return group


def _odd(texts: dict[str, tuple[str, str]], compared: set[str], seen: list[tuple[str, str]],
         elsewhere: list[tuple[str, str]] = (), kind: str = "negation") -> str | None:  # type: ignore[assignment]
    """The odd edition when the pairs ``seen`` are checked (and merged into one finding), ``elsewhere`` checked
    too but not joined into that passage."""
    editions = _editions(texts)
    found = _observations(editions, seen, kind)
    return draft_odd_one_out(_merged(found, seen), "draft", compared, found + _observations(editions, list(elsewhere), kind))


def test_the_draft_alone_against_the_references_is_the_drafts() -> None:
    texts = {"draft": ("en", FORBIDDEN["en"]), "de": ("de", ALLOWED["de"]), "nl": ("nl", ALLOWED["nl"])}
    assert _odd(texts, {"de", "nl"}, [("draft", "de"), ("draft", "nl")]) == "draft"


def test_a_reference_alone_against_the_draft_and_another_reference_is_that_references() -> None:
    texts = {"draft": ("en", ALLOWED["en"]), "de": ("de", FORBIDDEN["de"]), "nl": ("nl", ALLOWED["nl"])}
    group_pairs = [("draft", "de"), ("de", "nl")]
    editions = _editions(texts)
    found = _observations(editions, group_pairs, "negation")
    group = _merged(found, group_pairs)
    assert sorted(map(sorted, reading_groups(group.values))) == [["de"], ["draft", "nl"]]
    assert draft_odd_one_out(group, "draft", {"de", "nl"}, found) == "de"


def test_two_against_two_is_nobodys() -> None:
    # The references disagree among themselves: nothing says which reading the draft should have followed.
    texts = {"draft": ("en", FORBIDDEN["en"]), "en": ("en", FORBIDDEN["en"]), "de": ("de", ALLOWED["de"]),
             "nl": ("nl", ALLOWED["nl"])}
    seen = [("draft", "de"), ("draft", "nl"), ("en", "de"), ("en", "nl")]
    assert _odd(texts, {"en", "de", "nl"}, seen) is None


def test_one_pair_alone_is_the_references_when_it_differs_from_another_reference_there() -> None:
    # draft and nl read alike; de says otherwise against both, but its pair with nl was not joined into the passage.
    texts = {"draft": ("en", ALLOWED["en"]), "de": ("de", FORBIDDEN["de"]), "nl": ("nl", ALLOWED["nl"])}
    assert _odd(texts, {"de"}, [("draft", "de")]) == "draft"
    assert _odd(texts, {"de"}, [("draft", "de")], elsewhere=[("de", "nl")]) == "de"


def test_a_word_one_pair_alone_sees_is_not_the_drafts_where_another_compared_reference_is_silent() -> None:
    texts = {"draft": ("en", FORBIDDEN["en"]), "de": ("de", ALLOWED["de"])}
    assert _odd(texts, {"de"}, [("draft", "de")]) == "draft"  # the only reference compared there
    # nl was compared with the draft there and showed nothing: one translator's wording, not the draft's error
    assert _odd(texts, {"de", "nl"}, [("draft", "de")]) is None


def test_a_swap_one_pair_alone_sees_stays_the_drafts() -> None:
    # "right" against "left" says the opposite: a silent reference's wording is often one the checks do not read.
    texts = {"draft": ("en", "Pass the tile to the player on your right."),
             "de": ("de", "Gib das Plättchen an den Spieler links von dir.")}
    assert _odd(texts, {"de", "nl"}, [("draft", "de")], kind="comparison") == "draft"


def test_a_one_every_reference_states_and_the_draft_leaves_out_is_a_singular_made_plural() -> None:
    from translations.audit.severity import _single_dropped

    texts = {"draft": ("en", "Keep the drawn cards."), "en": ("en", "Keep 1 of the drawn cards."),
             "de": ("de", "Behalte 1 der gezogenen Karten.")}
    seen = [("draft", "en"), ("draft", "de")]
    editions = _editions(texts)
    group = _merged(_observations(editions, seen, "number_missing"), seen)
    assert group.numbers == {1} and group.values["draft"] == "no number"
    assert _single_dropped(group, "draft", "draft", 1.0, 2)
    assert not _single_dropped(group, "draft", "draft", 0.5, 1)  # one reference of two: said in words as often
    assert not _single_dropped(group, None, "draft", 1.0, 2)  # between published editions: unchanged


def test_a_number_is_one_reading_in_any_language_for_who_differs_and_for_the_plural_cap_alike() -> None:
    # "several Charterschiff" (draft) reads like "several charter ship" (en-zman), against "one Charter Ship" (en):
    # en's wording, not the draft's — the grouping and references_against_draft read the values the same way.
    group = Merged("plural", "low", values={"draft": "several Charterschiff", "en-zman": "several charter ship",
                                            "en": "one Charter Ship"})
    assert sorted(map(sorted, reading_groups(group.values, group.kind))) == [["draft", "en-zman"], ["en"]]
    assert references_against_draft(group, "draft") == 0
    assert draft_odd_one_out(group, "draft", {"en", "en-zman"}, []) == "en"
    # raw strings would make three readings: a "draft alone" the cap below medium says it is not
    assert len(reading_groups(group.values)) == 3
