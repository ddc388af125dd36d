"""Exact weighted AUC and ROC curve of 1e8 rows with weightedroc.dask.

    .venv/bin/python benchmarks/dask_1e8.py                 # 1e8 rows, a few minutes
    .venv/bin/python benchmarks/dask_1e8.py --rows 1e6      # a quick try

1. Writes a partitioned Parquet dataset (one file per partition) under
   --dir: a fraud-like problem, 10% positives, scores stored as float32
   (so guesses tie, across partitions too) and exponential weights (costs).
2. Starts a distributed.LocalCluster (--workers single-threaded worker
   processes with --memory-limit each, spilling to disk under --dir).
3. Times weightedroc.dask.auc_table (a validating pass, then the
   range-partitioning shuffle and the per-range sums, followed by a
   progress bar), then roc_table written to Parquet.
4. With --check, loads the data in memory and times weightedroc.auc_score
   on it, for the in-memory time and memory, and the difference of the AUCs.

Memory: a thread samples every 0.2 s the resident memory (RSS) of this
process and all its children (scheduler, nannies, workers), and reports the
peak of their sum (shared pages are counted in each process, so this
overstates).  Prints a summary and writes it as JSON to --out.
"""

import argparse
import json
import os
import platform
import shutil
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # time this checkout's weightedroc


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", type=float, default=1e8)
    p.add_argument("--partitions", type=int, default=100, help="Parquet files")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--memory-limit", default="1.25GiB", help="per worker")
    p.add_argument("--dir", type=Path, default=Path("/tmp/weightedroc-dask-bench"))
    p.add_argument("--no-curve", action="store_true", help="skip weighted_roc")
    p.add_argument(
        "--check", action="store_true", help="also time auc_score in memory on the same data"
    )
    p.add_argument("--keep", action="store_true", help="keep the dataset afterwards")
    p.add_argument("--out", type=Path, default=HERE / "results" / "dask_1e8.json")
    return p.parse_args(argv)


class PeakMemory:
    """Peak summed RSS of this process and its descendants, sampled in a thread."""

    def __init__(self, interval=0.2):
        import psutil

        self.process, self.interval, self.peak = psutil.Process(), interval, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def rss(self):
        total = 0
        for proc in [self.process, *self.process.children(recursive=True)]:
            try:
                total += proc.memory_info().rss
            except Exception:  # a process that just ended
                pass
        return total

    def _run(self):
        while not self._stop.is_set():
            self.peak = max(self.peak, self.rss())
            time.sleep(self.interval)

    def __enter__(self):
        self.peak = self.rss()
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def write_dataset(path, rows, partitions):
    """One Parquet file per partition; generated one partition at a time."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    per = rows // partitions
    for i in range(partitions):
        rng = np.random.default_rng([2024, i])
        n = per + (rows - per * partitions if i == partitions - 1 else 0)
        label = (rng.random(n) < 0.1).astype(np.int8)
        score = 1 / (1 + np.exp(-(rng.normal(size=n) + 1.5 * label - 2)))
        table = pa.table(
            {
                "score": score.astype(np.float32).astype(np.float64),
                "fraud": label,
                "cost": rng.exponential(size=n),
            }
        )
        pq.write_table(table, path / f"part-{i:04d}.parquet")


def gib(nbytes):
    return round(nbytes / 2**30, 2)


def run_dask(args, data):
    import dask
    import dask.dataframe as dd
    import distributed

    from weightedroc.dask import auc_table, roc_table

    results = {}
    with (
        PeakMemory() as memory,
        distributed.LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            memory_limit=args.memory_limit,
            local_directory=str(args.dir / "dask-worker-space"),
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
        dask.config.set({"dataframe.shuffle.method": "p2p"}),
    ):
        ddf = dd.read_parquet(str(data), columns=["score", "fraud", "cost"])
        print(
            f"{ddf.npartitions} partitions; {len(cluster.workers)} workers x 1 thread, "
            f"{args.memory_limit} each"
        )
        start = time.perf_counter()
        table = auc_table(ddf, "score", "fraud", "cost", compute=False)
        validated = time.perf_counter()
        print(
            f"auc_table: validating pass and sample {validated - start:.1f} s; "
            "shuffle and per-range sums:"
        )
        future = client.compute(table)
        distributed.progress(future)
        results["auc"] = float(future.result()["auc"].item())
        results["auc_seconds"] = time.perf_counter() - start
        results["auc_validate_seconds"] = validated - start
        print(f"\nAUC = {results['auc']!r} in {results['auc_seconds']:.1f} s")
        if not args.no_curve:
            start = time.perf_counter()
            curve = roc_table(ddf, "score", "fraud", "cost")
            target = args.dir / "curve.parquet"
            shutil.rmtree(target, ignore_errors=True)
            print("roc_table to Parquet:")
            future = client.compute(curve.to_parquet(str(target), compute=False))
            distributed.progress(future)
            future.result()
            results["curve_seconds"] = time.perf_counter() - start
            results["curve_rows"] = int(dd.read_parquet(str(target)).shape[0].compute())
            print(f"\ncurve: {results['curve_rows']} rows in {results['curve_seconds']:.1f} s")
    results["dask_peak_rss_gib"] = gib(memory.peak)
    return results


def run_in_memory(data):
    from weightedroc import auc_score

    with PeakMemory() as memory:
        start = time.perf_counter()
        df = pd.read_parquet(data, columns=["score", "fraud", "cost"])
        loaded = time.perf_counter()
        area = auc_score(df["score"], df["fraud"], df["cost"])
        done = time.perf_counter()
    return {
        "in_memory_auc": area,
        "in_memory_read_seconds": loaded - start,
        "in_memory_auc_seconds": done - loaded,
        "in_memory_peak_rss_gib": gib(memory.peak),
    }


def main(argv=None):
    args = parse_args(argv)
    rows = int(args.rows)
    data = args.dir / "data"
    start = time.perf_counter()
    write_dataset(data, rows, args.partitions)
    size = sum(f.stat().st_size for f in data.iterdir())
    results = {
        "rows": rows,
        "partitions": args.partitions,
        "workers": args.workers,
        "memory_limit": args.memory_limit,
        "dataset_gib": gib(size),
        "write_seconds": time.perf_counter() - start,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"{gib(os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES'))} GiB",
    }
    print(
        f"wrote {rows:.3g} rows, {results['dataset_gib']} GiB of Parquet, in "
        f"{results['write_seconds']:.1f} s"
    )
    results.update(run_dask(args, data))
    if args.check:
        results.update(run_in_memory(data))
        results["auc_relative_difference"] = (
            abs(results["auc"] - results["in_memory_auc"]) / results["in_memory_auc"]
        )
    if not args.keep:
        shutil.rmtree(args.dir, ignore_errors=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
