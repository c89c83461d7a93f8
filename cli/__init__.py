"""The `rulespec` command line: a thin typer app over the rulespec, translations and engine packages."""
