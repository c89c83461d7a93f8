"""The look-up's phrasings: words earlier questions used for a rule, compared with a new question's, as a signal
of the re-ranking; learned per fit file from the other files only."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from translations.lookup import phrasings, ranking
from translations.lookup import search as lookup
from translations.lookup.phrasings import Phrasings

REPO = Path(__file__).resolve().parent.parent
RNFL = "race_to_the_new_found_land"


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


def setup_cues() -> Phrasings:
    """Questions that say "before the game" of setup steps, and others about the action phase."""
    return Phrasings.learn([
        (RNFL, "setup.ships", ["before", "game", "ship"]),
        (RNFL, "setup.coins", ["before", "game", "coin"]),
        (RNFL, "setup.start_player", ["start", "before", "player"]),
        (RNFL, "actions.settle", ["settle", "colonist"]),
        (RNFL, "actions.discover", ["discover", "tile", "game"]),
    ])


def test_a_question_s_cue_words_pull_to_the_section_they_were_asked_of() -> None:
    asked = setup_cues()
    # nobody asked about `setup.cards`, but "before the game" was said of its section's rules
    question = ["before", "game"]
    setup = asked.section(question, RNFL, "setup.cards")["phrased_section"]
    actions = asked.section(question, RNFL, "actions.load")["phrased_section"]
    assert asked.features(question, RNFL, "setup.cards") == {}
    assert setup > 0.0 > actions
    # a section nobody asked about, or another game: no evidence either way
    assert asked.section(question, RNFL, "end_phase.cartography") == {}
    assert asked.section(question, "francis_drake", "setup.cards") == {}


def test_a_word_nobody_asked_a_section_with_is_no_evidence_for_it_and_a_small_section_is_not_overconfident() -> None:
    asked = setup_cues()
    # "card" was said of no section: it pulls toward none (add-one smoothing alone made it favour small sections)
    assert asked.section(["card"], RNFL, "setup.cards")["phrased_section"] < 0.0
    # one of two questions about a small section and 10 of 40 about a big one said "mast": the small section's
    # rate is shrunk toward the game's, so two questions do not outweigh forty
    small = [(RNFL, "variants.x", ["mast"]), (RNFL, "variants.y", ["sail"])]
    big = [(RNFL, f"frame_markers.r{n}", ["mast" if n < 10 else f"word{n}"]) for n in range(40)]
    rest = [(RNFL, f"land.r{n}", [f"other{n}"]) for n in range(40)]
    learned = Phrasings.learn([*small, *big, *rest])
    in_small = learned.section(["mast"], RNFL, "variants.z")["phrased_section"]
    in_big = learned.section(["mast"], RNFL, "frame_markers.z")["phrased_section"]
    assert 0.0 < in_small < in_big


def test_a_one_word_question_gets_no_phrasing_evidence_and_no_suggested_rule(indexes) -> None:
    # every rule of a family was asked with the name of its thing: one shared word tells none of them apart
    asked = Phrasings.learn([(RNFL, "frame_markers.multiple", ["milestone"]),
                             (RNFL, "frame_markers.multiple", ["milestone", "two"]),
                             (RNFL, "frame_markers.choose", ["milestone", "card"])])
    assert lookup.phrased_features(asked, ["milestone"], RNFL, "frame_markers.multiple") == {}
    assert lookup.phrased_features(asked, ["milestone", "two"], RNFL, "frame_markers.multiple")["phrased"] == 1.0
    pool = [(RNFL, "frame_markers.choose"), (RNFL, "frame_markers.multiple")]
    assert asked.suggest(["milestone"], pool, 2) == []
    assert asked.suggest(["milestone", "two"], pool, 2) == [1]


def test_a_rule_inherits_the_phrasings_of_its_parent_and_its_sub_rules() -> None:
    asked = Phrasings.learn([
        (RNFL, "actions.settle", ["settle", "colonist"]),
        (RNFL, "actions.settle.new_england", ["new", "england", "colonist"]),
    ])
    child = asked.family(["new", "england"], RNFL, "actions.settle")
    parent = asked.family(["settle", "colonist"], RNFL, "actions.settle.new_england")
    assert child == {"phrased_child": pytest.approx(1.0)}
    assert parent["phrased_parent"] == pytest.approx(1.0) and "phrased_child" not in parent
    assert asked.family(["new", "england"], RNFL, "actions.discover") == {}


def test_the_phrasings_suggest_a_rule_the_first_stage_ranked_low() -> None:
    asked = setup_cues()
    pool = [(RNFL, "actions.load"), (RNFL, "setup.start_player"), (RNFL, "setup.ships"), (RNFL, "setup.coins")]
    # the rules whose earlier questions said most of this one, most first; a rule saying too little is not offered
    assert asked.suggest(["before", "game", "ship"], pool, 2) == [2]  # `setup.coins` said no "ship"
    # equal shares: the first stage's order decides; `setup.start_player` said "before" only, too little
    assert asked.suggest(["before", "game"], pool, 2) == [2, 3]
    assert asked.suggest(["before", "game"], pool, 1) == [2]
    assert asked.suggest(["xyzzy", "helicopter"], pool, 2) == []


def test_the_section_phrasings_are_written_and_loaded_back(tmp_path) -> None:
    asked = setup_cues()
    path = tmp_path / "phrasings.json"
    path.write_text(asked.to_json(["made-up.yaml"]), encoding="utf-8")
    loaded = Phrasings.load(path)
    assert loaded is not None and loaded.sections == asked.sections
    assert loaded.section(["before"], RNFL, "setup.x") == asked.section(["before"], RNFL, "setup.x")


def test_a_rule_the_phrasings_suggest_joins_the_candidates_and_can_come_first(indexes, monkeypatch) -> None:
    text = "wie viele Schiffe passen in eine Werft?"
    first = lookup.answer(indexes, text, limit=40, rerank=False, pool=True)
    low = first.hits[20]
    assert (low.game, low.rule_id) not in {(h.game, h.rule_id) for h in first.hits[:ranking.CANDIDATES]}
    monkeypatch.setattr(phrasings, "_LOADED", [Phrasings.learn([(low.game, low.rule_id, first.stems)])])
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"base": 1.0, "suggested": 100.0})])
    hits = lookup.answer(indexes, text, limit=ranking.CANDIDATES).hits
    assert (hits[0].game, hits[0].rule_id) == (low.game, low.rule_id)
    assert hits[0].features["suggested"] == 1.0 and hits[0].features["phrased"] == pytest.approx(1.0)
    assert all("suggested" not in hit.features for hit in hits[1:])


def test_what_only_one_candidate_s_earlier_questions_said_tells_it_from_the_others() -> None:
    # every rule about compass tiles was asked with "compass"; only the setup step's askers said "start"
    asked = Phrasings.learn([
        (RNFL, "setup.islands", ["compass", "start"]),
        (RNFL, "end_phase.cartography", ["compass", "grow"]),
        (RNFL, "actions.discover", ["compass", "discover"]),
    ])
    candidates = [(RNFL, "end_phase.cartography"), (RNFL, "setup.islands"), (RNFL, "land.order")]
    cartography, islands, order = asked.contrast(["compass", "start", "tile"], candidates)
    # "compass" was said of both the setup step and the phase rule: it is nobody's own
    assert set(islands) == {"phrased_own", "phrased_own_weight"} and 0.0 < islands["phrased_own"] < 1.0
    # ... weighed by how many askers said it, as `phrased_weight`
    assert islands["phrased_own_weight"] == pytest.approx(math.log(1.0 + asked.idf("start")))
    assert cartography == {"phrased_rival": pytest.approx(islands["phrased_own"])}
    # a rule nobody asked about has only rivals: everything the others' askers said
    assert order["phrased_rival"] > islands["phrased_own"] and "phrased_own" not in order
    # a word no candidate's askers said, or no other candidate: no contrast from it
    assert asked.contrast(["tile", "xyzzy"], candidates) == [{}, {}, {}]
    alone = asked.contrast(["compass", "start"], [(RNFL, "setup.islands")])
    assert len(alone) == 1 and alone[0]["phrased_own"] == pytest.approx(1.0) and "phrased_rival" not in alone[0]


def test_a_one_word_question_gets_no_phrasing_contrast(indexes) -> None:
    asked = Phrasings.learn([(RNFL, "frame_markers.multiple", ["milestone", "two"]),
                             (RNFL, "frame_markers.choose", ["milestone", "card"])])
    pool = [(RNFL, "frame_markers.choose"), (RNFL, "frame_markers.multiple")]
    assert lookup.phrased_contrast(asked, ["milestone"], pool) == [{}, {}]
    assert lookup.phrased_contrast(asked, ["milestone", "two"], pool)[1]["phrased_own"] > 0.0


def test_the_re_ranked_candidates_carry_the_phrasing_contrast(indexes) -> None:
    answer = lookup.answer(indexes, "at the start how many compass tiles lie face up", limit=ranking.CANDIDATES)
    committed = phrasings.committed()
    assert committed is not None
    expected = lookup.phrased_contrast(committed, answer.stems, [(hit.game, hit.rule_id) for hit in answer.hits])
    for hit, measured in zip(answer.hits, expected, strict=True):
        assert {k: v for k, v in hit.features.items() if k in ("phrased_own", "phrased_own_weight", "phrased_rival")} == measured
    assert any(measured for measured in expected)
