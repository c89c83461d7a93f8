"""Rule checks: situations set up from the rulebooks, played through the public engine API, each enforcing one
quoted sentence of an edition (see :mod:`rulechecks.rulebook`)."""
