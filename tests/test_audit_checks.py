"""Features and checks on hand-made sentence pairs: each check fires on its difference and stays silent on
what is no difference (variants of a term, articles for "1", imperatives against "may")."""

from __future__ import annotations

import numpy as np

from translations.audit.alignment import Link, PreparedEdition
from translations.audit.checks import (
    PairContext,
    check_glossary,
    check_modality,
    check_negation,
    check_numbers,
    check_omission,
    has_condition,
    run_checks,
)
from translations.audit.features import GlossaryMatcher, extract_numbers, sentence_features
from translations.audit.ingest import ingest
from translations.audit.segment import segment

FORMS = {
    "en": {"storage_board": ["Storage Board", "Supply Board"], "gold": ["Gold"], "frame_marker": ["Frame Marker"]},
    "de": {"storage_board": ["Ablagetafel", "Ablagetafeln"], "gold": ["Gold"], "frame_marker": ["Rahmenmarker"]},
}


def prepare(edition: str, language: str, text: str) -> PreparedEdition:
    sentences = segment(ingest(text), language)
    matcher = GlossaryMatcher(FORMS.get(edition, {}))
    features = [sentence_features(s, language, matcher) for s in sentences]
    return PreparedEdition(
        id=edition, language=language, path="", sha256="0" * 64, source=text, sentences=sentences,
        features=features, embeddings=np.zeros((len(sentences), 512), dtype=np.float32),
        glossary_concepts=frozenset(FORMS.get(edition, {})),
        concept_kinds={"storage_board": "component", "gold": "resource", "frame_marker": "component"},
    )


def pair(en_text: str, de_text: str) -> PairContext:
    return PairContext(prepare("en", "en", en_text), prepare("de", "de", de_text))


ONE_TO_ONE = Link((0,), (0,), 0.9)


def test_number_words_digits_bounds_and_page_references() -> None:
    ctx = pair("Move it up to three spaces (see page 5).", "Ziehe es bis zu 3 Felder (Seite 5).")
    en = extract_numbers(ctx.a.sentences[0], "en")
    de = extract_numbers(ctx.b.sentences[0], "de")
    assert [(n.value, n.bound) for n in en] == [(3, "max")]
    assert [(n.value, n.bound) for n in de] == [(3, "max")]
    assert check_numbers(ctx, ONE_TO_ONE) == []


def test_a_changed_number_is_a_high_conflict() -> None:
    ctx = pair("You immediately earn 3 points.", "Du bekommst sofort 4 Punkte.")
    found = check_numbers(ctx, ONE_TO_ONE)
    assert [(o.kind, o.severity) for o in found] == [("number", "high"), ("number", "high")]


def test_bis_zu_against_an_exact_number_is_a_bound_finding() -> None:
    ctx = pair("Move the marker 3 spaces back.", "Rücke den Marker um bis zu 3 Felder zurück.")
    found = check_numbers(ctx, ONE_TO_ONE)
    assert [o.kind for o in found] == ["number_bound"]
    assert found[0].missing_in == ["en"] and "up to 3" in found[0].message


def test_an_article_answers_the_number_one() -> None:
    ctx = pair("Place 1 marker on the island.", "Stelle einen Marker auf die Insel.")
    assert check_numbers(ctx, ONE_TO_ONE) == []


def test_may_against_must_is_a_modality_conflict_but_imperatives_are_not() -> None:
    conflict = pair("You must expand your harbor.", "Du darfst deinen Hafen ausbauen.")
    assert [o.kind for o in check_modality(conflict, ONE_TO_ONE)] == ["modality"]
    imperative = pair("Expand your harbor.", "Du darfst deinen Hafen ausbauen.")
    assert check_modality(imperative, ONE_TO_ONE) == []
    mixed = pair("You may build several, but must pay each.", "Du darfst mehrere bauen, musst aber zahlen.")
    assert check_modality(mixed, ONE_TO_ONE) == []


