"""Ingest and segmentation: normalised text for analysis, offsets into the source exactly as read."""

from __future__ import annotations

import pytest
from audit_helpers import source_text

from translations.audit.ingest import ingest
from translations.audit.segment import segment, sentences


def _assert_offsets(source: str, blocks: list) -> None:
    for block in blocks:
        assert len(block.offsets) == len(block.text)
        for ch, off in zip(block.text, block.offsets, strict=True):
            if ch != " ":
                assert source[off] == ch


@pytest.mark.parametrize("edition", ["en", "en-zman", "de", "nl"])
def test_every_normalised_character_points_at_its_source_character(edition: str) -> None:
    source = source_text(edition)
    ingested = ingest(source)
    assert len(ingested.blocks) > 50
    _assert_offsets(source, ingested.blocks)


def test_hyphenated_words_are_joined_only_before_a_lower_case_continuation() -> None:
    source = "Lege das Insel-\nplättchen auf die Ablage- \ntafel.\nDavon 5 Start-\nSchiffe sind übrig."
    block = ingest(source).blocks[0]
    assert "Inselplättchen" in block.text
    assert "Ablagetafel" in block.text
    assert "Start-Schiffe" in block.text
    _assert_offsets(source, [block])
    start, end = block.source_span(block.text.index("Inselplättchen"), block.text.index("Inselplättchen") + 14)
    assert source[start:end] == "Insel-\nplättchen"


def test_page_breaks_blank_lines_and_markdown_are_handled() -> None:
    source = "## Setup\n\n- 1 Place the **game board** in the *center*.\n\fNext page starts here with text."
    ingested = ingest(source)
    texts = [b.text for b in ingested.blocks]
    assert texts[0] == "Setup" and ingested.blocks[0].kind == "heading"
    assert "Place the game board in the center." in texts[1]
    assert ingested.blocks[1].kind == "step" and ingested.blocks[1].step == 1
    assert ingested.blocks[-1].page == 2
    _assert_offsets(source, ingested.blocks)


def test_a_sentence_broken_by_a_blank_line_is_rejoined() -> None:
    source = "13. Nun wählt jeder Spieler eine Spielerfarbe, stellt seine \n\nSchiffsfigur auf das grüne Feld."
    blocks = ingest(source).blocks
    assert len(blocks) == 1
    assert "stellt seine Schiffsfigur auf" in blocks[0].text


def test_the_german_repeated_setup_step_is_marked_as_a_repeat() -> None:
    ingested = ingest(source_text("de"))
    repeated = [b for b in ingested.blocks if b.repeated_of is not None]
    assert repeated, "the German text prints setup step 2 twice"
    for block in repeated:
        assert ingested.blocks[block.repeated_of].text.split() == block.text.split()


def test_headings_and_numbered_steps_open_sections() -> None:
    ingested = ingest(source_text("de"))
    steps = {s.step for s in ingested.sections if s.step is not None}
    assert {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13} <= steps


@pytest.mark.parametrize(("edition", "language"), [("en", "en"), ("de", "de"), ("nl", "nl")])
def test_segment_sentences_keep_source_offsets_and_lemmas(edition: str, language: str) -> None:
    source = source_text(edition)
    found = segment(ingest(source), language)
    assert len(found) > 200
    for sentence in found:
        raw = source[sentence.start : sentence.end]
        assert raw.split()[0].strip("*#-").lower()[:1] == sentence.text.split()[0].strip("*").lower()[:1]
        assert len(sentence.tokens) == len(sentence.lemmas) == len(sentence.token_spans)
    if language == "de":
        lemmas = {lemma for s in found for lemma in s.lemmas}
        assert "dürfen" in lemmas  # "darfst" looked up to its lemma


def test_sentences_api_for_trace_still_returns_offsets() -> None:
    text = "Take 1 Gold. Then place it on the board.\n\nNext paragraph here."
    spans = sentences(text, "en")
    assert [text[s:e] for s, e in spans] == ["Take 1 Gold.", "Then place it on the board.", "Next paragraph here."]


def test_figure_labels_in_narrow_lines_are_captions_and_narrow_columns_of_prose_are_not() -> None:
    label = ingest("You load goods.\n\nA crate\nvalue of 3\nearns 1 Iron.\n\nYou may play cards.\n")
    assert [b.kind for b in label.blocks] == ["paragraph", "caption", "paragraph"]
    column = ingest("Example: You reveal a\ncompass tile and place it\non the next compass space\nof the board.\n")
    assert column.blocks[0].kind == "example"
    prose = ingest("Each player\ntakes one\nship tile and\nplaces it in\nhis shipyard\nat the start\nof the game.\n")
    assert prose.blocks[0].kind == "paragraph"  # more words than a label
