"""Shared fixtures: a small synthetic game (tests/fixtures/mini_game) whose texts live beside it, so the
foundation is tested independently of the real games' specs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def indexes() -> list:
    """The look-up's committed indexes of every bundled game (read-only; one read per test module)."""
    from translations.lookup import search as lookup

    return lookup.load_indexes()


@pytest.fixture(scope="module")
def lexicon(indexes: list) -> object:
    """The look-up's lexicon compiled from the indexes' languages."""
    from translations.lookup import search as lookup

    return lookup.lexicon_of(indexes)


@pytest.fixture
def mini_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the mini game's spec, with RULESPEC_SOURCES pointing at a writable copy of its texts."""
    spec = tmp_path / "mini_game"
    shutil.copytree(FIXTURES / "mini_game", spec)
    sources = tmp_path / "sources"
    shutil.copytree(FIXTURES / "mini_sources", sources)
    monkeypatch.setenv("RULESPEC_SOURCES", str(sources))
    return spec


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` (which must occur) by ``new`` in a file."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
