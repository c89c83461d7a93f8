"""The slots of a player-aid line: which value each `{param}` of `aid.yaml` takes, and what does not resolve.

A line of the aid (:class:`rulespec.model.AidLine`) condenses the rules it names. Its `{name}` slots take
those rules' params, exactly as a rule's summary takes its own:

* a name listed in the line's `slots` (``name: rule.id/param``) takes that rule's param;
* otherwise the one param of that name among the line's rules (two rules with different values for it are
  ambiguous: the author must say which, in `slots`);
* the rulings touching the line's rules lay the followed edition's reading params over them, so a disputed
  value follows the edition the aid is printed for.

>>> from rulespec.model import load_spec                              # doctest: +SKIP
>>> spec = load_spec("race_to_the_new_found_land")                    # doctest: +SKIP
>>> line_params(spec, spec.aid.spine.steps[0].steps[0], "de")["cloth"]  # doctest: +SKIP
1

`line_problems` is what `rulespec validate` reports for the aid: unknown rules, rulings, readings, tables and
concepts, slots that name no param, ambiguous slots, readings that no line covers, and a line whose own text
states a value its rulings' readings set differently (the text states only what the editions share; the
reading lines carry the rest, as rule summaries do).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulespec.model import AidLine, Spec

#: ``{name}``, ``{term:concept}``, ``{terms:concept}`` slots (as in rule summaries).
SLOT = re.compile(r"\{(?:(terms?):([a-z0-9_.]+)|([a-z][a-z0-9_]*))\}")


def rulings_of(spec: Spec, rule_ids: tuple[str, ...]) -> list[str]:
    """Ids of the rulings touching any of `rule_ids` (a rule's `ruling:` or a ruling's `rules`), in spec order."""
    found = []
    for ruling in spec.rulings.values():
        if any(r in ruling.rules for r in rule_ids):
            found.append(ruling.id)
    for rule_id in rule_ids:
        ruling = _rule(spec, rule_id)
        if ruling is not None and ruling.ruling in spec.rulings and ruling.ruling not in found:
            found.append(ruling.ruling)
    return found


def _rule(spec: Spec, rule_id: str) -> Any:
    try:
        return spec.rule(rule_id)
    except KeyError:
        return None


def _sources(spec: Spec, line: AidLine, edition: str | None) -> dict[str, list[tuple[str, Any]]]:
    """Every param a slot of `line` could take: name → [(rule id, value)], readings laid over."""
    found: dict[str, list[tuple[str, Any]]] = {}
    readings: dict[str, Any] = {}
    for ruling_id in rulings_of(spec, line.rules):
        readings.update(spec.reading(ruling_id, edition).params)
    for rule_id in line.rules:
        rule = _rule(spec, rule_id)
        if rule is None:
            continue
        for name, value in rule.params.items():
            found.setdefault(name, []).append((rule_id, readings.get(name, value)))
    return found


def line_params(spec: Spec, line: AidLine, edition: str | None = None) -> dict[str, Any]:
    """The value of every slot `line` can use, following `edition`'s readings (the spec's defaults for None)."""
    params: dict[str, Any] = {}
    for name, candidates in _sources(spec, line, edition).items():
        values = {repr(v) for _, v in candidates}
        if len(values) == 1:
            params[name] = candidates[0][1]
    for name, target in line.slots.items():
        rule_id, _, param = target.rpartition("/")
        for candidate_rule, value in _sources(spec, line, edition).get(param, []):
            if candidate_rule == rule_id:
                params[name] = value
    return params


def reading_params(spec: Spec, line: AidLine, ruling_id: str, reading_id: str) -> dict[str, Any]:
    """The line's params with one reading's params laid over them (for that reading's own line)."""
    ruling = spec.rulings[ruling_id]
    return {**line_params(spec, line), **ruling.readings[reading_id].params}


def slots(text: str) -> Iterator[tuple[str, str]]:
    """`("param", name)` or `("term", concept)` for every slot of `text`."""
    for match in SLOT.finditer(text):
        if match.group(3):
            yield "param", match.group(3)
        else:
            yield "term", match.group(2)


def line_problems(spec: Spec, line: AidLine) -> Iterator[tuple[str, str]]:
    """`(json path suffix, message)` for everything of `line` (not its steps) that does not resolve."""
    for i, rule_id in enumerate(line.rules):
        if _rule(spec, rule_id) is None:
            yield f"/rules/{i}", f"aid line names rule {rule_id!r}, which does not exist"
    for name, target in line.slots.items():
        rule_id, _, param = target.rpartition("/")
        if rule_id not in line.rules:
            yield f"/slots/{name}", f"slot {name!r} takes a param of {rule_id!r}, which is not one of the line's rules"
        elif param not in _rule(spec, rule_id).params:
            yield f"/slots/{name}", f"rule {rule_id!r} has no param {param!r}"
    sources = _sources(spec, line, None)
    aliases = set(line.slots)
    touching = rulings_of(spec, line.rules)
    disputed = {name for ruling_id in touching for reading in spec.rulings[ruling_id].readings.values()
                for name in reading.params
                if len({repr(r.params.get(name)) for r in spec.rulings[ruling_id].readings.values()}) > 1}
    texts = [("/label", line.label, set()), ("/text", line.text, set())]
    for ruling_id, lines in line.readings.items():
        ruling = spec.rulings.get(ruling_id)
        if ruling is None:
            yield f"/readings/{ruling_id}", f"unknown ruling {ruling_id!r}"
            continue
        if ruling_id not in touching:
            yield f"/readings/{ruling_id}", f"ruling {ruling_id!r} touches none of the line's rules"
        for reading_id, text in lines.items():
            if reading_id not in ruling.readings:
                yield f"/readings/{ruling_id}/{reading_id}", f"ruling {ruling_id!r} has no reading {reading_id!r}"
            else:
                texts.append((f"/readings/{ruling_id}/{reading_id}", text, set(ruling.readings[reading_id].params)))
        stated = [r.id for r in ruling.readings.values() if r.editions or r.id == ruling.default]
        missing = [r for r in stated if r not in lines]
        if missing:
            yield f"/readings/{ruling_id}", (f"ruling {ruling_id!r}: no line for reading(s) {', '.join(missing)} "
                                             "(every reading an edition states needs one)")
    for where, text, own in texts:
        for kind, name in slots(text):
            if kind == "term":
                if name not in spec.concepts:
                    yield where, f"aid line refers to unknown concept {name!r}"
                continue
            if name in aliases or name in own:
                continue
            if name not in sources:
                yield where, f"slot {{{name}}} is not a param of the line's rules ({', '.join(line.rules)})"
            elif len({repr(v) for _, v in sources[name]}) > 1:
                rules = ", ".join(r for r, _ in sources[name])
                yield where, f"slot {{{name}}} is ambiguous (a param of {rules}): name one in `slots`"
            elif where in ("/label", "/text") and name in disputed:
                yield where, (f"slot {{{name}}} is a value the editions dispute: state it in the reading lines, "
                              "not in the line's own text")
