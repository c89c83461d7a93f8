"""The audit's narrowed spaCy pipelines cut texts exactly as spaCy's full blank pipelines do.

:func:`translations.audit.segment.lemma_pipeline` builds a tokenizer holding only the tokenizer exceptions whose
string occurs in the texts it is for (a quarter second saved on Dutch alone); these tests hold it to spaCy's own
``spacy.blank(lang)`` + sentencizer, token by token and sentence by sentence, on the rulebooks and on sentences
full of abbreviations and contractions.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from audit_helpers import source_text

from translations.audit.ingest import ingest
from translations.audit.segment import LEMMATIZER, exceptions_in, lemma_pipeline

TRICKY = {
    "en": ["Don't place it, e.g. on the board; it's the 2nd round (i.e. round 2) at 5 p.m. Mr. Smith can't.",
           "They'll take 3 goods etc. and won't pass :) the U.S. ship."],
    "de": ["Lege z.B. 3 Waren ab, d.h. bis zu 3 usw. Siehe S. 4 bzw. Nr. 5 ggf. erneut.",
           "Du darfst's nicht. Das gilt u.a. für Schiffe, z. B. große."],
    "nl": ["Leg bijv. 3 goederen af, d.w.z. t/m ronde 4 enz. Zie blz. 5 o.a. 's avonds.",
           "Hij mag 't niet. Dit geldt m.u.v. kleine schepen, d.m.v. de stapel."],
}
EDITIONS = {"en": "en", "en-zman": "en", "de": "de", "nl": "nl"}


@cache
def _full(language: str) -> Any:
    import spacy

    nlp = spacy.blank(language)
    nlp.add_pipe("sentencizer")
    return nlp


def _cut(nlp: Any, text: str) -> list[tuple[str, int, str, bool]]:
    with nlp.select_pipes(disable=[p for p in nlp.pipe_names if p == LEMMATIZER]):
        return [(t.text, t.idx, t.whitespace_, bool(t.is_sent_start)) for t in nlp(text)]


@pytest.mark.parametrize("language", sorted(TRICKY))
def test_abbreviations_and_contractions_are_cut_as_by_the_full_pipeline(language: str) -> None:
    texts = TRICKY[language]
    narrowed = lemma_pipeline(language, texts)
    kept = exceptions_in(language, texts)
    assert kept, "these sentences hold tokenizer exceptions"
    assert len(narrowed.tokenizer.rules) == len(kept) < len(_full(language).tokenizer.rules)
    for text in texts:
        assert _cut(narrowed, text) == _cut(_full(language), text)


def test_an_exception_absent_from_the_texts_is_left_out() -> None:
    assert "z.B." in exceptions_in("de", ["Nimm z.B. Holz."])
    assert "z.B." not in exceptions_in("de", ["Nimm Holz."])
    # Whitespace aside, the characters are there: kept, since a key with a space is matched token by token.
    assert "z.B." in exceptions_in("de", ["Nimm z.\nB. Holz."])


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_rulebook_block_is_cut_as_by_the_full_pipeline(edition: str) -> None:
    language = EDITIONS[edition]
    blocks = [block.text for block in ingest(source_text(edition)).blocks]
    narrowed = lemma_pipeline(language, blocks)
    for text in blocks:
        assert _cut(narrowed, text) == _cut(_full(language), text)
