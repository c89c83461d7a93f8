"""Inline SVG icons for goods, ship values and other concepts in the HTML summaries (the player aid).

Icons are data (`icons/icons.yaml`): SVG shapes drawn in a 16×16 box, a shape and colours per glossary concept
id, and a default shape per concept kind. A concept not listed there gets its kind's shape in a colour derived
deterministically from its id (a hash, not Python's salted `hash()`), so output stays byte-identical between runs
and a second game gets icons without any code. Only concepts of the `icon_kinds` (goods, values) or with an
explicit entry get icons, so running text is not cluttered.

Every icon carries `role="img"` and a `<title>` with the term, so it reads correctly without the picture.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from markupsafe import escape

ICONS_FILE = Path(__file__).resolve().parent / "icons" / "icons.yaml"
STROKE = "#333"


def derived_colour(concept_id: str) -> str:
    """A stable, light colour for a concept without one (HSL from a hash of the id)."""
    digest = hashlib.sha256(concept_id.encode("utf-8")).digest()
    hue = digest[0] * 360 // 256
    return f"hsl({hue},55%,70%)"


@dataclass(frozen=True)
class IconSet:
    shapes: dict[str, str]
    kinds: dict[str, str]
    concepts: dict[str, dict[str, str]]
    icon_kinds: frozenset[str] = field(default_factory=frozenset)

    @staticmethod
    def load(path: Path = ICONS_FILE) -> IconSet:
        return _load(path)

    def has_icon(self, concept_id: str, kind: str) -> bool:
        return concept_id in self.concepts or kind in self.icon_kinds

    def svg(self, concept_id: str, kind: str, title: str, force: bool = False) -> str | None:
        """The inline SVG of a concept (None when it has no icon and `force` is false)."""
        if not force and not self.has_icon(concept_id, kind):
            return None
        entry = self.concepts.get(concept_id, {})
        shape = entry.get("shape") or self.kinds.get(kind) or "disc"
        body = self.shapes.get(shape, self.shapes.get("disc", ""))
        fill = entry.get("fill") or derived_colour(concept_id)
        body = body.replace("{fill}", str(escape(fill))).replace("{stroke}", STROKE)
        return (f'<svg class="icon icon-{escape(concept_id)}" viewBox="0 0 16 16" width="1em" height="1em" '
                f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>{body}</svg>')


@lru_cache(maxsize=4)
def _load(path: Path) -> IconSet:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    shapes = {k: " ".join(str(v).split()) for k, v in data.get("shapes", {}).items()}
    return IconSet(shapes, dict(data.get("kinds", {})), {k: dict(v) for k, v in data.get("concepts", {}).items()},
                   frozenset(data.get("icon_kinds", [])))
