"""The rules a draft audit judges by, on hand-made sentences: negating prefixes, direction of play and bounds
without a number as comparison words, choice phrases that hold no negation, neighbours that answer only with
words their own counterpart lacks, omissions an aligner hides in a 2:1 link, and a plain
instruction a draft leaves out."""

from __future__ import annotations

from test_audit_checks import prepare

from translations.audit.alignment import Link
from translations.audit.checks import (
    Observation,
    PairContext,
    check_comparison,
    check_modality,
    check_negation,
    run_checks,
)
from translations.audit.features import sentence_features
from translations.audit.findings import Anchors
from translations.audit.ingest import ingest
from translations.audit.inputs import AuditSelection
from translations.audit.merge import Merged, Units, join, merge
from translations.audit.segment import segment
from translations.audit.severity import _omission as omission_severity

ONE_TO_ONE = Link((0,), (0,), 0.9)


def _markers(text: str, language: str) -> set[tuple[str, str]]:
    (sentence,) = segment(ingest(text), language)
    return set(sentence_features(sentence, language, None).markers)


def test_a_negating_prefix_is_a_negation_and_a_word_that_merely_starts_so_is_not() -> None:
    assert ("negation", "negation") in _markers("Die Waren sind unbegrenzt.", "de")
    assert ("negation", "negation") in _markers("Goods are unlimited.", "en")
    assert ("negation", "negation") in _markers("De goederen zijn onbeperkt.", "nl")
    assert ("negation", "negation") not in _markers("Lege es unter den Stapel.", "de")
    assert ("negation", "negation") not in _markers("Place it under the stack until the end.", "en")
    assert ("negation", "negation") not in _markers("Hij krijgt onmiddellijk 1 punt.", "nl")  # "immediately"


def test_unlimited_and_not_limited_say_the_same() -> None:
    ctx = PairContext(prepare("en", "en", "The markers are not limited."), prepare("de", "de", "Die Marker sind unbegrenzt."))
    assert check_negation(ctx, ONE_TO_ONE) == []


def test_a_choice_phrase_holds_no_negation() -> None:
    assert ("negation", "negation") not in _markers("Hij mag al dan niet 1 schip leggen.", "nl")
    assert ("modality", "choice") in _markers("Hij mag al dan niet 1 schip leggen.", "nl")


def test_direction_of_play_and_a_bound_without_number_are_comparisons_that_swap() -> None:
    ctx = PairContext(prepare("en", "en", "Pass the tile to the next player clockwise."),
                      prepare("nl", "nl", "Geef de tegel aan de volgende speler (tegen de klok in)."))
    assert [o.values for o in check_comparison(ctx, ONE_TO_ONE)] == [{"en": "clockwise", "nl": "counterclockwise"}]
    ctx = PairContext(prepare("en", "en", "The maximum number of ships you may assign is shown on your board."),
                      prepare("nl", "nl", "Het aantal schepen dat hij minimaal mag toekennen staat op zijn tableau."))
    assert [o.values for o in check_comparison(ctx, ONE_TO_ONE)] == [{"en": "at most", "nl": "at least"}]
    # "up to 3" bounds the number: no comparison word of its own
    assert not {m for m in _markers("Move up to 3 ships.", "en") if m[0] == "comparison"}


def test_against_a_draft_a_neighbours_word_answers_only_when_its_own_counterpart_lacks_it() -> None:
    en = prepare("en", "en", "The markers are not limited. You may not move a ship twice.")
    de = prepare("de", "de", "Die Marker sind begrenzt. Du darfst ein Schiff nicht zweimal bewegen.")
    links = [Link((0,), (0,), 0.9), Link((1,), (1,), 0.9)]
    published = [o for o in run_checks(PairContext(en, de), links) if o.kind == "negation"]
    draft = [o for o in run_checks(PairContext(en, de, strict=True), links) if o.kind == "negation"]
    assert published == []  # the next sentence's "nicht" may be the moved word
    assert [o.spans for o in draft] == [[("en", 0), ("de", 0)]]  # it is that sentence's own "not"


