"""Generated outputs of the summaries area: `render(spec) -> {absolute path: content}`.

Per game, under `translations/generated/<game>/`:

* `summary.<lang>.md` and `summary.<lang>.html` for every summary language of the game, following the
  language's own edition (its terms and its readings of disputed rules; the spec's defaults for a language no
  edition is printed in);
* `aid.<lang>.html`, the player aid (one A4 sheet) of every summary language, following the same edition
  (`rulespec aid --format pdf` prints it);
* `lookup-index.json` and `lookup-docs.json`, the prebuilt index `rulespec lookup` searches and the rule texts,
  passages and rulings it shows.

For a game with several editions it also renders the translation audit's ranker, `translations/audit/ranker.json`,
trained on synthetic divergences of the game's aligned editions (`translations/audit/synthetic.py`).

`rulespec generate summaries` writes these atomically (or checks them with `--check`); everything is
byte-deterministic (sorted iteration, no timestamps).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

GENERATED_DIR = Path(__file__).resolve().parent / "generated"


def output_dir(spec: Any, root: Path = GENERATED_DIR) -> Path:
    return root / spec.id


def render(spec: Any, sources: Mapping[str, Path] | None = None, root: Path = GENERATED_DIR) -> dict[Path, str]:
    """Every generated file of the summaries area for `spec`."""
    from translations.lookup.index import build_index, docs_json, index_json
    from translations.lookup.search import DOCS_NAME, INDEX_NAME
    from translations.summary.render import FORMATS, render_aid, render_summary

    folder = output_dir(spec, root)
    files: dict[Path, str] = {}
    for lang in spec.summary_languages:
        for fmt in FORMATS:
            files[folder / f"summary.{lang}.{fmt}"] = render_summary(spec, lang, fmt)
        if spec.aid is not None:  # a game without aid.yaml has no player aid
            files[folder / f"aid.{lang}.html"] = render_aid(spec, lang)[0]
    index = build_index(spec, sources)
    files[folder / INDEX_NAME] = index_json(index)
    files[folder / DOCS_NAME] = docs_json(index)
    if len(spec.editions) >= 2:
        from translations.audit.synthetic import render_model

        files.update(render_model(spec, root.parent / "audit"))
    return dict(sorted(files.items()))
