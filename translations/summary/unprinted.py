"""The values no rulebook prints: a rule's (or setup step's) params and a ruling reading's params whose provenance
is `example`, `inferred` or `assumed`, each with the spec's English reason for it.

Where a user sees such a value by name (the look-up's "Not printed in any rulebook" line), the name and the
reason are shown in the user's language. Both stay English in the spec, the single source; they are msgids of the
summaries' message catalog (`translations.summary.catalog` extracts them from the spec files with
`messages_in`), and the look-up index stores them translated per view (`translations.lookup.index`).

For Race to the New Found Land, `Unprinted(spec).of_rule(spec.rules["frame_markers.once_per_player"])` gives
one value, `counts on later laps` = False (assumed: no edition states whether a marker counts on later laps).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

#: Provenance categories of a value no rulebook prints.
UNPRINTED = ("example", "inferred", "assumed")


@dataclass(frozen=True)
class UnprintedValue:
    """One value no rulebook prints, where it is written (file as displayed, 1-based line), and why it is so."""

    param: str
    value: Any
    provenance: str
    reason: str
    file: str
    line: int
    #: The name the spec gives the value (`name` of its provenance mark), if any.
    given_name: str = ""

    @property
    def name(self) -> str:
        """The English name shown to a user (and its catalog msgid): the spec's name for it, else the param id in
        words."""
        return self.given_name or self.param.replace("_", " ")


def value_words(value: Any, concepts: Mapping[str, Any]) -> list[str]:
    """The msgids of a value's words: each string in it that is no concept id (a concept shows as its term), its
    underscores as spaces (`early_returners` → `early returners`, `[red, blue]` → `red`, `blue`)."""
    if isinstance(value, list | tuple):
        return [word for item in value for word in value_words(item, concepts)]
    if isinstance(value, str) and value not in concepts:
        return [value.replace("_", " ")]
    return []


class Unprinted:
    """The unprinted values of one spec, read from its files' provenance marks (`rulespec.provenance`)."""

    def __init__(self, spec: Any) -> None:
        from rulespec.loading import load_documents
        from rulespec.provenance import value_sites

        self.spec = spec
        self.sites = {(site.file, site.path): site for site in value_sites(load_documents(spec.root))}

    def _values(self, file: str, prefix: str, params: Mapping[str, Any]) -> list[UnprintedValue]:
        found = []
        for name, value in params.items():
            path = f"{prefix}/{name}"
            site = self.sites.get((file, path))
            if site is not None and site.category in UNPRINTED:
                found.append(UnprintedValue(name, value, site.category, " ".join(site.reason.split()), file, site.line,
                                            " ".join(site.name.split())))
        return found

    def of_rule(self, rule: Any) -> list[UnprintedValue]:
        """The unprinted values of a rule or setup step."""
        return self._values(rule.origin.file, f"{rule.origin.path}/params", rule.params)

    def of_reading(self, ruling: Any, reading_id: str) -> list[UnprintedValue]:
        """The unprinted values a ruling's reading sets."""
        number = list(ruling.readings).index(reading_id)
        return self._values(ruling.origin.file, f"{ruling.origin.path}/readings/{number}/params",
                            ruling.readings[reading_id].params)

    def every(self) -> Iterator[UnprintedValue]:
        """Every unprinted value of the spec: setup steps', rules', then ruling readings'."""
        for rule in [*self.spec.setup, *self.spec.rules.values()]:
            yield from self.of_rule(rule)
        for ruling in self.spec.rulings.values():
            for reading_id in ruling.readings:
                yield from self.of_reading(ruling, reading_id)

    def messages_in(self, file: str) -> Iterator[tuple[int, str, str]]:
        """`(line, msgid, comment)` of the names, words and reasons of the unprinted values written in `file`."""
        for value in self.every():
            if value.file != file:
                continue
            yield value.line, value.name, f"value no rulebook prints {value.param}: name"
            for word in value_words(value.value, self.spec.concepts):
                yield value.line, word, f"value no rulebook prints {value.param}: value"
            if value.reason:
                yield value.line, value.reason, f"value no rulebook prints {value.param}: reason"