def test_against_a_draft_a_permission_answered_by_a_plain_instruction_differs() -> None:
    en = prepare("en", "en", "Cover the symbol with a good.")
    de = prepare("de", "de", "Du darfst das Symbol mit einer Ware abdecken.")
    assert check_modality(PairContext(en, de), ONE_TO_ONE) == []  # imperatives translate both
    found = check_modality(PairContext(en, de, strict=True), ONE_TO_ONE)
    assert [(o.kind, o.swap, o.values["de"]) for o in found] == [("modality", False, "may")]


def _omission(edition: str, index: int, missing: str) -> Observation:
    return Observation("omission", "medium", "", [(edition, index)], [missing], [(edition, index)])


def test_a_draft_lacks_a_sentence_an_aligner_joined_into_a_two_to_one_link() -> None:
    # en 0, 1 and nl 0, 1 state two sentences; the draft kept only the first, the en alignment joined both to it.
    links = {("en", "nl"): [Link((0,), (0,), 0.9), Link((1,), (1,), 0.9)],
             ("en", "draft"): [Link((0, 1), (0,), 0.8)],
             ("nl", "draft"): [Link((0,), (0,), 0.9), Link((1,), (), 0.0)]}
    for suspects, lacking in ((frozenset({"draft"}), ["draft"]), (frozenset(), [])):
        units = Units(suspects=suspects)
        for (a, b), found in links.items():
            join(units, a, b, found)
        merged = merge([_omission("nl", 1, "draft")], units)
        assert [sorted(m.missing_in) for m in merged] == ([lacking] if lacking else [])
    anchors = Anchors()
    for (a, b), found in links.items():
        anchors.add(a, b, found)
    assert anchors.absorbed({("nl", 1)}, "draft", ["en", "nl", "draft"]) == {"en"}


def _lacked_by(m: Merged, missing: str) -> Merged:
    m.missing_in = {missing}
    m.observations = [Observation("omission", "medium", "", [(e, i)], [missing], [(e, i)]) for e, i in m.sentences]
    return m


def test_a_draft_lacking_a_plain_instruction_every_reference_states_is_medium() -> None:
    # No number, modal verb, negation or condition: "Place all goods next to the board."
    editions = ("en", "en-zman", "nl", "draft")
    draft = AuditSelection(editions, (), frozenset(), frozenset(), "draft")
    every = _lacked_by(Merged("omission", "medium", sentences={("en", 3), ("en-zman", 4), ("nl", 5)}), "draft")
    assert omission_severity(every, "rule", "setup.goods", draft, names_things=True)[0] == "high"
    assert omission_severity(every, "rule", "setup.goods", draft, names_things=False)[0] == "low"  # names nothing
    two = _lacked_by(Merged("omission", "medium", sentences={("en", 3), ("nl", 5)}), "draft")
    assert omission_severity(two, "rule", "setup.goods", draft, names_things=True)[0] == "low"
    # between published editions a plain statement one edition leaves out is rewording as often
    published = AuditSelection(("en", "en-zman", "nl", "de"), (), frozenset(), frozenset(), None)
    lacking_de = _lacked_by(Merged("omission", "medium", sentences={("en", 3), ("en-zman", 4), ("nl", 5)}), "de")
    assert omission_severity(lacking_de, "rule", "setup.goods", published, names_things=True)[0] == "low"


def test_a_sentence_opening_its_paragraph_goes_where_the_sentence_after_it_went() -> None:
    # The draft prints step 9 before step 8; step 8's first sentence is missing from it.
    en = prepare("en", "en", "8. Shuffle the cards.\n\n9. Place all goods next to the board. Then place 1 good on each space.")
    draft = prepare("draft", "en", "9. Then place 1 good on each space.\n\n8. Shuffle the cards.")
    anchors = Anchors()
    anchors.add("en", "draft", [Link((0,), (1,), 0.9), Link((1,), (), 0.0), Link((2,), (0,), 0.9)])
    assert anchors.insertion("en", 1, "draft", {"en": en, "draft": draft}) == draft.sentences[0].start
