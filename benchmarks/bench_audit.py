"""Speed and memory of the translation audit: all editions of a game (every pair), cold and warm, and a draft.

Cold: a fresh, empty cache folder and a new process: nothing cached, neither the result nor any edition's
sentences, features or embeddings (spaCy, the sentence encoder and the spec all load, every text is segmented and
encoded). Warm: the same command again (the result comes from the content-keyed cache). Draft: a copy of one edition with
one changed word audited as a new translation against the others (``--editions ... --draft LANG=PATH``), once
with an empty cache and once with the reference editions already prepared (the usual case: a publisher audits
draft after draft against the same references). Each run is the real command in a subprocess. Prints wall and
CPU times (a shared machine's load inflates wall time; the load average is printed too), the cold run's stage
breakdown and peak memory. Targets: cold <= 5 s, warm <= 1 s, draft <= 5 s, peak <= 1 GB.

Run: python benchmarks/bench_audit.py [GAME] [warm runs]
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_PROBE = """
import json, resource, sys, time
started = time.perf_counter()
from cli.app import main
sys.argv = ["rulespec", "audit", sys.argv[1], "--format", "json", "-o", sys.argv[2], *sys.argv[3:]]
try:
    main()
except SystemExit as exc:
    if exc.code:
        raise
"""


def run(game: str, cache: Path, out: Path, *extra: str) -> tuple[float, float]:
    """Wall time and CPU time (user + system, the encoder process included) of one audit subprocess; prints
    the one-minute load average before it (a shared machine's load inflates wall time, hardly CPU time)."""
    print(f"  (load {os.getloadavg()[0]:.1f} before a run of {' '.join(extra) or 'every edition'})", file=sys.stderr)
    env = {**os.environ, "RULESPEC_CACHE": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", _PROBE, game, str(out), *extra], cwd=REPO, env=env, check=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "race_to_the_new_found_land"
    warm_runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory() as tmp:
        cache, out = Path(tmp) / "cache", Path(tmp) / "audit.json"
        cold, cold_cpu = run(game, cache, out)
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        result = json.loads(out.read_text(encoding="utf-8"))
        entry = next(cache.glob("audit-*.json"))
        _header, _, body = entry.read_text(encoding="utf-8").partition("\n")  # see translations.audit.cache
        timings = json.loads(body).get("timings", {})
        warm = [run(game, cache, out) for _ in range(warm_runs)]
        draft_args = _draft(game, result, Path(tmp))
        draft_cold = run(game, Path(tmp) / "draft-cache", out, *draft_args) if draft_args else None
        draft_warm_refs = run(game, cache, out, *draft_args) if draft_args else None
    editions = [e["id"] for e in result["editions"]]
    pairs = len(editions) * (len(editions) - 1) // 2
    print(f"game                 : {game}")
    print(f"editions             : {len(editions)} ({', '.join(editions)}), {pairs} pairs")
    print(f"findings             : {len(result['findings'])}")
    print(f"cold (empty cache)   : {cold:6.2f} s wall, {cold_cpu:6.2f} s CPU   (target <= 5 s)")
    peaks = {k: v for k, v in timings.items() if k.startswith("peak MB")}
    cpu = timings.get("cpu s", {})
    for stage, seconds in timings.get("wall s", {}).items():
        print(f"  {stage:<32}: {seconds:6.2f} s wall, {cpu.get(stage, 0.0):6.2f} s CPU (main process)")
    print(f"warm (cached), median: {statistics.median(w for w, _ in warm):6.2f} s wall, "
          f"{statistics.median(c for _, c in warm):6.2f} s CPU   (target <= 1 s; {warm_runs} runs)")
    main_mb = peaks.get("peak MB, main process", peak_kb / 1024)
    worker_mb = peaks.get("peak MB, encoder process", 0.0)
    print(f"peak memory (cold)   : {main_mb:6.0f} MB main + {worker_mb:.0f} MB encoder worker = "
          f"{main_mb + worker_mb:.0f} MB  (target <= 1024 MB)")
    if draft_cold and draft_warm_refs:
        print(f"draft, empty cache   : {draft_cold[0]:6.2f} s wall, {draft_cold[1]:6.2f} s CPU   (target <= 5 s)")
        print(f"draft, refs prepared : {draft_warm_refs[0]:6.2f} s wall, {draft_warm_refs[1]:6.2f} s CPU   "
              "(target <= 5 s)")
    print(f"cpus / load average  : {os.cpu_count()} / {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def _draft(game: str, result: dict, folder: Path) -> list[str]:
    """Arguments auditing a copy of the last edition, one word changed, as a draft against the others."""
    editions = result["editions"]
    if len(editions) < 2:
        return []
    last = editions[-1]
    text = Path(last["path"]).read_text(encoding="utf-8")
    words = text.split()
    middle = len(words) // 2
    changed = text.replace(words[middle], words[middle] + "s", 1)
    path = folder / f"draft.{last['language']}.txt"
    path.write_text(changed, encoding="utf-8")
    others = ",".join(e["id"] for e in editions[:-1])
    return ["--editions", others, "--draft", f"{last['language']}={path}"]


if __name__ == "__main__":
    main()
