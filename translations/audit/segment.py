"""Sentence segmentation with spaCy (``spacy.blank(lang)`` + sentencizer), keeping offsets into the source.

PDF extractions break lines inside sentences and run headings into text. We first cut the text into blocks at
blank lines and page breaks (a sentence never spans those), then let spaCy's sentencizer split each block
with its line breaks read as spaces. Offsets always point into the original text.
spaCy is imported lazily: importing it costs a second or two, and most commands never need it.

Two entry points: :func:`sentences` (offsets of the sentences of a raw text, for ``rulespec trace``) and
:func:`segment` (the audit's: sentences of an :mod:`translations.audit.ingest`-ed edition, with normalised text,
tokens, lookup lemmas from spacy-lookups-data, and source offsets for every character).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from translations.audit.ingest import IngestedText
from translations.audit.lexicon import example_openers

_BLOCK_BREAK = re.compile(r"\n[ \t]*\n|\f")
_WORD = re.compile(r"[^\W\d_]{2,}")


def import_spacy() -> Any:
    """spaCy, imported without its command-line package when it is not loaded yet.

    ``import spacy`` also imports ``spacy.cli`` (for the one name ``spacy.info``), and with it weasel, requests
    and httpx: a third of spaCy's import time (0.18 of 0.56 s CPU), none of it used here. So the first import
    puts a stand-in for ``spacy.cli.info`` in place while spaCy's ``__init__`` runs and removes it right after:
    ``spacy.info`` then forwards to the real function, and a later ``import spacy.cli`` loads the real package.
    Should spaCy's import need anything else of ``spacy.cli``, the stand-in fails to provide it and spaCy is
    imported the ordinary way.
    """
    import sys

    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    import types
    from importlib import import_module

    def info(*args: Any, **kwargs: Any) -> Any:
        return import_module("spacy.cli.info").info(*args, **kwargs)

    package = types.ModuleType("spacy.cli")
    package.__path__ = []  # a package with no submodules: anything else spaCy's import asks of it fails
    module = types.ModuleType("spacy.cli.info")
    module.info = info  # type: ignore[attr-defined]
    stand_ins = {"spacy.cli": package, "spacy.cli.info": module}
    sys.modules.update(stand_ins)
    try:
        import spacy
    except ImportError:
        spacy = None
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
        loaded = sys.modules.get("spacy")
        if loaded is not None and getattr(loaded, "cli", None) is package:
            delattr(loaded, "cli")
    if spacy is None:
        import spacy
    return spacy


@cache
def _pipeline(language: str) -> Any:
    spacy = import_spacy()

    nlp = spacy.blank(language)
    nlp.add_pipe("sentencizer")
    return nlp


def blocks(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the non-blank blocks between blank lines and page breaks."""
    spans = []
    start = 0
    for match in _BLOCK_BREAK.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in (_strip(text, s, e) for s, e in spans) if e > s]


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


_LINE = re.compile(r"[^\n]*")
_MAX_HEADING_WORDS = 6


def lines_as_blocks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Split one block further after heading-like lines: short, no closing punctuation, and followed by a
    line that starts with a capital (PDF extractions run headings straight into the text below them)."""
    pieces: list[tuple[int, int]] = []
    piece_start = start
    pos = start
    while pos < end:
        line_end = text.find("\n", pos, end)
        if line_end == -1:
            break
        line = text[pos:line_end].strip()
        following = text[line_end + 1 : end].lstrip()
        if (line and len(line.split()) <= _MAX_HEADING_WORDS and line[-1] not in ".,;:!?-–(" and following[:1].isupper()):
            pieces.append((piece_start, line_end))
            piece_start = line_end + 1
        pos = line_end + 1
    pieces.append((piece_start, end))
    return [(s, e) for s, e in (_strip(text, s, e) for s, e in pieces) if e > s]


def sentences(text: str, language: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of the sentences of ``text``; segments without a word are left out."""
    nlp = _pipeline(language)
    spans: list[tuple[int, int]] = []
    pieces = [piece for block in blocks(text) for piece in lines_as_blocks(text, *block)]
    for start, end in pieces:
        block = text[start:end].replace("\n", " ").replace("\r", " ")
        for sent in nlp(block).sents:
            s, e = _strip(text, start + sent.start_char, start + sent.end_char)
            if e > s and _WORD.search(text, s, e):
                spans.append((s, e))
    return spans


# --- Sentences of an ingested edition, for the translation audit -------------------------------------------

_ENUM_END = re.compile(r"(?:^|\s)\d{1,2}\.$")
_TOKEN = re.compile(r"\d+(?:[.,/]\d+)*|[^\W\d_]+(?:[-'’][^\W\d_]+)*|\S", re.UNICODE)


