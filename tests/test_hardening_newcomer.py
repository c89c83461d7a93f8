"""A newcomer's first hour: what a fresh clone, a missing sources folder, a folder named like a game, an
installed copy run inside a checkout, and the help texts do."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hardening_helpers import REPO, RNFL, assert_clean_failure, mini_copy, rulespec

from cli.options import GAME_HELP


def test_a_folder_named_like_a_bundled_game_does_not_shadow_it(tmp_path: Path) -> None:
    decoy = tmp_path / RNFL
    decoy.mkdir()
    (decoy / "game.yaml").write_text("not: a spec\n")
    result = rulespec("validate", RNFL, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"{RNFL}: valid" in result.stdout
    as_path = rulespec("validate", f"./{RNFL}", cwd=tmp_path)
    assert_clean_failure(as_path, 1, "game.yaml")


def test_a_bare_name_that_is_no_game_points_at_the_path_spelling(tmp_path: Path) -> None:
    mini_copy(tmp_path)
    result = rulespec("validate", "mini_game", cwd=tmp_path)
    assert_clean_failure(result, 2, "no spec folder or bundled game 'mini_game'", "./mini_game")
    assert rulespec("validate", "mini_game/", cwd=tmp_path, env={"RULESPEC_SOURCES": str(tmp_path / "sources")}
                    ).returncode == 0


def test_build_writes_to_rulespec_build_and_goes_on_without_the_texts(tmp_path: Path) -> None:
    mini_copy(tmp_path)
    empty = tmp_path / "no_texts"
    empty.mkdir()
    result = rulespec("build", "./mini_game", "--games", "0", cwd=tmp_path, env={"RULESPEC_SOURCES": str(empty)})
    output = result.stdout + result.stderr
    assert result.returncode == 2, output  # the texts could not be read: that, and only that, failed
    assert "Traceback" not in output
    assert not (tmp_path / "build").exists()
    written = sorted(p.name for p in (tmp_path / "rulespec-build" / "mini_game").glob("summary.*"))
    assert written == ["summary.de.html", "summary.de.md", "summary.en.html", "summary.en.md"]
    for needle in ("could not read the rulebook text of 2 edition(s)", str(empty), "mini.en.txt", "mini.de.txt",
                   "RULESPEC_SOURCES=FOLDER", "--source en=PATH", "valid", "skipped"):
        assert needle in output, needle


def test_validate_without_texts_checks_the_rest_and_lists_every_edition(tmp_path: Path) -> None:
    spec, _ = mini_copy(tmp_path)
    empty = tmp_path / "no_texts"
    empty.mkdir()
    result = rulespec("validate", str(spec), env={"RULESPEC_SOURCES": str(empty)})
    assert_clean_failure(result, 2, "en:", "de:", "file not found", "--source")
    assert "mini_game: valid" in result.stdout and "not checked" in result.stdout


def _fake_checkout(tmp_path: Path) -> Path:
    """A clone of rulespec that is not the copy running (as after `pip install .` run inside a clone)."""
    checkout = tmp_path / "clone"
    (checkout / "rulespec").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text('[project]\nname = "rulespec"\n')
    (checkout / "rulespec" / "__init__.py").write_text("")
    shutil.copytree(REPO / "rulespec" / RNFL, checkout / "rulespec" / RNFL)
    return checkout


def test_inside_another_checkout_a_game_id_means_that_checkouts_spec_and_says_so(tmp_path: Path) -> None:
    checkout = _fake_checkout(tmp_path)
    generate = rulespec("generate", "engine", RNFL, cwd=checkout)  # it would write the installed package's files
    assert_clean_failure(generate, 2, "acting on this checkout's spec", "pip install -e .")
    game_yaml = checkout / "rulespec" / RNFL / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "stray_field: 1\n")
    result = rulespec("validate", RNFL, cwd=checkout / "rulespec")
    assert_clean_failure(result, 1, "acting on this checkout's spec", "pip install -e .", "game.yaml", "stray_field")


def test_stamp_inside_another_checkout_writes_that_checkouts_lock(tmp_path: Path) -> None:
    checkout = _fake_checkout(tmp_path)
    lock = checkout / "rulespec" / RNFL / "citations.lock"
    lock.unlink()
    bundled = (REPO / "rulespec" / RNFL / "citations.lock").read_bytes()
    result = rulespec("stamp", RNFL, cwd=checkout)
    if result.returncode == 2 and "could not read the rulebook text" in result.stderr:
        pytest.skip("the rulebook texts are not on this machine")
    assert result.returncode == 0, result.stderr
    assert lock.is_file() and (REPO / "rulespec" / RNFL / "citations.lock").read_bytes() == bundled


def _help(command: str) -> str:
    result = rulespec(command, "--help", env={"COLUMNS": "400"})
    assert result.returncode == 0, result.stderr
    return result.stdout


COMMANDS = ("build", "validate", "trace", "stamp", "generate", "play", "replay", "simulate", "audit", "summary",
            "lookup")


def test_help_shows_no_type_beside_a_flag_and_one_description_of_the_game() -> None:
    squeezed = " ".join(GAME_HELP.split())
    for command in COMMANDS:
        text = _help(command)
        assert "<bool>" not in text, command
        if command in ("build", "validate", "trace", "stamp", "generate", "play", "simulate", "summary"):
            assert squeezed in " ".join(text.split()), command


def test_each_flag_has_one_meaning() -> None:
    for command in ("validate", "trace", "stamp", "build"):
        text = _help(command)
        assert re.search(r"--source ID=PATH\s+Read edition ID's rulebook text from PATH", text), command
        assert "--edition" not in text, command  # the old spelling is hidden
    for command in ("summary", "play", "simulate", "lookup"):
        text = _help(command)
        assert re.search(r"--edition ID\s+Follow edition ID's terms and readings", text), command
        assert "ID=PATH" not in text, command


def test_generate_without_the_texts_neither_writes_nor_checks_the_files_that_quote_them(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    empty = tmp_path / "no_texts"
    empty.mkdir()
    out = tmp_path / "out"
    result = rulespec("generate", "all", str(spec), "--out", str(out), env={"RULESPEC_SOURCES": str(empty)})
    assert_clean_failure(result, 2, "quote the rulebook texts not written", "--source en=PATH")
    assert not list(out.rglob("lookup-*.json"))  # rendered without passages, they would replace good ones
    checked = rulespec("generate", "all", str(spec), "--out", str(out), "--check", env={"RULESPEC_SOURCES": str(empty)})
    assert_clean_failure(checked, 2, "quote the rulebook texts not checked")
    done = rulespec("generate", "all", str(spec), "--out", str(out), env={"RULESPEC_SOURCES": str(sources)})
    assert done.returncode == 0, done.stderr
    assert list(out.rglob("lookup-docs.json"))
