"""What an audit reads: the game's editions (all, or the ones named), reprints of them, and a draft.

Three ways to audit, one request (:class:`AuditRequest`):

- the bundled editions, all or a subset (``--editions de,en``), each read from the shared sources folder;
- a **reprint**: a known edition read from another file (``--source nl=PATH``); the spec's citations of that
  edition still apply, and those whose passage changed are reported as suspect;
- a **draft**: a brand-new translation (``--draft nl=PATH``), audited as edition ``draft`` in language ``nl``
  against exactly the editions named. A draft audit never reads the text, the citations or the not-rule
  passages of an edition not named: :attr:`AuditSelection.cited` lists the editions whose spec quotes may be
  used, and only the named editions' files are opened.

Every file is read exactly as it is (offsets point into it), refused with a clear message when it is missing,
binary, empty, far beyond a rulebook, or not written in the edition's language.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from translations.audit.cache import AuditError, AuditInputs

#: The edition id a draft takes in every output.
DRAFT_ID = "draft"
#: Longest text the audit takes: alignment memory grows with the product of two editions' sentence counts,
#: so anything far beyond a rulebook (30-40 k characters) is refused up front, in bounded time and memory.
MAX_AUDIT_CHARS = 1_000_000


@dataclass(frozen=True)
class AuditRequest:
    """What the user asked to audit (the CLI's options, parsed)."""

    game: str | Path
    sources: Mapping[str, Path] = field(default_factory=dict)  # edition -> file of a reprint
    editions: Sequence[str] | None = None  # the editions to audit (default: all)
    draft: tuple[str, Path] | None = None  # (language, file) of a brand-new translation
    pairs: Sequence[str] | None = None  # "A,B" items (default: every pair, or every edition against the draft)


@dataclass(frozen=True)
class AuditSelection:
    """Which editions take part and how."""

    editions: tuple[str, ...]  # taking part, in the game's order, the draft last
    pairs: tuple[tuple[str, str], ...]
    cited: frozenset[str]  # editions whose spec citations and not-rule passages apply (never the draft)
    reprinted: frozenset[str]  # known editions read from another file
    draft: str | None  # the draft's edition id, if any


def declared_editions(folder: Path) -> list[dict[str, Any]]:
    """The editions declared in the game's ``game.yaml``, read directly (a warm audit never loads the spec),
    through the spec's own bounded YAML reader, so a bad file is named with its line."""
    from rulespec.yaml_source import YamlProblem, load_yaml

    path = folder / "game.yaml"
    try:
        data = load_yaml(path).data
    except YamlProblem as exc:
        where = f"{path}:{exc.line}" if exc.line else str(path)
        raise AuditError(f"{where}: cannot read the game's editions ({exc.message})") from None
    editions = data.get("editions") if isinstance(data, dict) else None
    if not isinstance(editions, list) or not editions:
        raise AuditError(f"{path}: no editions declared")
    return [e for e in editions if isinstance(e, dict) and "id" in e and "source" in e]


def spec_digest(folder: Path) -> str:
    """SHA-256 over every file of a spec folder (names and bytes), for cache keys."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _split_ids(items: Sequence[str]) -> list[str]:
    return [part.strip() for item in items for part in item.split(",") if part.strip()]


def _pairs(editions: list[str], pairs: Sequence[str] | None) -> list[tuple[str, str]]:
    """``["en,de"]`` → ``[("en", "de")]``; by default every pair (with a draft too: the references aligned with
    each other tell a difference of the draft from one of theirs)."""
    if len(editions) < 2:
        raise AuditError(f"an audit compares editions, and this one has only {', '.join(editions) or 'none'}")
    if not pairs:
        return list(combinations(editions, 2))
    out: list[tuple[str, str]] = []
    for item in pairs:
        parts = [p.strip() for p in item.split(",")]
        if len(parts) != 2 or not all(parts) or parts[0] == parts[1]:
            raise AuditError(f"--pair expects two different edition ids as A,B, got {item!r}")
        for part in parts:
            if part not in editions:
                raise AuditError(f"--pair {item}: unknown edition {part!r} (editions: {', '.join(editions)})")
        if (parts[0], parts[1]) not in out:
            out.append((parts[0], parts[1]))
    return out


def _check_language(edition_id: str, language: str, text: str, path: str) -> None:
    """Refuse a file whose function words are not those of the edition's language."""
    from translations.audit.lexicon import languages, lexicon

    stopwords = {lang: lexicon(lang).stopwords for lang in languages()}
    if language not in stopwords:
        return
    words = [w.lower() for w in text[:200_000].split()]
    if len(words) < 20:
        return
    scores = {lang: sum(w in stop for w in words) / len(words) for lang, stop in stopwords.items()}
    best = max(scores, key=lambda k: scores[k])
    if best != language or scores[language] < 0.04:
        raise AuditError(
            f"{path}: edition {edition_id} should be {language} text, but it reads as {best} "
            f"({scores[language]:.0%} {language} function words against {scores[best]:.0%} {best})"
        )


def collect(request: AuditRequest) -> tuple[AuditInputs, AuditSelection]:
    """Resolve the game, read the files taking part and check them; raise :class:`AuditError` for the user."""
    from rulespec.loading import UnknownGame, resolve_folder
    from translations.audit.lexicon import languages
    from translations.sources.editions import SourceError, read_text_file, sources_dir

    try:
        folder = resolve_folder(request.game)
    except UnknownGame as exc:
        raise AuditError(str(exc)) from None
    declared = declared_editions(folder)
    known = [str(e["id"]) for e in declared]
    for edition_id in request.sources:
        if edition_id not in known:
            raise AuditError(f"--source {edition_id}=...: the game has no edition {edition_id!r} "
                             f"(editions: {', '.join(known)})")
    named = _split_ids(request.editions) if request.editions else list(known)
    for edition_id in named:
        if edition_id not in known:
            raise AuditError(f"--editions: unknown edition {edition_id!r} (editions: {', '.join(known)})")
    taking_part = [e for e in known if e in named]
    languages_of = {str(e["id"]): str(e.get("language", "")) for e in declared}
    paths: dict[str, Path] = {}
    folder_of_sources = sources_dir()
    for edition in declared:
        edition_id = str(edition["id"])
        if edition_id not in taking_part:
            continue
        if edition_id in request.sources:
            paths[edition_id] = Path(request.sources[edition_id])
        elif folder_of_sources is not None:
            paths[edition_id] = folder_of_sources / str(edition["source"])
        else:
            raise AuditError(f"cannot find the source folder for {edition['source']}: set RULESPEC_SOURCES or "
                             f"pass --source {edition_id}=PATH")
    draft = None
    if request.draft is not None:
        language, path = request.draft
        if language not in languages():
            raise AuditError(f"--draft {language}=...: no lexicon for language {language!r} "
                             f"(languages: {', '.join(languages())})")
        draft = DRAFT_ID
        taking_part.append(draft)
        paths[draft] = Path(path)
        languages_of[draft] = language
    sources: dict[str, str] = {}
    for edition_id, path in paths.items():
        try:
            text = read_text_file(path)
        except SourceError as exc:
            raise AuditError(f"edition {edition_id}: {exc}") from None
        if len(text) > MAX_AUDIT_CHARS:
            raise AuditError(
                f"{path}: edition {edition_id} has {len(text):,} characters; the audit aligns rulebooks of up to "
                f"{MAX_AUDIT_CHARS:,} (a rulebook text is tens of thousands)"
            )
        _check_language(edition_id, languages_of[edition_id], text, str(path))
        sources[edition_id] = text
    pairs = _pairs(taking_part, request.pairs)
    in_pairs = [e for e in taking_part if any(e in pair for pair in pairs)]
    inputs = AuditInputs(
        game=str(request.game),
        folder=folder,
        edition_ids=in_pairs,
        languages={e: languages_of[e] for e in in_pairs},
        paths={e: paths[e] for e in in_pairs},
        sources={e: sources[e] for e in in_pairs},
        digests={e: hashlib.sha256(sources[e].encode("utf-8")).hexdigest() for e in in_pairs},
        spec_digest=spec_digest(folder),
    )
    selection = AuditSelection(
        editions=tuple(in_pairs),
        pairs=tuple(pairs),
        cited=frozenset(e for e in in_pairs if e != draft),
        reprinted=frozenset(e for e in request.sources if e in in_pairs),
        draft=draft,
    )
    return inputs, selection


def result_key(inputs: AuditInputs, selection: AuditSelection) -> str:
    """The cache key of an audit: the cache's own key (texts, spec, code, pairs) plus the audit's data files
    (lexicons, ranker model) and how the editions take part, so an edited lexicon or model is never stale."""
    from translations.audit.lexicon import data_digest
    from translations.audit.ranking import model_digest

    payload = [inputs.key(list(selection.pairs)), data_digest(), model_digest(), sorted(selection.cited),
               sorted(selection.reprinted), selection.draft]
    return hashlib.sha256(repr(payload).encode("utf-8")).hexdigest()


def prepared_key(inputs: AuditInputs, edition_id: str) -> str:
    """The cache key of one prepared edition (sentences, features, embeddings): the cache's own edition key
    plus the lexicons, which shape the features."""
    from translations.audit.cache import edition_key
    from translations.audit.lexicon import data_digest

    return hashlib.sha256(f"{edition_key(inputs, edition_id)}|{data_digest()}".encode()).hexdigest()
