"""Writing what rulespec produces: user outputs (``--output``), generated files, and output folders.

**User outputs** go through :func:`write_output`, the one helper every command uses for ``--output``, so that
writing a report never destroys something else:

============================== ===============================================================================
the path names                 what happens
============================== ===============================================================================
``-``                          written to standard output
a new path or a regular file   written to a temporary file beside it, then renamed over it (atomic: readers
                               never see half a file; the file keeps its permissions)
a character device or a FIFO   written *through* (``/dev/null``, ``/dev/full``, a terminal, a pipe): the device
                               stays a device. A FIFO nobody reads from is refused at once instead of hanging
a folder                       refused
a symbolic link                written through only to a device, FIFO or this process's own standard output or
                               error (``/dev/stdout``); a link to a regular file is refused rather than have its
                               target replaced behind the user's back
one of the command's inputs    refused (``--output`` onto a rulebook being audited)
a socket or block device       refused
============================== ===============================================================================

Failures raise :class:`OutputError` (an :class:`OSError`), whose message names the path and the reason — a
full disk included. ``cli.app`` turns it into exit code 2 for every command.

**Generated files** (``rulespec generate``, ``build``) are written with :func:`write_atomic` and checked for
staleness like openapi-generator's ensure-up-to-date check: ``--check`` renders everything afresh and compares
bytes; a file that differs or is missing is stale.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO

from rulespec.bounded_input import describe_os_error

#: What ``--output`` accepts to mean standard output.
STDOUT = "-"


class OutputError(OSError):
    """An output that cannot (or must not) be written. ``str()`` is the whole message, naming the path."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(code, message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def describe_write_error(exc: OSError) -> str:
    """The reason a write failed, in words a user acts on."""
    return describe_os_error(exc, writing=True)


