"""The `rulespec` command.

Start-up must stay fast (`rulespec --help`, `rulespec lookup`): command modules import only typer at module
level and import their heavy machinery (spaCy, jsonschema, the engines) inside the command functions.
"""

from __future__ import annotations

import typer

from cli import audit_command, build_command, engine_commands, spec_commands, summary_commands

app = typer.Typer(
    name="rulespec",
    help="Board-game rules as one validated, cited specification: engines, summaries and translation audits.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for module in (build_command, spec_commands, engine_commands, audit_command, summary_commands):
    module.register(app)


def main() -> None:
    """Console-script entry point."""
    import sys

    if summary_commands.wants_fast_lookup(sys.argv[1:]):
        # `rulespec lookup` skips typer's parameter layer (it imports pydantic): see cli/summary_commands.py.
        raise SystemExit(summary_commands.lookup_main(sys.argv[2:]))
    app()


if __name__ == "__main__":
    main()
