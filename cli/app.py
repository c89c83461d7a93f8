"""The `rulespec` command.

Start-up must stay fast (`rulespec --help`, `rulespec lookup`): command modules import only typer at module
level and import their heavy machinery (spaCy, jsonschema, the engines) inside the command functions.

:func:`main` guards every command the same way, so that no command ends in a traceback for a reason outside
the program:

- an output that cannot be written (:class:`rulespec.outputs.OutputError`: a folder, a link, a FIFO without a
  reader, a full disk) exits 2 with its message;
- standard output on a full disk (``rulespec validate > /dev/full``) or an I/O error exits 2 with a message;
- a reader that closes the pipe early (``rulespec trace GAME | head``) ends quietly, exit 141 as a shell
  reports SIGPIPE;
- bad input the command did not catch itself (:class:`rulespec.bounded_input.InputError`) exits 2.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable

import typer

from cli import audit_command, build_command, engine_commands, spec_commands, summary_commands

app = typer.Typer(
    name="rulespec",
    help="Board-game rules as one validated, cited specification: engines, summaries and translation audits.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help: typer's rich panels print a type beside every option (`--strict <bool>`), which reads as if
    # a flag took a value. Plain help shows only the metavars the options declare.
    rich_markup_mode=None,
)

for module in (build_command, spec_commands, engine_commands, audit_command, summary_commands):
    module.register(app)

#: Exit code of a process whose reader went away (128 + SIGPIPE), as shells report it.
BROKEN_PIPE_EXIT = 141


def _run_command() -> int:
    if summary_commands.wants_fast_lookup(sys.argv[1:]):
        # `rulespec lookup` skips typer's parameter layer (it imports pydantic): see cli/summary_commands.py.
        return summary_commands.lookup_main(sys.argv[2:])
    try:
        app()
    except SystemExit as done:
        return _exit_code(done.code)
    return 0


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # SystemExit("message") prints the message, as the interpreter would
    return 1


def guarded(run: Callable[[], int]) -> int:
    """Run ``run`` and flush standard output, turning output and input failures into a message and exit code."""
    from rulespec.outputs import OutputError, describe_write_error

    try:
        code = run()
        sys.stdout.flush()
        return code
    except OutputError as exc:
        _silence_stdout()
        return _complain(str(exc))
    except OSError as exc:
        _silence_stdout()
        if exc.errno == errno.EPIPE:
            return BROKEN_PIPE_EXIT
        if exc.filename:
            return _complain(f"{exc.filename}: {describe_write_error(exc)}")
        # Writes to named files go through rulespec.outputs (OutputError): an unnamed failure is standard output.
        return _complain(f"standard output: cannot write: {describe_write_error(exc)}")
    except _input_error() as exc:
        return _complain(str(exc))


def _input_error() -> type[Exception]:
    from rulespec.bounded_input import InputError

    return InputError


def _complain(message: str) -> int:
    with contextlib.suppress(OSError):
        print(f"rulespec: {message}", file=sys.stderr, flush=True)
    return 2


def _silence_stdout() -> None:
    """Point standard output at /dev/null: what is still buffered must not fail again at interpreter exit
    (Python would print "Exception ignored" and exit 120)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def main() -> None:
    """Console-script entry point."""
    raise SystemExit(guarded(_run_command))


if __name__ == "__main__":
    main()
