"""Message catalogs for the summaries: load a language's `.po` file as a gettext translations object.

The catalogs live in `translations/locale/<lang>/LC_MESSAGES/messages.po` (Babel/gettext layout). We read the `.po`
text directly with Babel instead of compiling `.mo` files: the committed text is then the only source of truth,
there is no binary build artefact that can go stale, and the result is byte-for-byte deterministic.
Like `msgfmt`, fuzzy and empty translations are skipped, so the English msgid shows through (and the catalog
check in the test suite reports them).

English needs no catalog: `translations_for("en")` returns the identity translations.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"


def po_path(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Path of the `.po` catalog of `lang`."""
    return locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_languages(locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Languages with a catalog, plus English (the language of the msgids), sorted."""
    found = {p.parent.parent.name for p in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    return sorted(found | {SOURCE_LANGUAGE})


class CatalogTranslations(gettext.NullTranslations):
    """gettext translations backed by a Babel catalog (read from `.po`).

    Implements `gettext`/`ngettext` (and the `p`-variants with a context) with the catalog's CLDR plural rule,
    which is what `jinja2.ext.i18n` calls for `{% trans %}` / `{% pluralize %}`.
    """

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self._plural = gettext.c2py(catalog.plural_expr)  # type: ignore[attr-defined]
        self._messages: dict[tuple[str, str | None], tuple[str, ...]] = {}
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings):
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            self._messages[(key, message.context)] = tuple(strings)

    def has(self, msgid: str, context: str | None = None) -> bool:
        """True when `msgid` has a (non-fuzzy, complete) translation."""
        return (msgid, context) in self._messages

    def extended(self, messages: dict[str, str]) -> CatalogTranslations:
        """A copy with more (or overriding) singular translations — e.g. a test game's own msgids."""
        copy = self.__class__.__new__(self.__class__)
        copy.__dict__.update(self.__dict__)
        copy._messages = {**self._messages, **{(k, None): (v,) for k, v in messages.items()}}
        return copy

    def gettext(self, message: str) -> str:
        return self.pgettext(None, message)  # type: ignore[arg-type]

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.npgettext(None, msgid1, msgid2, n)  # type: ignore[arg-type]

    def pgettext(self, context: str | None, message: str) -> str:  # type: ignore[override]
        found = self._messages.get((message, context))
        return found[0] if found else message

    def npgettext(self, context: str | None, msgid1: str, msgid2: str, n: int) -> str:  # type: ignore[override]
        found = self._messages.get((msgid1, context))
        if not found:
            return msgid1 if n == 1 else msgid2
        index = self._plural(n)
        return found[index] if index < len(found) else found[-1]


class SourceTranslations(CatalogTranslations):
    """The source language (English): the msgid is the text, unless its catalog has an entry (the msgid with
    glossary terms tagged as `{term:…}`, so that an English edition's terms can be swapped in)."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        super().__init__(catalog if catalog is not None else Catalog(locale=SOURCE_LANGUAGE))

    def has(self, msgid: str, context: str | None = None) -> bool:
        return True


def load_catalog(lang: str, locale_dir: Path = LOCALE_DIR) -> Catalog:
    """Read the `.po` catalog of `lang` (raises FileNotFoundError when there is none)."""
    with po_path(lang, locale_dir).open("rb") as handle:
        return read_po(handle, locale=lang)


@lru_cache(maxsize=16)
def translations_for(lang: str, locale_dir: Path = LOCALE_DIR) -> CatalogTranslations:
    """The translations of `lang`; English is the identity. Unknown languages raise `LookupError`."""
    path = po_path(lang, locale_dir)
    if lang == SOURCE_LANGUAGE:
        return SourceTranslations(load_catalog(lang, locale_dir) if path.is_file() else None)
    if not path.is_file():
        raise LookupError(f"no message catalog for language {lang!r} (expected {path})")
    return CatalogTranslations(load_catalog(lang, locale_dir))


def plural_index(lang: str, n: float) -> int:
    """CLDR plural category of `n` in `lang` as a gettext index: 0 for `one`, 1 otherwise (en/de/nl rules)."""
    category = Locale.parse(lang).plural_form(n)
    return 0 if category == "one" else 1
