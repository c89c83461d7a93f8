"""Peak memory of ``rulespec replay`` on garbage: bounded, whatever the input.

``replay`` streams a log line by line within a size, line-count and line-length limit
(:mod:`engine.runtime.replay`), so its peak RSS should stay at the interpreter's plus the engine's, whatever it
is given. Before, ``rulespec replay /dev/zero`` grew to 23 GB until the kernel killed it. Each case runs the
command in a fresh process and reads that process's own peak RSS (``ru_maxrss``); a valid game's log is the
baseline.

    python benchmarks/bench_hardening_memory.py

(The memory of ``simulate`` at 10⁴ and 10⁵ games is measured by the impact work's own benchmark.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GARBAGE_BYTES = 20_000_000

#: Runs `rulespec ARGS` in this process and prints its exit code and peak RSS (kB) as JSON on stdout.
_CHILD = """
import json, resource, sys
sys.argv = ["rulespec", *json.loads(sys.argv[1])]
real_stdout = sys.stdout
sys.stdout = open("/dev/null", "w")
from cli.app import guarded, _run_command
code = guarded(_run_command)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
real_stdout.write(json.dumps({"code": code, "peak_kb": peak}) + "\\n")
"""


def measure(*args: str) -> dict[str, int]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "RULESPEC_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(list(args))], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=600)
    return json.loads(done.stdout.strip().splitlines()[-1])


#: What replay did before: read the whole file, split it into lines (same imports first, for a fair baseline).
_WHOLE = """
import json, resource, sys
import cli.app, engine.runtime.replay
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
rows = [json.loads(line) for line in lines]
print(json.dumps({"code": 0, "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def measure_whole_read(path: Path) -> dict[str, int]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "RULESPEC_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", _WHOLE, str(path)], capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=600)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        log = base / "game.jsonl"
        subprocess.run([sys.executable, "-m", "cli.app", "play", "race_to_the_new_found_land", "--players", "2",
                        "--log", str(log)], input="quit\n", capture_output=True, text=True, cwd=REPO,
                       env={**os.environ, "PYTHONPATH": str(REPO), "RULESPEC_PURE_PYTHON": "1"})
        random_bytes = base / "garbage.bin"
        random_bytes.write_bytes(os.urandom(GARBAGE_BYTES))
        text_lines = base / "garbage.jsonl"
        line = json.dumps({"player": 0, "action": {"kind": "x" * 60, "args": {}}}) + "\n"
        text_lines.write_text(log.read_text().splitlines()[0] + "\n" + line * (GARBAGE_BYTES // len(line)))
        one_line = base / "one_line.jsonl"
        one_line.write_text("[" * GARBAGE_BYTES)
        cases = [
            ("a valid log (baseline)", log),
            ("20 MB of random bytes", random_bytes),
            ("20 MB of JSON lines (an illegal move on line 2)", text_lines),
            ("20 MB on one line of '['", one_line),
            ("/dev/zero (endless)", Path("/dev/zero")),
        ]
        print(f"{'input':<50} {'size':>12} {'exit':>5} {'peak RSS':>10}")
        for label, path in cases:
            size = path.stat().st_size if path.is_file() else 0
            result = measure("replay", str(path))
            shown = f"{size / 1e6:.1f} MB" if size else "endless"
            print(f"{label:<50} {shown:>12} {result['code']:>5} {result['peak_kb'] / 1024:>7.1f} MB")
        whole = measure_whole_read(text_lines)
        print(f"for comparison, reading the 20 MB of JSON lines whole as replay did before: "
              f"{whole['peak_kb'] / 1024:.1f} MB")


if __name__ == "__main__":
    main()
