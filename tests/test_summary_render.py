"""Rules summaries: rendered from the spec through the message catalogs, complete, and following the edition.

Machinery is tested on a made-up game (tests/summary_fixtures/mini_voyage: editions en and de, Dutch only as the
project's translation), the real games' summaries against their specs and catalogs.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from rulespec.loading import bundled_games
from rulespec.model import load_spec
from translations.summary.i18n import translations_for
from translations.summary.render import render_summary, summary_with_view
from translations.summary.terms import TermResolver
from translations.summary.text import PlaceholderError, capitalise, expand

FIXTURE = Path(__file__).parent / "summary_fixtures" / "mini_voyage"
LANGS = ("en", "de", "nl")

#: German translations of the fixture game's own msgids (test data for the fixture, not the real catalog).
FIXTURE_DE = {
    "The round": "Die Runde",
    "Income": "Einkommen",
    "Take {wood} {term:wood} from the supply.": "Nimm {wood} {term:wood} aus dem Vorrat.",
    "Harbour markers": "{terms:harbour_marker}",
    "When your {term:ship} reaches a {term:harbour_marker}, the marker moves back.":
        "Erreicht dein {term:ship} einen {term:harbour_marker}, rückt er zurück.",
    "Blocked harbour marker": "Blockierter {term:harbour_marker}",
    "A {term:harbour_marker} never moves onto another marker.": "Ein {term:harbour_marker} zieht nie auf einen "
                                                                 "anderen Stein.",
    "Variants": "Varianten",
    "Calm sea": "Ruhige See",
    "Play without storms.": "Spielt ohne Stürme.",
    "Slow ships": "Langsame Schiffe",
    "Every {term:sail} counts {minus} less.": "Jeder {term:sail} zählt {minus} weniger.",
    "Take ships": "Schiffe nehmen",
    "Each player takes {ships} {terms:ship}.": "Jeder Spieler nimmt {ships} {terms:ship}.",
    "Must the harbour marker move back exactly or up to the distance?": "Genau oder bis zu?",
    "Move the {term:harbour_marker} back up to {spaces} spaces.": "Den {term:harbour_marker} bis zu {spaces} "
                                                                   "Felder zurück.",
    "Move the {term:harbour_marker} back exactly {spaces} spaces.": "Den {term:harbour_marker} genau {spaces} "
                                                                     "Felder zurück.",
    "Sloop": "Schaluppe",
    "Galleon": "Galeone",
}


@pytest.fixture(scope="module")
def mini():
    return load_spec(FIXTURE)


def fixture_de():
    return translations_for("de").extended(FIXTURE_DE)


def anchors(text: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', text))


# -- placeholders and terms --------------------------------------------------------------------------------
def test_numbers_agree_with_terms(mini) -> None:
    resolver = TermResolver(mini, "en")
    assert expand("Take {n} {terms:ship}.", {"n": 1}, resolver) == "Take 1 ship."
    assert expand("Take {n} {term:ship}.", {"n": 2}, resolver) == "Take 2 ships."
    german = TermResolver(mini, "de")
    assert expand("Nimm {n} {term:ship}.", {"n": 3}, german) == "Nimm 3 Schiffe."
    assert expand("{n}", {"n": 1500}, german) == "1.500"  # Babel's German number format


def test_unknown_param_or_concept_is_a_clear_error(mini) -> None:
    resolver = TermResolver(mini, "en")
    with pytest.raises(PlaceholderError, match=r"round.income.*\{cloth\}"):
        expand("Take {cloth} cloth.", {}, resolver, where="round.income")
    with pytest.raises(PlaceholderError, match="unknown glossary concept 'kraken'"):
        expand("Beware the {term:kraken}.", {}, resolver, where="x")


def test_html_escapes_text_and_adds_icons(mini) -> None:
    resolver = TermResolver(mini, "en")
    html = expand("<b>{n}</b> {term:wood}", {"n": 2}, resolver, html=True,
                  icon_for=lambda c: f'<svg class="icon-{c}"></svg>')
    assert "&lt;b&gt;" in html and '<b class="num">2</b>' in html and '<svg class="icon-wood">' in html


def test_language_without_edition_uses_project_translation(mini) -> None:
    text, view = summary_with_view(mini, "nl", "md", translations=translations_for("nl").extended({}))
    assert view.project_translation and view.term_edition is None
    assert "havenfiche" in text  # the nl project term of harbour_marker
    assert not view.term_fallbacks


def test_fixture_summary_in_german_uses_edition_terms_and_numbers(mini) -> None:
    text, view = summary_with_view(mini, "de", "md", translations=fixture_de())
    assert not view.untranslated & set(FIXTURE_DE)
    assert "Hafensteine" in text and "Nimm 2 Holz aus dem Vorrat." in text
    assert "Jeder Spieler nimmt 1 Schiff." in text  # {terms:ship} after 1 → singular


def test_ruling_note_names_readings_and_follows_edition(mini) -> None:
    english = render_summary(mini, "en", "md")  # the English edition's readings by default
    assert "exactly 3 spaces.** (en; followed here)" in english
    assert "up to 3 spaces. (de)" in english
    original = render_summary(mini, "en", "md", edition="de")
    assert "up to 3 spaces.** (de; followed here)" in original


def test_the_rule_text_states_the_followed_reading(mini) -> None:
    """The disputed point is stated in the rule text itself, by the edition followed: no "instead" line."""
    rule = "**Harbour markers** — When your ship reaches a harbour marker, the marker moves back. "
    assert rule + "Move the harbour marker back exactly 3 spaces.\n" in render_summary(mini, "en", "md")
    assert rule + "Move the harbour marker back up to 3 spaces.\n" in render_summary(mini, "en", "md", edition="de")
    german = render_summary(mini, "de", "md", translations=fixture_de())
    assert "rückt er zurück." in german and "instead" not in german


def test_a_language_with_no_edition_follows_the_default_readings(mini) -> None:
    dutch = render_summary(mini, "nl", "md")  # no Dutch edition of the fixture: the spec's default (de)
    assert "up to 3 spaces" in dutch.split("(de; ")[0]


def test_every_rule_id_is_an_anchor_in_the_fixture(mini) -> None:
    ids = {r.id for r in mini.rules.values()} | {s.id for s in mini.setup} | set(mini.variants)
    for fmt in ("md", "html"):
        assert ids <= anchors(render_summary(mini, "de", fmt, translations=fixture_de()))


def test_rendering_is_deterministic(mini) -> None:
    assert render_summary(mini, "en", "html") == render_summary(mini, "en", "html")


# -- the real games ----------------------------------------------------------------------------------------
GAMES = bundled_games()


@pytest.fixture(scope="module", params=GAMES)
def game_spec(request):
    return load_spec(request.param)


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_summaries_contain_every_rule_id(game_spec, fmt: str) -> None:
    ids = {r.id for r in game_spec.rules.values()} | {s.id for s in game_spec.setup}
    for lang in game_spec.summary_languages:
        missing = ids - anchors(render_summary(game_spec, lang, fmt))
        assert not missing, f"{game_spec.id} {lang} {fmt}: rules left out: {sorted(missing)}"


def test_summaries_show_no_english_in_german_and_dutch(game_spec) -> None:
    for lang in ("de", "nl"):
        _, view = summary_with_view(game_spec, lang, "md")
        assert not view.untranslated, f"{game_spec.id} {lang}: untranslated: {sorted(view.untranslated)[:10]}"
        assert not view.term_fallbacks, f"{game_spec.id} {lang}: no term for {sorted(view.term_fallbacks)}"


def _tagged_concepts(spec, lang: str) -> set[str]:
    """Concepts that the rules part of the summary in `lang` names through a {term:…} placeholder."""
    tr = translations_for(lang)
    found: set[str] = set()
    for rule in [*spec.setup, *spec.rules.values()]:
        for message in (rule.title, rule.summary):
            found |= set(re.findall(r"\{terms?:([a-z0-9_.]+)\}", tr.gettext(message)))
    return found & set(spec.concepts)


def test_german_and_dutch_summaries_use_the_glossary_terms(game_spec) -> None:
    for lang in ("de", "nl"):
        resolver = TermResolver(game_spec, lang)
        text = render_summary(game_spec, lang, "md")
        concepts = _tagged_concepts(game_spec, lang)
        assert concepts, f"{lang} translations name no glossary concept"
        for concept in sorted(concepts):
            term = resolver.resolve(concept)
            forms = {form for plain in (term.singular, term.plural) for form in (plain, capitalise(plain, lang))}
            assert any(form in text for form in forms), f"{lang}: {concept} term {term.singular!r} missing"


def _copy_spec(spec, tmp_path: Path) -> Path:
    folder = tmp_path / spec.id
    shutil.copytree(spec.root, folder)
    return folder


def _copied(spec, folder: Path, file: str) -> Path:
    """The copy in `folder` of a spec file named by an origin (a path relative to the working directory)."""
    return folder / Path(file).resolve().relative_to(Path(spec.root).resolve())


def test_changing_a_number_changes_all_three_summaries(game_spec, tmp_path: Path) -> None:
    rule = next(r for r in game_spec.rules.values() if any(
        isinstance(v, int) and not isinstance(v, bool) and f"{{{k}}}" in r.summary and not r.ruling
        for k, v in r.params.items()))
    name, value = next((k, v) for k, v in rule.params.items()
                       if isinstance(v, int) and not isinstance(v, bool) and f"{{{k}}}" in rule.summary)
    folder = _copy_spec(game_spec, tmp_path)
    path = _copied(game_spec, folder, rule.origin.file)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    pattern = re.compile(rf"(?<![\w.]){name}:\s*{value}(?![\w.])")  # block (`cloth: 1`) or flow (`{{cloth: 1}}`)
    index = next(i for i in range(rule.origin.line - 1, len(lines)) if pattern.search(lines[i]))
    lines[index] = pattern.sub(f"{name}: 9731", lines[index], count=1)
    path.write_text("".join(lines), encoding="utf-8")
    changed = load_spec(folder)
    assert changed.rule(rule.id).params[name] == 9731
    for lang, shown in (("en", "9,731"), ("de", "9.731"), ("nl", "9.731")):
        before, after = render_summary(game_spec, lang, "md"), render_summary(changed, lang, "md")
        assert shown not in before and shown in after, f"{lang}: {rule.id}.{name} not re-rendered"


def test_changing_a_glossary_term_changes_all_three_summaries(game_spec, tmp_path: Path) -> None:
    candidates = _tagged_concepts(game_spec, "de") & _tagged_concepts(game_spec, "nl")
    english = _tagged_concepts(game_spec, "en")
    concept = sorted(candidates & english or candidates)[0]
    folder = _copy_spec(game_spec, tmp_path)
    origin = game_spec.concepts[concept].origin
    path = _copied(game_spec, folder, origin.file)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    block_end = next((i for i in range(origin.line, len(lines)) if lines[i].lstrip().startswith("- id:")), len(lines))
    for i in range(origin.line - 1, block_end):
        lines[i] = re.sub(r"(\b(?:term|plural):\s*)([^,}\n]+)", r"\1Zyxwort", lines[i])
    path.write_text("".join(lines), encoding="utf-8")
    changed = load_spec(folder)
    for lang in LANGS:
        if lang == "en" and concept not in english:
            continue
        after = render_summary(changed, lang, "md")
        assert "Zyxwort" in after, f"{lang}: changing {concept}'s terms did not change the summary"


def test_edition_terms_and_readings_follow_the_chosen_edition(game_spec) -> None:
    english = [e for e in game_spec.editions.values() if e.language == "en" and e.id != "en"]
    if not english:
        pytest.skip(f"{game_spec.id} has a single English edition")
    edition = english[0].id
    tagged = _tagged_concepts(game_spec, "en")
    text = render_summary(game_spec, "en", "md", edition=edition)
    rules_part = text.split('<a id="faces"></a>')[0]
    for concept in tagged:
        ours = game_spec.concepts[concept].terms[edition]
        theirs = game_spec.concepts[concept].terms["en"]
        assert ours.term.lower() in rules_part.lower() or (ours.plural or ours.term).lower() in rules_part.lower()
        if theirs.term.lower() not in ours.term.lower():
            shown = re.search(rf"(?<![\w-]){re.escape(theirs.term)}(?![\w-])", rules_part)
            assert not shown, f"{concept}: {theirs.term!r} shown in the {edition} summary"
    for ruling in game_spec.rulings.values():
        followed = game_spec.reading(ruling.id, edition)
        assert f"({', '.join(sorted(followed.editions))}; followed here)" in text or not followed.editions


def test_html_summary_is_self_contained(game_spec) -> None:
    html = render_summary(game_spec, "de", "html")
    assert "<style>" in html and "@page" in html and "<svg" in html
    assert not re.search(r'(src|href)="(https?:)?//', html) and "@import" not in html
    assert not re.search(r"url\((?!#)", html)


def test_project_translation_is_declared_where_no_edition_exists() -> None:
    for game in GAMES:
        spec = load_spec(game)
        for lang in spec.summary_languages:
            text, view = summary_with_view(spec, lang, "md")
            has_edition = any(e.language == lang for e in spec.editions.values())
            assert view.project_translation == (not has_edition), f"{game} {lang}"
            if has_edition:
                project = {t.term for c in spec.concepts.values() for k, t in c.terms.items()
                           if k == view.term_edition and t.project_translation}
                assert set(view.project_terms) <= project
                for term in view.project_terms:
                    assert term in text


def test_spec_dataclasses_are_untouched_by_rendering(mini) -> None:
    before = dataclasses.asdict(mini.rules["round.income"])
    render_summary(mini, "de", "html", translations=fixture_de())
    assert dataclasses.asdict(mini.rules["round.income"]) == before


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_edition_reads_its_own_rule_in_the_rule_text(lang: str) -> None:
    """With any edition's readings, each disputed rule's text (its first line, in bold in HTML) ends with that
    edition's reading, and states no other reading of the same ruling."""
    from rulespec.model import load_spec
    from translations.summary.view import ViewBuilder

    spec = load_spec("race_to_the_new_found_land")
    for edition in spec.editions:
        builder = ViewBuilder(spec, lang, edition)
        for rule in [*spec.setup, *spec.rules.values()]:
            params, followed = builder.rule_params(rule)
            text = builder.rule_view(rule, 0, {}).text
            for ruling, reading in followed:
                own = builder.fill(reading.summary, {**params, **reading.params}, "")
                assert own in text, (lang, edition, rule.id, ruling.id)
                for other in ruling.readings.values():
                    said = builder.fill(other.summary, {**params, **other.params}, "")
                    assert other.id == reading.id or said == own or said not in text, (lang, edition, rule.id)


