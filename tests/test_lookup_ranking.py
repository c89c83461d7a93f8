"""The look-up's second stage: candidates carry their features, a committed linear ranker re-orders them, the fit
that writes its weights learns what marks the right rule, and words that name a game are that game's own terms."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from translations.lookup import phrasings, ranking
from translations.lookup import search as lookup
from translations.lookup.language import parse

REPO = Path(__file__).resolve().parent.parent
RNFL = "race_to_the_new_found_land"


def test_the_first_stage_candidates_carry_their_features(indexes) -> None:
    hits = lookup.answer(indexes, "wann wird eine Insel gewertet?", limit=ranking.CANDIDATES, rerank=False).hits
    assert len(hits) == ranking.CANDIDATES
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].features["first"] == 1.0 and hits[0].features["base"] == 0.0
    for hit in hits[1:]:
        assert hit.features["first"] == 0.0 and ranking.BASE_FLOOR <= hit.features["base"] <= 0.0
        assert 0.0 <= hit.features["coord"] <= 1.0 + 1e-9 and 0.0 <= hit.features["terms"] <= 1.0 + 1e-9
    # "wann" asks for a moment: a candidate that states one says so in its features
    assert any("answers:timing" in hit.features for hit in hits)


def test_a_ranker_orders_the_candidates_by_its_weights(indexes, monkeypatch) -> None:
    text = "wie viele Schiffe passen in eine Werft?"
    first = [h.rule_id for h in lookup.answer(indexes, text, limit=ranking.CANDIDATES, rerank=False).hits]
    # A ranker that only trusts the first stage keeps its order; one that prefers deep ids puts them first.
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"base": 1.0})])
    assert [h.rule_id for h in lookup.answer(indexes, text, limit=ranking.CANDIDATES).hits] == first
    # The candidates are the first stage's best few and the rules the phrasings suggest: the ranker orders them all.
    limit = ranking.CANDIDATES + ranking.SUGGESTED
    pool = lookup.answer(indexes, text, limit=limit, rerank=False).hits
    candidates = sorted(h.rule_id for h in pool if h.features)
    assert set(first) <= set(candidates)
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"depth": 1.0})])
    reordered = [h for h in lookup.answer(indexes, text, limit=limit).hits if h.features]
    assert sorted(h.rule_id for h in reordered) == candidates
    depths = [h.rule_id.count(".") for h in reordered]
    assert depths == sorted(depths, reverse=True)


def test_the_committed_ranker_reorders_ten_candidates_down_to_the_first_stage_s_tenth(indexes, monkeypatch) -> None:
    # A paraphrase shares its words with many rules, and the right one often comes 6th to 10th: all ten are
    # candidates. A ranker that prefers the first stage's later places puts its 10th first, and nothing lower.
    text = "hoeveel kost een extra werf eigenlijk ongeveer"
    first = [h.rule_id for h in lookup.answer(indexes, text, limit=20, rerank=False).hits]
    assert len(first) > 10 and ranking.committed() is not None and ranking.committed().candidates == 10
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"place": -1.0}, candidates=10)])
    monkeypatch.setattr(phrasings, "_LOADED", [None])  # no rule suggested from further down
    hits = lookup.answer(indexes, text, limit=20).hits
    assert hits[0].rule_id == first[9]
    assert sorted(h.rule_id for h in hits[:10]) == sorted(first[:10]) and [h.rule_id for h in hits[10:]] == first[10:]


def test_without_a_weights_file_the_first_stage_order_stands(tmp_path) -> None:
    assert ranking.Ranker.load(tmp_path / "missing.json") is None


def test_the_committed_weights_name_only_known_features(indexes) -> None:
    ranker = ranking.Ranker.load()
    assert ranker is not None and ranker.candidates >= 1
    known = set(ranking.feature_names(lookup.lexicon_of(indexes).kinds))
    assert set(ranker.weights) <= known and ranker.weights.get("base", 0.0) > 0


def test_the_fit_learns_the_feature_that_marks_the_right_rule() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    import numpy as np
    from bench_lookup_quality import Question
    from fit_lookup_ranking import Example, fit, ranks

    # Two features: the first stage's opinion (noise here) and a feature set only on the right candidate.
    generator = np.random.default_rng(7)
    data = []
    for number in range(40):
        matrix = np.column_stack([generator.normal(size=5), np.zeros(5)])
        right = np.zeros(5, dtype=bool)
        right[number % 5] = True
        matrix[number % 5, 1] = 1.0
        data.append(Example(Question(f"q{number}", "en", RNFL, ["x"], "made-up", number), matrix, right))
    weights = fit(data, 2, penalty=0.1)
    assert weights[1] > abs(weights[0])
    assert all(rank == 1 for _, rank in ranks(data, weights))
    assert np.array_equal(weights, fit(data, 2, penalty=0.1))  # deterministic


def test_a_word_of_one_game_s_summaries_but_not_its_glossary_names_no_game(indexes) -> None:
    # "Einsatz" (use) is a word of Francis Drake's German summaries only, but no term of its glossary: it does not
    # make a question about a Race to the New Found Land charter ship a Francis Drake question.
    assert not lookup.answer(indexes, "Einsatz").named_by
    found = lookup.answer(indexes, "Charterschiff nach dem Einsatz")
    assert found.games == [RNFL] and found.named_by == ["charterschiff"]


@pytest.mark.parametrize(("text", "lang"), [("Spielen alle nacheinander oder gleichzeitig?", "de"),
                                            ("spelen we om de beurt of tegelijk?", "nl"),
                                            ("do we play one after the other?", "en")])
def test_one_after_the_other_asks_for_an_order(indexes, text: str, lang: str) -> None:
    assert "order" in parse(text, lookup.lexicon_of(indexes), lang).asks


def test_equal_reads_as_a_tie(indexes) -> None:
    found = lookup.answer(indexes, "wat als we gelijk staan aan het einde?")
    # "gelijk" (equal) is read as its own stem and, a little less, as the words of a tie ("gelijke stand")
    assert any(term.how == "synonym" for term in found.resolved[0])


def test_the_committed_weights_are_what_the_fit_gives_today() -> None:
    """Like a generated file, `ranking.json` goes stale when the index, the features or the fit files change: the
    fit is rerun on the files it names and must give the committed weights (openapi-generator's ensure-up-to-date
    check, for a file `rulespec generate` does not write since the fit reads question sets, not the spec)."""
    import json
    import subprocess

    fitted_on = json.loads(ranking.WEIGHTS_PATH.read_text(encoding="utf-8"))["fitted_on"]
    assert fitted_on and all((REPO / name).is_file() for name in fitted_on)
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "fit_lookup_ranking.py"), "--fit", *fitted_on,
                           "--check"], capture_output=True, text=True, cwd=REPO, timeout=900)
    assert done.returncode == 0, done.stdout[-800:] + done.stderr[-800:]


def test_the_no_match_model_turns_matches_into_no_match_above_its_threshold(indexes, monkeypatch) -> None:
    text = "how many ships fit in a shipyard?"
    plain = lookup.answer(indexes, text, rerank=False)
    assert plain.hits and set(plain.doubt) == set(ranking.DOUBT_FEATURES)
    assert 0.0 < plain.doubt["known"] <= 1.0 and plain.doubt["bias"] == 1.0
    # a model sure that nothing answers it says no match; one sure of the opposite, or none, keeps the hits
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"base": 1.0}, doubt={"bias": 5.0})])
    doubted = lookup.answer(indexes, text)
    assert doubted.hits == [] and doubted.doubt == plain.doubt
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"base": 1.0}, doubt={"bias": -5.0})])
    assert lookup.answer(indexes, text).hits
    monkeypatch.setattr(ranking, "_LOADED", [ranking.Ranker({"base": 1.0})])
    assert lookup.answer(indexes, text).hits


def test_the_no_match_probability_is_logistic_and_bounded() -> None:
    ranker = ranking.Ranker({}, doubt={"bias": 1.0, "unknown": 2.0})
    assert ranker.no_match({"bias": 1.0, "unknown": 0.0}) == pytest.approx(1 / (1 + 2.718281828 ** -1.0))
    assert ranker.no_match({"bias": 1.0, "unknown": 1e6}) == pytest.approx(1.0)
    assert ranker.rejects({"bias": 1.0}) and not ranker.rejects({"bias": -1.0})
    assert ranking.Ranker({}).no_match({"bias": 1.0}) == 0.0


def test_the_committed_no_match_model_rejects_a_question_about_another_game(indexes) -> None:
    # Not a question of any question set: its common words ("Spieler", "funktioniert") match rules; "Handel"
    # (trade) is about another game.
    text = "wie funktioniert der Handel zwischen Spielern"
    assert lookup.answer(indexes, text, rerank=False).hits
    assert lookup.answer(indexes, text).hits == []
    assert lookup.answer(indexes, "how many ships fit in a shipyard?").hits


def test_the_no_match_fit_learns_the_feature_that_marks_unanswerable_questions() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    import numpy as np
    from fit_lookup_ranking import fit_doubt

    generator = np.random.default_rng(3)
    unknown = generator.uniform(size=200)
    none = (unknown > 0.7).astype(float)
    matrix = np.column_stack([np.ones(200), unknown, generator.normal(size=200)])
    weights = fit_doubt(matrix, none, penalty=0.1)
    assert weights[1] > 5 * abs(weights[2])
    assert np.array_equal(weights, fit_doubt(matrix, none, penalty=0.1))


def test_a_validation_miss_is_classed_by_where_the_rule_put_first_stands() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    import numpy as np
    from bench_lookup_quality import Question
    from fit_lookup_ranking import Example
    from validate_lookup_ranking import classes, miss_class

    question = Question("made up", "en", RNFL, ["frame_markers.choose"], "made-up", 1)
    candidates = [(RNFL, "frame_markers.timing"), (RNFL, "frame_markers.choose"), (RNFL, "frame_markers.choose.x"),
                  (RNFL, "actions.settle"), ("francis_drake", "end.treasure"), (RNFL, "frame_markers")]
    right = np.array([rule == "frame_markers.choose" for _, rule in candidates])
    example = Example(question, np.eye(len(candidates)), right, candidates=candidates)
    assert [miss_class(example, first) for first in (0, 2, 3, 4, 5)] == [
        "sibling", "sub-rule or parent", "other section", "other game", "sub-rule or parent"]
    lost = Example(question, np.eye(2), np.zeros(2, dtype=bool), candidates=candidates[:1] + candidates[3:4])
    assert miss_class(lost, 0) == "right rule not among the candidates"
    assert miss_class(example, None) == "no candidates"
    # weights that put the right candidate first count no miss; ones that put its sibling first count one
    weights = np.zeros(len(candidates))
    weights[1] = 1.0
    assert sum(classes([example], weights).values()) == 0
    weights[:2] = (2.0, 1.0)
    assert classes([example], weights)["sibling"] == 1


def test_the_validation_of_record_counts_no_match_like_the_command() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    import numpy as np
    from bench_lookup_quality import Question
    from fit_lookup_ranking import Example
    from validate_lookup_ranking import of_record

    answerable = [Question(f"q{n}", "en", RNFL, ["a"], "made-up", n) for n in range(3)]
    unanswerable = [Question(f"none{n}", "de", RNFL, [], "made-up", 10 + n) for n in range(2)]
    candidates = [(RNFL, "b"), (RNFL, "a")]
    held = [Example(q, np.array([[1.0], [0.0]]), np.array([False, True]), candidates=candidates) for q in answerable]
    every = [*answerable, *unanswerable]
    matched = {id(q) for q in [*answerable, unanswerable[0]]}
    # weights that put the right rule first: right unless the no-match model rejects it
    found = of_record(every, held, np.array([-1.0]), matched, {id(answerable[2]), id(unanswerable[0])})
    assert found == [("en", True), ("en", True), ("en", False), ("de", True), ("de", True)]
    # weights that put the other rule first: every answerable question is missed
    assert [right for _, right in of_record(every, held, np.array([1.0]), matched, set())][:3] == [False] * 3


def test_a_rule_answering_what_its_family_does_not_is_told_apart_by_the_kind_asked() -> None:
    # "How many ..." between a rule stating a limit and its sibling about the action: only the first answers it.
    asked = {"number"}
    assert ranking.kind_contrast(["number"], [["place"], []], asked) == {"own:asked": 1.0}
    assert ranking.kind_contrast(["place"], [["number"]], asked) == {"rival:asked": 1.0}
    # a rule merely printing a number ("number~") answers no "how many"; nor does it tell apart two that both answer
    assert ranking.kind_contrast(["number~"], [["number"]], asked) == {"rival:asked": 1.0}
    assert ranking.kind_contrast(["number"], [["number"]], asked) == {}
    # each kind asked counts its share; no family or no kind asked, no contrast
    assert ranking.kind_contrast(["timing"], [["agent"]], {"timing", "agent"}) == {"own:asked": 0.5,
                                                                                  "rival:asked": 0.5}
    assert ranking.kind_contrast(["number"], [], asked) == {} and ranking.kind_contrast(["number"], [[]], set()) == {}


def test_candidates_carry_the_kind_contrast_against_their_family(indexes) -> None:
    text = "where do I put my settlers?"
    hits = lookup.answer(indexes, text, limit=ranking.CANDIDATES, rerank=False).hits
    for hit in hits:
        family = [other for other in hits if other is not hit and other.game == hit.game
                  and ranking.related(hit.rule_id, other.rule_id)]
        answers = hit.signals.answered(hit.number)
        rivals = [other.signals.answered(other.number) for other in family]
        expected = ranking.kind_contrast(answers, rivals, {"place"})
        assert {k: v for k, v in hit.features.items() if k.endswith(":asked")} == expected
    assert any(k.endswith(":asked") for hit in hits for k in hit.features)


def test_the_validation_may_hold_the_penalty_instead_of_choosing_it() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    import numpy as np
    from bench_lookup_quality import Question
    from fit_lookup_ranking import Example, fit
    from validate_lookup_ranking import left_out

    names = ranking.feature_names(["number", "timing"])
    generator = np.random.default_rng(11)

    def fold(start: int) -> list[Example]:
        made = []
        for number in range(start, start + 12):
            matrix = generator.normal(size=(4, len(names)))
            right = np.zeros(4, dtype=bool)
            right[number % 4] = True
            made.append(Example(Question(f"q{number}", "en", RNFL, ["x"], "made-up", number), matrix, right))
        return made

    folds = [fold(0), fold(12), fold(24)]
    held, weights = left_out(folds, 0, names, penalty=0.1)
    assert held is folds[0]
    assert np.array_equal(weights, fit([e for f in folds[1:] for e in f], len(names), 0.1))
    assert not np.array_equal(weights, left_out(folds, 0, names, penalty=3.0)[1])


def test_the_kind_asked_is_contrasted_against_every_other_candidate_too() -> None:
    # "when do new contract tiles come out": the refill rule says when, the setup step laying them out does not
    asked = {"timing"}
    assert ranking.kind_contrast(["timing"], [[], ["place"]], asked, "asked_elsewhere") == {"own:asked_elsewhere": 1.0}
    assert ranking.kind_contrast([], [["timing"]], asked, "asked_elsewhere") == {"rival:asked_elsewhere": 1.0}


def test_candidates_carry_the_kind_contrast_against_every_other_candidate(indexes) -> None:
    text = "when are fresh contract tiles put out?"
    hits = lookup.answer(indexes, text, limit=ranking.CANDIDATES, rerank=False).hits
    asked = hits[0].signals.asked
    assert "timing" in asked
    for hit in hits:
        others = [other.signals.answered(other.number) for other in hits if other is not hit]
        expected = ranking.kind_contrast(hit.signals.answered(hit.number), others, asked, "asked_elsewhere")
        assert {k: v for k, v in hit.features.items() if k.endswith(":asked_elsewhere")} == expected
    assert any(k.endswith(":asked_elsewhere") for hit in hits for k in hit.features)
