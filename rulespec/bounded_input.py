"""Reading untrusted input within limits: size first, then read; never wait forever; JSON of bounded shape.

Every file rulespec reads (spec files, ``citations.lock``, rulebook texts, game logs, cache entries) may be
hostile or simply wrong: a 3 GB file, ``/dev/zero``, a FIFO nobody writes to, a symbolic link to itself, or
JSON nested a hundred thousand levels deep. The rules here:

- **Open without blocking and look before reading.** :func:`open_input` opens with ``O_NONBLOCK`` (opening a
  FIFO must not wait for a writer) and checks what the path is with ``fstat`` on the open descriptor, so the
  check and the read concern the same file. A regular file larger than the limit is refused before a byte is
  read.
- **Read at most the limit**, even from a file that grows or a device that never ends (``/dev/zero``): a
  stream past its limit is refused after ``limit + 1`` bytes.
- **Wait a bounded time** for a FIFO or a terminal: :data:`READ_TIMEOUT` seconds (``$RULESPEC_READ_TIMEOUT``)
  without data end the read with a message saying so.
- **Bounded JSON** (:func:`loads_json`): nesting, integer digits and non-finite numbers are refused with a
  message, instead of a ``RecursionError`` or ``ValueError`` escaping as a traceback.

Every failure is an :class:`InputError` whose message names the file; commands print it and exit 2.
"""

from __future__ import annotations

import codecs
import errno
import json
import os
import re
import select
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: Seconds to wait for data from a FIFO or terminal before giving up (``$RULESPEC_READ_TIMEOUT`` overrides).
READ_TIMEOUT = 10.0
TIMEOUT_ENV = "RULESPEC_READ_TIMEOUT"
#: Bytes read at once.
CHUNK = 1 << 16
#: Deepest JSON nesting accepted (logs and locks need 4 or 5 levels).
MAX_JSON_DEPTH = 32
#: Longest integer accepted in JSON, in digits (a 64-bit seed has 20).
MAX_INT_DIGITS = 30