@dataclass
class Sentence:
    """One sentence of an edition: normalised text for analysis, source offsets for reporting.

    ``tokens`` are lower-cased words/numbers/punctuation of ``text`` with their ``(start, end)`` in ``text``;
    ``lemmas`` are their lookup lemmas (lower case; the word itself when the table has none), looked up by
    ``lemma_keys``: spaCy's token text at each token's place (None where spaCy split the text differently).
    """

    index: int
    block: int
    section: int
    kind: str
    start: int
    end: int
    text: str
    char_offsets: list[int] = field(repr=False)
    tokens: list[str] = field(default_factory=list, repr=False)
    token_spans: list[tuple[int, int]] = field(default_factory=list, repr=False)
    lemmas: list[str] = field(default_factory=list, repr=False)
    lemma_keys: list[str | None] = field(default_factory=list, repr=False)
    repeated: bool = False
    step: int | None = None

    def source_span(self, begin: int, finish: int) -> tuple[int, int]:
        """Source offsets of ``text[begin:finish]``."""
        begin = max(0, min(begin, len(self.text) - 1))
        finish = max(begin + 1, min(finish, len(self.text)))
        return self.char_offsets[begin], self.char_offsets[finish - 1] + 1


class LemmaTable:
    """spacy-lookups-data's ``lemma_lookup`` table of one language (word form → lemma), read for the forms asked for.

    The German table holds ~355,000 entries and parsing all of it (``json.loads``) cost 0.3 s of a cold audit,
    for the ~1,000 forms an edition uses. The file is JSON written one entry a line, ``    "form": "lemma",``,
    with no escapes in it; so :meth:`prefetch` finds the entries of many forms in one pass over the decompressed
    bytes (a regular expression whose alternatives are the forms, as a trie), and a form asked for later alone
    is found by a search for its line. Forms known to be absent are remembered too. A file not in that shape
    (an escape, another layout) is parsed whole with :mod:`json` instead, so the answers are always those of
    the JSON file.
    """

    def __init__(self, raw: bytes) -> None:
        self._raw = raw
        self._known: dict[str, str | None] = {}
        self._whole: dict[str, str] | None = None
        if not raw.startswith(_ENTRY_HEAD[1:], 2) or b"\\" in raw:
            import json

            loaded = json.loads(raw)
            self._whole = {k: v for k, v in loaded.items() if isinstance(v, str)} if isinstance(loaded, dict) else {}

    def prefetch(self, forms: Iterable[str]) -> None:
        """Find the entries of all ``forms`` in one pass (those already known are not searched again)."""
        if self._whole is not None:
            return
        wanted = {f for f in forms if f not in self._known}
        # A very long form would nest the trie too deep; it is looked up alone when asked for.
        searchable = sorted(f.encode("utf-8") for f in wanted if _searchable(f) and len(f) <= _TRIE_FORM_MAX)
        for form in wanted:
            if len(form) <= _TRIE_FORM_MAX:
                self._known[form] = None
        if not searchable:
            return
        pattern = re.compile(_ENTRY_HEAD + b"(" + _trie(searchable) + b')": "([^"]*)"')
        for form, lemma in pattern.findall(self._raw):
            self._known[form.decode("utf-8")] = lemma.decode("utf-8")

    def _lookup(self, form: str) -> str | None:
        if self._whole is not None:
            return self._whole.get(form)
        if form not in self._known:
            self._known[form] = None
            if _searchable(form):
                line = _ENTRY_HEAD + form.encode("utf-8") + b'": "'
                at = self._raw.find(line)
                if at >= 0:
                    end = self._raw.find(b'"', at + len(line))
                    self._known[form] = self._raw[at + len(line) : end].decode("utf-8")
        return self._known[form]

    def get(self, form: str, default: str | None = None) -> str | None:
        lemma = self._lookup(form)
        return default if lemma is None else lemma

    def __contains__(self, form: object) -> bool:
        return isinstance(form, str) and self._lookup(form) is not None


#: Longest form put into :meth:`LemmaTable.prefetch`'s trie (each character nests one group deeper).
_TRIE_FORM_MAX = 48
#: How every entry of a lookup table's file begins: a line break, four spaces, the opening quote of the form.
_ENTRY_HEAD = b'\n    "'


def _searchable(form: str) -> bool:
    """Whether ``form`` can be a key of an escape-free JSON file at all (no quote, backslash or control char)."""
    return bool(form) and '"' not in form and "\\" not in form and all(ch >= " " for ch in form)


