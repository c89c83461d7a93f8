"""The translation audit from files to ranked findings; each stage is its own module.

1. **inputs** (:mod:`.inputs`): the editions taking part (all, ``--editions``, a reprint ``--source``, a
   ``--draft``), read exactly as in their files, refused when unusable or in the wrong language;
2. **prepare** (:mod:`.prepare`): ingest and segment (:mod:`.ingest`, :mod:`.segment`), embed
   (:mod:`.embeddings`), features per sentence (:mod:`.features`, with the lexicons of :mod:`.lexicon` and the
   spec's glossary) — cached per edition by content;
3. **align and check** (:mod:`.alignment`, :mod:`.checks`): every pair of editions (in a draft audit, every
   edition against the draft), each observation scored by the ranker (:mod:`.ranking`); in a draft audit also
   the draft sentences no sure link reaches, compared with what the references say between the same anchors
   (:mod:`.segments`);
4. **merge** (:mod:`.merge`): observations of one kind about one passage across pairs, worked examples marked;
5. **findings and severity** (:mod:`.findings`, :mod:`.severity`): spans with page and line, the rule each
   finding touches, a one-line statement of the change, severity from the ranker, agreement and the spec;
6. **rulings** (:mod:`.rulings`): findings on a ruling's passage become that ruling's one finding, with every
   edition's reading and the measured impact; reprints add suspect citations (:mod:`.suspects`);
7. **order**: rulings first, then the other findings by severity and score.

The result is a plain JSON-able dict (the contract of ``rulespec audit --format json`` plus internal keys and an
``alignment`` section the reports use), cached by :mod:`.cache`.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from translations.audit.cache import AuditError, AuditInputs, cache_get, cache_put
from translations.audit.inputs import AuditRequest, AuditSelection, collect, result_key

if TYPE_CHECKING:
    from translations.audit.findings import finding_id

__all__ = ["AuditError", "AuditRequest", "audit", "contract_view", "finding_id", "run_audit"]


def __getattr__(name: str) -> Any:
    """``finding_id``, imported on first use: a warm audit (the result cached) never needs the findings module,
    which imports the alignment and numpy."""
    if name == "finding_id":
        from translations.audit.findings import finding_id

        return finding_id
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}


def run_audit(
    game: str | Path,
    overrides: Mapping[str, Path] | None = None,
    pairs: Sequence[str] | None = None,
    use_cache: bool = True,
    *,
    editions: Sequence[str] | None = None,
    draft: tuple[str, Path] | None = None,
) -> dict[str, Any]:
    """Audit a game's editions (``overrides``: reprints read from other files; ``draft``: a new translation as
    ``(language, path)``); see :func:`audit`."""
    return audit(AuditRequest(game, dict(overrides or {}), editions, draft, pairs), use_cache)


def audit(request: AuditRequest, use_cache: bool = True) -> dict[str, Any]:
    """The audit's result dict, which every report renders. Raises :class:`AuditError` for unusable input."""
    inputs, selection = collect(request)
    key = result_key(inputs, selection)
    if use_cache:
        cached = cache_get(key)
        if cached is not None:
            cached.pop("_key", None)
            return cached
    result = _compute(inputs, selection, use_cache)
    if use_cache:
        cache_put(key, result)
    return result


def _load_spec_or_texts_only(inputs: AuditInputs) -> tuple[Any, list[str]]:
    """The game's spec, or a stand-in without glossary and rules (and a warning) when it is not valid."""
    from rulespec.model import load_spec
    from rulespec.problems import SpecError

    try:
        return load_spec(inputs.folder), []
    except SpecError as exc:
        # The texts can still be compared; only the glossary, rule links and rulings are lost. Say so.
        problems = getattr(exc, "problems", [])
        first = str(problems[0]) if problems else str(exc)
        warning = (
            f"the spec of {inputs.game} is not valid ({len(problems) or 1} problem(s), first: {first}); audited the "
            "texts without glossary, rule links or rulings — run `rulespec validate`"
        )
        return _TextOnlySpec.from_inputs(inputs), [warning]