def _encode(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else content


def write_output(target: Path | str, content: str | bytes, *, inputs: Iterable[Path] = ()) -> str:
    """Write a command's output to ``target`` safely (see the module doc); returns how it was written
    (``"stdout"``, ``"file"`` or ``"device"``). ``inputs`` are files the command read and must not overwrite."""
    data = _encode(content)
    how, path = _destination(target, inputs)
    if how == "stdout":
        _write_stream(sys.stdout, data, "standard output")
    elif how == "stderr":
        _write_stream(sys.stderr, data, "standard error")
    elif how in ("device", "fifo"):
        _write_device(path, data, fifo=how == "fifo")
    else:
        write_atomic(path, data)
    return "stdout" if how in ("stdout", "stderr") else "device" if how in ("device", "fifo") else "file"


def _destination(target: Path | str, inputs: Iterable[Path]) -> tuple[str, Path]:
    """How ``target`` is written: ``stdout``, ``stderr``, ``device``, ``fifo`` or ``file`` (atomic replace);
    an :class:`OutputError` for what must not be written (see the module doc)."""
    if str(target) == STDOUT:
        return "stdout", Path(STDOUT)
    path = Path(target)
    try:
        link = os.lstat(path)
    except FileNotFoundError:
        folder = path.parent
        if not folder.is_dir():  # a typo in an output path must not create a tree of folders
            raise OutputError(f"{path}: cannot write: folder {folder} does not exist", errno.ENOENT) from None
        return "file", path
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None
    _refuse_inputs(path, inputs)
    if stat.S_ISLNK(link.st_mode):
        return _link_destination(path), path
    if stat.S_ISREG(link.st_mode):
        return "file", path
    if stat.S_ISDIR(link.st_mode):
        raise OutputError(f"{path}: is a folder; name a file to write to (or - for standard output)", errno.EISDIR)
    if stat.S_ISCHR(link.st_mode):
        return "device", path
    if stat.S_ISFIFO(link.st_mode):
        return "fifo", path
    raise OutputError(f"{path}: is {_kind(link.st_mode)}; rulespec writes only to files, character devices, FIFOs "
                      "or - (standard output)")


def _kind(mode: int) -> str:
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def _refuse_inputs(path: Path, inputs: Iterable[Path]) -> None:
    for source in inputs:
        try:
            same = os.path.samefile(path, source)
        except OSError:
            continue
        if same:
            raise OutputError(f"{path}: is one of this command's inputs ({source}); refusing to overwrite it")


def _link_destination(path: Path) -> str:
    """A symbolic link: written through to a device, FIFO or our own stdout/stderr; anything else refused."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise OutputError(f"{path}: is a symbolic link whose target cannot be used ({describe_write_error(exc)}); "
                          "refusing to follow it", exc.errno or 0) from None
    for fd, name in ((1, "stdout"), (2, "stderr")):
        try:
            own = os.fstat(fd)
        except OSError:
            continue
        if (own.st_dev, own.st_ino) == (info.st_dev, info.st_ino):
            return name
    if stat.S_ISCHR(info.st_mode):
        return "device"
    if stat.S_ISFIFO(info.st_mode):
        return "fifo"
    target = os.path.realpath(path)
    raise OutputError(f"{path}: is a symbolic link to {target}; rulespec does not replace the target of a link: "
                      "write to the target itself, or remove the link first")


def _write_stream(stream: object, data: bytes, name: str) -> None:
    """Write to an already open standard stream (through its binary buffer, after what was printed before)."""
    try:
        stream.flush()  # type: ignore[attr-defined]
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        else:
            stream.write(data.decode("utf-8"))  # type: ignore[attr-defined]
            stream.flush()  # type: ignore[attr-defined]
    except OSError as exc:
        raise OutputError(f"{name}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None


def _open_device(path: Path, fifo: bool) -> int:
    """A descriptor writing through to a character device or FIFO: never created, truncated or replaced."""
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        # A FIFO opened for writing waits for a reader; non-blocking, the open fails at once when there is none.
        fd = os.open(path, flags | (os.O_NONBLOCK if fifo else 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OutputError(f"{path}: no process is reading from this FIFO; start the reader first",
                              exc.errno) from None
        raise OutputError(f"{path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None
    if fifo:
        os.set_blocking(fd, True)  # the reader is there: from now on, wait for it like any pipe
    return fd


def _write_device(path: Path, data: bytes, fifo: bool) -> None:
    fd = _open_device(path, fifo)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None
    finally:
        os.close(fd)


class OutputStream:
    """A text stream to an output (see :func:`open_output`): write, flush, then :meth:`close`."""

    def __init__(self, path: Path, handle: IO[str], temp: Path | None, mode: int, keep_partial: bool) -> None:
        self.path = path
        self._handle = handle
        self._temp = temp
        self._mode = mode
        self._keep_partial = keep_partial
        self.closed = False

    def write(self, text: str) -> int:
        try:
            return self._handle.write(text)
        except OSError as exc:
            raise OutputError(f"{self.path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None

    def flush(self) -> None:
        try:
            self._handle.flush()
        except OSError as exc:
            raise OutputError(f"{self.path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None

    def close(self, commit: bool = True) -> None:
        """Finish the output: a temporary file is renamed over the target (``commit``), or removed."""
        if self.closed:
            return
        self.closed = True
        if self._temp is None:
            if self._handle not in (sys.stdout, sys.stderr):
                self._handle.close()
            else:
                self.flush()
            return
        try:
            self._handle.close()
            if commit or self._keep_partial:
                os.chmod(self._temp, self._mode)
                os.replace(self._temp, self.path)
        except OSError as exc:
            raise OutputError(f"{self.path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None
        finally:
            self._temp.unlink(missing_ok=True)

    def __enter__(self) -> OutputStream:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        self.close(commit=kind is None)


def open_output(target: Path | str, *, keep_partial: bool = False, inputs: Iterable[Path] = ()) -> OutputStream:
    """A text stream to ``target`` with the rules of :func:`write_output`, for output written as it is made (a
    game log). A file is written to a temporary file renamed over the target on :meth:`OutputStream.close`;
    ``keep_partial`` renames it even when the writer stopped early (a log of the moves so far is a good log)."""
    how, path = _destination(target, inputs)
    if how in ("stdout", "stderr"):
        stream = sys.stdout if how == "stdout" else sys.stderr
        return OutputStream(path, stream, None, 0, keep_partial)
    if how in ("device", "fifo"):
        fd = _open_device(path, fifo=how == "fifo")
        return OutputStream(path, os.fdopen(fd, "w", encoding="utf-8"), None, 0, keep_partial)
    folder = ensure_folder(path.parent)
    try:
        existing = os.lstat(path)
        mode = stat.S_IMODE(existing.st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write in {folder}: {describe_write_error(exc)}", exc.errno or 0) from None
    return OutputStream(path, os.fdopen(fd, "w", encoding="utf-8"), Path(tmp), mode, keep_partial)


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write ``content`` to ``path`` via a temp file and a rename, so readers never see half a file.

    Only a regular file (or a new path) is replaced: anything else there — a folder, a symbolic link, a device
    — is refused with an :class:`OutputError` rather than swapped for a file. A replaced file keeps its
    permissions; a new one gets the usual ``0666 & ~umask``. On any failure (a full disk included) the temp
    file is removed and the old file is left as it was.
    """
    data = _encode(content)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        what = "a symbolic link" if stat.S_ISLNK(info.st_mode) else ("a folder" if stat.S_ISDIR(info.st_mode) else
                                                                      "not a regular file")
        raise OutputError(f"{path}: is {what}; only a regular file is replaced")
    folder = ensure_folder(path.parent)
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write in {folder}: {describe_write_error(exc)}", exc.errno or 0) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, mode)  # mkstemp creates the file 0600
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"{path}: cannot write: {describe_write_error(exc)}", exc.errno or 0) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def ensure_folder(folder: Path) -> Path:
    """``folder``, created with its parents if missing; an :class:`OutputError` naming the path when it is a
    file, cannot be created, or cannot be written to."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{folder}: is a file, not a folder; name a folder to write to", errno.ENOTDIR) from None
    except OSError as exc:
        blocker = _first_non_folder(folder)
        if blocker is not None:
            raise OutputError(f"{folder}: cannot create the folder: {blocker} is a file, not a folder",
                              errno.ENOTDIR) from None
        raise OutputError(f"{folder}: cannot create the folder: {describe_write_error(exc)}", exc.errno or 0) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{folder}: cannot write in this folder: permission denied", errno.EACCES)
    return folder


def _first_non_folder(folder: Path) -> Path | None:
    for part in (*reversed(folder.parents), folder):
        if part.exists() and not part.is_dir():
            return part
    return None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def stale_files(files: Mapping[Path, str]) -> list[Path]:
    """Paths whose current content differs from the fresh render (missing files included)."""
    stale = []
    for path, content in sorted(files.items()):
        try:
            current = path.read_bytes()
        except OSError:
            stale.append(path)
            continue
        if current != content.encode("utf-8"):
            stale.append(path)
    return stale


def write_outputs(files: Mapping[Path, str]) -> list[Path]:
    """Write every changed file atomically; return the paths written."""
    changed = stale_files(files)
    for path in changed:
        write_atomic(path, files[path])
    return changed
