"""Checks on aligned sentence pairs, pofilter style: each check is one named, documented function.

A check receives the pair context (both prepared editions) and one :class:`~translations.audit.alignment.Link`,
compares what the two sides say about a rule (:mod:`translations.audit.features`) and returns
:class:`Observation` s: what differs, each side's reading of it (the words, quoted), where (sentences and the
words within them) and whether it is a *swap* — one side says one thing and the other its opposite ("the most
points" / "the fewest points", "may" / "must", wood / cloth) — or one side says something the other leaves out.
The audit merges observations of one kind about one passage across edition pairs into findings and ranks them.

Noise control, the first design goal (false alarms are what users of QA tools complain about most):

- content checks only look at confident links (score >= :data:`CHECK_MIN_SCORE`);
- a concept or a marker word counts as present when the other edition says it in the linked sentence or right next
  to it (translators move words across sentence boundaries);
- every form and variant of a glossary concept is the same concept; matching is on whole words and lemmas;
- a number answered by an article ("a", "ein", "een") is no difference; page references and step labels are not
  numbers of the rules;
- imperatives are not compared with modal verbs ("Take 1 card" may translate "you may take 1 card");
- headings, captions and repeated blocks never raise omissions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from translations.audit.alignment import NUMBER_WEIGHT, Link, PreparedEdition
from translations.audit.features import PLURAL, SINGULAR, Features
from translations.audit.lexicon import classes, lexicon
from translations.audit.segment import Sentence

#: Links scoring below this are too uncertain to compare their content.
CHECK_MIN_SCORE = 0.5
#: Concept differences need a surer link: a loose rewording moves terms around.
GLOSSARY_MIN_SCORE = 0.55
SEVERITIES = ("high", "medium", "low")
#: A glossary finding's reading on the side that does not name the concept.
NOT_NAMED = "not named"
#: Marker groups whose words make a sentence state a rule rather than explain one.
STATING_MARKERS = frozenset(("modality", "negation", "condition"))
#: Glossary kinds whose swap for another concept of the same kind changes play (things, goods, a ship's values).
#: (Places are left out between published editions: "take it from the supply" and "put it in your storage" say
#: the same move.)
SWAPPABLE_KINDS = frozenset(("component", "resource", "value"))
#: ...and against a draft places, actions and phases too: a draft naming another place than the references moves a
#: thing elsewhere, another action ("begins with the Load action" / "… the Settle action") or phase ("only in the
#: final phase" / "… the action phase") changes the turn (their agreement tells that from a translator's choice of
#: words).
SWAPPABLE_IN_DRAFTS = SWAPPABLE_KINDS | {"area", "action", "phase"}
#: Glossary kinds that name places a thing is put ("the storage board", "the box", "your hand", "the supply")...
PLACE_KINDS = frozenset(("component", "area", "term"))
#: ...compared as one kind against a draft when named right after a preposition (see :func:`_destinations`).
PLACE = "place"
#: Words either side of the changed words quoted in a reading.
READING_CONTEXT = 4


@dataclass
class Observation:
    """One difference seen on one link of one edition pair.

    ``readings`` quotes each side's words around the difference; ``values`` names each side's reading in a word
    or two ("3", "must", "no negation"): the audit's one-line statement of the change is built from both.
    """

    kind: str
    severity: str
    message: str
    spans: list[tuple[str, int]]  # (edition id, sentence index)
    missing_in: list[str]
    units: list[tuple[str, int]] = field(default_factory=list)  # sentences that identify the passage
    highlights: list[tuple[str, int, int, int]] = field(default_factory=list)  # (edition, sentence, tok0, tok1)
    in_example: bool = False  # the compared sentences include a worked example (the audit weighs it)
    numbers: frozenset[int] = frozenset()  # the numbers a number_missing observation says are left out
    bears_rule: bool = True  # an omitted sentence states a number or a modal, negation, condition or quantifier
    swap: bool = False  # one side says the opposite of the other (not merely something more or less)
    values: dict[str, str] = field(default_factory=dict)  # edition -> its reading in a word or two
    readings: dict[str, str] = field(default_factory=dict)  # edition -> its words around the difference
    link: Link | None = None  # the link the observation was made on (None for an omission)
    pair: tuple[str, str] = ("", "")  # the two editions compared
    concepts: frozenset[str] = frozenset()  # the glossary concepts a term, glossary or plural observation is about
    probability: float | None = None  # the ranker's estimate that the difference changes a rule
    raw: tuple[str, int, int] | None = None  # (edition, start, end) of a passage no sentence span covers
    segment: bool = False  # seen between anchors (:mod:`translations.audit.segments`), not on a sentence link

    def to_json(self) -> dict[str, object]:
        """A JSON-able copy (a draft audit caches the references' own pairs)."""
        link = None if self.link is None else [list(self.link.a), list(self.link.b), self.link.score,
                                               self.link.displaced, self.link.sandwiched]
        return {
            "kind": self.kind, "severity": self.severity, "message": self.message,
            "spans": [list(s) for s in self.spans], "missing_in": list(self.missing_in),
            "units": [list(u) for u in self.units], "highlights": [list(h) for h in self.highlights],
            "in_example": self.in_example, "numbers": sorted(self.numbers), "bears_rule": self.bears_rule,
            "swap": self.swap, "values": self.values, "readings": self.readings, "link": link,
            "pair": list(self.pair), "concepts": sorted(self.concepts), "probability": self.probability,
            "raw": list(self.raw) if self.raw else None, "segment": self.segment,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Observation:
        link = data["link"]
        return cls(
            data["kind"], data["severity"], data["message"], [tuple(s) for s in data["spans"]], list(data["missing_in"]),
            [tuple(u) for u in data["units"]], [tuple(h) for h in data["highlights"]], data["in_example"],
            frozenset(data["numbers"]), data["bears_rule"], data["swap"], dict(data["values"]), dict(data["readings"]),
            None if link is None else Link(tuple(link[0]), tuple(link[1]), link[2], link[3], link[4]),
            tuple(data["pair"]), frozenset(data["concepts"]), data["probability"],
            tuple(data["raw"]) if data["raw"] else None,  # type: ignore[arg-type]
            bool(data.get("segment", False)),
        )

    @property
    def subject(self) -> str:
        """What the difference is about, the same in every language: the concepts of a term difference, the
        classes of a marker difference ("negation", "at the end|immediately"); empty for numbers and omissions.
        Observations of one kind about one passage merge only when their subjects agree."""
        if self.concepts:
            return "|".join(sorted(self.concepts))
        if self.kind in ("number", "number_missing", "number_bound", "omission", "supplement"):
            return ""
        labels = {v[3:] if v.startswith("no ") else v for v in self.values.values()}
        return "|".join(sorted(labels))


@dataclass
class PairContext:
    """The two editions a check compares."""

    a: PreparedEdition
    b: PreparedEdition
    #: (edition id, sentence) -> the other edition's sentences it is confidently linked to (set by run_checks)
    partners: dict[tuple[str, int], tuple[int, ...]] = field(default_factory=dict)
    #: one edition is a suspect (a draft): a neighbour's word answers only when its own counterpart lacks it
    strict: bool = False

    def side(self, link: Link, first: bool) -> tuple[PreparedEdition, tuple[int, ...]]:
        return (self.a, link.a) if first else (self.b, link.b)

    def near(
        self, them: PreparedEdition, their_idx: tuple[int, ...], has: Callable[[PreparedEdition, list[int]], bool]
    ) -> list[int]:
        """``their_idx`` and those of its neighbours whose words may answer the linked sentences.

        Translators move a word into the next sentence, so a neighbour saying it counts as present. Against a
        draft (``strict``) not when the neighbour has a confident counterpart of its own that says it too
        (``has``): then the word is that pair's, and it cannot also stand for what the linked sentence left out.
        Between published editions, each translated with its own sentence breaks, any neighbour answers.
        """
        me = self.a if them is self.b else self.b
        out = list(their_idx)
        for j in neighbourhood(them, their_idx):
            if j in their_idx:
                continue
            mine = self.partners.get((them.id, j)) if self.strict else None
            if not (mine and has(them, [j]) and has(me, list(mine))):
                out.append(j)
        return sorted(out)


def _lower(severity: str) -> str:
    return SEVERITIES[min(len(SEVERITIES) - 1, SEVERITIES.index(severity) + 1)]


def _in_example(sentences: Iterable[Sentence]) -> bool:
    return any(s.kind == "example" for s in sentences)


@cache
def _reference_phrases(language: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(phrase.split()) for phrase in lexicon(language).reference_phrases)


def refers_elsewhere(sentence: Sentence, language: str) -> bool:
    """The sentence points to another part of the rulebook or another sheet ("as described above", "siehe
    Seite 5", "in de bijlage"): it restates or announces a rule, and a translation may leave it out."""
    tokens = sentence.tokens
    pages = lexicon(language).page_words
    if any(t in pages and k + 1 < len(tokens) and tokens[k + 1].isdigit() for k, t in enumerate(tokens)):
        return True  # "(page 5)", "(Seite 5)", "(zie blz. 5)"
    return any(_contains(tokens, phrase) for phrase in _reference_phrases(language))


def _contains(tokens: list[str], phrase: tuple[str, ...]) -> bool:
    """Whether ``phrase`` occurs in ``tokens`` as a run (compared only where its first word stands)."""
    if not phrase:
        return True
    n, first = len(phrase), phrase[0]
    return any(t == first and tuple(tokens[k : k + n]) == phrase for k, t in enumerate(tokens))


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quote(edition: PreparedEdition, indices: tuple[int, ...], limit: int = 90) -> str:
    return _clip(" ".join(edition.sentences[i].text for i in indices), limit)


def reading(edition: PreparedEdition, index: int, t0: int, t1: int, context: int = READING_CONTEXT) -> str:
    """The words ``t0:t1`` of a sentence with a few words either side: a side's reading of a difference."""
    sentence = edition.sentences[index]
    spans = sentence.token_spans
    if not spans:
        return _clip(sentence.text, 80)
    lo = max(0, t0 - context)
    hi = min(len(spans), max(t1, t0 + 1) + context)
    text = sentence.text[spans[lo][0] : spans[hi - 1][1]]
    return ("…" if lo > 0 else "") + _clip(text, 90) + ("…" if hi < len(spans) else "")


def _readings(ctx: PairContext, highlights: list[tuple[str, int, int, int]], link: Link) -> dict[str, str]:
    """Each side's words around its first highlighted words (the whole sentence where nothing is highlighted)."""
    out: dict[str, str] = {}
    for edition, indices in ((ctx.a, link.a), (ctx.b, link.b)):
        mine = sorted(h for h in highlights if h[0] == edition.id)
        if mine:
            _, index, t0, t1 = mine[0]
            out[edition.id] = reading(edition, index, t0, t1)
        elif indices:
            out[edition.id] = _quote(edition, indices, 90)
    return out


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
        for concept, numbers in f.grammatical.items():
            out.grammatical.setdefault(concept, set()).update(numbers)
        for agent, spans in f.agents.items():
            out.agents.setdefault(agent, []).extend(spans)
        out.loose_concepts.update(f.loose_concepts)
    return out


def neighbourhood(edition: PreparedEdition, indices: tuple[int, ...]) -> list[int]:
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
    ctx: PairContext,
    link: Link,
    missing: PreparedEdition | None,
    highlights: list[tuple[str, int, int, int]],
    values: dict[str, str],
    swap: bool = False,
) -> Observation:
    spans = [(ctx.a.id, i) for i in link.a] + [(ctx.b.id, j) for j in link.b]
    side_a, side_b = [ctx.a.sentences[i] for i in link.a], [ctx.b.sentences[j] for j in link.b]
    # Against a draft both sides must tell an example: a reference's two-column layout can run an example into the
    # rule the draft states on its own.
    example = (_in_example(side_a) and _in_example(side_b)) if ctx.strict else _in_example(side_a + side_b)
    readings = _readings(ctx, highlights, link)
    message = f"{kind}: " + " against ".join(f"{values.get(e, '—')} ({e})" for e in (ctx.a.id, ctx.b.id))
    return Observation(
        kind, severity, message, spans, [missing.id] if missing else [], spans, highlights, example,
        swap=swap, values=values, readings=readings, link=link, pair=(ctx.a.id, ctx.b.id),
    )


# --- omissions ---------------------------------------------------------------------------------------------


def states_rule(edition: PreparedEdition, index: int) -> bool:
    """The sentence states a rule rather than explains one: a quantity, or a modal verb, negation or condition
    (ranks like "the third power" and words like "all" or "first" explain as often as they rule); and it points
    nowhere else ("as described above")."""
    feats = edition.features[index]
    if refers_elsewhere(edition.sentences[index], edition.language):
        return False
    return bool(feats.quantities()) or any(group in STATING_MARKERS for group, _ in feats.markers)


def check_omission(ctx: PairContext, link: Link) -> list[Observation]:
    """A sentence with no counterpart in the other edition (an omission there, an addition here).

    Headings, captions, repeated blocks, short fragments and passages the spec lists as no rule are skipped; a
    sentence with a confident match elsewhere in the other edition (displaced) is not missing. Medium at most
    here (a sentence carrying two of: a number, a rule word, a glossary concept); the audit decides with every
    edition pair and the spec.
    """
    if (link.a and link.b) or link.displaced:
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
        weight = sum((
            bool(feats.strong_values()),
            any(group in ("modality", "negation", "condition") for group, _ in feats.markers),
            bool(feats.concepts),
        ))
        severity = "medium" if weight >= 2 else "low"
        pointer = refers_elsewhere(sentence, edition.language)
        if pointer:
            severity = _lower(severity)
        message = f"{edition.id}: “{_quote(edition, (i,))}” has no counterpart in {other.id}"
        unit = [(edition.id, i)]
        out.append(Observation(
            "omission", severity, message, unit, [other.id], unit, in_example=sentence.kind == "example",
            bears_rule=states_rule(edition, i), values={edition.id: "states it", other.id: "has no counterpart"},
            readings={edition.id: _quote(edition, (i,), 120)}, pair=(ctx.a.id, ctx.b.id),
        ))
    return out


# --- numbers -----------------------------------------------------------------------------------------------


def _number_text(values: set[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


def _conflict_severity(mine: set[int], theirs: set[int]) -> str:
    """High for one number plainly replaced by another (3 points against 5 points); medium when either side
    states several (two worked examples, or numbers spread over a split sentence, pair up by chance) or when
    the numbers are 1 and 2 ("a", "both", "either" read as numbers as often as a real change)."""
    if len(mine) == 1 and len(theirs) == 1 and max(mine | theirs) > 2:
        return "high"
    return "medium"


def _number_highlights(
    edition: PreparedEdition, indices: tuple[int, ...], values: set[int], ranks: bool
) -> list[tuple[str, int, int, int]]:
    return [
        (edition.id, i, n.first, n.last)
        for i in indices
        for n in edition.features[i].numbers
        if n.value in values and (n.quantity or (ranks and n.ordinal and n.strong))
    ]


def check_numbers(ctx: PairContext, link: Link) -> list[Observation]:
    """Numbers (digits and number words) stated on one side only, or bounded differently ("bis zu 3" vs "3").

    ``number``: both sides state numbers and they differ (3 against 5) — a swap; high for one number against
    another above 2, medium for 1 against 2. ``number_missing``: one side states a number the other leaves out.
    ``number_bound``: the same number, bounded on one side only ("up to 3" against "3") — a swap.

    A quantity stated outright on one side must appear on the other, as a digit, a number word or (for 1 and 2)
    an article, "first", "both". When both sides count the same glossary concept ("1 punt" / "2 points"), the
    counts are compared directly. Ranks and frequencies ("a second time", "twice") are compared only with ranks.
    "One or more" says "any", like an article.
    """
    fa, fb = _merged(ctx.a, link.a), _merged(ctx.b, link.b)
    out: list[Observation] = []
    counted_a, counted_b = fa.counted(), fb.counted()
    explained_a: set[int] = set()
    explained_b: set[int] = set()
    for concept in sorted(set(counted_a) & set(counted_b)):
        va, vb = counted_a[concept] - counted_b[concept], counted_b[concept] - counted_a[concept]
        if not (va and vb):
            continue
        explained_a |= va
        explained_b |= vb
        highlights = _number_highlights(ctx.a, link.a, va, False) + _number_highlights(ctx.b, link.b, vb, False)
        values = {ctx.a.id: f"{_number_text(va)} {_term(ctx.a, concept)}",
                  ctx.b.id: f"{_number_text(vb)} {_term(ctx.b, concept)}"}
        out.append(_obs("number", _conflict_severity(va, vb), ctx, link, None, highlights, values, swap=True))
    for first in (True, False):
        mine, theirs = (fa, fb) if first else (fb, fa)
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx = link.a if first else link.b
        their_idx = link.b if first else link.a
        explained = explained_a if first else explained_b
        missing = mine.quantities() - theirs.all_values() - explained
        rank_missing = mine.ranks() - theirs.all_values() if theirs.ranks() else set()
        if rank_missing:
            highlights = _number_highlights(me, mine_idx, rank_missing, True) + _number_highlights(
                them, their_idx, theirs.ranks(), True)
            values = {me.id: _number_text(rank_missing), them.id: _number_text(theirs.ranks())}
            out.append(_obs("number", "medium", ctx, link, None, highlights, values, swap=True))
        if not missing:
            continue
        highlights = _number_highlights(me, mine_idx, missing, False)
        stated = theirs.quantities()
        # A value the other side states more often than this side (3 twice against 5 and 3 once) is what the
        # missing number turned into: a conflict, not just a number left out.
        mine_counts = Counter(n.value for n in mine.numbers if n.quantity or not n.strong)
        their_counts = Counter(n.value for n in theirs.numbers if n.quantity)
        # What a missing number turned into counts the same thing (or an unnamed thing): "4 goods" did not turn
        # into "11 points".
        counts = {n.counts for n in mine.numbers if n.quantity and n.value in missing}
        compatible = {
            n.value for n in theirs.numbers if n.quantity and (n.counts is None or None in counts or n.counts in counts)
        }
        extra = {v for v, c in their_counts.items() if c > mine_counts[v] and v in compatible}
        if extra:
            severity = _conflict_severity(missing, extra)
            if any(mine_counts[v] for v in extra):
                severity = "medium"  # the other value is stated here too, only less often: a weaker sign
            highlights += _number_highlights(them, their_idx, extra, False)
            values = {me.id: _number_text(missing), them.id: _number_text(extra)}
            out.append(_obs("number", severity, ctx, link, None, highlights, values, swap=True))
            continue
        # 1 and 2 are often left implicit ("a", "both", "the second"): a missing 1 or 2 weighs little.
        severity = "medium" if max(missing) > 2 else "low"
        # "Shuffle the 11 large ships" against "Shuffle the large ships": a count of components the other side
        # names without a number is all of them, as the component list says.
        counted = [n.counts for n in mine.numbers if n.quantity and n.value in missing]
        named = set(theirs.concepts) | theirs.weak_concepts
        if all(c is not None and c in named and me.concept_kinds.get(c) == "component" for c in counted):
            severity = "low"
        values = {me.id: _number_text(missing), them.id: f"only {_number_text(stated)}" if stated else "no number"}
        obs = _obs("number_missing", severity, ctx, link, them, highlights, values)
        obs.numbers = frozenset(missing)
        out.append(obs)
    out.extend(_bound_observations(ctx, link, fa, fb))
    return out


def _bound_observations(ctx: PairContext, link: Link, fa: Features, fb: Features) -> list[Observation]:
    """The same number bounded on one side only ("up to 3" / "3")."""
    out: list[Observation] = []
    cardinal_a = {n.value for n in fa.numbers if n.strong and not n.ordinal}
    cardinal_b = {n.value for n in fb.numbers if n.strong and not n.ordinal}
    words = {"max": "up to", "min": "at least"}
    for value in sorted(cardinal_a & cardinal_b):
        # Only mentions that count the same thing (or an unnamed thing) are compared: "2 or more players" and
        # "the 2 point values" are different numbers that happen to be equal.
        things_a = {n.counts for n in fa.numbers if n.value == value and n.strong and not n.ordinal}
        things_b = {n.counts for n in fb.numbers if n.value == value and n.strong and not n.ordinal}

        def bounds(f: Features, other_things: set[str | None], v: int = value) -> set[str]:
            return {n.bound for n in f.numbers
                    if n.value == v and not n.ordinal and (n.counts is None or None in other_things or n.counts in other_things)}

        bounded_a, bounded_b = bounds(fa, things_b) - {"exact"}, bounds(fb, things_a) - {"exact"}
        if bounded_a == bounded_b:
            continue
        odd_first = bool(bounded_a - bounded_b)
        odd, plain = (ctx.a, ctx.b) if odd_first else (ctx.b, ctx.a)
        odd_bounds = (bounded_a - bounded_b) if odd_first else (bounded_b - bounded_a)
        bound_txt = "/".join(words[b] for b in sorted(odd_bounds))
        highlights = [
            (edition.id, i, n.first, n.last)
            for edition, indices in ((ctx.a, link.a), (ctx.b, link.b))
            for i in indices for n in edition.features[i].numbers if n.value == value and n.strong
        ]
        values = {odd.id: f"{bound_txt} {value}", plain.id: f"exactly {value}"}
        # "up to one" against "one" rarely changes play; a bound on a larger number does.
        out.append(_obs("number_bound", "high" if value > 1 else "low", ctx, link, plain, highlights, values, swap=True))
    return out


# --- terms ---------------------------------------------------------------------------------------------------


def check_terms(ctx: PairContext, link: Link) -> list[Observation]:
    """A glossary concept on one side answered by a *different* concept of the same kind on the other: a swap
    (wood / cloth, small ship / large ship, the storage board / the game board) — or named on one side only.

    Both editions must have a term for the concept; any form or variant of it counts, on whole words or lemmas;
    the other side's neighbouring sentences count too, and concepts named in a large share of an edition's
    sentences ("player", "points") are left out. A concept on one side only is ``glossary`` (low: translators name
    the place or the thing as it suits the sentence); a swap is ``term``.
    """
    out: list[Observation] = []
    sure = link.score >= GLOSSARY_MIN_SCORE
    done: set[frozenset[str]] = set()
    for first in (True, False):
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx, their_idx = (link.a, link.b) if first else (link.b, link.a)
        # Merged once per side and only read below: _merged builds a fresh Features every call.
        mine_merged, their_merged = _merged(me, mine_idx), _merged(them, their_idx)
        mine = mine_merged.concepts
        mine_near = _merged(me, neighbourhood(me, mine_idx))
        theirs = _named(their_merged)
        for j in neighbourhood(them, their_idx):
            if j not in their_idx:
                partners = ctx.partners.get((them.id, j)) if ctx.strict else None
                # A neighbour's concept its own counterpart names too belongs to that pair (see PairContext.near).
                theirs |= _named(_merged(them, (j,))) - (_named(_merged(me, partners)) if partners else set())
        known = me.glossary_concepts & them.glossary_concepts
        generic = me.generic_concepts | them.generic_concepts
        linked = their_merged.concepts
        counted_mine = mine_merged.counted()
        counted_theirs = their_merged.counted()
        # "1 Iron" against "1 Gold": the same count of two things of one kind is a swap even where the other
        # thing is named in a neighbouring sentence too.
        recounted = {
            concept for concept, values in counted_mine.items() if concept not in linked and any(
                values & counted_theirs[c] for c in counted_theirs
                if c not in mine and them.concept_kinds.get(c) == me.concept_kinds.get(concept))
        }
        # Against a draft, where a thing goes is one kind whatever the glossary calls the places: "onto the storage
        # board" against "into the box", "in your hand" or "under the stack" (a component, a term, an area).
        recounted_in = (recounted, counted_mine, counted_theirs)
        places_mine = _destinations(me, mine_idx) if ctx.strict else set()
        places_theirs = _destinations(them, their_idx) if ctx.strict else set()
        for concept in sorted((set(mine) - theirs) | recounted):
            if concept not in known:
                continue
            kind = me.concept_kinds.get(concept)
            instead = sorted(c for c in set(linked) - set(mine) - mine_near.weak_concepts
                             if them.concept_kinds.get(c) == kind and c in known)
            if concept in generic and not instead:
                continue  # a common thing left unnamed: a pronoun stands for it
            highlights = [(me.id, i, s, e) for i in mine_idx for s, e in me.features[i].concepts.get(concept, [])]
            if concept not in recounted and not sure:
                continue  # a loose link moves terms around
            loose = mine_merged.loose_concepts | their_merged.loose_concepts

            places = _swap_candidates(
                sorted(set(instead) | {c for c in places_theirs - set(mine) - mine_near.weak_concepts if c in known}),
                concept, kind, recounted_in, generic, loose, ctx.strict) if concept in places_mine else []
            instead = _swap_candidates(instead, concept, kind, recounted_in, generic, loose, ctx.strict)
            swappable = bool(instead) and kind in (SWAPPABLE_IN_DRAFTS if ctx.strict else SWAPPABLE_KINDS)
            if not swappable and places:
                instead, swappable = places, True  # another place of any kind, against a draft
            if swappable:
                key = frozenset((concept, *instead))
                if key in done:
                    continue
                done.add(key)
                highlights += [(them.id, j, s, e) for j in their_idx for c in instead
                               for s, e in them.features[j].concepts.get(c, [])]
                values = {me.id: _term(me, concept), them.id: ", ".join(_term(them, c) for c in instead)}
                obs = _obs("term", "medium", ctx, link, None, highlights, values, swap=True)
            else:
                values = {me.id: _term(me, concept), them.id: NOT_NAMED}
                obs = _obs("glossary", "low", ctx, link, them, highlights, values)
            obs.concepts = frozenset((concept, *instead))
            out.append(obs)
    return out


def _swap_candidates(
    candidates: list[str], concept: str, kind: str | None,
    recounted: tuple[set[str], Mapping[str, set[int]], Mapping[str, set[int]]], generic: frozenset[str] | set[str],
    loose: set[str] | frozenset[str], strict: bool = False,
) -> list[str]:
    """The other side's concepts that may have been put for ``concept``: the same count of them where the count
    tells ("1 Iron" / "1 Gold"), none where a thing named everywhere stands in for others ("the board", "a
    marker"; against a draft only the specific ones beside it count), none for a component named by a bare word."""
    which, counted_mine, counted_theirs = recounted
    if concept in which:
        candidates = sorted(c for c in counted_theirs if c in candidates and counted_mine[concept] & counted_theirs[c])
    elif concept in generic or (set(candidates) & generic and not strict):
        return []
    elif strict:
        # Against a draft a thing named everywhere beside a specific one ("each round … in his land phase") does
        # not stand in for the draft's specific one ("the action phase"): the specific ones are compared.
        candidates = [c for c in candidates if c not in generic]
    if kind == "component" and (concept in loose or set(candidates) & loose):
        # "tile" for a contract tile, "ships" for ship figures: a bare word is no swap (a value's or a good's
        # variant, "crate value", names that one thing)
        return []
    return candidates


def _destinations(edition: PreparedEdition, indices: Iterable[int]) -> set[str]:
    """The concepts of :data:`PLACE_KINDS` the sentences name right after a preposition ("auf die Ablagetafel",
    "in de doos", "onto the Storage Board"): where something goes or comes from."""
    prepositions = lexicon(edition.language).place_prepositions
    out: set[str] = set()
    for i in indices:
        tokens = edition.sentences[i].tokens
        for concept, spans in edition.features[i].concepts.items():
            if edition.concept_kinds.get(concept) in PLACE_KINDS and any(
                    prepositions & set(tokens[max(0, s - 3):s]) for s, _ in spans):
                out.add(concept)
    return out


def _named(features: Features) -> set[str]:
    """The concepts the features name, loosely or not."""
    return set(features.concepts) | features.weak_concepts


def _term(edition: PreparedEdition, concept: str) -> str:
    """The edition's own term for a concept (its id when the edition has none)."""
    return edition.terms.get(concept, concept)


#: Kept for callers of the earlier name.
check_glossary = check_terms


# --- marker words ------------------------------------------------------------------------------------------


def _classes(edition: PreparedEdition, indices: Iterable[int], group: str) -> dict[str, list[tuple[int, int, int]]]:
    """Marker (or agent) classes of ``group`` in the sentences, with their ``(sentence, tok0, tok1)``."""
    found: dict[str, list[tuple[int, int, int]]] = {}
    for i in indices:
        feats = edition.features[i]
        if group == "agent":
            for name, spans in feats.agents.items():
                found.setdefault(name, []).extend((i, s, e) for s, e in spans)
            continue
        for (g, name), spans in feats.markers.items():
            if g == group:
                found.setdefault(name, []).extend((i, s, e) for s, e in spans)
    return found


def _contradicts(group: str, one: str, other: str) -> bool:
    if group == "agent" and (one.startswith("role:") or other.startswith("role:")):
        # A named role against every player or one player: "each player" / "only the start player". (Not against
        # "the other players": "the start player first, then the other players" is one sequence.)
        rest = other if one.startswith("role:") else one
        return (one != other and rest in ("every_player", "one_player")) or (
            one.startswith("role:") and other.startswith("role:") and one != other)
    return classes().contradicts(group, one, other)


def _swaps(ctx: PairContext, link: Link, group: str, label: Callable[[str], str]) -> list[Observation]:
    """A class of ``group`` on one side answered by its opposite on the other (neither linked side naming the
    other's class): "the most points" / "the fewest points"."""
    a = _classes(ctx.a, link.a, group)
    b = _classes(ctx.b, link.b, group)
    pairs = {(x, y) for x in a for y in b if x not in b and y not in a and _contradicts(group, x, y)}
    # Both sides may use the word elsewhere too ("the lowest ... then the second highest"): the n-th word of the
    # group on each side, where they contradict and a side uses its word more often, is a swap as well.
    seq_a = [name for _, _, _, name in sorted((i, s, e, n) for n, spans in a.items() for i, s, e in spans)]
    seq_b = [name for _, _, _, name in sorted((i, s, e, n) for n, spans in b.items() for i, s, e in spans)]
    for x, y in zip(seq_a, seq_b, strict=False):
        # Comparisons rank in the order they are read ("the lowest first, then the second highest"); quantifiers
        # and agents move with their clauses ("as long as he can pay for all, he may build several"): there each
        # side must use its own word more often than the other does.
        more_a, more_b = len(a[x]) > len(b.get(x, ())), len(b[y]) > len(a.get(y, ()))
        more = (more_a or more_b) if group == "comparison" else (more_a and more_b)
        if x != y and more and _contradicts(group, x, y):
            pairs.add((x, y))
    out: list[Observation] = []
    for x, y in sorted(pairs):
        if group == "quantifier" and _quantify_different_things(ctx, a[x], b[y]):
            continue
        highlights = [(ctx.a.id, i, s, e) for i, s, e in a[x]] + [(ctx.b.id, j, s, e) for j, s, e in b[y]]
        values = {ctx.a.id: label(x), ctx.b.id: label(y)}
        out.append(_obs(group, "medium", ctx, link, None, highlights, values, swap=True))
    return out


#: How far after a quantifier the thing it counts is looked for: the first concept within two words ("several
#: ships", "one of the cards", "alle anderen Spieler"); further on the first concept named is as often where or
#: when ("multiple ships during each land phase") as what is counted.
QUANTIFIED_REACH = 2
#: ...and the noun phrase a quantifier may open, up to the next punctuation: a German or Dutch noun phrase holds
#: its attributes before the noun ("einen der auf dem Plättchen angegebenen Boni", "alle op de tegel afgebeelde
#: bonussen").
QUANTIFIED_PHRASE = 5


def _quantified(edition: PreparedEdition, where: list[tuple[int, int, int]]) -> set[str]:
    """The glossary concept each quantifier counts: the first one named within :data:`QUANTIFIED_REACH` words
    after it ("all players", "one of the cards")."""
    out: set[str] = set()
    for i, _, end in where:
        starts = sorted((s, concept) for concept, spans in edition.features[i].concepts.items() for s, _ in spans
                        if end <= s <= end + QUANTIFIED_REACH)
        if starts:
            out.add(starts[0][1])
    return out


def _in_phrase(edition: PreparedEdition, where: list[tuple[int, int, int]]) -> set[str]:
    """The thing each quantifier's noun phrase counts: the first glossary concept within
    :data:`QUANTIFIED_PHRASE` words after it, up to the next punctuation, that no preposition governs — a German
    or Dutch noun phrase holds its attributes before the noun ("einen der *auf dem Plättchen* angegebenen Boni")."""
    prepositions = lexicon(edition.language).prepositions
    out: set[str] = set()
    for i, _, end in where:
        tokens = edition.sentences[i].tokens
        stop = next((k for k in range(end, min(len(tokens), end + QUANTIFIED_PHRASE + 1))
                     if not tokens[k][:1].isalnum()), end + QUANTIFIED_PHRASE + 1)
        starts = sorted((s, concept) for concept, spans in edition.features[i].concepts.items() for s, _ in spans
                        if end <= s < stop and not prepositions & set(tokens[max(end, s - 2):s]))
        if starts:
            out.add(starts[0][1])
    return out


def _quantify_different_things(ctx: PairContext, on_a: list[tuple[int, int, int]], on_b: list[tuple[int, int, int]]) -> bool:
    """"all players" against "one of the player boards": the two quantifiers count different things (neither
    side's counted thing is the one the other side's noun phrase counts)."""
    things_a, things_b = _quantified(ctx.a, on_a), _quantified(ctx.b, on_b)
    return (bool(things_a) and bool(things_b) and not things_a & (things_b | _in_phrase(ctx.b, on_b))
            and not things_b & _in_phrase(ctx.a, on_a))


def _same_thing_swaps(ctx: PairContext, link: Link) -> list[Observation]:
    """Quantifiers of one thing that contradict, where either side uses its other quantifiers elsewhere in the
    sentence ("during each round, place a marker on one of the tiles" against "... on each tile"): per glossary
    concept, the classes whose noun phrase names it on each side."""
    def by_concept(edition: PreparedEdition, indices: tuple[int, ...]) -> dict[str, dict[str, list[tuple[int, int, int]]]]:
        out: dict[str, dict[str, list[tuple[int, int, int]]]] = {}
        for name, where in _classes(edition, indices, "quantifier").items():
            for spot in where:
                for concept in _in_phrase(edition, [spot]):
                    out.setdefault(concept, {}).setdefault(name, []).append(spot)
        return out

    a, b = by_concept(ctx.a, link.a), by_concept(ctx.b, link.b)
    out: list[Observation] = []
    seen: set[tuple[str, str]] = set()
    for concept in sorted(set(a) & set(b)):
        for x in sorted(set(a[concept]) - set(b[concept])):
            for y in sorted(set(b[concept]) - set(a[concept])):
                if (x, y) in seen or not _contradicts("quantifier", x, y):
                    continue
                seen.add((x, y))
                highlights = [(ctx.a.id, i, s, e) for i, s, e in a[concept][x]]
                highlights += [(ctx.b.id, j, s, e) for j, s, e in b[concept][y]]
                obs = _obs("quantifier", "medium", ctx, link, None, highlights, {ctx.a.id: _label(x), ctx.b.id: _label(y)},
                           swap=True)
                obs.concepts = frozenset((concept,))
                out.append(obs)
    return out


def _one_sided(
    ctx: PairContext,
    link: Link,
    group: str,
    severities: dict[str, str],
    label: Callable[[str], str],
    present: Callable[[PreparedEdition, Iterable[int], str], bool] | None = None,
) -> list[Observation]:
    """Classes of ``group`` on one side only (the other side's neighbours count as present)."""
    out: list[Observation] = []
    for first in (True, False):
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx, their_idx = (link.a, link.b) if first else (link.b, link.a)
        mine = _classes(me, mine_idx, group)
        for name in sorted(mine):
            near = ctx.near(them, their_idx, lambda e, idx, n=name: n in _classes(e, idx, group))
            if name in _classes(them, near, group):
                continue
            if name not in severities:
                continue
            if group != "agent" and not lexicon(them.language).phrases(group, name):
                continue  # the other language has no words for it: silence rather than a guess
            if present is not None and present(them, near, name):
                continue
            highlights = [(me.id, i, s, e) for i, s, e in mine[name]]
            values = {me.id: label(name), them.id: f"no {label(name)}"}
            out.append(_obs(group, severities[name], ctx, link, them, highlights, values))
    return out


def _main_modal(edition: PreparedEdition, indices: Iterable[int]) -> tuple[str, int, int, int] | None:
    """The modality of the first main clause with a modal verb: ``(class, sentence, tok0, tok1)``, or None.

    A modal verb inside a subordinate clause (opened by a subordinator, or a German/Dutch verb-first condition
    "Kannst du ..., darfst du ...") is skipped: it states a condition or an ability. A negated permission is a
    prohibition ("darf nicht": must not); a negated obligation says "need not", a permission.
    """
    lex = lexicon(edition.language)
    for i in sorted(indices):
        toks = edition.sentences[i].tokens
        markers = edition.features[i].markers
        modals = sorted((s, e, name) for (g, name), spans in markers.items() if g == "modality" and name != "choice"
                        for s, e in spans)
        negations = [s for (g, _), spans in markers.items() if g == "negation" for s, _ in spans]
        for s, e, name in modals:
            clause = max([k + 1 for k in range(s) if toks[k] in (",", ";", ":", "(", ")")] + [0])
            words = [t for t in toks[clause:s] if t.isalpha()]
            if words and words[0] in lex.subordinators:
                continue
            if not words and lex.verb_first_followers and "," in toks[e:]:
                continue
            clause_end = next((k for k in range(e, len(toks))
                               if toks[k] in (",", ";", ":", ".") or toks[k] in lex.subordinators), len(toks))
            if any(clause <= n < clause_end for n in negations):
                name = "prohibition" if name == "permission" else "permission"
            return name, i, s, e
    return None


_MODAL_WORDS = {"obligation": "must", "permission": "may", "prohibition": "must not", "choice": "may choose"}


def check_modality(ctx: PairContext, link: Link) -> list[Observation]:
    """Permission, obligation and prohibition against each other: "may" on one side, "must" (or "must not") on
    the other (may/must, darf/muss, mag/moet, "it is allowed" / "it is not allowed").

    The modal verb of the first main clause decides each side's modality, so "you may build several, as long as
    you can pay" is a permission and a sentence with both ("you may build several, but must pay each") is
    compared by the modal that leads it. Between published editions a side without a main-clause modal verb (an
    imperative) is not compared: imperatives translate both. Against a draft (:func:`_imperative_against_may`)
    a permission on one side and a plain instruction on the other, with no modal word at all, is a difference:
    the references agreeing on it is what tells a rule made optional from a translator's habit.
    """
    ma, mb = _main_modal(ctx.a, link.a), _main_modal(ctx.b, link.b)
    if ctx.strict and (ma is None) != (mb is None):
        return _imperative_against_may(ctx, link, ma, mb)
    if ma is None or mb is None or ma[0] == mb[0]:
        return []
    if ma[1] != min(link.a) or mb[1] != min(link.b):
        # A side split in two whose first sentence has no modal verb ("He chooses the island. The shape must
        # match.") leads with a different clause than the other side: the two leading modals do not correspond.
        return []
    name_a, name_b = ma[0], mb[0]
    highlights = [(ctx.a.id, ma[1], ma[2], ma[3]), (ctx.b.id, mb[1], mb[2], mb[3])]
    values = {ctx.a.id: _MODAL_WORDS[name_a], ctx.b.id: _MODAL_WORDS[name_b]}
    return [_obs("modality", "high", ctx, link, None, highlights, values, swap=True)]


def _imperative_against_may(
    ctx: PairContext, link: Link, ma: tuple[str, int, int, int] | None, mb: tuple[str, int, int, int] | None
) -> list[Observation]:
    """"You may cover the symbol" against "Cover the symbol": a permission (or a choice) on one side, an
    instruction with no modal word at all on the other."""
    modal, first = (ma, True) if ma is not None else (mb, False)
    assert modal is not None
    plain, plain_idx = (ctx.b, link.b) if first else (ctx.a, link.a)
    mine_idx = link.a if first else link.b
    if modal[0] != "permission" or modal[1] != min(mine_idx):
        return []
    if any(g == "modality" for j in plain_idx for g, _ in plain.features[j].markers):
        return []  # a modal word in a subordinate clause or a choice phrase: the two are not plainly opposed
    me = ctx.a if first else ctx.b
    highlights = [(me.id, modal[1], modal[2], modal[3])]
    values = {me.id: _MODAL_WORDS["permission"], plain.id: "an instruction (must)"}
    return [_obs("modality", "medium", ctx, link, None, highlights, values)]


def check_negation(ctx: PairContext, link: Link) -> list[Observation]:
    """A negation (not/no/never, nicht/kein/nie, niet/geen/nooit) on one side only."""
    return _one_sided(ctx, link, "negation", {"negation": "low"}, lambda n: "negation")


_LABELS = {
    "each": "each", "all": "all", "any": "any", "none": "none", "one_of": "one of", "several": "several",
    "only": "only", "both": "both", "every_player": "every player", "other_players": "the other players",
    "one_player": "one player", "no_player": "no player", "if": "if", "unless": "unless/except",
    "only_if": "only if", "immediately": "immediately", "end": "at the end", "beginning": "at the beginning",
    "any_time": "at any time", "during": "during", "once": "once per",
}


def _label(name: str) -> str:
    if name.startswith("role:"):
        return name.split(":", 1)[1].replace("_", " ")
    return _LABELS.get(name, name.replace("_", " "))


def check_comparison(ctx: PairContext, link: Link) -> list[Observation]:
    """Comparison and direction swapped: more/fewer, most/fewest, höchste/niedrigste, meer/minder, before/after,
    forward/back, first/last, top/bottom, left/right."""
    return _swaps(ctx, link, "comparison", _label)


def check_quantifiers(ctx: PairContext, link: Link) -> list[Observation]:
    """Quantifiers swapped (each/all/both against one of, all against none) or on one side only (only, each, all)."""
    severities = {"only": "low", "each": "low", "all": "low", "both": "low", "several": "low"}
    swaps = _swaps(ctx, link, "quantifier", _label) + _one_against_several(ctx, link)
    said = {tuple(sorted(o.values.values())) for o in swaps}
    swaps += [o for o in _same_thing_swaps(ctx, link) if tuple(sorted(o.values.values())) not in said]
    swapped = {name for o in swaps for name in o.values.values()}
    return swaps + [o for o in _one_sided(ctx, link, "quantifier", severities, _label)
                    if not set(o.values.values()) & swapped]


def _one_against_several(ctx: PairContext, link: Link) -> list[Observation]:
    """One of a thing on one side ("1 ship"), several or all of it on the other ("several ships")."""
    out: list[Observation] = []
    for first in (True, False):
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx, their_idx = (link.a, link.b) if first else (link.b, link.a)
        ones = {n.counts: (i, n) for i in mine_idx for n in me.features[i].numbers
                if n.quantity and n.value == 1 and n.bound == "exact" and n.counts}
        many = _classes(them, their_idx, "quantifier")
        theirs = _merged(them, their_idx)
        for concept, (i, n) in sorted(ones.items()):
            named = set(theirs.concepts) | theirs.weak_concepts
            if concept not in named or 1 in theirs.counted().get(concept, set()):
                continue
            for name in ("several", "all"):
                if name in many and concept in _quantified(them, many[name]) | theirs.weak_concepts:
                    highlights = [(me.id, i, n.first, n.last)] + [(them.id, j, s, e) for j, s, e in many[name]]
                    values = {me.id: f"1 {_term(me, concept)}", them.id: f"{_label(name)} {_term(them, concept)}"}
                    obs = _obs("quantifier", "medium", ctx, link, None, highlights, values, swap=True)
                    obs.concepts = frozenset((concept,))
                    out.append(obs)
                    break
    return out


def check_agents(ctx: PairContext, link: Link) -> list[Observation]:
    """Who a rule speaks of: every player against one player, the other players, or a named role (the start
    player)."""
    return _swaps(ctx, link, "agent", _label)


def check_timing(ctx: PairContext, link: Link) -> list[Observation]:
    """Timing swapped (immediately / at the end of, at the beginning / at the end) or on one side only."""
    severities = {"immediately": "low", "end": "low", "beginning": "low", "any_time": "low"}
    swaps = _swaps(ctx, link, "timing", _label)
    return swaps + ([] if swaps else _one_sided(ctx, link, "timing", severities, _label))


def has_condition(edition: PreparedEdition, indices: Iterable[int], name: str = "if") -> bool:
    """Whether the sentences state a condition: a conjunction, a clause-initial "als"/"when", or a German or
    Dutch verb-first clause ("Passt das Plättchen nicht, ...", "Heeft de speler ..., dan ...")."""
    lex = lexicon(edition.language)
    for i in indices:
        if ("condition", name) in edition.features[i].markers:
            return True
        if name != "if":
            continue
        toks = edition.sentences[i].tokens
        starts = [0] + [k + 1 for k, t in enumerate(toks) if t in (",", ":", ";")]
        for k in starts:
            if k >= len(toks):
                continue
            if toks[k] in lex.clause_initial_conditionals:
                return True
            verb_first = (
                lex.verb_first_followers
                and k + 1 < len(toks)
                and toks[k].isalpha()
                and toks[k] not in lex.not_verbs
                and toks[k + 1] in lex.verb_first_followers
                and "," in toks[k + 2 :]
            )
            if verb_first:
                return True
    return False


def _condition_classes(edition: PreparedEdition, indices: Iterable[int]) -> dict[str, list[tuple[int, int, int]]]:
    found = _classes(edition, indices, "condition")
    if "if" not in found and has_condition(edition, indices):
        first = min(indices)
        found["if"] = [(first, 0, 1)]  # a verb-first condition: its first word
    return found


def check_conditions(ctx: PairContext, link: Link) -> list[Observation]:
    """A condition on one side only (a dropped "if ...", "unless ..."): if/unless, wenn/falls/außer,
    als/indien/tenzij; verb-first clauses count as conditions."""
    out: list[Observation] = []
    for first in (True, False):
        me, them = (ctx.a, ctx.b) if first else (ctx.b, ctx.a)
        mine_idx, their_idx = (link.a, link.b) if first else (link.b, link.a)
        mine = _condition_classes(me, mine_idx)
        for name in sorted(mine):
            near = ctx.near(them, their_idx, lambda e, idx, n=name: n in _condition_classes(e, idx))
            if name in _condition_classes(them, near):
                continue
            highlights = [(me.id, i, s, e) for i, s, e in mine[name]]
            values = {me.id: _label(name), them.id: f"no {_label(name)}"}
            out.append(_obs("condition", "low" if name == "if" else "medium", ctx, link, them, highlights, values))
    return out


def check_plural(ctx: PairContext, link: Link) -> list[Observation]:
    """A concept in the singular on one side and only in the plural on the other ("a stack" / "stacks",
    "1 ship" / "several ships"), where the forms tell: one thing against several changes a rule."""
    fa, fb = _merged(ctx.a, link.a), _merged(ctx.b, link.b)
    out: list[Observation] = []
    for concept in sorted(set(fa.grammatical) & set(fb.grammatical)):
        na, nb = fa.grammatical[concept], fb.grammatical[concept]
        if len(na) != 1 or len(nb) != 1 or na == nb:
            continue
        highlights = [(ctx.a.id, i, s, e) for i in link.a for s, e in ctx.a.features[i].concepts.get(concept, [])]
        highlights += [(ctx.b.id, j, s, e) for j in link.b for s, e in ctx.b.features[j].concepts.get(concept, [])]
        word = {SINGULAR: "one", PLURAL: "several"}
        values = {ctx.a.id: f"{word[next(iter(na))]} {_term(ctx.a, concept)}",
                  ctx.b.id: f"{word[next(iter(nb))]} {_term(ctx.b, concept)}"}
        obs = _obs("plural", "low", ctx, link, None, highlights, values, swap=True)
        obs.concepts = frozenset((concept,))
        out.append(obs)
    return out


#: Every check, by name, in report order.
CHECKS: dict[str, Callable[[PairContext, Link], list[Observation]]] = {
    "omission": check_omission,
    "number": check_numbers,
    "term": check_terms,
    "modality": check_modality,
    "negation": check_negation,
    "comparison": check_comparison,
    "quantifier": check_quantifiers,
    "agent": check_agents,
    "condition": check_conditions,
    "timing": check_timing,
    "plural": check_plural,
}


def comparable(ctx: PairContext, link: Link) -> bool:
    """Whether a link's sentences are compared at all: both sides present, no heading, caption or repeated
    block, and not all of one side a passage the spec lists as no rule."""
    if not (link.a and link.b):
        return False
    sentences = [ctx.a.sentences[i] for i in link.a] + [ctx.b.sentences[j] for j in link.b]
    if any(s.kind in ("heading", "caption") or s.repeated for s in sentences):
        return False
    return not (all(i in ctx.a.not_rules for i in link.a) or all(j in ctx.b.not_rules for j in link.b))


def run_checks(ctx: PairContext, links: list[Link]) -> list[Observation]:
    """All checks on all links of one pair: contradictions on links a changed word may have loosened (a changed
    number costs a link its shared-number bonus), everything else on confident links only."""
    out: list[Observation] = []
    for link in links:
        if link.a and link.b and link.score >= CHECK_MIN_SCORE:
            for i in link.a:
                ctx.partners[(ctx.a.id, i)] = link.b
            for j in link.b:
                ctx.partners[(ctx.b.id, j)] = link.a
    for link in links:
        if not (link.a and link.b):
            out.extend(check_omission(ctx, link))
            continue
        # A changed number costs the link its shared-number bonus: the number check must not lose sight of
        # exactly the links whose numbers changed, so it accepts links that bonus away from the threshold.
        sure = link.score >= CHECK_MIN_SCORE or link.sandwiched
        if (link.score < CHECK_MIN_SCORE - NUMBER_WEIGHT and not sure) or not comparable(ctx, link):
            continue
        for name, check in CHECKS.items():
            if name == "omission":
                continue
            # On a looser link only a contradiction counts ("at the end" against "immediately"); a word one side
            # leaves out there is as likely the alignment's doing.
            out.extend(o for o in check(ctx, link) if sure or o.swap)
    return out
