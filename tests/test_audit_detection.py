"""Detection of the weakest kinds of translator error (round ten), on hand-made sentences: one player singled out by a
superlative against every player, quantifiers compared per counted thing, the plural a glossary form's ending or
an article tells, and a place a thing is put against another place of any glossary kind in a draft."""

from __future__ import annotations

import numpy as np

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.checks import PairContext, check_agents, check_glossary, check_plural, check_quantifiers
from translations.audit.features import GlossaryMatcher, sentence_features
from translations.audit.ingest import ingest
from translations.audit.segment import segment

ONE_TO_ONE = Link((0,), (0,), 0.9)

KINDS = {"bonus": "term", "tile": "component", "marker": "component", "round": "term", "goods": "resource",
         "storage_board": "component", "box": "term", "hand": "area", "player": "role", "points": "term"}
FORMS = {
    "en": {"bonus": ["bonus", "bonuses"], "tile": ["tile", "tiles"], "marker": ["marker", "markers"],
           "round": ["round"], "goods": ["good", "goods"], "storage_board": ["Storage Board"], "box": ["box"],
           "hand": ["hand"], "player": ["player", "players"], "points": ["points"]},
    "de": {"bonus": ["Bonus", "Boni"], "tile": ["Plättchen"], "marker": ["Marker"], "round": ["Runde"],
           "goods": ["Ware", "Waren"], "storage_board": ["Ablagetafel"], "box": ["Schachtel"], "hand": ["Hand"],
           "player": ["Spieler"], "points": ["Punkte"]},
    "nl": {"bonus": ["bonus", "bonussen"], "tile": ["eilandtegel", "eilandtegels", "tegel"], "marker": ["markeersteen"],
           "round": ["ronde"], "goods": ["product"], "storage_board": ["aflegtableau"], "box": ["doos"],
           "hand": ["hand"], "player": ["speler", "spelers"], "points": ["punten"]},
}
#: The glossary tells only each term's own (singular) form: a plural form it lists without saying so ("eilandtegels")
#: is known as plural by its ending.
NUMBERS = {lang: {concept: {forms[0]: "sg"} for concept, forms in by_concept.items()}
           for lang, by_concept in FORMS.items()}


def prepare(language: str, text: str) -> PreparedEdition:
    sentences = segment(ingest(text), language)
    matcher = GlossaryMatcher(FORMS[language], numbers=NUMBERS[language], kinds=KINDS)
    return PreparedEdition(
        id=language, language=language, path="", sha256="0" * 64, source=text, sentences=sentences,
        features=[sentence_features(s, language, matcher) for s in sentences],
        embeddings=np.zeros((len(sentences), 512), dtype=np.float32),
        glossary_concepts=frozenset(KINDS), concept_kinds=KINDS,
    )


def pair(a: tuple[str, str], b: tuple[str, str], strict: bool = False) -> PairContext:
    return PairContext(prepare(*a), prepare(*b), strict=strict)


def test_the_player_a_superlative_singles_out_is_one_player_against_each_player() -> None:
    ctx = pair(("en", "Each player receives 1 point for each marker in that city."),
               ("de", "Der Spieler mit den meisten Markern bekommt für jeden seiner Marker 1 Punkt."))
    assert [o.values for o in check_agents(ctx, ONE_TO_ONE)] == [{"en": "every player", "de": "one player"}]


def test_players_compared_are_not_who_acts_and_the_player_alone_is_nobody_singled_out() -> None:
    among = prepare("en", "If among all players you have the most markers, you score the bonus.")
    assert among.features[0].agents == {}
    plain = prepare("en", "The player takes 1 marker.")
    assert "one_player" not in plain.features[0].agents
    bound = prepare("nl", "Daarvoor moet de speler ten minste 6 markeerstenen hebben.")  # "at least": a bound
    assert "one_player" not in bound.features[0].agents


def test_quantifiers_are_compared_per_thing_counted() -> None:
    # each round on both sides; the tile is "one of" on one side and "each" on the other
    ctx = pair(("en", "During each round, place 1 marker on each tile."),
               ("nl", "Leg tijdens elke ronde 1 markeersteen op één van de tegels."))
    found = [o.values for o in check_quantifiers(ctx, ONE_TO_ONE) if o.swap]
    assert {"en": "each", "nl": "one of"} in found


