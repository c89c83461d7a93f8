"""Message catalogs: every message translated (Babel's check plus ours), in sync with a fresh extraction, and the
extraction methods (spec YAML, templates) find what the summaries show."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from translations.summary import catalog
from translations.summary.i18n import LOCALE_DIR

FIXTURE = Path(__file__).parent / "summary_fixtures" / "mini_voyage"


@pytest.fixture(scope="module")
def fresh() -> Catalog:
    return catalog.extract_catalog()


def test_catalogs_are_complete_and_in_sync(fresh: Catalog) -> None:
    problems = catalog.check(fresh=fresh)
    assert not problems, "run `python -m translations.summary.catalog update`, then translate:\n" + "\n".join(
        str(p) for p in problems[:40])


@pytest.mark.parametrize("lang", catalog.LANGUAGES)
def test_babel_finds_no_untranslated_or_fuzzy_entry(lang: str) -> None:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        po = read_po(handle, locale=lang)
    assert not po.fuzzy
    for message in po:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, f"{lang}: {message.id!r}"
    assert not list(po.check())  # Babel's own checkers (python-format placeholders, plural counts)


def test_template_file_matches_a_fresh_extraction(fresh: Catalog) -> None:
    committed = (LOCALE_DIR / "messages.pot").read_text(encoding="utf-8")
    assert catalog.po_text(fresh) == committed, "stale messages.pot: run `python -m translations.summary.catalog update`"


def test_spec_extraction_reads_titles_summaries_rulings_and_names() -> None:
    found = catalog.extract_catalog([FIXTURE])
    ids = {m.id for m in found if m.id}
    assert {"The round", "Income", "Take {wood} {term:wood} from the supply.", "Calm sea", "Play without storms.",
            "Must the harbour marker move back exactly or up to the distance?",
            "Move the {term:harbour_marker} back exactly {spaces} spaces.", "Sloop", "Take ships"} <= ids
    assert "Ships" not in ids  # a component named by its glossary concept shows the term: nothing to translate
    summary = found["Take {wood} {term:wood} from the supply."]
    assert summary.locations == [("tests/summary_fixtures/mini_voyage/rules/01_round.yaml", 5)]  # in memory
    assert summary.auto_comments == ["rule round.income: summary"]
    assert "Sail" not in ids  # `sail` is a concept: the column shows its term


def test_template_extraction_is_trimmed_and_pluralised(fresh: Catalog) -> None:
    plural = next(m for m in fresh if isinstance(m.id, tuple))
    assert plural.id[0].startswith("Compiled from %(count)s edition")
    assert all("\n" not in (m.id if isinstance(m.id, str) else m.id[0]) for m in fresh if m.id)


def test_placeholder_check_catches_lost_params_and_unknown_concepts() -> None:
    concepts = [frozenset({"wood", "ship"})]
    msgid = "Take {wood} {term:wood}."
    assert catalog.placeholder_problem(msgid, "Nimm {wood} {term:wood}.", concepts) is None
    assert catalog.placeholder_problem(msgid, "Nimm {term:wood}.", concepts) == "params differ from the msgid's"
    assert catalog.placeholder_problem(msgid, "Nimm {wood} Holz.", concepts) == "drops term:wood"
    assert catalog.placeholder_problem("Take the ship.", "Nimm das {term:ship}.", concepts) is None  # may add terms
    assert "kraken" in catalog.placeholder_problem("Beware.", "Achtung, {term:kraken}!", concepts)


def test_same_as_source_flags_english_left_in_a_translation() -> None:
    msgid = "A marker in the contract's city"
    assert catalog.same_as_source(msgid, "A marker in the {term:contract_tile}'s city")
    assert not catalog.same_as_source(msgid, "Ein {term:marker} in der {term:city} des Auftrags")
    assert not catalog.same_as_source("Start Card (Portugal)", "{term:start_card} (Portugal)")  # names pass


def test_termify_tags_only_whole_terms() -> None:
    forms = [catalog.TermForm("Frame Marker", "frame_marker", False),
             catalog.TermForm("Frame Markers", "frame_marker", True),
             catalog.TermForm("Storage Board", "storage_board", False)]
    text = "Put frame markers on the storage board; a frame marker-like {term:storage_board} stays."
    assert catalog.termify(text, forms) == ("Put {terms:frame_marker} on the {term:storage_board}; a frame "
                                            "marker-like {term:storage_board} stays.")


def test_update_is_one_command_and_idempotent(tmp_path: Path) -> None:
    """`update` on a copy of the catalogs adds a new spec message as empty/untranslated, and a second run
    changes nothing (no dates in the files)."""
    spec = tmp_path / "mini_voyage"
    shutil.copytree(FIXTURE, spec)
    locale = tmp_path / "locale"
    changed = catalog.update(locale, spec_dirs=[spec])
    assert {p.name for p in changed} == {"messages.pot", "messages.po"}
    assert catalog.update(locale, spec_dirs=[spec]) == []
    rules = spec / "rules" / "01_round.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("title: Income", "title: Income phase"),
                     encoding="utf-8")
    catalog.update(locale, spec_dirs=[spec])
    problems = catalog.check(locale, spec_dirs=[spec])
    assert any(p.msgid == "Income phase" and p.kind == "untranslated" for p in problems)
    assert not any(p.msgid == "Income" for p in problems)  # the old msgid is gone from the catalogs


def test_po_text_has_no_dates() -> None:
    buffer = io.BytesIO()
    write_po(buffer, Catalog(locale="de"))
    assert "POT-Creation-Date" in buffer.getvalue().decode()
    assert "Creation-Date" not in catalog.po_text(Catalog(locale="de"))


def test_a_proper_name_kept_as_printed_is_no_untranslated_text(tmp_path: Path) -> None:
    """A place name a translation keeps ("Rio de la Hacha") passes the check only when its translator flags it
    `proper-name`; the same entry without the flag is reported as English left in the translation."""
    from babel.messages.catalog import Catalog as BabelCatalog

    def problems(flags: tuple[str, ...]) -> list[str]:
        template = BabelCatalog(locale="en")
        template.add("Rio de la Hacha")
        translated = BabelCatalog(locale="de")
        translated.add("Rio de la Hacha", "Rio de la Hacha", flags=flags)
        folder = tmp_path / "-".join(flags or ("none",)) / "de" / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "messages.po").write_text(catalog.po_text(translated), encoding="utf-8")
        return [p.kind for p in catalog.check(folder.parent.parent, ["de"], spec_dirs=[], fresh=template)]

    assert "same-as-source" in problems(())
    assert "same-as-source" not in problems((catalog.PROPER_NAME_FLAG,))
