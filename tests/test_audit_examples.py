"""Worked examples recognised from the text (translations.audit.examples) and cross-references: what the audit weighs
one level less because a translation may retell or drop it without changing the rules."""

from __future__ import annotations

from translations.audit.checks import refers_elsewhere
from translations.audit.examples import (
    addresses_reader,
    mark_examples,
    mark_unmatched_continuations,
    names_a_player,
    tells_a_story,
)
from translations.audit.ingest import ingest
from translations.audit.segment import Sentence, segment


def sentences(text: str, language: str) -> list[Sentence]:
    return segment(ingest(text), language)


def one(text: str, language: str) -> Sentence:
    found = sentences(text, language)
    assert len(found) == 1, found
    return found[0]


def test_a_colour_used_as_a_name_is_a_player_of_an_example() -> None:
    named = [
        ("Yellow builds a large ship and pays 2 wood.", "en"),
        ("Then the red player scores 9 points.", "en"),
        ("Gelb hat 3 Marker auf der Insel.", "de"),
        ("Dann baut **geel** een groot schip.", "nl"),
    ]
    for text, language in named:
        assert names_a_player(one(text, language), language, text), text
    plain = [
        ("Move your ship figure to the green space of the track.", "en"),
        ("Jeder Spieler nimmt die roten Marker seiner Farbe.", "de"),
        ("Rote Marker zählen bei der Wertung mit.", "de"),
        ("De speler legt een groen blokje op het bord.", "nl"),
    ]
    for text, language in plain:
        assert not names_a_player(one(text, language), language, text), text


def test_he_tells_a_story_only_in_an_edition_that_addresses_the_reader() -> None:
    assert tells_a_story(one("He pays 1 cloth and 1 iron.", "en"), "en")
    assert tells_a_story(one("His first ship has a crate value of 3.", "en"), "en")
    assert not tells_a_story(one("Each player then decides whether he builds a ship.", "en"), "en")
    assert not tells_a_story(one("You may pay with gold if he agrees.", "en"), "en")
    to_you = sentences("You take 1 iron. You may build ships. Then you pass.", "en")
    about_him = sentences("De speler neemt 1 ijzer. Hij mag schepen bouwen. Dan past hij.", "nl")
    assert addresses_reader(to_you, "en")
    assert not addresses_reader(about_him, "nl")


RULEBOOK = """Building ships

You may build ships. Each ship costs 1 wood and 1 cloth. If you have no free shipyard, you may discard a ship.
You place a new ship in your shipyard. You may build more than one ship in your turn.

Yellow builds a large ship from the market. He pays 2 wood and 2 iron. He places it in his shipyard.

Then he draws 2 cards.

Scoring

You score 3 points for every large ship you build.
"""


def test_mark_examples_finds_the_unlabelled_story_and_leaves_the_rules() -> None:
    found = sentences(RULEBOOK, "en")
    changed = mark_examples(found, "en", RULEBOOK)
    kinds = {s.text: s.kind for s in found}
    assert addresses_reader(found, "en")  # the rules speak to "you" more often than the example of "him"
    assert changed >= 3
    assert kinds["Yellow builds a large ship from the market."] == "example"
    assert kinds["He pays 2 wood and 2 iron."] == "example"  # "he", next to the named player
    assert kinds["Then he draws 2 cards."] == "example"
    assert kinds["You may build ships."] != "example"
    assert kinds["You score 3 points for every large ship you build."] != "example"
    assert kinds["Building ships"] == "heading"


def test_a_lone_he_in_a_rule_is_not_an_example() -> None:
    text = "Setup\n\nYou take 5 cubes. The start player takes the tile and he keeps it. You shuffle the cards.\n"
    found = sentences(text, "en")
    mark_examples(found, "en", text)
    assert all(s.kind != "example" for s in found)


def test_cross_references_are_recognised_in_each_language() -> None:
    assert refers_elsewhere(one("Charter ships are played as described above.", "en"), "en")
    assert refers_elsewhere(one("Die Kapitäne sind im Beiblatt ausführlich erklärt.", "de"), "de")
    assert refers_elsewhere(one("Dit is van belang voor de kadertegels (zie blz. 5).", "nl"), "nl")
    assert not refers_elsewhere(one("You take 1 iron from the supply.", "en"), "en")


SIDE_COLUMN = """Scoring

When all spaces of an island are filled, the island is scored. Each player scores 1 point for each of
his cubes on it, and the player with the most cubes scores the larger bonus. The player with the second
most cubes scores the smaller bonus. Players tied for the first place both score the smaller bonus, and
players tied for the second place score no bonus. Then a good from the supply is placed on the island's
symbol to show that it was scored. If several islands are scored at once, the one with the larger bonus
is scored first, and the cubes stay on the board after every scoring until the end of the game.

Example: You reveal a
compass tile and place
it on the next space.

As you play with three
players you would draw
2 tiles. Only 1 space
is free, so you draw 1.

Example: All spaces of Nova Scotia
are filled. Yellow has 3 cubes there.

Players with the most cubes share the bonus when they are tied for the first place on an island or city.
"""


def test_a_narrow_block_between_two_examples_is_part_of_them_and_a_wide_one_is_not() -> None:
    found = sentences(SIDE_COLUMN, "en")
    mark_examples(found, "en", SIDE_COLUMN)
    kinds = {s.text: s.kind for s in found}
    assert kinds["As you play with three players you would draw 2 tiles."] == "example"
    assert kinds["Only 1 space is free, so you draw 1."] == "example"
    assert kinds["When all spaces of an island are filled, the island is scored."] != "example"
    last = "Players with the most cubes share the bonus when they are tied for the first place on an island or city."
    assert kinds[last] != "example"


def test_a_block_no_other_edition_has_right_after_an_example_continues_it() -> None:
    text = (
        "Delivering\n\nExample: You deliver 2 wood to Hamburg.\n\n"
        "You move the three goods to the supply.\n\nYou may deliver to any city.\n"
    )
    found = sentences(text, "en")
    after, rule = found[2], found[3]
    assert after.kind != "example"
    assert mark_unmatched_continuations(found, matched={rule.index}) == 1
    assert after.kind == "example"  # no counterpart anywhere, right after the example
    assert rule.kind != "example"  # matched in another edition: a rule of its own
