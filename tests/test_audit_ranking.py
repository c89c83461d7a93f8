"""How the audit weighs what it finds: agreement as evidence, the spec's rules and their parameters, passage kinds
(examples, captions, flavour), omissions' shapes, and the learned ranker. Hand-made findings, so each rule of
weighing is shown alone."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.checks import Observation
from translations.audit.inputs import AuditSelection
from translations.audit.merge import Merged
from translations.audit.ranking import FEATURES, load_ranker
from translations.audit.severity import corroborated, holds, reported, rule_numbers, weigh
from translations.audit.synthetic import auc, fit


def selection(editions: tuple[str, ...] = ("de", "en", "nl", "fr"), draft: str | None = None) -> AuditSelection:
    pairs = tuple((a, b) for n, a in enumerate(editions) for b in editions[n + 1:])
    return AuditSelection(editions, pairs, frozenset(e for e in editions if e != draft), frozenset(), draft)


def observation(kind: str, pair: tuple[str, str], swap: bool = True, p: float = 0.9, **values: str) -> Observation:
    obs = Observation(kind, "medium", "", [(pair[0], 0), (pair[1], 0)], [], swap=swap, pair=pair,
                      link=Link((0,), (0,), 0.8), values=dict(values))
    obs.probability = p
    return obs


def merged(kind: str, observations: list[Observation], present: set[str], **extra: Any) -> Merged:
    m = Merged(kind, "medium", observations=observations, present=present, swap=any(o.swap for o in observations))
    m.sentences = {node for o in observations for node in o.spans}
    m.probability = float(np.mean([o.probability for o in observations]))
    m.values = {e: v for o in observations for e, v in o.values.items()}
    for name, value in extra.items():
        setattr(m, name, value)
    return m


def edition(edition_id: str, kinds: dict[int, str] | None = None) -> PreparedEdition:
    sentence = SimpleNamespace(kind="paragraph", tokens=["take", "two", "cards"], text="Take two cards.")
    return PreparedEdition(edition_id, "en", "", "0" * 64, "", [sentence], [], np.zeros((1, 4)),  # type: ignore[list-item]
                           not_rule_kinds=kinds or {})


SPEC = SimpleNamespace(rule=lambda rule_id: SimpleNamespace(params={"cards": 3, "costs": {"wood": [2, 5]}},
                                                            summary="Take {cards} {terms:card}.", refs=()))


def finding(m: Merged, rule: str | None = "land.draw") -> dict[str, Any]:
    return {"rule": rule, "kind": m.kind, "_odd": m.odd_edition()}


def test_a_rule_number_is_held_through_nested_params_and_booleans_are_no_numbers() -> None:
    assert rule_numbers({"a": 3, "b": {"c": [2, 5]}, "d": True}) == {2, 3, 5}
    rule = SPEC.rule("x")
    changed = merged("number", [observation("number", ("de", "en"), de="3", en="4")], {"de", "en"})
    assert holds({}, changed, rule)
    left_out = merged("number_missing", [observation("number_missing", ("de", "en"), swap=False)], {"de", "en"},
                      numbers={4})
    assert not holds({}, left_out, rule)


def test_agreement_is_evidence_each_edition_adds_and_an_edition_that_shows_nothing_takes_away() -> None:
    alone = corroborated(0.6, 1 / 2, 1)
    two = corroborated(0.6, 1.0, 2)
    three = corroborated(0.6, 1.0, 3)
    two_of_three = corroborated(0.6, 2 / 3, 2)
    assert alone < 0.6 < two_of_three < two < three


def test_one_edition_against_all_others_outranks_one_pair_alone() -> None:
    prepared = {e: edition(e) for e in ("de", "en", "nl", "fr")}
    odd = [observation("comparison", ("de", e)) for e in ("en", "nl", "fr")]
    everywhere = merged("comparison", odd, {"de", "en", "nl", "fr"})
    once = merged("comparison", [observation("comparison", ("de", "en"))], {"de", "en", "nl", "fr"})
    a, b = finding(everywhere), finding(once)
    weigh(a, everywhere, SPEC, prepared, selection())
    weigh(b, once, SPEC, prepared, selection())
    assert a["severity"] == "high" and a["_weighing"]["agreement"] == "3/3"
    assert b["severity"] == "low"


@pytest.mark.parametrize("passage", ["caption", "flavour", "credits"])
def test_captions_and_flavour_never_rank_above_low(passage: str) -> None:
    prepared = {e: edition(e, {0: passage}) for e in ("de", "en", "nl", "fr")}
    m = merged("number", [observation("number", ("de", e)) for e in ("en", "nl", "fr")], {"de", "en", "nl", "fr"})
    f = finding(m)
    weigh(f, m, SPEC, prepared, selection())
    assert f["severity"] == "low" and f["_weighing"]["passage"] == passage


def test_a_worked_example_is_never_high_and_a_passage_no_rule_cites_weighs_less() -> None:
    prepared = {e: edition(e) for e in ("de", "en", "nl", "fr")}
    observations = [observation("number", ("de", e)) for e in ("en", "nl", "fr")]
    example = merged("number", observations, {"de", "en", "nl", "fr"}, in_example=True)
    f = finding(example)
    weigh(f, example, SPEC, prepared, selection())
    assert f["severity"] == "low" and f["_weighing"]["passage"] == "example"  # editions rewrite their examples
    drafted = merged("number", [observation("number", (e, "fr")) for e in ("de", "en", "nl")], {"de", "en", "nl", "fr"},
                     in_example=True)
    f = finding(drafted)
    weigh(f, drafted, SPEC, prepared, selection(draft="fr"))
    assert f["severity"] == "medium", "a draft's changed example misleads its readers, but is never high"
    everyone = {"de", "en", "nl", "fr"}
    cited, uncited = merged("negation", observations, everyone), merged("negation", observations, everyone)
    fc, fu = finding(cited), finding(uncited, rule=None)
    weigh(fc, cited, SPEC, prepared, selection())
    weigh(fu, uncited, SPEC, prepared, selection())
    assert fu["_weighing"]["score"] < fc["_weighing"]["score"]


def test_a_draft_audit_raises_a_difference_every_reference_shows() -> None:
    editions = ("de", "en", "nl", "draft")
    prepared = {e: edition(e) for e in editions}
    observations = [observation("condition", (e, "draft"), swap=False, p=0.4) for e in ("de", "en", "nl")]
    m = merged("condition", observations, set(editions))
    bundled, drafted = finding(m), finding(m)
    weigh(bundled, m, SPEC, prepared, selection(editions))
    weigh(drafted, m, SPEC, prepared, selection(editions, draft="draft"))
    assert drafted["_weighing"]["score"] > bundled["_weighing"]["score"]
    assert drafted["severity"] == "medium" and bundled["severity"] == "low"


#: (the draft's reading, the references'), each kind's way: a concept named or not, a comparison turned round.
READINGS = {"glossary": ("großes Schiff", "not named"), "comparison": ("more", "fewer")}


def _against_draft(kind: str, references: dict[str, str], p: float = 0.05) -> Merged:
    draft_reading = READINGS[kind][0]
    return merged(kind, [observation(kind, ("draft", e), swap=False, p=p, draft=draft_reading, **{e: v})
                         for e, v in references.items()], {"de", "en", "nl", "draft"})


def _weighed(m: Merged, draft: str | None = "draft") -> str:
    f = {**finding(m), "_odd": "draft"}
    weigh(f, m, SPEC, {e: edition(e) for e in ("de", "en", "nl", "draft")}, selection(("de", "en", "nl", "draft"),
                                                                                        draft=draft))
    return str(f["severity"])


def test_a_draft_audit_raises_a_comparison_the_references_agree_on_against_the_draft() -> None:
    kind = "comparison"
    theirs = READINGS[kind][1]
    agreed = _against_draft(kind, {"de": theirs, "en": theirs})
    assert _weighed(agreed) == "medium", "the draft alone against two references"
    assert _weighed(agreed, draft=None) == "low", "between published editions agreement does not raise"
    assert _weighed(_against_draft(kind, {"de": theirs})) == "low", "one reference against the draft is not enough"


def test_a_concept_a_reference_names_too_is_not_the_draft_alone() -> None:
    from translations.audit.odd_one_out import references_against_draft

    # "großes Schiff" (draft) against "large ship" (en) and "not named" (de, nl): the draft reads like en.
    assert references_against_draft(_against_draft("glossary", {"de": "not named", "en": "large ship",
                                                                "nl": "not named"}), "draft") == 0
    assert references_against_draft(_against_draft("glossary", {"de": "not named", "en": "not named"}), "draft") == 2
    assert references_against_draft(_against_draft("comparison", {"de": "fewer", "en": "more"}), "draft") == 0


def test_kinds_whose_raise_cost_more_than_it_found_stay_as_weighed() -> None:
    assert _weighed(_against_draft("glossary", {"de": "not named", "en": "not named"})) == "low"
    other = merged("quantifier", [observation("quantifier", ("draft", e), swap=False, p=0.05, draft="each", **{e: "no each"})
                                  for e in ("de", "en")], {"de", "en", "nl", "draft"})
    assert _weighed(other) == "low"


def omission(have: list[str], missing: set[str], observed: list[tuple[str, str]], bears_rule: bool = True) -> Merged:
    observations = [Observation("omission", "medium", "", [(h, 0)], [m], [(h, 0)], bears_rule=bears_rule, pair=(h, m))
                    for h, m in observed]
    m = Merged("omission", "medium", observations=observations, present=set(have), missing_in=set(missing),
               bears_rule=bears_rule)
    m.sentences = {(h, 0) for h in have}
    return m


def test_an_omission_is_high_only_when_every_other_edition_states_a_rule_the_edition_lacks() -> None:
    prepared = {e: edition(e) for e in ("de", "en", "nl", "fr")}
    cases = {
        "high": omission(["de", "en", "nl"], {"fr"}, [("de", "fr"), ("en", "fr"), ("nl", "fr")]),
        "medium": omission(["fr"], {"de", "en", "nl"}, [("fr", "de"), ("fr", "en"), ("fr", "nl")]),  # an addition
        "low": omission(["de"], {"fr"}, [("de", "fr")]),  # one against one: as often an alignment slip
    }
    for expected, m in cases.items():
        f = finding(m)
        weigh(f, m, SPEC, prepared, selection())
        assert f["severity"] == expected, (expected, f["_weighing"])
    explanation = omission(["de", "en", "nl"], {"fr"}, [("de", "fr"), ("en", "fr"), ("nl", "fr")], bears_rule=False)
    f = finding(explanation)
    weigh(f, explanation, SPEC, prepared, selection())
    assert f["severity"] == "low"
    uncited = omission(["de", "en", "nl"], {"fr"}, [("de", "fr"), ("en", "fr"), ("nl", "fr")])
    f = finding(uncited, rule=None)
    weigh(f, uncited, SPEC, prepared, selection())
    assert f["severity"] != "high"


def test_noise_below_the_floor_is_not_reported_but_rulings_always_are() -> None:
    assert not reported({"kind": "negation", "_weighing": {"score": 0.05}})
    assert reported({"kind": "negation", "_weighing": {"score": 0.6}})
    assert reported({"kind": "ruling", "_weighing": {"passage": "ruling"}})


def test_the_committed_ranker_loads_with_the_features_the_audit_computes() -> None:
    ranker = load_ranker()
    assert ranker is not None, "translations/audit/ranker.json is generated by `rulespec generate`"
    assert ranker.features == FEATURES
    rows = np.zeros((2, len(FEATURES)))
    rows[0, FEATURES.index("swap")] = 1.0
    rows[0, FEATURES.index("kind=number")] = 1.0
    rows[1, FEATURES.index("kind=glossary")] = 1.0
    p = ranker.probabilities(rows)
    assert np.all((p > 0) & (p < 1))
    assert p[0] > p[1], "a changed number outranks a term one side leaves unnamed"


def test_the_fit_is_deterministic_and_learns_a_separable_signal() -> None:
    rng = np.random.default_rng(7)
    signal = rng.normal(size=400)
    rows = np.column_stack([signal, rng.normal(size=400)])
    labels = (signal > 0).astype(float)
    first, second = fit(rows, labels), fit(rows, labels)
    assert first == second
    assert first["weights"][0] > 1.0 and abs(first["weights"][1]) < 0.5


def test_auc_counts_ties_as_half() -> None:
    assert auc(np.array([0.9, 0.8, 0.1]), np.array([1, 1, 0])) == 1.0
    assert auc(np.array([0.5, 0.5]), np.array([1, 0])) == 0.5


def test_in_a_draft_audit_one_thing_against_several_that_two_references_agree_on_is_at_least_medium() -> None:
    prepared = {e: edition(e) for e in ("de", "en", "nl", "fr")}
    weak = 0.1  # the ranker learnt from published editions, which move between singular and plural freely
    two = merged("plural", [observation("plural", (e, "fr"), p=weak, **{e: "one card", "fr": "several carte"})
                            for e in ("de", "en")], {"de", "en", "nl", "fr"})
    one = merged("plural", [observation("plural", ("de", "fr"), p=weak, de="one card", fr="several carte")],
                 {"de", "en", "nl", "fr"})
    for m, severity in ((two, "medium"), (one, "low")):
        f = finding(m)
        weigh(f, m, SPEC, prepared, selection(draft="fr"))
        assert f["severity"] == severity
    published = finding(two)
    weigh(published, two, SPEC, prepared, selection())
    assert published["severity"] == "low"


def test_a_number_a_reference_reads_too_is_no_change_of_the_draft() -> None:
    from translations.audit.odd_one_out import references_against_draft

    def plural(de: str) -> Merged:
        pairs = [observation("plural", ("draft", "en"), p=0.3, draft="several Schiff", en="one ship"),
                 observation("plural", ("draft", "nl"), p=0.3, draft="several Schiff", nl="one schip")]
        if de.startswith("several"):  # de reads like the draft: it differs from en, not from the draft
            pairs.append(observation("plural", ("de", "en"), p=0.3, de=de, en="one ship"))
        else:
            pairs.append(observation("plural", ("draft", "de"), p=0.3, draft="several Schiff", de=de))
        return merged("plural", pairs, {"de", "en", "nl", "draft"})

    # a number is one reading in any language: "several Schiffe" reads like "several ships"
    assert references_against_draft(plural("several Schiff"), "draft") == 0
    assert references_against_draft(plural("one Schiff"), "draft") == 3
    assert _weighed(plural("one Schiff")) in ("high", "medium"), "the draft alone against every reference"
    assert _weighed(plural("several Schiff")) == "low", "the references themselves move between one and several"
