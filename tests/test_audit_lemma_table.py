"""The audit's lemma table reads only the forms asked for, and answers exactly as the whole JSON file would.

:class:`translations.audit.segment.LemmaTable` finds entries in spacy-lookups-data's files without parsing them
whole; these tests hold it to ``json.loads`` of the same file: for forms found in one pass, forms looked up
alone, absent forms, and forms no JSON key can be. They also check the layout it relies on, so a new release of
the data package written differently shows here.
"""

from __future__ import annotations

import gzip
import json
import random
from importlib.resources import files

import pytest

from translations.audit.segment import LemmaTable, lemma_table


def _raw(language: str) -> bytes:
    return gzip.decompress((files("spacy_lookups_data") / "data" / f"{language}_lemma_lookup.json.gz").read_bytes())


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_table_answers_as_the_json_file(language: str) -> None:
    raw = _raw(language)
    whole = json.loads(raw)
    assert raw.count(b'\n    "') == len(whole), "one entry a line, every key once"
    picked = random.Random(7).sample(sorted(whole), 3000)
    absent = [form + "qx" for form in picked[:200]] + ["", 'a"b', "a\\b", "x" * 80, picked[0].upper() + "Zz"]
    batch = LemmaTable(raw)
    batch.prefetch(picked[:2000] + absent)
    alone = LemmaTable(raw)
    for form in picked + absent:
        expected = whole.get(form)
        assert batch.get(form) == expected, form
        assert alone.get(form) == expected, form
        assert (form in batch) == (expected is not None)
    assert batch.get("not a form at all", "fallback") == "fallback"


def test_every_entry_is_found_in_one_pass() -> None:
    raw = _raw("en")
    whole = json.loads(raw)
    table = LemmaTable(raw)
    table.prefetch(whole)
    assert {form: table.get(form) for form in whole} == whole


def test_a_file_in_another_layout_is_parsed_whole() -> None:
    escaped = LemmaTable(json.dumps({"a\"b": "ab", "Häuser": "Haus", "x": "y"}).encode())
    escaped.prefetch(["x", "Häuser"])
    assert escaped.get("a\"b") == "ab" and escaped.get("Häuser") == "Haus" and "zz" not in escaped
    one_line = LemmaTable('{"Bäume": "Baum"}'.encode())
    assert one_line.get("Bäume") == "Baum"
    assert LemmaTable(b"{}").get("a", "a") == "a"


def test_a_language_without_a_table_keeps_every_word() -> None:
    table = lemma_table("xx")
    table.prefetch(["Wort"])
    assert table.get("Wort", "Wort") == "Wort" and "Wort" not in table
