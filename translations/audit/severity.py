"""Severity from what a difference does to the rules, judged with the spec.

A localiser reads only what is high or medium, so what ranks there must be what changes the rules. Three things
decide, and every finding records them (``_weighing``) so a report can say why:

1. **The difference itself** — the ranker's probability that it changes a rule
   (:mod:`translations.audit.ranking`: which check saw it, a swap or one side only, how similar the two sentences
   still are), averaged over the edition pairs that see it.
2. **Agreement** — whether one edition differs from all the others it is compared with in that passage
   (:meth:`~translations.audit.merge.Merged.odd_edition`; in a draft audit, the draft against every reference
   edition): a changed rule shows against every other edition, a loose wording against one.
3. **The spec** — a sentence a rule cites outranks everything else, above all when the difference is in the
   rule's own parameter (a number the rule holds) or term (a concept its summary names); a passage no rule cites
   weighs less; and whatever happens in a worked example stays at most medium, in a caption, heading, credits,
   flavour text or a cross-reference ("as described above") low.

Omissions are judged by the alignment and the spec instead of the ranker: a sentence without counterpart is high
only when it states a rule (a number, a modal verb, a negation, a condition...), a rule cites it, it has no
counterpart nearby in the edition lacking it (the aligner looked in the neighbouring sentences and through the
other editions' links), and every other edition has it; an edition adding a sentence no other edition has, or
the others disagreeing, makes it medium at most. In a draft audit a reference whose own version of the sentence
the aligner joined with a neighbour against fewer draft sentences (a 2–1 link) counts as seeing the omission too:
that is how an alignment places a sentence with no counterpart.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from translations.audit.alignment import PreparedEdition
from translations.audit.checks import refers_elsewhere
from translations.audit.inputs import AuditSelection
from translations.audit.merge import Merged
from translations.audit.odd_one_out import references_against_draft

SEVERITIES = ("high", "medium", "low")
#: Kinds whose finding can be high: one side says the opposite of the other.
SWAP_KINDS = frozenset({"number", "number_bound", "modality", "comparison", "agent", "term", "timing", "quantifier",
                        "plural"})
#: One-sided differences of these kinds stay low between published editions (see :func:`weigh`).
WORDING_KINDS = frozenset({"quantifier", "timing", "condition", "glossary", "agent"})
#: Score thresholds (probability x agreement x spec weight).
HIGH_SCORE = 0.75
MEDIUM_SCORE = 0.5
#: Spec weights: the rule's own parameter or term, a cited rule, no rule at all.
HOLDS_WEIGHT = 1.2
CITED_WEIGHT = 1.0
UNCITED_WEIGHT = 0.7
#: A worked example's difference counts this much (and is never high).
EXAMPLE_WEIGHT = 0.8
#: Below this score a difference is not reported at all: a one-sided word one translator left out where others
#: wrote it, seen by one pair, or a sentence one alignment left unlinked, is noise, not a low finding.
NOISE_FLOOR = 0.25
#: In a draft audit agreement raises what every reference shows, so what stays below this is noise there.
DRAFT_NOISE_FLOOR = 0.45
#: Kinds whose difference is at least medium in a draft audit when the draft alone reads otherwise than two
#: references or more (round nine, see the record: a comparison turned round gained hits on the tuning sets for no
#: false alarm; glossary gained more there but only a false alarm on validation; quantifier, omission, condition and
#: timing added more false alarms than hits).
DRAFT_AGREED_KINDS = frozenset({"comparison"})
#: Passage kinds (from the spec's not-rule passages and the text) that never rank above low.
NEVER_ABOVE_LOW = frozenset({"caption", "heading", "credits", "flavour", "layout", "contents", "cross-reference"})


@dataclass(frozen=True)
class Weighing:
    """Why a finding has its severity (shown by the reports)."""

    passage: str  # rule, uncited, example, caption, flavour, cross-reference, ...
    holds: bool  # the difference is in the linked rule's own parameter or term
    agreement: str  # "3/3" (the odd edition differs from every edition it is compared with), "1/3", ...
    probability: float | None  # the ranker's (None for omissions)
    score: float

    def to_json(self) -> dict[str, Any]:
        return {"passage": self.passage, "holds": self.holds, "agreement": self.agreement,
                "probability": None if self.probability is None else round(self.probability, 3),
                "score": round(self.score, 3)}


def rule_numbers(value: Any) -> set[int]:
    """Every integer in a rule's parameters (nested lists and maps included; booleans are no numbers)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(rule_numbers(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(rule_numbers(v) for v in value)) if value else set()
    return set()


