"""Anchor segments (:mod:`translations.audit.segments`): a draft sentence no sure link reaches is compared with what
every reference says between the same two anchors, and a difference counts only when the references agree on it.

The texts are made here: a draft and two references of three sentences each, the first and last linked surely
(the anchors), the middle one linked to nothing (as a changed word leaves a sentence).
"""

from __future__ import annotations

import numpy as np

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.checks import Observation, PairContext, check_glossary
from translations.audit.features import GlossaryMatcher, sentence_features
from translations.audit.ingest import ingest
from translations.audit.segment import segment
from translations.audit.segments import segment_observations, sure_links, windows

FORMS = {
    "en": {"gold": ["Gold"], "storage_board": ["Storage Board"]},
    "de": {"gold": ["Gold"], "storage_board": ["Ablagetafel"]},
}
KINDS = {"gold": "resource", "storage_board": "component"}

EN = "Each player takes 2 Gold.\n\n{middle}\n\nThen the round ends.\n"
DE = "Jeder Spieler nimmt 2 Gold.\n\n{middle}\n\nDann endet die Runde.\n"
ANCHORED = [Link((0,), (0,), 0.9), Link((), (1,), 0.0), Link((2,), (2,), 0.9)]


def prepare(edition: str, language: str, text: str) -> PreparedEdition:
    sentences = segment(ingest(text), language)
    forms = FORMS[language]
    features = [sentence_features(s, language, GlossaryMatcher(forms)) for s in sentences]
    rng = np.random.default_rng(len(edition))
    return PreparedEdition(
        id=edition, language=language, path="", sha256="0" * 64, source=text, sentences=sentences,
        features=features, embeddings=rng.standard_normal((len(sentences), 8)).astype(np.float32),
        glossary_concepts=frozenset(forms), concept_kinds=KINDS,
    )


def audit(draft_middle: str, en_middle: str, de_middle: str,
          links: dict[str, list[Link]] | None = None,
          found: dict[str, list[Observation]] | None = None) -> list[Observation]:
    """The segment observations of a draft (en) against references ``en`` and ``de``; each reference is ``a`` of
    its pair with the draft, as in a draft audit."""
    draft = prepare("draft", "en", EN.format(middle=draft_middle))
    references = {"en": prepare("en", "en", EN.format(middle=en_middle)),
                  "de": prepare("de", "de", DE.format(middle=de_middle))}
    assert all(len(p.sentences) == 3 for p in (draft, *references.values()))
    links = links or {"en": ANCHORED, "de": ANCHORED}
    return segment_observations(draft, references, links, {"en": False, "de": False},
                                found or {"en": [], "de": []})


def test_windows_hold_the_unlinked_sentences_between_two_anchors() -> None:
    draft = prepare("draft", "en", EN.format(middle="Put 3 Gold on your Storage Board."))
    reference = prepare("de", "de", DE.format(middle="Lege 3 Gold auf deine Ablagetafel."))
    sure = sure_links(ANCHORED, draft_is_a=False)
    assert sure == {0: (0,), 2: (2,)}
    # with the anchors on both sides: what they say cancels out, and a reference that joined the counterpart to
    # an anchor's link still has it in its window
    assert windows(draft, reference, sure) == [((1,), (1,)), ((0, 1, 2), (0, 1, 2))]
    # a sentence with a sure link of its own is no window: its sentence pair is compared already
    linked = sure_links([Link((0,), (0,), 0.9), Link((1,), (1,), 0.8), Link((2,), (2,), 0.9)], draft_is_a=False)
    assert windows(draft, reference, linked) == []


def test_a_number_every_reference_states_otherwise_is_found_on_the_draft_sentence() -> None:
    found = audit("Put 4 Gold on your Storage Board.", "Put 3 Gold on your Storage Board.",
                  "Lege 3 Gold auf deine Ablagetafel.")
    numbers = [o for o in found if o.kind == "number"]
    assert {o.pair for o in numbers} == {("draft", "en"), ("draft", "de")}
    for o in numbers:
        assert o.segment
        assert ("draft", 1) in o.spans and o.units == [("draft", 1)]
        assert o.values["draft"].startswith("4 ")


def test_no_finding_where_the_references_disagree_among_themselves() -> None:
    # en says 4 like the draft: only de differs, and one reference alone is no agreement
    found = audit("Put 4 Gold on your Storage Board.", "Put 4 Gold on your Storage Board.",
                  "Lege 3 Gold auf deine Ablagetafel.")
    assert not [o for o in found if o.kind == "number"]


def test_a_reference_that_compared_the_sentence_and_saw_no_difference_vetoes_it() -> None:
    # en links the middle sentence surely and its sentence pair shows nothing: the draft agrees with en there
    sure_en = [Link((0,), (0,), 0.9), Link((1,), (1,), 0.8), Link((2,), (2,), 0.9)]
    found = audit("Put 4 Gold on your Storage Board.", "Put 3 Gold on your Storage Board.",
                  "Lege 3 Gold auf deine Ablagetafel.", links={"en": sure_en, "de": ANCHORED})
    assert not [o for o in found if o.kind == "number"]


def test_a_negation_only_the_draft_has_is_found_and_identical_meaning_is_not() -> None:
    found = audit("Do not put the Gold on your Storage Board.", "Put the Gold on your Storage Board.",
                  "Lege das Gold auf deine Ablagetafel.")
    assert {o.kind for o in found} == {"negation"}
    assert all(o.values["draft"] == "negation" for o in found)
    assert audit("Put the Gold on your Storage Board.", "Put the Gold on your Storage Board.",
                 "Lege das Gold auf deine Ablagetafel.") == []


def test_one_reference_is_no_agreement() -> None:
    draft = prepare("draft", "en", EN.format(middle="Put 4 Gold on your Storage Board."))
    reference = prepare("en", "en", EN.format(middle="Put 3 Gold on your Storage Board."))
    assert segment_observations(draft, {"en": reference}, {"en": ANCHORED}, {"en": False}, {"en": []}) == []


def test_a_term_only_the_draft_names_is_confirmed_by_a_sentence_pair_never_raised_by_segments_alone() -> None:
    # "your Storage Board" only in the draft: a one-sided term, the weakest sign, which windows alone never raise
    found = audit("Put the Gold on your Storage Board.", "Put the Gold there.", "Lege das Gold dorthin.")
    assert not [o for o in found if o.kind == "glossary"]
    # ...but when one reference's sentence pair saw it, the other reference's window confirms it
    draft = prepare("draft", "en", EN.format(middle="Put the Gold on your Storage Board."))
    en = prepare("en", "en", EN.format(middle="Put the Gold there."))
    paired = check_glossary(PairContext(draft, en, strict=True), Link((1,), (1,), 0.9))
    assert paired
    seen = audit("Put the Gold on your Storage Board.", "Put the Gold there.", "Lege das Gold dorthin.",
                 found={"en": paired, "de": []})
    assert {o.pair for o in seen if o.kind == "glossary"} >= {("draft", "de")}
