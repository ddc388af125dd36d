"""Per-group AUC on Spark: weightedroc.spark.group_auc against a plain loop.

    nice -n 10 .venv/bin/python benchmarks/spark_group_speed.py   # 1e7 rows, 1e6 groups
    nice -n 10 .venv/bin/python benchmarks/spark_group_speed.py --rows 2e5 --groups 2e4 --subset 2e3

A local[2] SparkSession; the DataFrame is generated in Spark (a user per
row uniform over --groups, scores uniform, P(click) = 0.1 + 0.3 score,
integer weights 1-5), cached and counted before timing.  Timed (each
computed on the executors and written to Spark's ``noop`` sink, nothing
collected):

- ``weightedroc.spark.group_auc``: the groups hashed into buckets, one
  vectorised pass of `group_auc`'s statistics per bucket;
- plain: ``groupBy(user).applyInPandas`` calling ``weightedroc.auc_score``
  once per group (the loop a user writes first), on the users with id below
  --subset (a random subset of the groups: hours at the full size), then
  extrapolated linearly in the groups; group_auc runs on that subset too.

Then ``weightedroc.spark.gauc`` (one row collected) and the largest
|difference| of the two per-group AUCs on the subset (a Spark join: 0
expected, both exact).  Writes benchmarks/results/spark_group_speed.md.
"""

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def plain(frame):
    from weightedroc import auc_score

    y = frame["y"].to_numpy()
    if y.min() == y.max():
        return pd.DataFrame({"user": np.empty(0, np.int64), "auc": np.empty(0)})
    value = auc_score(frame["g"].to_numpy(), y, frame["w"].to_numpy())
    return pd.DataFrame({"user": [frame["user"].iloc[0]], "auc": [value]})


def noop(frame):
    """Compute `frame` on the executors into Spark's noop sink; seconds."""
    start = time.perf_counter()
    frame.write.format("noop").mode("overwrite").save()
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e7)
    parser.add_argument("--groups", type=float, default=1e6)
    parser.add_argument("--subset", type=float, default=2e4, help="groups of the plain loop")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--memory", default="4g", help="spark.driver.memory")
    parser.add_argument("--out", default=str(HERE / "results" / "spark_group_speed.md"))
    args = parser.parse_args(argv)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), os.environ.get("PYTHONPATH", "")])
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    from weightedroc import spark as wspark

    session = (
        SparkSession.builder.master("local[2]")
        .appName("weightedroc-spark-group-speed")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.sql.shuffle.partitions", str(args.partitions))
        .config("spark.driver.memory", args.memory)
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    n, groups, subset = int(args.rows), int(args.groups), int(args.subset)
    df = (
        session.range(n, numPartitions=args.partitions)
        .select(
            (F.rand(1) * groups).cast("long").alias("user"),
            F.rand(2).alias("g"),
        )
        .withColumn("y", (F.rand(3) < 0.1 + 0.3 * F.col("g")).cast("int"))
        .withColumn("w", F.floor(F.rand(4) * 5) + 1.0)
        .cache()
    )
    df.count()
    # Users are uniform random ids: those below `subset` are a random
    # subset of the groups, with the same rows per group.
    small = df.where(F.col("user") < subset).cache()
    small_rows = small.count()
    started = time.time()
    full = wspark.group_auc(df, "g", "y", "w", by="user").cache()
    seconds_full = noop(full)
    ours = wspark.group_auc(small, "g", "y", "w", by="user").cache()
    seconds_ours = noop(ours)
    loop = small.groupBy("user").applyInPandas(plain, "user long, auc double").cache()
    seconds_loop = noop(loop)
    summary = wspark.gauc(full).collect()[0]
    joined = ours.join(loop.withColumnRenamed("auc", "plain"), "user")
    check = joined.agg(F.max(F.abs(F.col("auc") - F.col("plain"))), F.count(F.lit(1))).collect()[0]
    session.stop()
    load = os.getloadavg()
    extrapolated = seconds_loop * groups / subset
    rows = [
        ("weightedroc.spark.group_auc", f"{n:,}", f"{groups:,}", f"{seconds_full:.1f}", "measured"),
        ("weightedroc.spark.group_auc", f"{small_rows:,}", f"{subset:,}", f"{seconds_ours:.1f}",
         "measured"),
        ("plain groupBy().applyInPandas", f"{small_rows:,}", f"{subset:,}", f"{seconds_loop:.1f}",
         "measured"),
        ("plain groupBy().applyInPandas", f"{n:,}", f"{groups:,}", f"{extrapolated:.0f}",
         f"extrapolated: {seconds_loop:.1f} s x {groups // subset}"),
    ]  # fmt: skip
    lines = [
        "# Per-group AUC on Spark: weightedroc.spark.group_auc vs a plain loop",
        "",
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}; load average at the end "
        f"{load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f} (`uptime`: a shared 2-core",
        "machine, other sessions running). local[2] under `nice -n 10`, "
        f"spark.driver.memory {args.memory},",
        f"{args.partitions} cached partitions (and {args.partitions} shuffle partitions); "
        "one round each, computed on the",
        "executors into Spark's noop sink (nothing collected). Rows: a user per row",
        "uniform over the groups (about "
        f"{n // groups} rows a group), scores uniform, integer weights 1-5.",
        "Generated by benchmarks/spark_group_speed.py.",
        "",
        "| method | rows | groups | seconds | |",
        "|---|---|---|---|---|",
        *(f"| {' | '.join(row)} |" for row in rows),
        "",
        "The plain loop at the full size would take hours, so it ran on the users with",
        f"id below {subset:,} (a random subset of the groups, same rows per group) and is",
        "extrapolated linearly in the number of groups (its cost is per group: one",
        "pandas frame and one `auc_score` call each). Side by side at the subset size:",
        f"plain / group_auc {seconds_loop / seconds_ours:.1f}x; at the full size, extrapolated:",
        f"{extrapolated / seconds_full:.0f}x.",
        "",
        f"Full size: groups with both labels {summary.n_groups:,}; GAUC (weighted by rows)",
        f"{summary.gauc:.6f}. Subset: largest |AUC difference| between group_auc and the",
        f"plain loop over the {check[1]:,} groups of both labels: {check[0]:.3g}.",
        "",
    ]
    text = "\n".join(lines)
    Path(args.out).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