_SLOT = re.compile(r"\{(?:terms?|rel)(?:@[a-z_]+)?:([a-z0-9_.]+)\}")


def rule_concepts(rule: Any) -> set[str]:
    """The glossary concepts a rule's summary names (``{term:wood}``) or refers to."""
    return set(_SLOT.findall(rule.summary or "")) | set(getattr(rule, "refs", ()))


def holds(finding: Mapping[str, Any], m: Merged, rule: Any) -> bool:
    """The difference is in the rule's own parameter (a number it holds) or term (a concept it names)."""
    if rule is None:
        return False
    if m.kind == "number_missing":
        return bool(m.numbers & rule_numbers(rule.params))
    if m.kind.startswith("number"):
        stated = {int(d) for value in m.values.values() for d in re.findall(r"\d+", value)}
        return bool(stated & rule_numbers(rule.params))
    if m.kind in ("term", "glossary", "plural"):
        return bool(m.concepts & rule_concepts(rule))
    return False


def passage_kind(m: Merged, prepared: Mapping[str, PreparedEdition], rule: str | None) -> str:
    """What the passage is: a rule's, an example, a caption or flavour (the spec's not-rule passages), a
    cross-reference, or an uncited passage."""
    nodes = [(e, i) for e, i in m.sentences if e in prepared]
    if m.in_example:
        return "example"
    kinds = [prepared[e].not_rule_kinds.get(i) for e, i in nodes]
    kinds += ["caption" for e, i in nodes if prepared[e].sentences[i].kind in ("caption", "heading")]
    marked = [k for k in kinds if k]
    if marked and len(marked) * 2 >= len(nodes):
        return max(set(marked), key=marked.count)
    pointers = sum(refers_elsewhere(prepared[e].sentences[i], prepared[e].language) for e, i in nodes)
    if nodes and pointers * 2 >= len(nodes) and (m.kind == "omission" or pointers == len(nodes)):
        return "cross-reference"
    return "rule" if rule else "uncited"


#: How much agreement moves the ranker's log-odds: every edition showing the same difference against the odd one
#: is independent evidence; a difference not shown against an edition that was compared counts against it.
AGREEMENT_LOGIT = 1.0


def corroborated(probability: float, agreement: float, seen: int, gain: float = AGREEMENT_LOGIT) -> float:
    """The ranker's probability moved by agreement: ``sigmoid(logit(p) + gain · (seen − 1) − ½ · unseen)`` — each
    edition beyond the first showing the same difference adds to the log-odds, each edition compared there that
    does not show it takes away half a unit (it may say the same thing in words the checks do not read)."""
    p = min(max(probability, 1e-6), 1 - 1e-6)
    compared = seen / agreement if agreement else seen
    unseen = max(compared - seen, 0.0)
    logit = math.log(p / (1 - p)) + gain * (seen - 1) - 0.5 * AGREEMENT_LOGIT * unseen
    return 1.0 / (1.0 + math.exp(-logit))


def _level(score: float, can_be_high: bool) -> str:
    if score >= HIGH_SCORE and can_be_high:
        return "high"
    return "medium" if score >= MEDIUM_SCORE else "low"


