"""Checks on aligned sentence pairs, pofilter style: each check is one named, documented function.

A check receives the pair context (both prepared editions) and one :class:`~translations.audit.alignment.Link`, and
returns :class:`Observation` s: what differs, where (source spans) and which edition lacks it. The audit merges
observations of the same kind about the same passage across edition pairs into findings.

Noise control, the first design goal (false alarms are what users of QA tools complain about most):

- content checks only look at confident links (score >= :data:`CHECK_MIN_SCORE`);
- a glossary concept or a marker word counts as present when the other edition says it in the linked sentence
  or right next to it (translators move words across sentence boundaries);
- every form and variant of a glossary concept is the same concept; matching is on whole words and lemmas;
- a number answered by an article ("a", "ein", "een") is no difference; page references and step labels
  are not numbers of the rules;
- headings, captions and repeated blocks never raise omissions; findings inside worked examples
  (:mod:`translations.audit.examples`) and omissions of cross-references ("as described above") weigh less.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

from translations.audit.alignment import NUMBER_WEIGHT, Link, PreparedEdition
from translations.audit.features import Features
from translations.audit.lexicon import (
    CLAUSE_INITIAL_CONDITIONALS,
    MARKERS,
    NOT_VERBS,
    PAGE_WORDS,
    REFERENCE_PHRASES,
    SUBORDINATORS,
    VERB_FIRST_FOLLOWERS,
)
from translations.audit.segment import Sentence

#: Links scoring below this are too uncertain to compare their content.
CHECK_MIN_SCORE = 0.5
#: Concept differences need a surer link: a loose rewording moves terms around.
GLOSSARY_MIN_SCORE = 0.6
SEVERITIES = ("high", "medium", "low")
#: Marker checks whose words make a sentence state a rule rather than explain one.
RULE_MARKERS = frozenset(("modality", "negation", "condition", "quantifier"))


@dataclass
class Observation:
    """One difference seen on one link of one edition pair."""

    kind: str
    severity: str
    message: str
    spans: list[tuple[str, int]]  # (edition id, sentence index)
    missing_in: list[str]
    units: list[tuple[str, int]] = field(default_factory=list)  # sentences that identify the passage
    highlights: list[tuple[str, int, int, int]] = field(default_factory=list)  # (edition, sentence, tok0, tok1)
    in_example: bool = False  # the compared sentences include a worked example (the audit weighs it)
    values: frozenset[int] = frozenset()  # the numbers a number_missing observation says are left out
    bears_rule: bool = True  # an omitted sentence states a number or a modal, negation, condition or quantifier


@dataclass
class PairContext:
    """The two editions a check compares."""

    a: PreparedEdition
    b: PreparedEdition

    def side(self, link: Link, first: bool) -> tuple[PreparedEdition, tuple[int, ...]]:
        return (self.a, link.a) if first else (self.b, link.b)


def _lower(severity: str) -> str:
    return SEVERITIES[min(len(SEVERITIES) - 1, SEVERITIES.index(severity) + 1)]


def _in_example(sentences: Iterable[Sentence]) -> bool:
    return any(s.kind == "example" for s in sentences)


@cache
def _reference_phrases(language: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(phrase.split()) for phrase in REFERENCE_PHRASES.get(language, ()))


def refers_elsewhere(sentence: Sentence, language: str) -> bool:
    """The sentence points to another part of the rulebook or another sheet ("as described above", "siehe
    Seite 5", "in de bijlage"): it restates or announces a rule, and a translation may leave it out."""
    tokens = sentence.tokens
    pages = PAGE_WORDS.get(language, ())
    if any(t in pages and k + 1 < len(tokens) and tokens[k + 1].isdigit() for k, t in enumerate(tokens)):
        return True  # "(page 5)", "(Seite 5)", "(zie blz. 5)"
    for phrase in _reference_phrases(language):
        n = len(phrase)
        if any(tuple(tokens[k : k + n]) == phrase for k in range(len(tokens) - n + 1)):
            return True
    return False


def _quote(edition: PreparedEdition, indices: tuple[int, ...], limit: int = 90) -> str:
    text = " ".join(edition.sentences[i].text for i in indices)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _merged(edition: PreparedEdition, indices: Iterable[int]) -> Features:
    out = Features()
    for i in indices:
        f = edition.features[i]
        out.numbers.extend(f.numbers)
        out.weak_concepts.update(f.weak_concepts)
        for key, spans in f.concepts.items():
            out.concepts.setdefault(key, []).extend(spans)
        for mk, spans in f.markers.items():
            out.markers.setdefault(mk, []).extend(spans)
    return out


def _neighbourhood(edition: PreparedEdition, indices: tuple[int, ...]) -> list[int]:
    """The linked sentences and one sentence either side within the same block."""
    if not indices:
        return []
    lo, hi = min(indices), max(indices)
    block = {edition.sentences[i].block for i in indices}
    around = [i for i in (lo - 1, hi + 1) if 0 <= i < len(edition.sentences) and edition.sentences[i].block in block]
    return sorted({*indices, *around})


def _obs(
    kind: str,
    severity: str,
    message: str,
    ctx: PairContext,
    link: Link,
    missing: PreparedEdition,
    highlights: list[tuple[str, int, int, int]] | None = None,
) -> Observation:
    spans = [(ctx.a.id, i) for i in link.a] + [(ctx.b.id, j) for j in link.b]
    sentences = [ctx.a.sentences[i] for i in link.a] + [ctx.b.sentences[j] for j in link.b]
    # Not weighed here: the audit weighs a whole passage (all editions' sentences) as an example or not.
    return Observation(kind, severity, message, spans, [missing.id], spans, highlights or [], _in_example(sentences))


# --- the checks ------------------------------------------------------------------------------------------


def check_omission(ctx: PairContext, link: Link) -> list[Observation]:
    """A rule-bearing sentence with no counterpart in the other edition (omission there, addition here).

    Headings, captions, repeated blocks and short fragments are skipped; a sentence with a confident match
    elsewhere in the other edition (displaced) is not missing. Severity grows with what the sentence carries:
    numbers, modal verbs, negations and conditions are the stuff of rules.
    """
    if link.a and link.b:
        return []
    if link.displaced:
        return []
    first = bool(link.a)
    edition, indices = ctx.side(link, first)
    other = ctx.b if first else ctx.a
    out: list[Observation] = []
    for i in indices:
        sentence = edition.sentences[i]
        words = [t for t in sentence.tokens if t.isalpha()]
        if sentence.kind in ("heading", "caption") or sentence.repeated or len(words) < 5:
            continue
        if i in edition.not_rules:  # the spec says this passage states no rule
            continue
        feats = edition.features[i]
        weight = sum(
            (
                bool(feats.strong_values()),
                any(k[0] in ("modality", "negation", "condition") for k in feats.markers),
                bool(feats.concepts),
            )
        )
        # Medium at most here: the audit raises it when several edition pairs agree on the omission.
        severity = "medium" if weight >= 2 else "low"
        example = sentence.kind == "example"
        pointer = refers_elsewhere(sentence, edition.language)
        if pointer:
            severity = _lower(severity)
        message = f"{edition.id}: “{_quote(edition, (i,))}” has no counterpart in {other.id}"
        unit = [(edition.id, i)]
        # A sentence that points elsewhere ("as described above") restates a rule stated there.
        bears_rule = not pointer and (bool(feats.strong_values()) or any(k[0] in RULE_MARKERS for k in feats.markers))
        out.append(
            Observation("omission", severity, message, unit, [other.id], unit, in_example=example, bears_rule=bears_rule)
        )
    return out


def _number_text(values: set[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


def _conflict_severity(mine: set[int], theirs: set[int]) -> str:
    """High for one number plainly replaced by another (3 points against 5 points); medium when either side
    states several (two worked examples, or numbers spread over a split sentence, pair up by chance) or when
    the numbers are 1 and 2 ("a", "both", "either" read as numbers as often as a real change)."""
    if len(mine) == 1 and len(theirs) == 1 and max(mine | theirs) > 2:
        return "high"
    return "medium"


def check_numbers(ctx: PairContext, link: Link) -> list[Observation]:
    """Numbers (digits and number words) stated on one side only, or bounded differently ("bis zu 3" vs "3").

    ``number``: both sides state numbers and they differ (3 against 5): high, medium for 1 against 2.
    ``number_missing``: one side states a number the other leaves out (a count not repeated): medium.
    ``number_bound``: the same number, bounded on one side only.

    A quantity stated outright on one side must appear on the other, as a digit, a number word or (for 1 and 2)
    an article, "first", "both". When both sides count the same glossary concept ("1 punt" / "2 points"), the
    counts are compared directly: a different count of the same thing is a change of the rules even when the
    other number appears elsewhere in the passage. Ranks and frequencies ("a second time", "twice") are compared
    only with ranks: translators say "again" or "once more" for them. "One or more" says "any", like an article.
    Values present on both sides must carry the same bound (exact, up to, at least).
    """
    fa, fb = _merged(ctx.a, link.a), _merged(ctx.b, link.b)
    out: list[Observation] = []

    def highlight(
        edition: PreparedEdition, indices: tuple[int, ...], values: set[int], ranks: bool
    ) -> list[tuple[str, int, int, int]]:
        return [
            (edition.id, i, n.first, n.last)
            for i in indices
            for n in edition.features[i].numbers
            if n.value in values and (n.quantity or (ranks and n.ordinal and n.strong))
        ]

    # The same thing counted differently on the two sides.
    counted_a, counted_b = fa.counted(), fb.counted()
    explained_a: set[int] = set()
    explained_b: set[int] = set()
    for concept in sorted(set(counted_a) & set(counted_b)):
        va, vb = counted_a[concept] - counted_b[concept], counted_b[concept] - counted_a[concept]
        if not (va and vb):
            continue
        explained_a |= va
        explained_b |= vb
        highlights = highlight(ctx.a, link.a, va, False) + highlight(ctx.b, link.b, vb, False)
        message = f"{ctx.a.id} states {_number_text(va)} “{concept}” where {ctx.b.id} states {_number_text(vb)}"
        severity = _conflict_severity(va, vb)
        out.append(_obs("number", severity, message, ctx, link, ctx.b, highlights))
    for first in (True, False):
        mine, theirs = (fa, fb) if first else (fb, fa)
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx = link.a if first else link.b
        explained = explained_a if first else explained_b
        missing = mine.quantities() - theirs.all_values() - explained
        rank_missing = mine.ranks() - theirs.all_values() if theirs.ranks() else set()
        if rank_missing:
            message = f"{me.id} ranks {_number_text(rank_missing)} where {them.id} ranks {_number_text(theirs.ranks())}"
            highlights = highlight(me, mine_idx, rank_missing, True)
            out.append(_obs("number", "medium", message, ctx, link, them, highlights))
        if missing:
            highlights = highlight(me, mine_idx, missing, False)
            stated = theirs.quantities()
            # A value the other side states more often than this side (3 twice against 5 and 3 once) is
            # what the missing number turned into: a conflict, not just a number left out.
            mine_counts = Counter(n.value for n in mine.numbers if n.quantity or not n.strong)
            their_counts = Counter(n.value for n in theirs.numbers if n.quantity)
            # What a missing number turned into counts the same thing (or an unnamed thing): "4 goods" did not
            # turn into "11 points".
            counts = {n.counts for n in mine.numbers if n.quantity and n.value in missing}
            compatible = {
                n.value for n in theirs.numbers if n.quantity and (n.counts is None or None in counts or n.counts in counts)
            }
            extra = {v for v, c in their_counts.items() if c > mine_counts[v] and v in compatible}
            if extra:
                message = f"{me.id} states {_number_text(missing)} where {them.id} states {_number_text(extra)}"
                severity = _conflict_severity(missing, extra)
                if any(mine_counts[v] for v in extra):
                    # The other value is stated here too, only less often: a weaker sign than a plain swap.
                    severity = "medium"
                out.append(_obs("number", severity, message, ctx, link, them, highlights))
            else:
                told = f"only {_number_text(stated)}" if stated else "no number"
                message = f"{me.id} states {_number_text(missing)} where {them.id} states {told}"
                # 1 and 2 are often left implicit ("a", "both", "the second"): a missing 1 or 2 weighs little.
                severity = "medium" if max(missing) > 2 else "low"
                # "Shuffle the 11 large ships" against "Shuffle the large ships": a count of components the
                # other side names without a number is all of them, as the component list says.
                counted = [n.counts for n in mine.numbers if n.quantity and n.value in missing]
                named = set(theirs.concepts) | theirs.weak_concepts
                if all(c is not None and c in named and me.concept_kinds.get(c) == "component" for c in counted):
                    severity = "low"
                obs = _obs("number_missing", severity, message, ctx, link, them, highlights)
                obs.values = frozenset(missing)
                out.append(obs)
    cardinal_a = {n.value for n in fa.numbers if n.strong and not n.ordinal}
    cardinal_b = {n.value for n in fb.numbers if n.strong and not n.ordinal}
    for value in sorted(cardinal_a & cardinal_b):
        # Only mentions that count the same thing (or an unnamed thing) are compared: "2 or more players" and
        # "the 2 point values" are different numbers that happen to be equal.
        things_a = {n.counts for n in fa.numbers if n.value == value and n.strong and not n.ordinal}
        things_b = {n.counts for n in fb.numbers if n.value == value and n.strong and not n.ordinal}
        bounds_a = {
            n.bound for n in fa.numbers
            if n.value == value and not n.ordinal and (n.counts is None or None in things_b or n.counts in things_b)
        }
        bounds_b = {
            n.bound for n in fb.numbers
            if n.value == value and not n.ordinal and (n.counts is None or None in things_a or n.counts in things_a)
        }
        bounded_a, bounded_b = bounds_a - {"exact"}, bounds_b - {"exact"}
        if bounded_a != bounded_b:
            odd_first = bool(bounded_a - bounded_b)
            odd, plain = (ctx.a, ctx.b) if odd_first else (ctx.b, ctx.a)
            odd_bounds = (bounded_a - bounded_b) if odd_first else (bounded_b - bounded_a)
            words = {"max": "up to", "min": "at least"}
            bound_txt = "/".join(words[b] for b in sorted(odd_bounds))
            message = f"{odd.id} says {bound_txt} {value} where {plain.id} says exactly {value}"
            # "up to one" against "one" rarely changes play; a bound on a larger number does.
            out.append(_obs("number_bound", "high" if value > 1 else "low", message, ctx, link, plain))
    return out


def check_glossary(ctx: PairContext, link: Link) -> list[Observation]:
    """A glossary concept (a thing or a place) named on one side only.

    Both editions must have a term for the concept; any form or variant of it counts, on whole words or
    lemmas; the other side's neighbouring sentences count too. Variants of one concept never differ.
    Always low: translators move things between sentences and name the place or the thing as it suits the
    sentence ("take 1 iron from the supply" / "place it in your storage area"); judged by hand on Race to the
    New Found Land, none of the eight substitutions this check once rated medium changed a rule. What changes
    a rule shows as an omission, a number or a marker word as well.
    """
    out: list[Observation] = []
    for first in (True, False):
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx, their_idx = (link.a, link.b) if first else (link.b, link.a)
        if link.score < GLOSSARY_MIN_SCORE:
            continue
        mine = _merged(me, mine_idx).concepts
        near = _merged(them, _neighbourhood(them, their_idx))
        theirs = set(near.concepts) | near.weak_concepts
        known = _known_concepts(me) & _known_concepts(them)
        generic = me.generic_concepts | them.generic_concepts
        linked = set(_merged(them, their_idx).concepts)
        for concept in sorted(set(mine) - theirs):
            if concept not in known or concept in generic:
                continue
            kind = me.concept_kinds.get(concept)
            instead = sorted(c for c in linked - set(mine) if them.concept_kinds.get(c) == kind)
            highlights = [(me.id, i, s, e) for i in mine_idx for s, e in me.features[i].concepts.get(concept, [])]
            if instead:
                message = f"{me.id} names “{concept}” where {them.id} names “{', '.join(instead)}”"
                out.append(_obs("glossary", "low", message, ctx, link, them, highlights))
            else:
                message = f"{me.id} names “{concept}” that {them.id} does not name here"
                out.append(_obs("glossary", "low", message, ctx, link, them, highlights))
    return out


def _known_concepts(edition: PreparedEdition) -> frozenset[str]:
    return edition.glossary_concepts


def _marker_classes(edition: PreparedEdition, indices: Iterable[int], check: str) -> dict[str, list[tuple[int, int, int]]]:
    found: dict[str, list[tuple[int, int, int]]] = {}
    for i in indices:
        for (kind, name), spans in edition.features[i].markers.items():
            if kind == check:
                found.setdefault(name, []).extend((i, s, e) for s, e in spans)
    return found


def _one_sided(
    ctx: PairContext,
    link: Link,
    check: str,
    severities: dict[str, str],
    describe: Callable[[str], str],
    present: Callable[[PreparedEdition, Iterable[int], str], bool] | None = None,
) -> list[Observation]:
    """Marker classes of ``check`` on one side only (the other side's neighbours count as present)."""
    out: list[Observation] = []
    for first in (True, False):
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx, their_idx = (link.a, link.b) if first else (link.b, link.a)
        mine = _marker_classes(me, mine_idx, check)
        near = _neighbourhood(them, their_idx)
        theirs = _marker_classes(them, near, check)
        for name in sorted(set(mine) - set(theirs)):
            if name not in severities or not MARKERS[check][name].get(them.language):
                continue
            if present is not None and present(them, near, name):
                continue
            highlights = [(me.id, i, s, e) for i, s, e in mine[name]]
            message = f"{me.id} says {describe(name)} where {them.id} does not"
            out.append(_obs(check, severities[name], message, ctx, link, them, highlights))
    return out


def _main_modal(edition: PreparedEdition, indices: Iterable[int]) -> tuple[str, int, int, int] | None:
    """The first modal verb of a main clause: ``(class, sentence, tok0, tok1)``, or None.

    A modal verb inside a subordinate clause (opened by a subordinator, or a German/Dutch verb-first condition
    "Kannst du ..., darfst du ...") is skipped: it states a condition or an ability. A negated main clause
    returns None ("darf nicht" means "must not"; the negation check compares negations).
    """
    lang = edition.language
    subordinators = SUBORDINATORS.get(lang, ())
    for i in sorted(indices):
        toks = edition.sentences[i].tokens
        modals = sorted(
            (s, e, name) for (kind, name), spans in edition.features[i].markers.items() if kind == "modality" for s, e in spans
        )
        negations = [s for (kind, _), spans in edition.features[i].markers.items() if kind == "negation" for s, _ in spans]
        for s, e, name in modals:
            clause = max([k + 1 for k in range(s) if toks[k] in (",", ";", ":", "(", ")")] + [0])
            words = [t for t in toks[clause:s] if t.isalpha()]
            if words and words[0] in subordinators:
                continue
            verb_first = not words and lang in VERB_FIRST_FOLLOWERS and "," in toks[e:]
            if verb_first:
                continue
            clause_end = next((k for k in range(e, len(toks)) if toks[k] in (",", ";", ":", ".")), len(toks))
            if any(clause <= n < clause_end for n in negations):
                return None
            return name, i, s, e
    return None


def check_modality(ctx: PairContext, link: Link) -> list[Observation]:
    """Permission against obligation: "may" on one side, "must" on the other (may/must, darf/muss, mag/moet).

    The modal verb of the first main clause decides each side's modality, so "you may build several, as long as
    you can pay" is a permission and a sentence with both ("you may build several, but must pay each") is
    compared by the modal that leads it. A side without a main-clause modal verb (an imperative) is not
    compared: imperatives translate both.
    """
    ma, mb = _main_modal(ctx.a, link.a), _main_modal(ctx.b, link.b)
    if ma is None or mb is None or ma[0] == mb[0]:
        return []
    if ma[1] != min(link.a) or mb[1] != min(link.b):
        # A side split in two whose first sentence has no modal verb ("He chooses the island. The shape must
        # match.") leads with a different clause than the other side: the two leading modals do not correspond.
        return []
    (name_a, *tok_a), (name_b, *tok_b) = ma, mb
    if {name_a, name_b} != {"obligation", "permission"}:
        return []
    must, may = (ctx.a, ctx.b) if name_a == "obligation" else (ctx.b, ctx.a)
    highlights = [(ctx.a.id, *tok_a), (ctx.b.id, *tok_b)]  # type: ignore[list-item]
    message = f"{must.id} makes it an obligation (must) where {may.id} makes it a permission (may)"
    return [_obs("modality", "high", message, ctx, link, may, highlights)]


def check_quantifiers(ctx: PairContext, link: Link) -> list[Observation]:
    """Quantifiers on one side only: each/all/only/up to/at least (jede/alle/nur/bis zu/mindestens, elke/...)."""
    severities = {"only": "low", "up_to": "low", "at_least": "low", "each": "low", "all": "low"}
    words = {"each": "“each”", "all": "“all”", "only": "“only”", "up_to": "“up to”", "at_least": "“at least”"}
    return _one_sided(ctx, link, "quantifier", severities, lambda n: words[n])


def check_negation(ctx: PairContext, link: Link) -> list[Observation]:
    """A negation (not/no/never, nicht/kein/nie, niet/geen/nooit) on one side only."""
    return _one_sided(ctx, link, "negation", {"negation": "low"}, lambda n: "“not/no/never”")


def check_timing(ctx: PairContext, link: Link) -> list[Observation]:
    """Timing words on one side only: immediately / at the end of / at the beginning of."""
    severities = {"immediately": "low", "end": "low", "beginning": "low"}
    words = {"immediately": "“immediately”", "end": "“at the end of”", "beginning": "“at the beginning of”"}
    return _one_sided(ctx, link, "timing", severities, lambda n: words[n])


def has_condition(edition: PreparedEdition, indices: Iterable[int], name: str = "if") -> bool:
    """Whether the sentences state a condition: a conjunction, a clause-initial "als"/"when", or a German or
    Dutch verb-first clause ("Passt das Plättchen nicht, ...", "Heeft de speler ..., dan ...")."""
    lang = edition.language
    for i in indices:
        s = edition.sentences[i]
        if (("condition", name) in edition.features[i].markers):
            return True
        if name != "if":
            continue
        toks = s.tokens
        starts = [0] + [k + 1 for k, t in enumerate(toks) if t in (",", ":", ";")]
        for k in starts:
            if k >= len(toks):
                continue
            if toks[k] in CLAUSE_INITIAL_CONDITIONALS.get(lang, ()):
                return True
            followers = VERB_FIRST_FOLLOWERS.get(lang)
            verb_first = (
                followers
                and k + 1 < len(toks)
                and toks[k].isalpha()
                and toks[k] not in NOT_VERBS.get(lang, ())
                and toks[k + 1] in followers
                and "," in toks[k + 2 :]
            )
            if verb_first:
                return True
    return False


def check_conditions(ctx: PairContext, link: Link) -> list[Observation]:
    """A condition on one side only: if/unless, wenn/falls/außer, als/indien/tenzij (verb-first clauses count)."""
    severities = {"if": "low", "unless": "medium"}
    words = {"if": "“if”", "unless": "“unless/except”"}
    return _one_sided(ctx, link, "condition", severities, lambda n: words[n], present=has_condition)


#: Every check, by name, in report order.
CHECKS: dict[str, Callable[[PairContext, Link], list[Observation]]] = {
    "omission": check_omission,
    "number": check_numbers,
    "glossary": check_glossary,
    "modality": check_modality,
    "quantifier": check_quantifiers,
    "negation": check_negation,
    "timing": check_timing,
    "condition": check_conditions,
}


def run_checks(ctx: PairContext, links: list[Link]) -> list[Observation]:
    """All checks on all links of one pair; content checks only on confident links."""
    out: list[Observation] = []
    for link in links:
        if not (link.a and link.b):
            out.extend(check_omission(ctx, link))
            continue
        # A changed number costs the link its shared-number bonus: the number check must not lose sight of
        # exactly the links whose numbers changed, so it accepts links that bonus away from the threshold.
        if link.score < CHECK_MIN_SCORE - NUMBER_WEIGHT:
            continue
        sentences = [ctx.a.sentences[i] for i in link.a] + [ctx.b.sentences[j] for j in link.b]
        if any(s.kind in ("heading", "caption") or s.repeated for s in sentences):
            continue
        if all(i in ctx.a.not_rules for i in link.a) or all(j in ctx.b.not_rules for j in link.b):
            continue
        for name, check in CHECKS.items():
            if name != "omission" and (link.score >= CHECK_MIN_SCORE or name == "number"):
                out.extend(check(ctx, link))
    return out