def test_a_disputed_rule_states_only_what_the_editions_share() -> None:
    """The spec convention the summaries rely on: a rule a ruling touches keeps the disputed point out of its
    own summary (it is the followed reading's), so its text never uses a param the readings set differently."""
    from rulespec.loading import bundled_games
    from rulespec.model import load_spec
    from translations.summary.text import PLACEHOLDER

    for game in bundled_games():
        spec = load_spec(game)
        rules = {r.id: r for r in [*spec.setup, *spec.rules.values()]}
        for ruling in spec.rulings.values():
            values = [reading.params for reading in ruling.readings.values()]
            disputed = {k for k in set().union(*values) if len({repr(v.get(k)) for v in values}) > 1}
            for rule_id in ruling.rules:
                used = {m["param"] for m in PLACEHOLDER.finditer(rules[rule_id].summary) if m["param"]}
                assert not used & disputed, f"{rule_id} states {sorted(used & disputed)}, which {ruling.id} disputes"


def test_tables_name_components_by_their_terms_not_their_ids() -> None:
    from rulespec.loading import bundled_games
    from rulespec.model import load_spec

    for game in bundled_games():
        spec = load_spec(game)
        # Dotted ids only: an undotted id may be a plain word too (`die`, `board`).
        named = [c.id for c in spec.components.values() if c.concept in spec.concepts and "." in c.id]
        for lang in spec.summary_languages:
            text = render_summary(spec, lang, "md")
            assert not [cid for cid in named if f"| {cid} |" in text], (game, lang)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_table_tells_apart_areas_that_share_a_term(lang: str) -> None:
    """The five spaces frame markers take their reward from are all "Zielfeld" in German: the frame-marker table
    names each row's own space, in the page's language, not the shared term five times."""
    from translations.summary.view import ViewBuilder

    spec = load_spec("race_to_the_new_found_land")
    builder = ViewBuilder(spec, lang, None, html=False)
    markers = spec.records_of("tile.frame_marker")
    shown = [builder.value(record.attributes["reward_space"]) for record in markers]
    assert len(set(shown)) == len(markers), shown
    term = builder.resolver.term("objective_space")
    assert all(term.casefold() in text.casefold() or lang == "nl" for text in shown), shown
    # Areas named alike (Francis Drake's two "Crew" locations) keep their term.
    drake_spec = load_spec("francis_drake")
    drake = ViewBuilder(drake_spec, lang, None, html=False)
    crew_term = drake.term_html(drake_spec.areas["location.crew_1"].concept)
    assert drake.value("location.crew_1") == drake.value("location.crew_2") == crew_term


def test_provenance_marks_follow_an_edit_of_the_spec_in_the_same_process(game_spec, tmp_path: Path) -> None:
    """The weakest provenance of each path is kept per spec as it is on disk: editing a mark must show at once."""
    from translations.summary.view import weakest_provenance

    folder = _copy_spec(game_spec, tmp_path)
    before = weakest_provenance(folder)
    file, by_path = next((f, paths) for f, paths in sorted(before.items()) if "assumed" in paths.values())
    path = next(p for p, category in sorted(by_path.items()) if category == "assumed" and p.count("/") >= 3)
    parent = path.rsplit("/", 1)[0]
    assert by_path[parent] in ("assumed", "unmarked"), "a value speaks for every path above it"
    spec_file = Path(file)  # the copy's file, as the loader shows it
    text = spec_file.read_text(encoding="utf-8")
    marks = re.compile(r"\b((?:kind|provenance):\s*)assumed\b")  # an item's mark or a single value's
    assert marks.search(text)
    spec_file.write_text(marks.sub(r"\1inferred", text), encoding="utf-8")
    after = weakest_provenance(folder)[file]
    assert after[path] == "inferred"
    assert "assumed" not in after.values()