def test_glossary_concept_on_one_side_only_and_variants_are_the_same_concept() -> None:
    missing = pair("Place the tile on the Storage Board and draw again.", "Lege das Plättchen beiseite und ziehe neu.")
    found = check_glossary(missing, ONE_TO_ONE)
    assert [o.kind for o in found] == ["glossary"] and "storage_board" in found[0].message
    variant = pair("Place the tile on the Supply Board and draw again.", "Lege es auf die Ablagetafel und ziehe.")
    assert check_glossary(variant, ONE_TO_ONE) == []
    plural = pair("Shuffle the tiles on the Storage Board.", "Mische die Plättchen auf den Ablagetafeln.")
    assert check_glossary(plural, ONE_TO_ONE) == []


def test_no_partial_word_matches() -> None:
    matcher = GlossaryMatcher({"gold": ["Gold"], "marker": ["Marker"]})
    concepts, _ = matcher.find(["goldmine", "rahmenmarker", "gold"], ["goldmine", "rahmenmarker", "gold"])
    assert concepts == {"gold": [(2, 3)]}


def test_longest_term_wins_and_shared_forms_are_weak() -> None:
    matcher = GlossaryMatcher({"frame_marker": ["milestone marker"], "marker": ["marker"], "ship": ["ship"],
                               "ship_figure": ["ship"]})
    tokens = ["move", "the", "milestone", "marker", "and", "the", "ship"]
    concepts, weak = matcher.find(tokens, tokens)
    assert concepts == {"frame_marker": [(2, 4)]}
    assert weak == {"ship", "ship_figure"}


def test_negation_on_one_side() -> None:
    ctx = pair("You may not place a marker there.", "Du darfst dort einen Marker einsetzen.")
    assert [o.kind for o in check_negation(ctx, ONE_TO_ONE)] == ["negation"]


def test_german_verb_first_clause_is_a_condition() -> None:
    ctx = pair("If the tile does not fit, discard it.", "Passt das Plättchen nicht, legst du es ab.")
    assert has_condition(ctx.b, [0])
    assert run_checks(ctx, [ONE_TO_ONE]) == [] or all(o.kind != "condition" for o in run_checks(ctx, [ONE_TO_ONE]))


def test_omission_skips_headings_and_weighs_rule_bearing_sentences() -> None:
    ctx = pair("Build Ships\n\nGold can be used in place of 1 Wood; you may pay 1 Gold instead.", "Schiffe bauen")
    heading = check_omission(ctx, Link((0,), (), 0.0))
    rule = check_omission(ctx, Link((1,), (), 0.0))
    assert heading == []
    assert [(o.kind, o.severity, o.missing_in) for o in rule] == [("omission", "medium", ["de"])]
    assert check_omission(ctx, Link((1,), (), 0.7, displaced=True)) == []


def test_same_bounds_on_both_sides_are_no_finding_even_beside_an_exact_number() -> None:
    ctx = pair(
        "Its crate value is 3, so it can deliver a maximum of three goods.",
        "Dieses Schiff kann also maximal 3 Waren liefern.",
    )
    assert [o for o in check_numbers(ctx, ONE_TO_ONE) if o.kind == "number_bound"] == []
    ties = pair("If two or more players are tied, no one scores.", "Teilen sich 2 oder mehr Spieler, punktet keiner.")
    assert [o for o in check_numbers(ties, ONE_TO_ONE) if o.kind == "number_bound"] == []


def test_one_at_a_time_is_no_number() -> None:
    ctx = pair("Repeat this for each action one at a time.", "Dann folgen die anderen Aktionen.")
    assert check_numbers(ctx, ONE_TO_ONE) == []


def test_a_second_time_is_a_rank_not_the_number_two() -> None:
    ctx = pair("If you pass the space a second time, take a card.", "Passierst du das Feld erneut, nimmst du eine Karte.")
    assert [n.ordinal for n in extract_numbers(ctx.a.sentences[0], "en") if n.strong] == [True]
    assert check_numbers(ctx, ONE_TO_ONE) == []


def test_ranks_are_compared_with_ranks() -> None:
    ctx = pair("Take the second card.", "Nimm die dritte Karte.")
    found = check_numbers(ctx, ONE_TO_ONE)
    assert found and all(o.kind == "number" and o.severity == "medium" for o in found)


def test_one_or_more_against_an_article_is_no_number() -> None:
    ctx = pair("Instead, you can use one or more of your ships to deliver.", "Du darfst stattdessen Waren liefern.")
    assert check_numbers(ctx, ONE_TO_ONE) == []


