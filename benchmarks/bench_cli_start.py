"""How fast `rulespec --help` starts, against `python -c "import typer"` (the floor any typer CLI pays).

Prints the median wall time of each over several cold subprocess runs and whether spaCy was imported.
Run: python benchmarks/bench_cli_start.py [runs]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    typer_floor = median_seconds([sys.executable, "-c", "import typer"], runs)
    help_time = median_seconds([sys.executable, "-m", "cli.app", "--help"], runs)
    probe = "import sys, cli.app; print('spacy' in sys.modules)"
    spacy_loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    print(f"import typer          : {typer_floor * 1000:7.1f} ms (median of {runs})")
    print(f"rulespec --help       : {help_time * 1000:7.1f} ms (median of {runs})")
    print(f"ratio                 : {help_time / typer_floor:7.2f}x")
    print(f"spaCy imported at start: {spacy_loaded}")


if __name__ == "__main__":
    main()
