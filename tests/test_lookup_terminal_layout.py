"""The look-up's terminal answer reads as a list: a ruling's readings wrap under their own bullet (not at the left
margin, where they would read as a new paragraph), and a reading no edition prints says so in the answer's
language instead of a bare dash."""

from __future__ import annotations

from translations.lookup import search as lookup
from translations.lookup.present import format_text

GAME = "race_to_the_new_found_land"


def _described(reading_editions: list[str]) -> dict:
    long_reading = " ".join(["The marker moves back along the scoring track"] * 6)
    return {"title": "T", "game_title": "G", "summary": "S", "passages": [], "id": "x", "game": GAME, "view": "de",
            "rulings": [{"question": "How far? " * 20, "followed": "a",
                         "readings": [{"id": "a", "editions": reading_editions, "summary": long_reading}]}]}


def test_a_long_reading_hangs_under_its_bullet() -> None:
    lexicon = lookup.lexicon_of(lookup.load_indexes(GAME))
    lines = format_text(_described(["de"]), width=60, lexicon=lexicon, lang="de").splitlines()
    bullet = next(i for i, line in enumerate(lines) if line.startswith("  * "))
    follow = lines[bullet + 1]
    assert follow.startswith("    ") and follow.strip(), lines
    question = next(i for i, line in enumerate(lines) if line.startswith("! "))
    assert lines[question + 1].startswith("  ") and all(len(line) <= 60 for line in lines[question:bullet])


def test_a_reading_no_edition_prints_is_named_in_the_answer_language() -> None:
    lexicon = lookup.lexicon_of(lookup.load_indexes(GAME))
    text = " ".join(format_text(_described([]), width=400, lexicon=lexicon, lang="nl").split())
    label = lexicon.label("nl", "no_edition")
    assert label != lexicon.label("en", "no_edition")
    assert f"({label})" in text
    assert "(-)" not in text