def _trie(forms: list[bytes]) -> bytes:
    """A regular expression matching exactly the (sorted) ``forms``, as a trie of alternatives: the regular
    expression engine then tries a handful of branches at each entry rather than every form."""
    root: dict[int, Any] = {}
    for form in forms:
        node = root
        for byte in form:
            node = node.setdefault(byte, {})
        node[-1] = {}

    def build(node: dict[int, Any]) -> bytes:
        branches = [re.escape(bytes([byte])) + build(child) for byte, child in sorted(node.items()) if byte >= 0]
        if not branches:
            return b""
        body = b"(?:" + b"|".join(branches) + b")"
        return body + b"?" if -1 in node else body

    return build(root)


@cache
def lemma_table(language: str) -> LemmaTable:
    """The lookup table of ``language`` (see :class:`LemmaTable`); empty when spacy-lookups-data has none.

    spaCy's own lookup lemmatizer reads the same table into a ``Table`` that hashes all ~355,000 German keys on
    load (1.4 s for German); this gives the same lemmas for the forms the audit asks about.
    """
    import gzip
    from importlib.resources import files

    path = files("spacy_lookups_data") / "data" / f"{language}_lemma_lookup.json.gz"
    try:
        raw = gzip.decompress(path.read_bytes())
    except FileNotFoundError:
        raw = b"{}"
    return LemmaTable(raw)


LEMMATIZER = "rulespec_lookup_lemmatizer"


def lookup_lemma(language: str, text: str) -> str:
    """The lemma spaCy's lookup mode gives ``text`` (the table is keyed by a token's exact text)."""
    return lemma_table(language).get(text, text)


def _register_lemmatizer() -> str:
    """Register (once) the spaCy component that sets each token's lemma from :func:`lemma_table`."""
    import_spacy()
    from spacy.language import Language

    if not Language.has_factory(LEMMATIZER):

        @Language.factory(LEMMATIZER)
        def make_lemmatizer(nlp: Any, name: str) -> Any:
            language = nlp.lang

            def lemmatize(doc: Any) -> Any:
                # The table is read on the first document, not when the pipeline is built: segmenting runs
                # with this component disabled, so the audit can hand sentences to the encoder first.
                for token in doc:
                    token.lemma_ = lookup_lemma(language, token.text)
                return doc

            return lemmatize

    return LEMMATIZER


_WHITESPACE = re.compile(r"\s+")


def exceptions_in(language: str, texts: Iterable[str]) -> frozenset[str]:
    """The keys of spaCy's tokenizer exceptions for ``language`` that can apply anywhere in ``texts``.

    A tokenizer exception (``"z.B."``, ``"d.w.z."``, ``"don't"``) acts only where its string stands in the text:
    spaCy looks it up by a whitespace-delimited chunk's exact text, or (for a key holding punctuation or a space)
    matches its tokens in sequence. Either way its characters, whitespace aside, occur in the text in a row. So a
    tokenizer holding only the keys found that way cuts these texts exactly as one holding all of them — and
    building one costs a few milliseconds instead of a quarter second for Dutch's 4,670 exceptions.
    """
    corpus = _WHITESPACE.sub("", "\n".join(texts))
    bigrams = {corpus[i : i + 2] for i in range(len(corpus) - 1)}
    short, by_first_bigram = _exception_index(language)
    # Only keys whose first two characters occur are tried; of those, most miss on a later two-character
    # window already, and only the rest are searched for in full.
    candidates = [*short, *(entry for bigram in bigrams for entry in by_first_bigram.get(bigram, ()))]
    return frozenset(key for key, bare in candidates
                     if all(bare[i : i + 2] in bigrams for i in range(len(bare) - 1)) and bare in corpus)


@cache
def _exception_index(language: str) -> tuple[list[tuple[str, str]], dict[str, list[tuple[str, str]]]]:
    """spaCy's tokenizer exception keys of ``language`` with whitespace removed, those of under two characters
    apart and the rest by their first two characters (the synthetic training rows segment thousands of short
    texts: scanning all 4,670 Dutch keys for each was most of the time it took)."""
    import_spacy()
    from spacy.util import get_lang_class

    short: list[tuple[str, str]] = []
    by_first_bigram: dict[str, list[tuple[str, str]]] = {}
    for key in get_lang_class(language).Defaults.tokenizer_exceptions:
        bare = _WHITESPACE.sub("", key)
        if len(bare) < 2:
            short.append((key, bare))
        else:
            by_first_bigram.setdefault(bare[:2], []).append((key, bare))
    return short, by_first_bigram


def lemma_pipeline(language: str, texts: Iterable[str]) -> Any:
    """A pipeline that segments, tokenizes and lemmatizes ``texts`` exactly as ``spacy.blank(language)`` with
    the sentencizer and the lookup lemmatizer would (see :func:`exceptions_in`); only for those texts."""
    return _lemma_pipeline(language, exceptions_in(language, texts))