def test_the_same_thing_counted_differently_is_a_conflict_even_when_the_old_number_stays_elsewhere() -> None:
    # en still says "1" as often as de does (for other things): only the counted thing shows the change.
    en = "Each good earns 2 Gold, but you need 1 Storage Board and 1 Frame Marker per good."
    de = "Jede Ware bringt 1 Gold, du brauchst aber 1 Ablagetafel pro Ware."
    found = check_numbers(pair(en, de), ONE_TO_ONE)
    assert [(o.kind, o.severity) for o in found] == [("number", "medium")], [o.message for o in found]
    assert "gold" in found[0].message


def test_a_quoted_number_is_a_label() -> None:
    ctx = pair('Put the "5" card on top of the 50/100 cards.', "Lege die 50/100er-Karten bereit.")
    assert 5 not in ctx.a.features[0].strong_values() and 5 in ctx.a.features[0].all_values()
    assert check_numbers(ctx, ONE_TO_ONE) == []


def test_two_numbers_against_one_are_not_high() -> None:
    ctx = pair("You need 2 ships and score 11 points.", "Du brauchst dafür 4 Schiffe.")
    assert all(o.severity != "high" for o in check_numbers(ctx, ONE_TO_ONE))


def test_modality_is_judged_by_the_main_clause() -> None:
    may = "You may build several ships, as long as you can pay for them."
    must = "Du musst mehrere Schiffe bauen, solange du sie bezahlen kannst."
    found = check_modality(pair(may, must), ONE_TO_ONE)
    assert [(o.kind, o.severity) for o in found] == [("modality", "high")]
    both = "Du darfst mehrere Schiffe bauen, musst aber jedes bezahlen."
    assert check_modality(pair(may, both), ONE_TO_ONE) == []
    cond = "Kannst du kein Schiff bauen, darfst du stattdessen liefern."
    assert check_modality(pair("Instead, you may deliver if you cannot build a ship.", cond), ONE_TO_ONE) == []


def test_a_component_count_the_other_side_leaves_out_weighs_low() -> None:
    ctx = pair("Shuffle every Storage Board.", "Mische die 11 Ablagetafeln.")
    assert [(o.kind, o.severity) for o in check_numbers(ctx, ONE_TO_ONE)] == [("number_missing", "low")]
    ctx = pair("Take cards.", "Nimm 11 Karten.")
    assert [(o.kind, o.severity) for o in check_numbers(ctx, ONE_TO_ONE)] == [("number_missing", "medium")]


def test_modality_of_a_split_sentence_is_compared_clause_for_clause() -> None:
    en = "You may choose the Storage Board; however, its shape must match."
    ctx = PairContext(prepare("en", "en", en), prepare("de", "de", "Du wählst die Ablagetafel. Ihre Form muss passen."))
    assert check_modality(ctx, Link((0,), (0, 1), 0.9)) == []


def test_bounds_of_numbers_counting_different_things_are_not_compared() -> None:
    en = "Whoever has the most Gold takes 2 Frame Marker."
    de = "Hast du 2 oder mehr Ablagetafeln und das meiste Gold, nimm 2 Rahmenmarker."
    assert [o for o in check_numbers(pair(en, de), ONE_TO_ONE) if o.kind == "number_bound"] == []
    bounded = "Hast du das meiste Gold, nimm bis zu 2 Rahmenmarker."
    assert [o.kind for o in check_numbers(pair(en, bounded), ONE_TO_ONE)] == ["number_bound"]


# --- rule features beyond numbers and modal verbs ---------------------------------------------------------------

KINDS = {"storage_board": "component", "gold": "resource", "frame_marker": "component", "wood": "resource",
         "cloth": "resource", "start_player": "role", "game_board": "component"}
MORE_FORMS = {
    "en": {"wood": ["Wood"], "cloth": ["Cloth"], "start_player": ["Start Player"], "game_board": ["Game Board"]},
    "de": {"wood": ["Holz"], "cloth": ["Tuch"], "start_player": ["Startspieler"], "game_board": ["Spielplan"]},
}


