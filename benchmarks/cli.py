"""Memory and time of the ``weightedroc`` command and its exact CSV writer.

    python benchmarks/cli.py [--n 1e7] [--writer-n 1e6] [--end-to-end-n 1e6] [--rounds 7]

1. Peak memory of ``weightedroc roc INPUT -o OUT`` beyond the input table:
   the peak resident memory of the command minus that of a process that
   only reads INPUT the same way, divided by the rows (Parquet input;
   CSV and Parquet output).  Each runs in a fresh process.
2. The exact 17-digit CSV writer on a curve of --writer-n rows: CPU time
   of the streamed writer and of the plain one (pandas' to_csv of
   ``%.17g`` text, the writer before it was streamed), side by side, and
   the peak memory of each beyond the curve (tracemalloc).
3. End to end, CSV against Parquet: ``weightedroc roc scores.csv -o
   roc.csv`` and ``weightedroc roc scores.parquet -o roc.parquet`` on the
   same --end-to-end-n rows (the CSV written with 17 significant digits),
   each in a fresh process, alternating for --rounds rounds: wall and CPU
   time (medians) and their ratio, and the peak resident memory beyond a
   process that only imports what the command imports, per row.  Both
   outputs are checked to hold the same doubles.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PEAK = """
import os, resource, sys, json
mode, args = sys.argv[1], sys.argv[2:]
if mode == "read":  # the memory held once the table is read (not the peak of reading)
    import gc
    from weightedroc.io.tables import read_table
    table = read_table(args[0])
    gc.collect()
    with open("/proc/self/statm") as statm:
        used = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    status = 0
else:
    from weightedroc.io.cli import main
    status = main(args)
    used = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"status": status, "bytes": used}))
"""


def child(script, *args):
    """Run `script` in a fresh interpreter; the JSON of its last line."""
    result = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["status"] == 0, result.stderr
    return found


def peak(mode, *args):
    return child(PEAK, mode, *args)["bytes"]


def command_memory(n, folder):
    rng = np.random.default_rng(1)
    data = folder / "scores.parquet"
    pd.DataFrame(
        {"score": rng.random(n), "y": rng.integers(0, 2, n), "w": rng.random(n) + 0.5}
    ).to_parquet(data)
    reading = peak("read", data)
    rows = []
    for output in ("roc.csv", "roc.parquet"):
        started = time.perf_counter()
        used = peak(
            "cli",
            "roc",
            data,
            "--guess",
            "score",
            "--label",
            "y",
            "--weight",
            "w",
            "-o",
            folder / output,
        )
        rows.append(
            {
                "output": output,
                "rows": n,
                "seconds": time.perf_counter() - started,
                "bytes per row beyond the input": (used - reading) / n,
            }
        )
        (folder / output).unlink()
    return rows


def plain_writer(frame, path):
    text = {
        name: [
            "NA"
            if np.isnan(v)
            else "Inf"
            if v == np.inf
            else "-Inf"
            if v == -np.inf
            else f"{v:.17g}"
            for v in frame[name].tolist()
        ]
        for name in frame.columns
    }
    frame.assign(**text).to_csv(path, index=False, na_rep="NA", lineterminator="\n")


def writer_time(n, folder):
    from weightedroc import WeightedROC
    from weightedroc.io.tables import write_table

    rng = np.random.default_rng(2)
    curve = WeightedROC(rng.random(n), rng.random(n) < 0.5, rng.random(n) + 0.5)
    rows = []
    for name, write in (
        ("plain (pandas to_csv of %.17g text)", plain_writer),
        ("streamed (weightedroc.io.tables)", write_table),
    ):
        started = time.process_time()
        write(curve, folder / "curve.csv")
        seconds = time.process_time() - started
        tracemalloc.start()  # a second run, traced (tracing slows it down)
        write(curve, folder / "curve.csv")
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rows.append(
            {"writer": name, "rows": n, "cpu seconds": seconds, "peak bytes per row": top / n}
        )
    plain = (folder / "curve.csv").read_bytes()
    plain_writer(curve, folder / "plain.csv")
    assert (folder / "plain.csv").read_bytes() == plain, "the writers differ"
    return rows


RUN = """
import json, sys, time
started, cpu = time.perf_counter(), time.process_time()
if sys.argv[1] == "imports":
    import weightedroc.io.cli, weightedroc.tidy, pandas
    if sys.argv[2] == "parquet":
        import pyarrow.parquet
    status = 0
else:
    from weightedroc.io.cli import main
    status = main(sys.argv[2:])
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent that forked
with open("/proc/self/status") as status_file:
    peak = next(int(line.split()[1]) * 1024 for line in status_file if line.startswith("VmHWM"))
print(json.dumps({"status": status, "seconds": time.perf_counter() - started,
                  "cpu": time.process_time() - cpu, "peak": peak}))
"""


def run_command(*args):
    """Wall time of the whole process (start-up and imports included), its
    CPU time from the first line, and its peak resident memory."""
    started = time.perf_counter()
    found = child(RUN, *args)
    found["wall"] = time.perf_counter() - started
    return found


def csv_against_parquet(n, rounds, folder):
    from weightedroc.io.tables import read_table, write_table

    rng = np.random.default_rng(3)
    data = pd.DataFrame(
        {"score": rng.random(n), "y": rng.integers(0, 2, n), "w": rng.random(n) + 0.5}
    )
    write_table(data, folder / "scores.csv")
    data.to_parquet(folder / "scores.parquet")
    runs = {"csv": [], "parquet": []}
    for _ in range(rounds):
        for kind in ("csv", "parquet") if _ % 2 == 0 else ("parquet", "csv"):
            runs[kind].append(
                run_command(
                    "cli",
                    *("roc", folder / f"scores.{kind}", "--guess", "score", "--label", "y"),
                    *("--weight", "w", "-o", folder / f"roc.{kind}"),
                )
            )
    same = (
        read_table(folder / "roc.csv").to_numpy()
        == pd.read_parquet(folder / "roc.parquet").to_numpy()
    )
    assert same.all(), "the CSV and Parquet curves differ"
    rows = []
    for kind, found in runs.items():
        baseline = run_command("imports", kind)["peak"]
        rows.append(
            {
                "input and output": kind,
                "rows": n,
                "wall s (median)": np.median([f["wall"] for f in found]),
                "cpu s (median)": np.median([f["cpu"] for f in found]),
                "peak bytes per row beyond imports": (max(f["peak"] for f in found) - baseline) / n,
            }
        )
    table = pd.DataFrame(rows)
    wall, cpu = table["wall s (median)"], table["cpu s (median)"]
    ratio = f"csv / parquet: wall {wall[0] / wall[1]:.2f}, cpu {cpu[0] / cpu[1]:.2f}"
    return table, ratio


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7)
    parser.add_argument("--writer-n", type=float, default=1e6)
    parser.add_argument("--end-to-end-n", type=float, default=1e6)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only-end-to-end", action="store_true")
    args = parser.parse_args()
    print(f"pandas {pd.__version__}, numpy {np.__version__}")
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        table, ratio = csv_against_parquet(int(args.end_to_end_n), args.rounds, folder)
        print(table.to_string(index=False))
        print(ratio)
        if args.only_end_to_end:
            return
        print(pd.DataFrame(writer_time(int(args.writer_n), folder)).to_string(index=False))
        print(pd.DataFrame(command_memory(int(args.n), folder)).to_string(index=False))


if __name__ == "__main__":
    main()
