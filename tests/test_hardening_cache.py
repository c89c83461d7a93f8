"""The audit cache cannot run code: entries are JSON and ``.npy`` (no pickles), verified by SHA-256, and come back
as plain data that the audit checks for its own shape; a corrupt, crafted or foreign entry is ignored (and
rebuilt by the caller). The pipe to the encoder process carries JSON and ``.npy`` frames, never pickles."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import re
from pathlib import Path

import numpy as np
import pytest
from hardening_helpers import REPO

from translations.audit import cache
from translations.audit.alignment import PreparedEdition
from translations.audit.embeddings import ProtocolError, _receive, _send
from translations.audit.features import Features, NumberMention
from translations.audit.prepare import from_cache, to_cache
from translations.audit.segment import Sentence

KEY = "ab" * 32



@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESPEC_CACHE", str(tmp_path / "cache"))


def _prepared() -> PreparedEdition:
    sentence = Sentence(index=0, block=0, section=0, kind="paragraph", start=0, end=9, text="Take 2 ships",
                        char_offsets=list(range(12)), tokens=["take", "2", "ships"],
                        token_spans=[(0, 4), (5, 6), (7, 12)], lemmas=["take", "2", "ship"],
                        lemma_keys=["Take", "2", None], step=3)
    features = Features(numbers=[NumberMention(value=2, strong=True, bound="exact", first=1, last=1, counts="ship")],
                        concepts={"ship": [(2, 2)]}, weak_concepts={"boat"},
                        markers={("modality", "must"): [(0, 0)]})
    return PreparedEdition(id="en", language="en", path="x.txt", sha256="0" * 64, source="Take 2 ships",
                           sentences=[sentence], features=[features],
                           embeddings=np.arange(6, dtype=np.float32).reshape(1, 6),
                           glossary_concepts=frozenset({"ship"}), concept_kinds={"ship": "component"},
                           not_rules=frozenset({4}))


def _entry(key: str = KEY) -> Path:
    return cache.cache_dir() / f"edition-{key}.json"


def _rewrite(path: Path, head_changes: dict[str, object], body: bytes | None = None) -> None:
    """Rewrite an entry with a consistent hash (as an attacker who can write the cache folder would)."""
    head_line, _, old_body = path.read_bytes().partition(b"\n")
    head = json.loads(head_line)
    body = old_body if body is None else body
    head.update(head_changes, sha256=hashlib.sha256(body).hexdigest())
    path.write_bytes(json.dumps(head).encode() + b"\n" + body)


def _put(edition: PreparedEdition | None = None) -> None:
    cache.blob_put(KEY, to_cache(edition or _prepared()))


def _get() -> PreparedEdition | None:
    """What the audit makes of the entry: the prepared edition, or None for anything not well formed."""
    value = cache.blob_get(KEY)
    return from_cache(value, "x.txt", "Take 2 ships") if value is not None else None


def test_a_prepared_edition_comes_back_equal() -> None:
    original = _prepared()
    _put(original)
    assert cache.has_blob(KEY)
    back = _get()
    assert isinstance(back, PreparedEdition)
    # lemma keys only serve while an edition is prepared: the cache leaves them out
    kept = [dataclasses.replace(s, lemma_keys=[None] * len(s.tokens)) for s in original.sentences]
    assert back.sentences == kept and back.features == original.features
    assert back.features[0].markers == {("modality", "must"): [(0, 0)]}
    assert back.glossary_concepts == frozenset({"ship"}) and back.not_rules == frozenset({4})
    assert back.embeddings.dtype == np.float32 and np.array_equal(back.embeddings, original.embeddings)
    assert not list(cache.cache_dir().glob("*.pickle"))


def _os_system_pickle(command: str) -> bytes:
    """Bytes that run ``command`` if anything unpickles them: a protocol-0 pickle written out by hand (the attack a
    crafted cache file carries), so that no test needs the pickle module either."""
    return b"cos\nsystem\n(V" + command.encode() + b"\ntR."


def _object_npy(payload: bytes) -> bytes:
    """A ``.npy`` file declaring an object array, whose data is ``payload`` (what ``np.load`` would unpickle)."""
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, {"descr": "|O", "fortran_order": False, "shape": (1,)})
    return buffer.getvalue() + payload


def test_a_pickle_in_the_cache_folder_is_never_loaded(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    attack = _os_system_pickle(f"touch {marker}")
    folder = cache.cache_dir()
    folder.mkdir(parents=True)
    (folder / f"edition-{KEY}.pickle").write_bytes(attack)
    (folder / f"edition-{KEY}.json").write_bytes(attack)
    assert cache.blob_get(KEY) is None
    _put()
    array = folder / f"edition-{KEY}.embeddings.npy"
    crafted = _object_npy(attack)  # an object array holds pickles
    array.write_bytes(crafted)
    _rewrite(_entry(), {"arrays": {"embeddings": hashlib.sha256(crafted).hexdigest()}})
    assert cache.blob_get(KEY) is None
    assert not marker.exists()


def test_a_corrupt_entry_is_ignored() -> None:
    _put()
    entry = _entry()
    data = entry.read_bytes()
    entry.write_bytes(data[:-10])  # truncated
    assert cache.blob_get(KEY) is None
    _put()
    entry.write_bytes(entry.read_bytes().replace(b'"Take 2 ships"', b'"Take 9 ships"', 1))  # edited, stale hash
    assert cache.blob_get(KEY) is None
    _put()
    array = cache.cache_dir() / f"edition-{KEY}.embeddings.npy"
    array.write_bytes(array.read_bytes()[:-4])  # the array no longer matches its hash
    assert cache.blob_get(KEY) is None


@pytest.mark.parametrize("changes", [
    {"type": "subprocess:Popen"},
    {"type": "os:system"},
    {"type": "translations.audit.cache:AuditInputs"},  # a name of ours, but not what this entry holds
    {"type": "translations.audit.nonexistent:X"},
    {"key": "cd" * 32},
    {"format": "rulespec-cache/1"},
], ids=["popen", "os-system", "other-dataclass", "no-module", "other-key", "old-format"])
def test_a_crafted_header_is_ignored(changes: dict[str, object]) -> None:
    _put()
    _rewrite(_entry(), changes)
    assert cache.blob_get(KEY) is None


def test_crafted_values_of_the_wrong_types_are_ignored() -> None:
    _put()
    body = json.loads(_entry().read_bytes().partition(b"\n")[2])
    for field, value in (("sentences", "not a list"), ("features", [{"numbers": [{"value": "two"}]}]),
                         ("not_rules", [{"x": 1}])):
        crafted = {**body, "edition": {**body["edition"], field: value}}
        _rewrite(_entry(), {}, json.dumps(crafted).encode())
        assert _get() is None, field
    _rewrite(_entry(), {}, json.dumps({"edition": "not an object"}).encode())
    assert _get() is None


def test_the_encoder_pipe_carries_json_and_npy_frames_only() -> None:
    texts, vectors = ["Take 2 ships", "Nimm 2 Schiffe"], np.arange(6, dtype=np.float32).reshape(2, 3)
    stream = io.BytesIO()
    for value in (texts, vectors, None, 4096):
        _send(stream, value)
    stream.seek(0)
    assert _receive(stream) == texts and np.array_equal(_receive(stream), vectors)
    assert _receive(stream) is None and _receive(stream) == 4096
    frame = _os_system_pickle("true")
    with pytest.raises(ProtocolError):  # a pickle under any tag but the two this module writes
        _receive(io.BytesIO(b"P" + len(frame).to_bytes(8, "little") + frame))
    with pytest.raises(ValueError):  # a pickle sent as an array frame is refused by allow_pickle=False
        crafted = _object_npy(frame)
        _receive(io.BytesIO(b"N" + len(crafted).to_bytes(8, "little") + crafted))


def test_an_entry_owned_by_another_user_is_ignored() -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    _put()
    os.chown(_entry(), 65534, 65534)
    assert cache.blob_get(KEY) is None


def test_audit_results_are_verified_too() -> None:
    result = {"findings": [{"id": "x"}], "warnings": []}
    cache.cache_put(KEY, result)
    assert cache.cache_get(KEY) == {**result, "_key": KEY}
    path = cache.cache_dir() / f"audit-{KEY}.json"
    path.write_bytes(path.read_bytes().replace(b'"x"', b'"y"'))
    assert cache.cache_get(KEY) is None
    assert cache.cache_get("../../etc/passwd") is None  # not a key: never a path


def test_no_module_of_the_project_imports_pickle() -> None:
    pattern = re.compile(r"^\s*(import\s+(c?pickle|dill|shelve)\b|from\s+(c?pickle|dill|shelve)\s+import)", re.M)
    offenders = set()
    for path in REPO.rglob("*.py"):
        relative = path.relative_to(REPO).as_posix()
        if relative.startswith(("tests/", ".venv/", "build/")) or "/generated/" in relative:
            continue
        if pattern.search(path.read_text(encoding="utf-8", errors="replace")):
            offenders.add(relative)
    assert not offenders, sorted(offenders)
