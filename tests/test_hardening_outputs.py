"""Writing outputs never clobbers: regular files are replaced atomically, devices and FIFOs are written through,
folders and links are refused, a full disk is exit 2 with a message (rulespec.outputs and cli.app)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest
from hardening_helpers import RNFL, assert_clean_failure, full_device, mini_copy, null_device, rulespec

from rulespec.outputs import OutputError, ensure_folder, open_output, write_atomic, write_output


def test_a_new_path_and_a_regular_file_are_replaced_atomically_keeping_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "report.md"
    assert write_output(target, "one") == "file"
    os.chmod(target, 0o640)
    assert write_output(target, "two") == "file"
    assert target.read_text() == "two"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.md"]  # no temp file left behind


def test_a_character_device_is_written_through_and_stays_a_device(tmp_path: Path) -> None:
    device = null_device(tmp_path)
    assert write_output(device, "report") == "device"
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_full_disk_is_an_output_error_and_the_device_survives(tmp_path: Path) -> None:
    device = full_device(tmp_path)
    with pytest.raises(OutputError, match="no space left") as caught:
        write_output(device, "report")
    assert str(device) in str(caught.value)
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="is a folder"):
        write_output(tmp_path, "report")


def test_a_link_to_a_file_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "out.md"
    link.symlink_to(target)
    with pytest.raises(OutputError, match="symbolic link"):
        write_output(link, "report")
    assert target.read_text() == "keep me" and link.is_symlink()
    with pytest.raises(OutputError, match="only a regular file"):
        write_atomic(link, "report")
    assert target.read_text() == "keep me"


def test_a_link_to_a_device_is_written_through(tmp_path: Path) -> None:
    device = null_device(tmp_path)
    link = tmp_path / "out"
    link.symlink_to(device)
    assert write_output(link, "report") == "device"
    assert link.is_symlink() and stat.S_ISCHR(os.stat(link).st_mode)


def test_a_dangling_or_looping_link_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    for name in ("dangling", "loop"):
        with pytest.raises(OutputError, match="symbolic link"):
            write_output(tmp_path / name, "report")


def test_a_fifo_without_a_reader_is_refused_at_once_and_one_with_a_reader_gets_the_data(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="no process is reading"):
        write_output(fifo, "report")
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    while True:  # wait until the reader has the FIFO open
        try:
            write_output(fifo, "report")
            break
        except OutputError:
            continue
    reader.join(timeout=10)
    assert received == [b"report"] and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_dash_is_standard_output(capfd: pytest.CaptureFixture[str]) -> None:
    assert write_output("-", "to stdout\n") == "stdout"
    assert capfd.readouterr().out == "to stdout\n"


def test_an_input_of_the_command_is_never_overwritten(tmp_path: Path) -> None:
    rulebook = tmp_path / "rulebook.txt"
    rulebook.write_text("the rules")
    alias = tmp_path / "alias.txt"
    os.link(rulebook, alias)  # another name for the same file
    for target in (rulebook, alias):
        with pytest.raises(OutputError, match="one of this command's inputs"):
            write_output(target, "report", inputs=[rulebook])
    assert rulebook.read_text() == "the rules"


def test_a_missing_folder_is_not_created_for_an_output(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="does not exist"):
        write_output(tmp_path / "typo" / "report.md", "x")
    assert not (tmp_path / "typo").exists()


def test_an_output_folder_that_is_a_file_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    for folder in (blocker, blocker / "sub"):
        with pytest.raises(OutputError, match="is a file, not a folder"):
            ensure_folder(folder)


def test_a_streamed_output_is_renamed_into_place_on_close_only(tmp_path: Path) -> None:
    target = tmp_path / "game.jsonl"
    target.write_text("old log\n")
    with pytest.raises(RuntimeError), open_output(target) as stream:
        stream.write("half\n")
        raise RuntimeError("interrupted")
    assert target.read_text() == "old log\n"  # an interrupted write leaves the old file as it was
    stream = open_output(target, keep_partial=True)
    stream.write("move 1\n")
    stream.close(commit=False)
    assert target.read_text() == "move 1\n"  # a log of the moves so far is kept when asked
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]


# ------------------------------------------------------------------ through the command line


def test_summary_output_onto_a_full_device_is_exit_2_and_the_device_stays(tmp_path: Path) -> None:
    device = full_device(tmp_path)
    result = rulespec("summary", RNFL, "--output", str(device))
    assert_clean_failure(result, 2, str(device), "no space left")
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_summary_output_onto_a_folder_or_a_link_is_refused(tmp_path: Path) -> None:
    assert_clean_failure(rulespec("summary", RNFL, "--output", str(tmp_path)), 2, str(tmp_path), "is a folder")
    target = tmp_path / "target.md"
    target.write_text("keep")
    link = tmp_path / "link.md"
    link.symlink_to(target)
    assert_clean_failure(rulespec("summary", RNFL, "--output", str(link)), 2, str(link), "symbolic link")
    assert target.read_text() == "keep"


def test_summary_output_to_a_device_and_to_dash(tmp_path: Path) -> None:
    device = null_device(tmp_path)
    assert rulespec("summary", RNFL, "--output", str(device)).returncode == 0
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    result = rulespec("summary", RNFL, "--output", "-")
    assert result.returncode == 0 and result.stdout.startswith("# ")


def test_play_log_onto_a_full_device_is_exit_2(tmp_path: Path) -> None:
    device = full_device(tmp_path)
    result = rulespec("play", RNFL, "--players", "2", "--log", str(device), stdin="quit\n")
    assert_clean_failure(result, 2, str(device), "no space left")


def test_generate_out_pointing_at_a_file_is_exit_2(tmp_path: Path) -> None:
    spec, _ = mini_copy(tmp_path)
    blocker = tmp_path / "afile"
    blocker.write_text("")
    result = rulespec("generate", "all", str(spec), "--out", str(blocker))
    assert_clean_failure(result, 2, str(blocker), "not a folder")


def test_build_into_a_folder_that_cannot_be_written_is_exit_2(tmp_path: Path) -> None:
    spec, sources = mini_copy(tmp_path)
    blocker = tmp_path / "afile"
    blocker.write_text("")
    result = rulespec("build", str(spec), "--out", str(blocker / "out"), "--games", "0",
                      env={"RULESPEC_SOURCES": str(sources)})
    assert_clean_failure(result, 2, "afile", "not a folder")
    if os.geteuid() != 0:  # root writes anywhere: the permission case needs an ordinary user
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        result = rulespec("build", str(spec), "--out", str(locked), "--games", "0",
                          env={"RULESPEC_SOURCES": str(sources)})
        assert_clean_failure(result, 2, str(locked), "permission denied")


#: One cheap run of every command that prints to standard output.
def _every_command(tmp_path: Path) -> list[tuple[str, ...]]:
    spec, _ = mini_copy(tmp_path)
    log = tmp_path / "game.jsonl"
    rulespec("play", RNFL, "--players", "2", "--log", str(log), stdin="quit\n")
    return [
        ("--help",),
        ("validate", str(spec)),
        ("validate", str(spec), "--provenance"),
        ("trace", str(spec)),
        ("generate", "engine", "--check"),
        ("summary", RNFL),
        ("lookup", "settle"),
        ("replay", str(log)),
        ("simulate", RNFL, "--games", "1", "--players", "2"),
        ("play", RNFL, "--players", "2"),
        ("build", str(spec), "--games", "0", "--out", str(tmp_path / "build")),
        ("stamp", str(spec)),
        ("audit", str(spec)),
    ]


def test_standard_output_on_a_full_disk_is_exit_2_with_a_message_for_every_command(tmp_path: Path) -> None:
    device = full_device(tmp_path)
    _, sources = mini_copy(tmp_path / "texts")
    for args in _every_command(tmp_path):
        with device.open("w") as full:
            result = rulespec(*args, stdout=full, stdin="quit\n",
                              env={"RULESPEC_SOURCES": str(sources), "RULESPEC_CACHE": str(tmp_path / "cache")})
        assert result.returncode == 2, (args, result.stderr)
        assert "no space left" in result.stderr and "Traceback" not in result.stderr, (args, result.stderr)
