"""Ordinals name a position, numbers a count; and between a rule and its sub-rule or sibling, which one says the
question's telling words is what the re-ranking reads (`ranking.family_contrast`)."""

from __future__ import annotations

import pytest

from translations.lookup import ranking
from translations.lookup import search as lookup
from translations.lookup.language import ordinal_term

DRAKE = "francis_drake"


@pytest.mark.parametrize(("lang", "ordinal", "count"), [
    ("en", "fifth", "five"), ("en", "5th", "5"), ("de", "funfte", "funf"), ("de", "zweiten", "zwei"),
    ("nl", "vijfde", "vijf"), ("nl", "tweede", "twee"),
])
def test_an_ordinal_is_a_position_not_the_count(lexicon, lang: str, ordinal: str, count: str) -> None:
    language = lexicon.languages[lang]
    assert language.stem(ordinal) != language.stem(count)
    assert language.stem(ordinal) == ordinal_term(int(language.stem(count)))


def test_an_ordinal_no_rule_names_is_no_unknown_word(indexes) -> None:
    # No rule of Francis Drake names a sixth anything: the question is still about the player and its colour.
    found = lookup.answer([i for i in indexes if i.game == DRAKE], "Welche Farbe hat der sechste Spieler?")
    assert found.hits
    assert "sechste" not in found.unknown
    assert all(t.term != "6" for group in found.resolved for t in group)


def test_a_question_with_an_ordinal_does_not_match_the_count(indexes) -> None:
    # "the third voyage" is not "3 VP": no term the question resolved to is the number.
    found = lookup.answer(indexes, "who goes first on the third voyage of Francis Drake?")
    terms = {t.term for group in found.resolved for t in group}
    assert "3" not in terms and ordinal_term(3) in terms


@pytest.mark.parametrize(("rule", "other", "family"), [
    ("a.b", "a.b.c", True), ("a.b.c", "a.b", True), ("a.b.c", "a.b.d", True), ("a.b", "a.c", True),
    ("a.b.c", "a.d.e", False), ("setup", "land", False), ("a.b", "a.bc", True), ("a.b.c", "a.bc.d", False),
])
def test_a_family_is_a_parent_and_its_sub_rules_or_siblings(rule: str, other: str, family: bool) -> None:
    assert ranking.related(rule, other) is family


def test_family_contrast_weighs_what_only_one_side_says_by_kind() -> None:
    # The question's words: a number (worth 2), a glossary term (worth 3), another word (worth 5), of 10.
    kinds, worth = ["number", "term", "word"], [2.0, 3.0, 5.0]
    own = [True, False, True]
    rivals = [[False, True, True], [False, False, True]]
    found = ranking.family_contrast(own, rivals, kinds, worth, 10.0)
    # It alone says the number; a rival says the term and it does not; both say the other word.
    assert found == {"own:number": pytest.approx(0.2), "rival:term": pytest.approx(0.3)}
    assert ranking.family_contrast(own, [], kinds, worth, 10.0) == {}


def test_the_candidates_of_one_family_carry_their_contrast(indexes) -> None:
    # Siblings among the candidates: each gets what it says and they do not, or what they say and it does not.
    found = lookup.answer(indexes, "how many victory points does a large ship give when I build it?", limit=5)
    contrasted = [hit for hit in found.hits if any(key.startswith(("own:", "rival:"))
                                                   and not key.endswith(":asked_elsewhere") for key in hit.features)]
    assert contrasted
    for hit in contrasted:
        family = [other for other in found.hits if other is not hit and other.game == hit.game
                  and ranking.related(hit.rule_id, other.rule_id)]
        assert family or hit.features.get("suggested")


def test_a_rule_says_its_title_and_summary_but_not_only_its_citation(indexes) -> None:
    index = next(i for i in indexes if i.game == DRAKE)
    said = [set(text.split()) for text in index.said]
    assert len(said) == len(index.ids) and all(said)
    # Every stem of a rule's title (in each view) is among what it says.
    for number, titles in enumerate(index.titles):
        for title in titles.split("|"):
            for word in title.split():
                assert word.partition("=")[0].split("/")[0] in said[number]
