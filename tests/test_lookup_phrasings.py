"""The look-up's phrasings: words earlier questions used for a rule, compared with a new question's, as a signal
of the re-ranking; learned per fit file from the other files only."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from translations.lookup import phrasings, ranking
from translations.lookup import search as lookup
from translations.lookup.phrasings import Phrasings

REPO = Path(__file__).resolve().parent.parent
RNFL = "race_to_the_new_found_land"


@pytest.fixture(scope="module")
def indexes() -> list[lookup.Index]:
    return lookup.load_indexes()


def learned() -> Phrasings:
    return Phrasings.learn([
        (RNFL, "frame_markers.choose", ["milestone", "pass", "card"]),
        (RNFL, "frame_markers.choose", ["milestone", "card"]),
        (RNFL, "frame_markers.multiple", ["milestone", "two"]),
        (RNFL, "land.income", ["income", "round"]),
    ])


def test_a_question_shares_the_words_earlier_questions_about_a_rule_used() -> None:
    asked = learned()
    choose = asked.features(["milestone", "card"], RNFL, "frame_markers.choose")
    multiple = asked.features(["milestone", "card"], RNFL, "frame_markers.multiple")
    assert choose["phrased"] == pytest.approx(1.0)
    # "milestone" was asked about both rules, "card" only about one: the rarer word tells more
    assert 0.0 < multiple["phrased"] < 0.5 < choose["phrased"]
    assert choose["phrased_weight"] > multiple["phrased_weight"] > 0.0
    # a rule nobody asked about, a word nobody used, another game: nothing shared
    assert asked.features(["milestone"], RNFL, "land.order") == {}
    assert asked.features(["xyzzy"], RNFL, "frame_markers.choose") == {}
    assert asked.features(["milestone"], "francis_drake", "frame_markers.choose") == {}


def test_a_word_no_earlier_question_used_counts_as_the_rarest() -> None:
    asked = learned()
    alone = asked.features(["income"], RNFL, "land.income")["phrased"]
    with_unknown = asked.features(["income", "helicopter"], RNFL, "land.income")["phrased"]
    # "income" was asked about one rule only, as rare as a word never asked: each is half of what the question says
    assert alone == pytest.approx(1.0) and with_unknown == pytest.approx(0.5)
    with_common = asked.features(["income", "milestone"], RNFL, "land.income")["phrased"]
    assert 0.5 < with_common < 1.0


def test_the_phrasings_file_is_byte_deterministic_and_loads_back(tmp_path) -> None:
    asked = learned()
    text = asked.to_json(["made-up.yaml"])
    shuffled = Phrasings.learn(reversed([
        (RNFL, "land.income", ["round", "income"]),
        (RNFL, "frame_markers.multiple", ["two", "milestone"]),
        (RNFL, "frame_markers.choose", ["card", "milestone"]),
        (RNFL, "frame_markers.choose", ["card", "pass", "milestone"]),
    ]))
    assert shuffled.to_json(["made-up.yaml"]) == text
    path = tmp_path / "phrasings.json"
    path.write_text(text, encoding="utf-8")
    loaded = Phrasings.load(path)
    assert loaded is not None and loaded.rules == asked.rules
    assert json.loads(text)["learned_from"] == ["made-up.yaml"]
    assert Phrasings.load(tmp_path / "missing.json") is None


def test_a_question_is_compared_by_the_words_the_search_read(indexes) -> None:
    # a typo counts as the word it was read as; a word no rule uses, as its stem
    assert lookup.answer(indexes, "Rahmenmarkr").stems == ["rahmenmark"]
    assert "helicopt" in lookup.answer(indexes, "frame marker helicopter").stems


def test_the_re_ranking_uses_the_committed_phrasings(indexes, monkeypatch) -> None:
    text = "wie viele Schiffe passen in eine Werft?"
    first = lookup.answer(indexes, text, limit=ranking.CANDIDATES, rerank=False)
    last = first.hits[-1]
    # Phrasings in which only the first stage's last candidate was asked about with these words, and a ranker that
    # trusts them: that candidate comes first.
    monkeypatch.setattr(phrasings, "_LOADED", [Phrasings.learn([(last.game, last.rule_id, first.stems)])])
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"base": 1.0, "phrased": 100.0})])
    hits = lookup.answer(indexes, text, limit=ranking.CANDIDATES).hits
    assert (hits[0].game, hits[0].rule_id) == (last.game, last.rule_id)
    assert hits[0].features["phrased"] == pytest.approx(1.0)
    assert all("phrased" not in hit.features for hit in hits[1:])


def test_each_fit_file_is_given_phrasings_learned_from_the_other_files_only() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    import numpy as np
    from bench_lookup_quality import Question
    from fit_lookup_ranking import Example, phrased_folds

    names = ranking.feature_names([])
    column = names.index("phrased")

    def example(text: str, rule: str, stems: list[str]) -> Example:
        question = Question(text, "en", RNFL, [rule], "made-up", 1)
        right = np.array([True, False])
        return Example(question, np.zeros((2, len(names))), right, stems, [(RNFL, rule), (RNFL, "land.order")])

    alone = example("star marker", "frame_markers.removal", ["star", "marker"])
    twice = [example("milestone card", "frame_markers.choose", ["milestone", "card"]),
             example("milestone card?", "frame_markers.choose", ["milestone", "card"])]
    # the second file asks the first file's question about the same rule: each learns it from the other
    phrased_folds([[alone], twice[:1], twice[1:]], names)
    assert alone.matrix[0, column] == 0.0  # no other file asked about frame marker removal
    assert twice[0].matrix[0, column] == pytest.approx(1.0) and twice[1].matrix[0, column] == pytest.approx(1.0)
    assert twice[0].matrix[1, column] == 0.0