def _agreement(m: Merged, selection: AuditSelection, odd: str | None, compared: set[str] | None) -> tuple[float, str]:
    """How many of the editions the odd one was compared with in this passage show the difference."""
    others = len(selection.editions) - 1
    # However few editions the aligner joined into the passage, a difference must show against at least half of
    # the other editions to count fully: one pair alone is as often a loose wording as a changed rule.
    floor = max(1, (others + 1) // 2)
    if odd is None:
        total = max(floor, min(others, len(m.present) - 1), 1)
        return 1.0 / total, f"1/{total}"
    possible = compared if compared is not None else {
        e for e in m.present if e != odd and ((e, odd) in selection.pairs or (odd, e) in selection.pairs)}
    seen = m.partners(odd)
    possible = possible | seen
    total = max(len(possible), len(seen), floor)
    return len(seen) / total, f"{len(seen)}/{total}"


def _omission(m: Merged, passage: str, rule: str | None, selection: AuditSelection,
              absorbed: set[str] | frozenset[str] = frozenset(), names_things: bool = False) -> tuple[str, float, str]:
    """Severity of a sentence without counterpart (see the module doc): ``(severity, score, agreement)``.

    Two shapes count: one edition lacks what at least two others state (an *omission*: high when every other
    edition states it and each alignment with the lacking edition found no counterpart, medium when two do), or
    one edition states what at least two others lack (an *addition*: medium at most). Anything else — one
    edition against one, two against two — is as often an alignment slip as a difference: low.
    """
    have = {e for e, _ in m.sentences} | (m.present - m.missing_in)
    missing = set(m.missing_in)
    observed = {e for o in m.observations for e, _ in o.spans}
    if selection.draft and selection.draft in missing and len(missing) > 1:
        refs_have = have - {selection.draft}
        if len(refs_have) >= 2 and len(refs_have) > len(missing) - 1:
            missing = {selection.draft}  # most references state it; the draft lacks it with the odd one out
        else:
            return "low", 0.2, f"{len(have)} have it, {len(missing)} lack it (the draft with other references)"
    if len(missing) == 1 and len(selection.editions) == 2:
        (lacking,) = missing  # two editions only: one against the other is all there is to see
        seen = have
        shape = "omission"
        told = f"{', '.join(sorted(have))} states it, {lacking} lacks it"
    elif len(missing) == 1:
        (lacking,) = missing
        have |= set(absorbed)
        seen = ({e for o in m.observations if lacking in o.missing_in for e, _ in o.spans} & have) | set(absorbed)
        shape = "omission"
        told = f"{len(seen)} of {len(have)} editions state it, {lacking} lacks it"
    elif len(have) == 1 and len(missing) >= 2:
        seen = {e for o in m.observations for e in o.missing_in} & missing
        shape = "addition"
        told = f"only {', '.join(sorted(have))} states it, {len(seen)} editions lack it"
    else:
        return "low", 0.2, f"{len(have)} editions state it, {len(missing)} lack it"
    # Every edition stating the sentence found no counterpart in the lacking one: low at most, but kept in a
    # draft audit (an instruction without a modal verb or a number is still a rule).
    confirmed = shape == "omission" and len(seen) >= 2 and len(seen) == len(have)
    low = DRAFT_NOISE_FLOOR if confirmed else 0.3
    # A draft lacking a sentence of a rule that three references or more state, each finding no counterpart, has
    # dropped an instruction, modal verb or not ("Place all goods next to the board"); between published
    # editions a plain statement is left out in rewording as often. With two references it was measured and
    # dropped (round twelve): published editions audited as a draft gained more such findings than drafts hits.
    instruction = bool(selection.draft and confirmed and len(seen) >= 3 and names_things)
    if passage in NEVER_ABOVE_LOW or passage == "example" or not (m.bears_rule or instruction) or not observed:
        return "low", low, told
    if len(selection.editions) == 2 and rule:
        return "medium", 0.6, told
    if shape == "omission" and len(seen) >= 2 and len(seen) == len(have) and rule:
        return ("high", 1.0, told) if len(seen) >= 3 or len(have) == len(selection.editions) - 1 else ("medium", 0.7, told)
    if len(seen) >= 2 and rule:
        return "medium", 0.6, told
    return "low", low, told


def _single_dropped(m: Merged, draft: str | None, odd: str | None, agreement: float, seen: int) -> bool:
    """In a draft audit, "1" that every reference compared there states (two at least) and the draft, with no
    number at all, leaves out: "take 1 of the drawn cards" made "take the drawn cards" — a singular made plural,
    not a count said in words."""
    return bool(draft and odd == draft and m.numbers == {1} and agreement == 1.0 and seen >= 2
                and m.values.get(draft) == "no number")


def reported(finding: Mapping[str, Any], draft: bool = False) -> bool:
    """Whether a weighed finding is worth a line in the report (above :data:`NOISE_FLOOR`, or
    :data:`DRAFT_NOISE_FLOOR` in a draft audit: there a sentence only one reference lacks, or one the draft adds
    where the references disagree, is the alignment's doing as often as the draft's, like a one-sided word)."""
    score = finding.get("_weighing", {}).get("score")
    if finding["kind"] in ("supplement", "ruling", "suspect") or score is None:
        return True
    floor = DRAFT_NOISE_FLOOR if draft else NOISE_FLOOR
    return bool(score >= floor)


def weigh(finding: dict[str, Any], m: Merged, spec: Any, prepared: Mapping[str, PreparedEdition],
          selection: AuditSelection, compared: set[str] | None = None, absorbed: set[str] | None = None) -> None:
    """Set the finding's severity and ``_weighing`` (see the module doc); ``absorbed``: in a draft audit, the
    references whose version of an omitted sentence the aligner joined with a neighbour (see :func:`_omission`)."""
    rule_id = finding["rule"]
    rule = spec.rule(rule_id) if rule_id else None
    passage = passage_kind(m, prepared, rule_id)
    odd = finding.get("_odd")
    if m.kind == "supplement":
        finding["severity"] = "low"
        finding["_weighing"] = Weighing("supplement", False, "", None, 0.0).to_json()
        return
    if m.kind == "omission":
        names_things = bool(selection.draft) and any(
            prepared[e].features[i].concepts for e, i in m.sentences if e in prepared)  # read in a draft audit only
        severity, score, told = _omission(m, passage, rule_id, selection, absorbed or set(), names_things)
        finding["severity"] = severity
        finding["_weighing"] = Weighing(passage, False, told, None, score).to_json()
        return
    agreement, told = _agreement(m, selection, odd, compared)
    owns = holds(finding, m, rule)
    weight = HOLDS_WEIGHT if owns else CITED_WEIGHT if rule_id else UNCITED_WEIGHT
    seen = len(m.partners(odd)) if odd else 1
    # A draft audit asks whether a new text says what the references say: every reference showing the same
    # difference against it is independent evidence that the draft, not the references, changed something.
    # Between published editions no edition is known to be right, and one translator's wording differs from the
    # others' all the time: there agreement only keeps a difference, it does not raise it.
    # A word the draft adds or leaves out ("each", "if", "immediately") is a wording the references share as often
    # as a rule they share (they translate one original): their agreement counts for half as much there.
    gain = AGREEMENT_LOGIT * (0.5 if (not m.swap and m.kind in WORDING_KINDS) else 1.0)
    evidence = corroborated(m.probability, agreement, seen, gain) if selection.draft else m.probability * agreement
    score = evidence * weight
    can_be_high = m.kind in SWAP_KINDS and m.swap
    if passage == "example":
        # Published editions rewrite their examples freely; a draft that changes a number of its original's
        # example misleads its readers. Either way an example is never high.
        if not selection.draft:
            score = min(score, MEDIUM_SCORE - 0.01)
        score *= EXAMPLE_WEIGHT if (m.swap and agreement == 1.0) else 0.5
        can_be_high = False
    if selection.draft and m.kind == "modality" and not m.swap and seen < 2:
        # "You may cover it" against a plain "Cover it": editions translate one by the other now and then, so
        # only references agreeing on it (at least two) make it the draft's change.
        score = min(score, DRAFT_NOISE_FLOOR - 0.01)
    if selection.draft and m.kind == "plural" and odd == selection.draft and seen >= 2:
        # One thing against several where the glossary's forms tell the number on every side, and two references
        # or more agree against the draft: the draft's change of a rule's count, whatever the ranker learnt from
        # published editions (which move between singular and plural freely).
        score = max(score, MEDIUM_SCORE)
    if selection.draft and m.kind == "plural" and not references_against_draft(m, selection.draft):
        # ...but where a reference reads the draft's number ("several Charterschiff" with "several charter ship"
        # of en-zman, against "one Charter Ship" of en) the references themselves move between one and several
        # there: the number is a translator's choice, not the draft's change (round eleven: most plural findings
        # round ten A added on an unmodified edition audited as a draft were of this shape).
        score = min(score, MEDIUM_SCORE - 0.01)
    if selection.draft and odd == selection.draft and m.kind in DRAFT_AGREED_KINDS \
            and references_against_draft(m, selection.draft) >= 2:
        # Every reference that reads the passage (two at least) reads it one way and the draft another: a
        # comparison turned round. The ranker learnt the kind from published editions, which differ in it
        # freely; against a draft the references' agreement is the evidence (measured kind by kind, round nine).
        score = max(score, MEDIUM_SCORE)
    told_low = m.severity == "low"  # the check itself judged it weak (a component count the other side names)
    if m.kind == "number_missing" and not _single_dropped(m, selection.draft, odd, agreement, seen) and (
            told_low or not (owns and agreement == 1.0) or max(m.numbers, default=0) <= 2):
        # A count left out that the rule does not hold: said in words. In a draft audit the references' counts
        # are said in words as often as the draft's, so it is noise there.
        score = min(score, DRAFT_NOISE_FLOOR - 0.01 if selection.draft else MEDIUM_SCORE - 0.01)
    if not selection.draft and not m.swap and m.kind in WORDING_KINDS:
        # Between published editions, a word one translator adds or leaves ("each", "immediately", "if") is
        # the wording of a translation far more often than a rule: only a contradiction ranks.
        score = min(score, MEDIUM_SCORE - 0.01)
    severity = "low" if passage in NEVER_ABOVE_LOW else _level(score, can_be_high)
    if selection.draft and odd != selection.draft:
        severity = "low"  # in a draft audit, a difference among the references is not the draft's
    finding["severity"] = severity
    finding["_weighing"] = Weighing(passage, owns, told, m.probability, score).to_json()