@cache
def _lemma_pipeline(language: str, exceptions: frozenset[str]) -> Any:
    """blank(lang) + sentencizer + lookup lemmatizer over spacy-lookups-data's table for the language, with the
    tokenizer exceptions narrowed to ``exceptions``. The tokenizer is built by spaCy's own factory, from the
    language's defaults with only the exceptions table replaced."""
    from types import SimpleNamespace

    import_spacy()
    from spacy.language import create_tokenizer
    from spacy.util import get_lang_class

    language_class = get_lang_class(language)
    rules = {k: v for k, v in language_class.Defaults.tokenizer_exceptions.items() if k in exceptions}
    narrowed = type("Defaults", (language_class.Defaults,), {"tokenizer_exceptions": rules})

    def tokenizer(nlp: Any) -> Any:
        return create_tokenizer()(SimpleNamespace(vocab=nlp.vocab, Defaults=narrowed))

    nlp = language_class(create_tokenizer=tokenizer)
    nlp.add_pipe("sentencizer")
    nlp.add_pipe(_register_lemmatizer())
    return nlp


def _split_points(doc: Any) -> list[tuple[int, int]]:
    """Character spans of spaCy's sentences, with list numbers (``1.``) glued to what they number."""
    spans = [(s.start_char, s.end_char) for s in doc.sents]
    text = doc.text
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged:
            prev_start, prev_end = merged[-1]
            prev = text[prev_start:prev_end].rstrip()
            words = _WORD.findall(prev)
            if _ENUM_END.search(prev) or len(words) < 2:
                merged[-1] = (prev_start, end)
                continue
        merged.append((start, end))
    return merged


def segment(ingested: IngestedText, language: str, *, lemmas: bool = True, pipeline: Any = None) -> list[Sentence]:
    """Split every block of an ingested edition into sentences with tokens, lemmas and source offsets.

    With ``lemmas=False`` the lookup table is not touched (the lemmatizer component is disabled) and
    :func:`add_lemmas` fills ``Sentence.lemmas`` later: the audit hands the sentences to the sentence encoder
    first and loads the (large) lemma table while the encoder works. ``pipeline``, when given, is a
    :func:`lemma_pipeline` built over texts that include this one's (it cuts it exactly as its own would): a
    caller segmenting thousands of short texts builds one instead of one each.
    """
    nlp = pipeline if pipeline is not None else lemma_pipeline(language, (block.text for block in ingested.blocks))
    out: list[Sentence] = []
    with nlp.select_pipes(disable=[LEMMATIZER]):
        docs = list(nlp.pipe(block.text for block in ingested.blocks))
    for block, doc in zip(ingested.blocks, docs, strict=True):
        spacy_token_at = {t.idx: t.text for t in doc}
        kind = block.kind
        for start, end in _split_points(doc):
            text = block.text[start:end]
            stripped = text.strip()
            if not stripped or not _WORD.search(stripped):
                continue
            lead = len(text) - len(text.lstrip())
            start += lead
            end = start + len(stripped)
            tokens, spans, keys = [], [], []
            for m in _TOKEN.finditer(stripped):
                token = m.group(0).lower()
                tokens.append(token)
                spans.append((m.start(), m.end()))
                # spaCy's token at this place, when it is this very word: the lemma table is keyed by it
                spacy_text = spacy_token_at.get(start + m.start())
                keys.append(spacy_text if spacy_text is not None and spacy_text.lower() == token else None)
            if kind != "heading" and stripped.lower().startswith(example_openers()):
                kind = "example"  # a worked example starting inside a block runs to the block's end
            src_start, src_end = block.source_span(start, end)
            out.append(
                Sentence(
                    index=len(out),
                    block=block.index,
                    section=block.section,
                    kind=kind,
                    start=src_start,
                    end=src_end,
                    text=stripped,
                    char_offsets=block.offsets[start:end],
                    tokens=tokens,
                    token_spans=spans,
                    lemma_keys=keys,
                    repeated=block.repeated_of is not None,
                    step=block.step,
                )
            )
    if lemmas:
        add_lemmas(out, language)
    return out


def add_lemmas(sentences: list[Sentence], language: str) -> None:
    """Fill each sentence's ``lemmas`` by spaCy's lookup mode (a token spaCy split differently keeps its form)."""
    table = lemma_table(language)
    table.prefetch(key for sentence in sentences for key in sentence.lemma_keys if key is not None)
    for sentence in sentences:
        sentence.lemmas = [
            token if key is None else table.get(key, key).lower()
            for token, key in zip(sentence.tokens, sentence.lemma_keys, strict=True)
        ]
