"""weightedroc.spark against Spark's own weighted AUROC, on one DataFrame.

    .venv/bin/python benchmarks/spark_speed.py                  # ~3 minutes
    .venv/bin/python benchmarks/spark_speed.py --rows 1e5

A local[2] SparkSession; the DataFrame (scores concentrated near 0, as a
rare-event model's probabilities, 10% positives, integer weights 1-5) is
cached and counted before timing.  Timed, each the median of --rounds:

- Spark ``BinaryClassificationEvaluator(weightCol=..., numBins=0)``: MLlib's
  weighted ``BinaryClassificationMetrics``, exact after a full sort;
- the same with its default ``numBins=1000``;
- ``weightedroc.spark.auc`` (every distinct score: exact) and with
  ``max_scores=1000`` (with its certified bound).

Each one's |AUC - exact| (exact: `weightedroc.auc_score` of the collected
data).  Writes benchmarks/results/spark_speed.md.  Needs pyspark and Java.
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

from weightedroc import auc_score  # noqa: E402


def timed(call, rounds):
    times, value = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        value = call()
        times.append(time.perf_counter() - start)
    return float(np.median(times)), value


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e6)
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default=str(HERE / "results" / "spark_speed.md"))
    args = parser.parse_args(argv)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), os.environ.get("PYTHONPATH", "")])
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    from pyspark.sql import SparkSession

    from weightedroc import spark as wspark

    session = (
        SparkSession.builder.master("local[2]")
        .appName("weightedroc-spark-speed")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    n = int(args.rows)
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(float)
    g = 1 / (1 + np.exp(-(rng.normal(-9, 1.5, n) + 1.5 * y)))
    w = rng.integers(1, 6, n).astype(float)
    data = pd.DataFrame({"g": g, "y": y, "w": w})
    exact = auc_score(g, y, w)
    df = session.createDataFrame(data).repartition(args.partitions).cache()
    df.count()
    evaluator = BinaryClassificationEvaluator(
        rawPredictionCol="g", labelCol="y", weightCol="w", metricName="areaUnderROC"
    )
    rows = []
    for name, call in (
        ("Spark numBins=0 (exact sort)", lambda: evaluator.setNumBins(0).evaluate(df)),
        ("Spark numBins=1000 (default)", lambda: evaluator.setNumBins(1000).evaluate(df)),
        ("weightedroc.spark.auc", lambda: wspark.auc(df, "g", "y", "w")),
        (
            "weightedroc.spark, max_scores=1000",
            lambda: wspark.state(df, "g", "y", "w", max_scores=1000),
        ),
    ):
        seconds, value = timed(call, args.rounds)
        bound = ""
        if not isinstance(value, float):
            bound, value = f"{value.error_bound():.2g}", value.auc()
        rows.append(f"| {name} | {seconds:.2f} | {abs(value - exact):.2g} | {bound} |")
        print(rows[-1], flush=True)
    session.stop()
    lines = [
        "# Spark: BinaryClassificationEvaluator vs weightedroc.spark",
        "",
        f"{n:,} rows in {args.partitions} cached partitions, local[2] on a shared 2-core",
        "machine (other sessions were running); scores concentrated near 0, 10%",
        f"positives, integer weights 1-5; median of {args.rounds} rounds.",
        f"Exact AUC (auc_score of the collected data): {exact!r}.",
        "",
        "| method | seconds | abs. AUC error | certified bound |",
        "|---|---|---|---|",
        *rows,
        "",
    ]
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