def prepare_more(edition: str, text: str) -> PreparedEdition:
    forms = {**FORMS.get(edition, {}), **MORE_FORMS[edition]}
    sentences = segment(ingest(text), edition)
    matcher = GlossaryMatcher(forms, kinds=KINDS)
    return PreparedEdition(
        id=edition, language=edition, path="", sha256="0" * 64, source=text, sentences=sentences,
        features=[sentence_features(s, edition, matcher) for s in sentences],
        embeddings=np.zeros((len(sentences), 512), dtype=np.float32),
        glossary_concepts=frozenset(c for c, k in KINDS.items() if k in ("component", "resource")), concept_kinds=KINDS,
    )


def more(en: str, de: str) -> PairContext:
    return PairContext(prepare_more("en", en), prepare_more("de", de))


def kinds_of(ctx: PairContext, swap_only: bool = False) -> set[str]:
    return {o.kind for o in run_checks(ctx, [ONE_TO_ONE]) if o.swap or not swap_only}


def test_a_comparison_turned_round_is_a_swap() -> None:
    from translations.audit.checks import check_comparison

    found = check_comparison(more("The player with the most points wins.", "Der Spieler mit den wenigsten Punkten gewinnt."),
                             ONE_TO_ONE)
    assert [(o.kind, o.swap, o.values) for o in found] == [("comparison", True, {"en": "most", "de": "least"})]
    assert not check_comparison(more("The player with the most points wins.", "Der Spieler mit den meisten Punkten gewinnt."),
                                ONE_TO_ONE)


def test_every_player_against_the_start_player_is_an_agent_swap() -> None:
    from translations.audit.checks import check_agents

    found = check_agents(more("Each player takes 1 Gold.", "Nur der Startspieler nimmt 1 Gold."), ONE_TO_ONE)
    assert found and found[0].swap and found[0].values["de"] == "start player"
    assert not check_agents(more("Each player takes 1 Gold.", "Jeder Spieler nimmt 1 Gold."), ONE_TO_ONE)


def test_one_good_put_for_another_is_a_term_swap_not_an_omission() -> None:
    found = [o for o in run_checks(more("Each small ship costs 1 Wood.", "Jedes kleine Schiff kostet 1 Tuch."), [ONE_TO_ONE])
             if o.kind in ("term", "glossary")]
    assert [(o.kind, o.swap) for o in found] == [("term", True)]
    assert found[0].concepts == {"wood", "cloth"}


def test_immediately_against_at_the_end_is_a_timing_swap() -> None:
    from translations.audit.checks import check_timing

    found = check_timing(more("You score the points immediately.", "Du erhältst die Punkte am Ende der Runde."), ONE_TO_ONE)
    assert found and found[0].swap and set(found[0].values.values()) == {"immediately", "at the end"}


def test_a_dropped_condition_is_a_condition_on_one_side_only() -> None:
    from translations.audit.checks import check_conditions

    found = check_conditions(more("If the stack runs out, shuffle the Storage Board.", "Mische die Ablagetafel."),
                             ONE_TO_ONE)
    assert [(o.kind, o.missing_in) for o in found] == [("condition", ["de"])]


def test_one_thing_against_several_is_a_quantifier_swap() -> None:
    found = [o for o in check_numbers_and_quantifiers(more("You need 1 Frame Marker.", "Du brauchst mehrere Rahmenmarker."))
             if o.kind == "quantifier"]
    assert found and found[0].swap


def check_numbers_and_quantifiers(ctx: PairContext) -> list:
    from translations.audit.checks import check_quantifiers

    return check_quantifiers(ctx, ONE_TO_ONE)


def test_no_more_than_is_a_bound_not_a_negation_and_a_term_names_its_number() -> None:
    features = prepare_more("en", "You may place no more than 2 Gold on the Game Board.").features[0]
    assert ("negation", "negation") not in features.markers
    assert [(n.value, n.bound) for n in features.numbers if n.strong] == [(2, "max")]


def test_a_variant_or_a_bare_head_noun_never_makes_a_swap() -> None:
    matcher = GlossaryMatcher({"island_tile": ["Island Tile", "tile"], "contract_tile": ["Contract Tile"]},
                              kinds={"island_tile": "component", "contract_tile": "component"},
                              variants={"island_tile": ["tile"]})
    loose: set[str] = set()
    found, _, _ = matcher.find_with_numbers(["draw", "9", "tile"], ["draw", "9", "tile"], loose)
    assert "island_tile" in found and loose == {"island_tile"}