class InputError(Exception):
    """Input that cannot be used: the message names the file and says why (and what to do, where it can);
    ``line`` is the 1-based line it concerns (0 when none)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def read_timeout() -> float:
    """Seconds to wait for data from a FIFO or terminal: ``$RULESPEC_READ_TIMEOUT``, else :data:`READ_TIMEOUT`."""
    try:
        value = float(os.environ.get(TIMEOUT_ENV, READ_TIMEOUT))
    except ValueError:
        return READ_TIMEOUT
    return value if value > 0 else READ_TIMEOUT


#: Why an open, read or write failed, in words a user acts on (both directions).
_REASONS = {
    errno.ELOOP: "a symbolic link that points to itself (or a loop of links)",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENAMETOOLONG: "the path is too long",
    errno.ENOSPC: "no space left on the device (disk full)",
    errno.EDQUOT: "disk quota exceeded",
    errno.EFBIG: "file too large for the device",
    errno.EROFS: "read-only file system",
    errno.EPIPE: "the reader closed the pipe",
}
#: What differs between reading and writing.
_READING = {errno.ENOENT: "file not found", errno.EISDIR: "is a folder, not a file"}
_WRITING = {errno.ENOENT: "the folder does not exist", errno.EISDIR: "is a folder"}


def describe_os_error(exc: OSError, writing: bool = False) -> str:
    """A short reason for a failed open, read or write, in words a user acts on."""
    code = exc.errno or 0
    return (_WRITING if writing else _READING).get(code) or _REASONS.get(code) or exc.strerror or str(exc)


def open_input(path: Path, what: str = "file", regular_only: bool = True) -> tuple[int, os.stat_result]:
    """Open ``path`` for reading without blocking; its descriptor and ``fstat``.

    ``regular_only`` refuses anything but a regular file (spec files, rulebook texts); otherwise FIFOs and
    character devices are accepted too (a game log may come through a pipe). Folders, sockets and block
    devices are always refused. The caller closes the descriptor.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(f"{path}: cannot read {what}: {describe_os_error(exc)}") from None
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise InputError(f"{path}: is a folder, not a {what}")
        if not stat.S_ISREG(mode):
            streams = stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)
            if regular_only or not streams:
                raise InputError(f"{path}: not a regular file ({_kind(mode)}); a {what} must be a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _chunks(fd: int, info: os.stat_result, path: Path, timeout: float) -> Iterator[bytes]:
    """The bytes of an open descriptor, chunk by chunk; a stream that stays silent ``timeout`` s fails."""
    regular = stat.S_ISREG(info.st_mode)
    poller = None if regular else select.poll()
    if poller is not None:
        poller.register(fd, select.POLLIN | select.POLLHUP)
    while True:
        if poller is not None and not poller.poll(timeout * 1000):
            raise InputError(f"{path}: no data within {timeout:g} s ({_kind(info.st_mode)} nobody writes to?); "
                             f"gave up waiting (set {TIMEOUT_ENV} to wait longer)")
        try:
            data = os.read(fd, CHUNK)
        except BlockingIOError:
            continue
        except OSError as exc:
            raise InputError(f"{path}: cannot read: {describe_os_error(exc)}") from None
        if not data:
            return
        yield data


def read_bytes(path: Path, limit: int, what: str = "file", regular_only: bool = True,
               timeout: float | None = None) -> bytes:
    """At most ``limit`` bytes of ``path``: a larger regular file is refused before reading, a longer stream
    after ``limit + 1`` bytes. See the module doc for what is refused and why."""
    fd, info = open_input(path, what, regular_only)
    try:
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise InputError(f"{path}: {info.st_size:,} bytes is too large for a {what} (limit {limit:,})")
        parts: list[bytes] = []
        size = 0
        for chunk in _chunks(fd, info, path, read_timeout() if timeout is None else timeout):
            size += len(chunk)
            if size > limit:
                raise InputError(f"{path}: more than {limit:,} bytes; too large for a {what}")
            parts.append(chunk)
        return b"".join(parts)
    finally:
        os.close(fd)


def read_text(path: Path, limit: int, what: str = "file", regular_only: bool = True) -> str:
    """:func:`read_bytes` decoded as UTF-8; a file that is not UTF-8 text is refused naming the offset."""
    data = read_bytes(path, limit, what, regular_only)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (invalid byte at offset {exc.start})") from None


def iter_lines(path: Path, max_bytes: int, max_line: int, max_lines: int, what: str = "file",
               timeout: float | None = None) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of each line of ``path``, streamed: memory stays bounded by ``max_line``
    whatever the file's size, and reading stops with an :class:`InputError` past any of the three limits.

    Regular files, FIFOs and character devices are read (a log may come through a pipe).
    """
    fd, info = open_input(path, what, regular_only=False)
    try:
        if stat.S_ISREG(info.st_mode) and info.st_size > max_bytes:
            raise InputError(f"{path}: {info.st_size:,} bytes is too large for a {what} (limit {max_bytes:,})")
        decoder = codecs.getincrementaldecoder("utf-8")()
        pending = ""
        number = 0
        size = 0
        offset = 0
        for chunk in _chunks(fd, info, path, read_timeout() if timeout is None else timeout):
            size += len(chunk)
            if size > max_bytes:
                raise InputError(f"{path}: more than {max_bytes:,} bytes; too large for a {what}")
            try:
                pending += decoder.decode(chunk)
            except UnicodeDecodeError as exc:
                raise InputError(f"{path}: not UTF-8 text (invalid byte near offset {offset + exc.start})") from None
            offset += len(chunk)
            *complete, pending = pending.split("\n")
            for line in complete:
                number += 1
                _check_line(path, number, line, max_line, max_lines)
                yield number, line
            if len(pending) > max_line:
                raise InputError(f"{path}:{number + 1}: line longer than {max_line:,} characters")
        try:
            pending += decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise InputError(f"{path}: not UTF-8 text (truncated character at the end)") from None
        if pending:
            number += 1
            _check_line(path, number, pending, max_line, max_lines)
            yield number, pending
    finally:
        os.close(fd)


def _check_line(path: Path, number: int, line: str, max_line: int, max_lines: int) -> None:
    if number > max_lines:
        raise InputError(f"{path}: more than {max_lines:,} lines; too long for this kind of file")
    if len(line) > max_line:
        raise InputError(f"{path}:{number}: line longer than {max_line:,} characters")


def loads_json(text: str, where: str, max_depth: int = MAX_JSON_DEPTH, max_digits: int = MAX_INT_DIGITS) -> Any:
    """``json.loads`` for untrusted text: nesting deeper than ``max_depth``, integers longer than
    ``max_digits`` digits and NaN/Infinity are refused with an :class:`InputError` naming ``where``.

    The depth is checked on the text before parsing, so a hostile document never reaches the recursive
    parser.
    """
    depth = _max_depth(text)
    if depth > max_depth:
        raise InputError(f"{where}: JSON nested {depth} levels deep (limit {max_depth})")

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > max_digits:
            raise InputError(f"{where}: integer of {len(digits.lstrip('-')):,} digits (limit {max_digits})")
        return int(digits)

    def parse_constant(name: str) -> Any:
        raise InputError(f"{where}: {name} is not a number JSON allows")

    def parse_float(digits: str) -> float:
        value = float(digits)
        if value in (float("inf"), float("-inf")):
            raise InputError(f"{where}: number {digits[:20]} is too large")
        return value

    try:
        return json.loads(text, parse_int=parse_int, parse_constant=parse_constant, parse_float=parse_float)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})", exc.lineno) from None
    except RecursionError:  # unreachable after the depth check; kept so no input can surface as a traceback
        raise InputError(f"{where}: JSON nested too deeply") from None


def _max_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings: a linear scan over the characters that matter
    (quotes, backslashes, brackets), without recursion."""
    if "[" not in text and "{" not in text:
        return 0
    depth = deepest = 0
    in_string = False
    escaped_at = -1
    for match in _SIGNIFICANT.finditer(text):
        char, at = match.group(), match.start()
        if in_string:
            if at == escaped_at:
                continue
            if char == "\\":
                escaped_at = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


_SIGNIFICANT = re.compile(r'["\\\[\]{}]')
