"""How the audit weighs merged findings: agreement across pairs, numbers the linked rule does not hold,
explanations missing from all other editions. Hand-made findings, so each rule of weighing is shown alone."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from translations.audit.pipeline import Merged, _weigh_agreement, _weigh_rule_numbers


def spec_with(params: dict[str, Any]) -> Any:
    rule = SimpleNamespace(params=params)
    return SimpleNamespace(rule=lambda rule_id: rule)


def number_missing(values: list[int], severity: str = "medium") -> dict[str, Any]:
    return {"kind": "number_missing", "severity": severity, "rule": "land.income", "_values": values}


def test_a_left_out_number_the_rule_holds_keeps_its_weight_and_another_weighs_less() -> None:
    spec = spec_with({"cards": 3, "costs": {"wood": 2, "iron": [2, 5]}, "optional": True})
    own, nested, other, boolean = number_missing([3]), number_missing([5]), number_missing([4]), number_missing([1])
    _weigh_rule_numbers(spec, [own, nested, other, boolean])
    assert own["severity"] == nested["severity"] == "medium"
    assert other["severity"] == "low"  # "the other 4 actions" against "each remaining action"
    assert boolean["severity"] == "low"  # True is no 1


def merged_omission(observed: int, bears_rule: bool, missing: set[str]) -> Merged:
    return Merged("omission", "medium", observed=observed, missing_in=missing, bears_rule=bears_rule)


def test_agreement_raises_only_an_omission_that_states_a_rule() -> None:
    rule = merged_omission(3, True, {"en"})
    explanation = merged_omission(3, False, {"en"})
    slip = merged_omission(1, True, {"en"})
    example = merged_omission(3, True, {"en"})
    example.in_example = True
    _weigh_agreement([rule, explanation, slip, example], editions=4)
    assert rule.severity == "high"
    assert explanation.severity == "medium"
    assert slip.severity == "low"  # one pair alone: more often an alignment slip
    assert example.severity == "medium"
