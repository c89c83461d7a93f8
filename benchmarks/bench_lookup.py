"""How fast a cold `rulespec lookup` answers, against `python -c "import typer"` (the floor of any typer CLI).

The target is a ratio <= 1.5: the look-up reads a prebuilt JSON index with standard-library code only, so it must
not pay for spaCy, numpy, jsonschema, Babel or Jinja. Prints median wall times of cold subprocess runs, the ratio,
the time spent inside the search itself, and which heavy modules a look-up imported (should be none).

Run: python benchmarks/bench_lookup.py [runs] [query ...]
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HEAVY = ("spacy", "numpy", "jsonschema", "babel", "jinja2", "yaml", "rapidfuzz", "rich")
QUERIES = ("New England", "Rahmenmarker", "kadertegel", "milestone", "charter ship", "Charterschiff",
           "wie viele Schiffe passen in eine Werft?", "wie mag als eerste leveren", "charter shp", "xyzzy blorf")


#: CPU seconds (user + system) of every child run, per command: less sensitive to the machine's load than wall time.
CPU: dict[str, list[float]] = {}


def median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO)
        times.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        CPU.setdefault(argv[-1], []).append(cpu)
    return statistics.median(times)


def imported_heavy(query: str) -> list[str]:
    """Heavy modules loaded by one look-up run in a fresh interpreter."""
    probe = (
        "import sys\n"
        "from cli.app import app\n"
        f"try:\n    app(['lookup', {query!r}], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
        f"import json; print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=REPO)
    return json.loads(out.stdout.strip().splitlines()[-1])


def search_ms(queries: tuple[str, ...], repeat: int = 50) -> tuple[float, float]:
    """(index load ms, mean search ms per query) in this process."""
    sys.path.insert(0, str(REPO))
    from translations.lookup import present
    from translations.lookup import search as lookup

    started = time.perf_counter()
    indexes = lookup.load_indexes()
    present.describe(lookup.search(indexes, queries[0])[0])  # the shown rule's documents are part of a look-up
    load = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    for _ in range(repeat):
        for query in queries:
            lookup.search(indexes, query)
    per_query = (time.perf_counter() - started) * 1000 / (repeat * len(queries))
    return load, per_query


def interleaved(queries: tuple[str, ...], runs: int) -> tuple[list[float], dict[str, list[float]]]:
    """Cold run times of `import typer` and of each look-up, interleaved run by run so that a change in the
    machine's load affects the floor and the look-ups alike."""
    floor: list[float] = []
    times: dict[str, list[float]] = {q: [] for q in queries}
    for _ in range(runs):
        floor.append(median_seconds([sys.executable, "-c", "import typer"], 1))
        for query in queries:
            times[query].append(median_seconds([sys.executable, "-m", "cli.app", "lookup", query], 1))
    return floor, times


def main() -> None:
    args = sys.argv[1:]
    runs = int(args[0]) if args and args[0].isdigit() else 9
    queries = tuple(a for a in args if not a.isdigit()) or QUERIES
    floor_runs, runs_by_query = interleaved(queries, runs)
    floor = statistics.median(floor_runs)
    times = {q: statistics.median(t) for q, t in runs_by_query.items()}
    every = [t for ts in runs_by_query.values() for t in ts]
    load, per_query = search_ms(queries)
    print(f"import typer                : {floor * 1000:7.1f} ms (median of {runs} cold runs, interleaved)")
    for query, seconds in times.items():
        print(f"rulespec lookup {query!r:<15}: {seconds * 1000:7.1f} ms  ratio {seconds / floor:5.2f}x")
    print(f"all look-ups (median)       : {statistics.median(every) * 1000:7.1f} ms  ratio "
          f"{statistics.median(every) / floor:5.2f}x (target <= 1.50)")
    print(f"worst query (median)        : ratio {max(times.values()) / floor:5.2f}x")
    floor_cpu = statistics.median(CPU["import typer"])
    every_cpu = [c for query in queries for c in CPU[query]]
    print(f"CPU time, import typer      : {floor_cpu * 1000:7.1f} ms; look-ups (median) "
          f"{statistics.median(every_cpu) * 1000:7.1f} ms  ratio {statistics.median(every_cpu) / floor_cpu:5.2f}x "
          f"(load average {os.getloadavg()[0]:.1f})")
    print(f"index load (all games)      : {load:7.1f} ms; search {per_query:.2f} ms/query (in-process)")
    print(f"heavy modules imported      : {imported_heavy(queries[0]) or 'none'}")


if __name__ == "__main__":
    main()
