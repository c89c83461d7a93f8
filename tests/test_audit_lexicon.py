"""The audit's lexicons are data: every language file loads, names only classes the shared file declares, and lists
words for every group the checks compare; a broken file is refused with its name and entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from translations.audit import lexicon as lexicons
from translations.audit.lexicon import MARKER_GROUPS, LexiconError, classes, languages, lexicon


def test_every_language_has_every_group_and_only_declared_classes() -> None:
    declared = classes().groups
    assert set(languages()) >= {"en", "de", "nl"}
    for language in languages():
        lex = lexicon(language)
        for group in MARKER_GROUPS:
            assert lex.markers.get(group), (language, group)
            assert set(lex.markers[group]) <= set(declared[group])
        assert lex.cardinals and lex.player_nouns and lex.agent_determiners and lex.stopwords
        assert lex.meaning_edits and lex.paraphrases


def test_opposites_contradict_both_ways_and_only_declared_pairs() -> None:
    c = classes()
    assert c.contradicts("comparison", "most", "least") and c.contradicts("comparison", "least", "most")
    assert c.contradicts("modality", "permission", "obligation")
    assert not c.contradicts("comparison", "most", "before")


def test_a_language_without_a_file_has_no_words_so_its_checks_stay_silent() -> None:
    assert lexicon("fr").markers == {} and lexicon("fr").cardinals == {}


def test_the_lexicons_hold_language_facts_not_rulebook_sentences() -> None:
    """No phrase is longer than a few words: a sentence of a rulebook has no place in a lexicon."""
    for language in languages():
        lex = lexicon(language)
        phrases = [p for group in lex.markers.values() for items in group.values() for p in items]
        phrases += list(lex.reference_phrases) + [p for pair in lex.paraphrases for p in pair]
        assert all(len(p.split()) <= 5 for p in phrases), [p for p in phrases if len(p.split()) > 5]


def test_a_broken_lexicon_is_refused_with_its_file_and_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("classes.yaml", "en.yaml"):
        (tmp_path / name).write_text((lexicons.LEXICON_DIR / name).read_text(encoding="utf-8"), encoding="utf-8")
    text = (tmp_path / "en.yaml").read_text(encoding="utf-8").replace("    more: [", "    bigger: [", 1)
    (tmp_path / "en.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(lexicons, "LEXICON_DIR", tmp_path)
    lexicons.classes.cache_clear()
    lexicons.lexicon.cache_clear()
    try:
        with pytest.raises(LexiconError, match=r"en\.yaml: markers\.comparison\.bigger"):
            lexicon("en")
    finally:
        lexicons.classes.cache_clear()
        lexicons.lexicon.cache_clear()


def test_the_data_digest_changes_with_a_lexicon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = lexicons.data_digest()
    for path in lexicons.LEXICON_DIR.glob("*.yaml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "de.yaml").write_text((tmp_path / "de.yaml").read_text(encoding="utf-8") + "\n# edited\n",
                                      encoding="utf-8")
    monkeypatch.setattr(lexicons, "LEXICON_DIR", tmp_path)
    assert lexicons.data_digest() != before