def test_a_german_noun_phrase_holds_its_place_before_the_noun_it_counts() -> None:
    ctx = pair(("en", "Then take all bonuses shown on the tile."),
               ("de", "Dann nimmst du dir einen der auf dem Plättchen angegebenen Boni."))
    assert {"en": "all", "de": "one of"} in [o.values for o in check_quantifiers(ctx, ONE_TO_ONE) if o.swap]
    same = pair(("en", "Then take one of the bonuses shown on the tile."),
                ("de", "Dann nimmst du dir einen der auf dem Plättchen angegebenen Boni."))
    assert [o for o in check_quantifiers(same, ONE_TO_ONE) if o.swap] == []


def test_a_plural_ending_on_the_glossary_form_and_a_singular_article_tell_the_number() -> None:
    nl = prepare("nl", "Hij mag extra eilandtegels leggen. Hij neemt het product.")
    assert nl.features[0].grammatical["tile"] == {"pl"}  # "extra" alone would say one
    assert nl.features[1].grammatical["goods"] == {"sg"}
    ctx = pair(("en", "You may place 1 additional tile."), ("nl", "Hij mag extra eilandtegels leggen."))
    # the values name the edition's term, or the concept where the edition has none (as here)
    assert [o.values for o in check_plural(ctx, ONE_TO_ONE)] == [{"en": "one tile", "nl": "several tile"}]


def test_a_number_word_inside_an_idiom_tells_no_number_wherever_it_stands() -> None:
    # "op één na meeste": the second most; "één" counts nothing, so the markers stay unknown in number
    second = prepare("nl", "De speler met de op één na meeste markeerstenen krijgt de punten.")
    assert "marker" not in second.features[0].grammatical
    assert second.features[0].numbers == []
    ctx = pair(("en", "The player with the second most markers scores the points."),
               ("nl", "De speler met de op één na meeste markeerstenen krijgt de punten."))
    assert check_plural(ctx, ONE_TO_ONE) == []
    one = prepare("nl", "De speler met één markeersteen krijgt de punten.")  # a count outside the idiom still tells
    assert one.features[0].grammatical["marker"] == {"sg"}


def test_against_a_draft_another_place_of_any_kind_is_a_swap() -> None:
    en = ("en", "Place the remaining cards on the Storage Board.")
    de = ("de", "Lege die übrigen Karten zurück in die Schachtel.")
    draft = [(o.kind, o.values) for o in check_glossary(pair(en, de, strict=True), ONE_TO_ONE)]
    assert ("term", {"en": "storage_board", "de": "box"}) in draft  # no edition terms here: the concepts
    published = [o.kind for o in check_glossary(pair(en, de), ONE_TO_ONE)]
    assert "term" not in published  # between published editions places are left out
    same = ("de", "Lege die übrigen Karten auf die Ablagetafel.")
    assert check_glossary(pair(en, same, strict=True), ONE_TO_ONE) == []


def test_against_a_draft_another_phase_is_a_swap_even_beside_a_thing_named_everywhere() -> None:
    kinds = {**KINDS, "land_phase": "phase", "action_phase": "phase", "round": "phase"}
    forms = {"en": {"land_phase": ["Land Phase"], "action_phase": ["Action Phase"], "round": ["round"]},
             "nl": {"land_phase": ["landfase"], "action_phase": ["actiefase"], "round": ["ronde"]}}

    def phases(language: str, text: str) -> PreparedEdition:
        sentences = segment(ingest(text), language)
        matcher = GlossaryMatcher(forms[language], kinds=kinds)
        return PreparedEdition(
            id=language, language=language, path="", sha256="0" * 64, source=text, sentences=sentences,
            features=[sentence_features(s, language, matcher) for s in sentences],
            embeddings=np.zeros((len(sentences), 512), dtype=np.float32),
            glossary_concepts=frozenset(kinds), concept_kinds=kinds,
            generic_concepts=frozenset({"round"}),
        )

    en = phases("en", "You receive 1 gold at the beginning of every Action Phase.")
    nl = phases("nl", "Hij krijgt elke ronde aan het begin van zijn landfase 1 goud.")
    draft = [(o.kind, o.values) for o in check_glossary(PairContext(en, nl, strict=True), ONE_TO_ONE)]
    assert ("term", {"en": "action_phase", "nl": "land_phase"}) in draft
    published = [o.kind for o in check_glossary(PairContext(en, nl), ONE_TO_ONE)]
    assert "term" not in published  # between published editions a phase is no swappable kind