def _compute(inputs: AuditInputs, selection: AuditSelection, use_cache: bool) -> dict[str, Any]:
    from translations.audit import prepare

    timings: dict[str, Any] = {}
    lap = _Laps(timings)
    work = prepare.start(inputs, selection.editions, use_cache)
    try:
        lap("ingest, segment (spaCy)")
        spec, warnings = _load_spec_or_texts_only(inputs)
        lap("load spec")
        # The embeddings are waited for pair by pair: the first pairs are aligned while the encoder still works
        # on the last editions (on a busy machine the encoder is the longer of the two processes' paths).
        prepared = prepare.finish(spec, inputs, work, selection.cited, lap, use_cache, wait=False)
        findings, alignment = _judge(spec, prepared, selection, lap, inputs, use_cache, work.wait_for)
    finally:
        work.close()
    import resource

    timings["peak MB, main process"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    timings["peak MB, encoder process"] = round(work.peak_worker_kb / 1024, 1)
    return {
        "warnings": warnings,
        "timings": timings,
        "game": spec.id,
        "editions": [
            {"id": e, "language": inputs.languages[e], "path": str(inputs.paths[e]), "sha256": inputs.digests[e]}
            for e in selection.editions
        ],
        "mode": {"draft": selection.draft, "reprinted": sorted(selection.reprinted)},
        "findings": findings,
        "alignment": alignment,
    }


def _pair_key(inputs: AuditInputs, a: str, b: str) -> str:
    import hashlib

    from translations.audit.inputs import prepared_key
    from translations.audit.ranking import model_digest

    payload = f"pair|{prepared_key(inputs, a)}|{prepared_key(inputs, b)}|{model_digest()}"
    return hashlib.sha256(payload.encode()).hexdigest()


def _cached_pair(inputs: AuditInputs, a: str, b: str) -> tuple[list[Any], list[Any]] | None:
    """The links and observations of two references, as an earlier draft audit left them (or None)."""
    from translations.audit.alignment import Link
    from translations.audit.cache import blob_get
    from translations.audit.checks import Observation

    value = blob_get(_pair_key(inputs, a, b))
    try:
        links = [Link(tuple(x[0]), tuple(x[1]), x[2], x[3], x[4]) for x in value["links"]]  # type: ignore[index]
        return links, [Observation.from_json(o) for o in value["observations"]]  # type: ignore[index]
    except (TypeError, KeyError, IndexError, ValueError):
        return None


def _cache_pair(inputs: AuditInputs, a: str, b: str, links: list[Any], found: list[Any]) -> None:
    from translations.audit.cache import blob_put

    blob_put(_pair_key(inputs, a, b), {
        "links": [[list(lk.a), list(lk.b), lk.score, lk.displaced, lk.sandwiched] for lk in links],
        "observations": [o.to_json() for o in found],
    })


def _judge(spec: Any, prepared: Mapping[str, Any], selection: AuditSelection, lap: Any,
           inputs: AuditInputs | None = None, use_cache: bool = False,
           embedded: Callable[[str], Any] | None = None) -> tuple[list[Any], Any]:
    """Align and check every pair, merge, weigh, turn rulings into their findings, order. ``embedded(edition)``
    makes sure an edition's embeddings are in before a pair of it is aligned (see :meth:`Preparation.wait_for`)."""
    from translations.audit import findings as build
    from translations.audit.merge import Units, join, mark_examples, merge, pair_observations
    from translations.audit.odd_one_out import draft_odd_one_out
    from translations.audit.ranking import observation_vector, pair_stats, score
    from translations.audit.rulings import absorb
    from translations.audit.severity import reported, weigh
    from translations.audit.suspects import mark_suspect_rules, suspect_findings

    units = Units(suspects=frozenset({selection.draft} if selection.draft else ()))
    anchors = build.Anchors()
    observations: list[Any] = []
    alignment: list[dict[str, Any]] = []
    draft_links: dict[str, tuple[list[Any], bool, list[Any]]] = {}  # reference -> links, draft is a, observations
    for a_id, b_id in selection.pairs:
        a, b = prepared[a_id], prepared[b_id]
        # A pair of known editions is cached by the two editions' own content keys: a draft audit aligns the
        # references with each other too, and that part does not depend on the draft.
        reference_pair = bool(selection.draft not in (a_id, b_id) and use_cache and inputs)
        cached = _cached_pair(inputs, a_id, b_id) if reference_pair and inputs else None
        if cached is not None:
            links, found = cached
            join(units, a_id, b_id, links)
        else:
            if embedded is not None:
                embedded(a_id)
                embedded(b_id)
            links, found = pair_observations(spec, a, b, units)
            stats = pair_stats(a, b)
            on_link: dict[int, int] = {}
            for obs in found:
                if obs.link is not None:
                    on_link[id(obs.link)] = on_link.get(id(obs.link), 0) + 1
            content = [o for o in found if o.link is not None and o.kind not in ("omission", "supplement")]
            rows = [observation_vector(o, a, b, stats, on_link[id(o.link)] - 1) for o in content]
            for obs, p in zip(content, score(content, rows), strict=True):
                obs.probability = p
            if reference_pair and inputs:
                _cache_pair(inputs, a_id, b_id, links, found)
        anchors.add(a_id, b_id, links)
        if selection.draft in (a_id, b_id):
            draft_links[b_id if a_id == selection.draft else a_id] = (links, a_id == selection.draft, found)
        observations.extend(found)
        alignment.append({"a": a_id, "b": b_id,
                          "links": [[list(lk.a), list(lk.b), round(lk.score, 4), lk.displaced] for lk in links]})
    if embedded is not None:
        for edition in selection.editions:
            embedded(edition)
    if selection.draft:
        observations.extend(_segment_observations(prepared, selection.draft, draft_links))
    lap("align, check, rank (as the encoder delivers)")
    among_references: dict[str, list[Any]] = {}  # kind -> the references' own pairs' observations of it
    for obs in observations:
        if selection.draft and selection.draft not in obs.pair:
            among_references.setdefault(obs.kind, []).append(obs)
    merged = merge(observations, units)
    mark_examples(merged, units, prepared)
    order = list(selection.editions)
    sources = {e: p.source for e, p in prepared.items()}
    intervals = build.rule_intervals(spec, sources, selection.cited) if spec.rules else {}
    findings = []
    for m in merged:
        known = [o.probability for o in m.observations if o.probability is not None]
        m.probability = statistics.fmean(known) if known else 0.0
        finding = build.build(m, prepared, intervals, anchors, order)
        finding["_present"] = sorted(m.present)
        # the references whose anchor segments (not a sentence link) showed the difference
        finding["_segment"] = sorted({o.pair[1] for o in m.observations if o.segment})
        odd = finding["_odd"]
        draft = selection.draft
        if draft and any(draft in o.pair for o in m.observations):
            # Whose difference is it: the edition whose reading stands alone against the others compared there.
            mine = [i for e, i in m.sentences if e == draft]
            compared_refs = anchors.compared_with(draft, mine, selection.editions) - _silent(m, prepared, anchors, draft)
            odd = finding["_odd"] = draft_odd_one_out(m, draft, compared_refs, among_references.get(m.kind, ()))
        finding["_partners"] = sorted(m.partners(odd)) if odd else []
        # The editions each observation saw differ: (lacking, stating) for an omission, else the pair compared.
        finding["_pairs"] = sorted({(e, h) for o in m.observations for h, _ in o.spans for e in o.missing_in}
                                   if m.kind == "omission" else {tuple(sorted(o.pair)) for o in m.observations})
        compared = anchors.compared_with(odd, [i for e, i in m.sentences if e == odd], selection.editions) if odd else None
        if compared is not None and odd == draft:
            compared -= _silent(m, prepared, anchors, draft)
        absorbed: set[str] = set()
        if m.kind == "omission" and draft and draft in m.missing_in:
            stating = {(e, i) for o in m.observations for e, i in o.spans}
            absorbed = anchors.absorbed(stating, draft, selection.editions)
        weigh(finding, m, spec, prepared, selection, compared, absorbed)
        findings.append(finding)
    if spec.rulings:
        counterparts = _counterparts(prepared, anchors, selection.draft) if selection.draft else None
        findings = absorb(findings, spec, sources, selection.cited, selection.draft, order, counterparts)
    # Weak differences are evidence a ruling's finding absorbs above, but no line of their own.
    findings = [f for f in findings if reported(f, draft=selection.draft is not None)]
    if selection.draft:
        findings = [f for f in findings if _involves(f, selection.draft)]
    suspects = suspect_findings(spec, sources, selection.reprinted) if spec.rules else []
    mark_suspect_rules(findings, suspects)
    findings = _order(findings + suspects, order)
    lap("merge, weigh, rulings")
    sentences = {e: [[s.start, s.end, s.kind, s.text] for s in prepared[e].sentences] for e in selection.editions}
    return findings, {"pairs": alignment, "sentences": sentences}


def _segment_observations(prepared: Mapping[str, Any], draft: str,
                          draft_links: Mapping[str, tuple[list[Any], bool, list[Any]]]) -> list[Any]:
    """What every reference's anchor segment shows against the draft's (:mod:`translations.audit.segments`),
    scored by the ranker like the sentence pairs' observations."""
    from translations.audit.ranking import observation_vector, pair_stats, score
    from translations.audit.segments import segment_observations

    references = {r: prepared[r] for r in draft_links}
    found = segment_observations(prepared[draft], references, {r: v[0] for r, v in draft_links.items()},
                                 {r: v[1] for r, v in draft_links.items()}, {r: v[2] for r, v in draft_links.items()})
    stats = {r: pair_stats(prepared[draft], prepared[r]) for r in {o.pair[1] for o in found}}
    rows = [observation_vector(o, prepared[draft], prepared[o.pair[1]], stats[o.pair[1]], 0) for o in found]
    for obs, p in zip(found, score(found, rows), strict=True):
        obs.probability = p
    return found


#: Kinds of difference a swap of words of one group shows (the group's name is the kind's).
_WORD_GROUPS = frozenset(("modality", "comparison", "quantifier", "agent", "condition", "timing"))


def _silent(m: Any, prepared: Mapping[str, Any], anchors: Any, draft: str) -> set[str]:
    """The references that say nothing of the kind a swap is about where the draft says it ("in der Reihe" has no
    direction to set against "counterclockwise"): they neither confirm the draft's swap nor speak against it."""
    if not (m.swap and m.kind in _WORD_GROUPS):
        return set()
    mine = [i for e, i in m.sentences if e == draft]
    out: set[str] = set()
    for edition in prepared:
        if edition == draft:
            continue
        theirs = {j for i in mine for j in anchors.counterparts(draft, i, edition)}
        if theirs and not any(prepared[edition].features[j].classes(m.kind) for j in theirs):
            out.add(edition)
    return out


def _counterparts(prepared: Mapping[str, Any], anchors: Any, draft: str) -> Any:
    """``(edition, start, end) -> spans``: the draft's sentences aligned with the reference's sentences there."""
    from translations.audit.findings import span

    def find(edition: str, start: int, end: int) -> list[dict[str, Any]]:
        if edition not in prepared:
            return []
        inside = [s.index for s in prepared[edition].sentences if s.start < end and s.end > start]
        linked = sorted({j for i in inside for j in anchors.counterparts(edition, i, draft)})
        sentences = prepared[draft].sentences
        return [span(draft, prepared[draft].source, sentences[j].start, sentences[j].end) for j in linked]

    return find


def _involves(finding: dict[str, Any], draft: str) -> bool:
    """A draft audit reports what concerns the draft: a difference where the draft is the odd one out, a sentence
    the draft lacks or alone states, and every ruling (the references disagree: which reading does the draft
    follow? low where the draft has no aligned words)."""
    if finding["kind"] == "ruling":
        if not any(s["edition"] == draft for s in finding["spans"]):
            finding["severity"] = "low"
        return True
    if finding["kind"] == "omission":
        # The draft lacks it, or the draft alone states it; a sentence the draft shares with its original that
        # some reference lacks is that reference's difference, not the draft's.
        # A sentence only one reference was found to lack is that reference's shortening as often as the draft's
        # addition: the draft adds a sentence when at least two references lack it.
        alone = {s["edition"] for s in finding["spans"] if s["end"] > s["start"]} == {draft}
        return draft in finding["missing_in"] or (alone and len(finding["missing_in"]) >= 2)
    return finding.get("_odd") == draft and any(s["edition"] == draft for s in finding["spans"])


def _order(findings: list[dict[str, Any]], editions: Sequence[str]) -> list[dict[str, Any]]:
    """Rulings first, then the other findings by severity, score and position."""
    from translations.audit.findings import span_order

    where = span_order(editions)

    def key(f: Mapping[str, Any]) -> tuple[Any, ...]:
        first = where(f["spans"][0]) if f["spans"] else (99, 0, 0)
        score = f.get("_weighing", {}).get("score") or 0.0
        return (f["kind"] != "ruling", SEVERITY_ORDER[f["severity"]], -score, first, f["kind"], f["id"])

    return sorted(findings, key=key)


class _Laps:
    """Stage timer: ``lap("stage")`` records the wall and CPU seconds of this process since the previous lap
    (``timings["wall s"][stage]``, ``timings["cpu s"][stage]``; the encoder process's CPU is not in them)."""

    def __init__(self, timings: dict[str, Any]) -> None:
        import time

        self.wall: dict[str, float] = timings.setdefault("wall s", {})
        self.cpu: dict[str, float] = timings.setdefault("cpu s", {})
        self.clock = time.perf_counter()
        self.cpu_clock = time.process_time()

    def __call__(self, stage: str) -> None:
        import time

        now, cpu_now = time.perf_counter(), time.process_time()
        self.wall[stage] = round(now - self.clock, 3)
        self.cpu[stage] = round(cpu_now - self.cpu_clock, 3)
        self.clock, self.cpu_clock = now, cpu_now


@dataclass
class _TextOnlySpec:
    """What the audit needs of a spec when the spec itself does not validate: the editions, nothing else."""

    id: str
    editions: dict[str, Any]
    concepts: dict[str, Any] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    setup: list[Any] = field(default_factory=list)
    rulings: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_inputs(cls, inputs: AuditInputs) -> _TextOnlySpec:
        from types import SimpleNamespace

        from translations.audit.inputs import declared_editions

        editions = {
            str(e["id"]): SimpleNamespace(id=str(e["id"]), language=str(e.get("language", "")),
                                          has_supplement=bool(e.get("has_supplement", False)))
            for e in declared_editions(inputs.folder)
        }
        return cls(id=inputs.folder.name, editions=editions)

    def rule(self, rule_id: str) -> Any:
        raise KeyError(rule_id)


def contract_view(result: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON contract (audit-findings.schema.json): game, editions, findings without internal keys."""
    return {
        "game": result["game"],
        "editions": [dict(e) for e in result["editions"]],
        "findings": [{k: v for k, v in f.items() if not k.startswith("_")} for f in result["findings"]],
    }
