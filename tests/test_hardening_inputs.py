"""Hostile and clumsy input, run through the command as a user would: every case exits non-zero with a message
naming the file (and line or field), never a traceback, and nothing read runs code or exhausts memory."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hardening_helpers import RNFL, assert_clean_failure, mini_copy, rulespec

from rulespec.bounded_input import InputError, iter_lines, loads_json, read_bytes

GIGABYTES_3 = 3 * 10**9


def _validate(spec: Path, sources: Path, *extra: str) -> object:
    return rulespec("validate", str(spec), *extra, env={"RULESPEC_SOURCES": str(sources)})


# ------------------------------------------------------------------ spec files


def test_a_python_tag_is_refused_by_line_and_never_constructed(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    marker = tmp_path / "pwned"
    with (spec / "setup.yaml").open("a") as handle:
        handle.write(f'x: !!python/object/apply:os.system ["touch {marker}"]\n')
    assert_clean_failure(_validate(spec, sources), 1, "setup.yaml:", "!!python/object/apply:os.system",
                         "not allowed")
    assert not marker.exists()


@pytest.mark.parametrize("text, needle", [
    ("id: !custom thing\n", "tag !custom"),
    ("id: !!binary aGVsbG8=\n", "!!binary"),
    ("id: " + "9" * 5000 + "\n", "too large"),
    ("id: .inf\n", "not a finite number"),
    ("[" * 200_000 + "]" * 200_000 + "\n", "nested more than"),
    ("- " * 200 + "x\n", "nested more than"),
    ("a: &x [1]\nb: *x\n", "aliases"),
    ("a: 1\n---\nb: 2\n", "one YAML document"),
], ids=["custom-tag", "binary", "huge-int", "inf", "deep-flow", "deep-block", "alias", "two-documents"])
def test_hostile_yaml_is_refused_with_the_file_and_line(tmp_path: Path, text: str, needle: str) -> None:
    spec, sources = mini_copy(tmp_path)
    (spec / "rules" / "hostile.yaml").write_text(text)
    assert_clean_failure(_validate(spec, sources), 1, "hostile.yaml:", needle)


def test_a_spec_file_that_links_to_itself_is_named(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    (spec / "rules" / "loop.yaml").symlink_to("loop.yaml")
    assert_clean_failure(_validate(spec, sources), 1, "loop.yaml", "symbolic link")


def test_a_3_gb_spec_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    huge = spec / "rules" / "huge.yaml"
    with huge.open("wb") as handle:
        handle.truncate(GIGABYTES_3)  # sparse: no disk space used; reading it would take gigabytes of memory
    assert_clean_failure(_validate(spec, sources), 1, "huge.yaml", "3,000,000,000 bytes is too large")


def test_a_spec_file_that_is_a_fifo_or_a_device_is_refused_without_waiting(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    os.mkfifo(spec / "rules" / "pipe.yaml")
    assert_clean_failure(_validate(spec, sources), 1, "pipe.yaml", "not a regular file")


def test_an_id_ending_in_a_newline_is_invalid(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    text = (spec / "rules" / "turn.yaml").read_text()
    first_id = next(line for line in text.splitlines() if line.strip().startswith("- id:"))
    name = first_id.split("id:")[1].strip()
    (spec / "rules" / "turn.yaml").write_text(text.replace(first_id, first_id.replace(name, f'"{name}\\n"'), 1))
    assert_clean_failure(_validate(spec, sources), 1, "turn.yaml:", "/rules/0/id")


# ------------------------------------------------------------------ citations.lock and rulebook texts


@pytest.mark.parametrize("content, needle", [
    ('{"fingerprints": [1, 2', "not JSON"),
    ("[]", "not a citations lock"),
    ('{"fingerprints": {"x": {"en": 7}}}', "not a citations lock"),
    ("[" * 100_000, "nested 100000 levels deep"),
    ('{"format": ' + "1" * 5000 + "}", "integer of 5,000 digits"),
], ids=["bad-json", "a-list", "wrong-shape", "deep", "huge-int"])
def test_a_malformed_citations_lock_is_a_problem_of_that_file(tmp_path: Path, content: str, needle: str) -> None:
    spec, sources = mini_copy(tmp_path)
    (spec / "citations.lock").write_text(content)
    assert_clean_failure(_validate(spec, sources), 1, "citations.lock", needle)


def test_a_citations_lock_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    os.mkfifo(spec / "citations.lock")
    assert_clean_failure(_validate(spec, sources), 1, "citations.lock", "not a regular file")


def test_a_3_gb_rulebook_text_is_refused_at_once(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(GIGABYTES_3)
    assert_clean_failure(_validate(spec, sources, "--source", f"de={huge}"), 2, str(huge), "too large")


def test_a_rulebook_text_that_is_a_fifo_or_dev_zero_is_refused(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    fifo = tmp_path / "de.txt"
    os.mkfifo(fifo)
    assert_clean_failure(_validate(spec, sources, "--source", f"de={fifo}"), 2, str(fifo), "not a regular file")
    assert_clean_failure(_validate(spec, sources, "--source", "de=/dev/zero"), 2, "/dev/zero", "not a regular file")


# ------------------------------------------------------------------ replay logs


def _config_line(**changes: object) -> str:
    config = {"game": RNFL, "players": 2, "seed": 0, "edition": None, "rulings": {}, "variants": []}
    return json.dumps({"config": {**config, **changes}})


@pytest.mark.parametrize("lines, code, needle", [
    ([_config_line(), json.dumps({"action": [1, 2]})], 1, ":2: not an action"),
    ([_config_line(), json.dumps({"action": "done"})], 1, ":2: not an action"),
    ([_config_line(), json.dumps({"action": {"kind": "done", "args": {"x": {"y": 1}}}})], 1, ":2: not an action"),
    ([_config_line(), json.dumps({"player": "1", "action": {"kind": "done"}})], 1, ":2: logged player '1'"),
    ([_config_line(), "[" * 30_000 + "]" * 30_000], 1, ":2: JSON nested 30000 levels deep"),
    ([_config_line(seed=int("9" * 4000))], 1, ":1: integer of 4,000 digits"),
    ([_config_line(seed=2**70)], 1, ":1: bad config (config.seed"),
    ([_config_line(seed="7")], 1, ":1: bad config (config.seed is a whole number"),
    ([_config_line(players=True)], 1, ":1: bad config (config.players"),
    ([_config_line(game="runtime")], 1, ":1: bad config (no engine for game 'runtime'"),
    ([_config_line(game="../../etc")], 1, ":1: bad config (no engine for game"),
    ([json.dumps({"config": [1]})], 1, ":1: bad config (config is an object"),
    (["x" * 70_000], 2, ":1: line longer than 64,000 characters"),
    ([_config_line(), '{"final": 3}'], 1, ":2: the final line holds an object"),
], ids=["action-list", "action-text", "action-nested-object", "player-text", "deep", "seed-4000-digits",
        "seed-2**70", "seed-text", "players-bool", "game-module", "game-path", "config-list", "long-line",
        "final-number"])
def test_a_hostile_game_log_is_refused_by_line(tmp_path: Path, lines: list[str], code: int, needle: str) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n")
    assert_clean_failure(rulespec("replay", str(log)), code, str(log) + needle)


def test_replay_of_dev_zero_and_of_20_mb_of_garbage_stops_at_a_limit(tmp_path: Path) -> None:
    assert_clean_failure(rulespec("replay", "/dev/zero"), 2, "/dev/zero:1: line longer than")
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(os.urandom(20_000_000))
    assert_clean_failure(rulespec("replay", str(garbage)), 2, str(garbage), "UTF-8")
    big = tmp_path / "big.jsonl"
    with big.open("wb") as handle:
        handle.truncate(GIGABYTES_3)
    assert_clean_failure(rulespec("replay", str(big)), 2, str(big), "too large for a game log")


def test_replay_of_a_fifo_nobody_writes_to_gives_up_and_says_so(tmp_path: Path) -> None:
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    result = rulespec("replay", str(fifo), env={"RULESPEC_READ_TIMEOUT": "1"})
    assert_clean_failure(result, 2, str(fifo), "no data within 1 s", "RULESPEC_READ_TIMEOUT")


def test_replay_reads_a_log_through_a_fifo(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    rulespec("play", RNFL, "--players", "2", "--log", str(log), stdin="quit\n")
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(log.read_bytes()))
    writer.start()
    result = rulespec("replay", str(fifo))
    writer.join(timeout=30)
    assert result.returncode == 0, result.stderr
    assert "moves replayed" in result.stdout


def test_streamed_lines_stop_at_each_limit(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_text("a\nbb\nccc\n")
    assert list(iter_lines(path, 100, 10, 10)) == [(1, "a"), (2, "bb"), (3, "ccc")]
    with pytest.raises(InputError, match=":3: line longer than 2"):
        list(iter_lines(path, 100, 2, 10))
    with pytest.raises(InputError, match="more than 2 lines"):
        list(iter_lines(path, 100, 10, 2))
    with pytest.raises(InputError, match="too large"):
        list(iter_lines(path, 5, 10, 10))
    with pytest.raises(InputError, match="more than 1,000 bytes"):
        read_bytes(Path("/dev/zero"), 1000, regular_only=False)


def test_bounded_json_refuses_depth_digits_and_non_numbers() -> None:
    assert loads_json('{"a": [1, {"b": "[[[["}]}', "x") == {"a": [1, {"b": "[[[["}]}
    for text, needle in (("[" * 40 + "]" * 40, "nested 40 levels"), ("1" * 40, "integer of 40 digits"),
                         ("NaN", "NaN"), ("1e999", "too large"), ('{"a": ', "not JSON")):
        with pytest.raises(InputError, match=needle):
            loads_json(text, "where")


# ------------------------------------------------------------------ game arguments and flags


def test_a_module_name_is_not_a_game(tmp_path: Path) -> None:
    for command in ("simulate", "play"):
        for name in ("runtime", "native_build", "../x"):
            assert_clean_failure(rulespec(command, name, "--games" if command == "simulate" else "--players", "2"),
                                 2, "no engine for game", repr(name))


def test_the_old_edition_id_path_spelling_still_reads_texts_and_says_to_use_source(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    draft = tmp_path / "draft.txt"
    draft.write_text((sources / "mini.de.txt").read_text())
    result = rulespec("validate", str(spec), "--edition", f"de={draft}", env={"RULESPEC_SOURCES": str(sources)})
    assert result.returncode == 0, result.stderr
    assert "--edition ID=PATH is now --source ID=PATH" in result.stderr
    missing = tmp_path / "missing.txt"
    assert_clean_failure(_validate(spec, sources, "--source", f"de={missing}"), 2, str(missing), "file not found")
    assert_clean_failure(_validate(spec, sources, "--source", "fr=x.txt"), 2, "unknown edition", "fr")
    assert_clean_failure(_validate(spec, sources, "--source", "no-equals"), 2, "ID=PATH")
