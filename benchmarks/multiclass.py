"""Speed of the multiclass AUC, next to one binary AUC and to pROC.

Two tables, written to benchmarks/results/multiclass.md:

* At 1e6 rows, 3 classes, random weights: ``multiclass_auc`` (Hand and
  Till, one-vs-rest) against one ``auc_score`` of the same number of rows,
  timed side by side: each round times every call once, in an order
  rotated from round to round, and the ratio is taken within the round, so
  that the machine's load (shared cores) cancels.  Reported: the median
  ratio over the rounds, and its range.
* Against pROC 1.18's ``multiclass.roc`` through rpy2 (unit weights: pROC
  takes none), at sizes it handles: the matrix form (Hand and Till) and
  the univariate form (a 1-D score), next to ``multiclass_auc``,
  ``multiclass_roc``, ``multiclass_auc_ci`` and scikit-learn's
  ``roc_auc_score(multi_class="ovo")``.  The R vectors are made before the
  timing; R's call returns NULL, so nothing is converted back.

    python benchmarks/multiclass.py            # 1e6 rows, 15 rounds; pROC up to 1e5
    python benchmarks/multiclass.py --quick    # 1e5 rows, 5 rounds; pROC up to 1e4
"""

import argparse
import os
import platform
import statistics
import time
from pathlib import Path

import numpy as np

import weightedroc as wr
from weightedroc import rbridge

RESULTS = Path(__file__).parent / "results"


def data(n, classes=3, seed=0):
    """(scores (n, classes), labels 0..classes-1, weights): softmax of a
    noisy one-hot signal, so the rows are probabilities (scikit-learn's ovo
    checks that)."""
    rng = np.random.default_rng(seed)
    label = rng.integers(0, classes, n)
    signal = rng.normal(size=(n, classes))
    signal[np.arange(n), label] += 1
    scores = np.exp(signal)
    scores /= scores.sum(axis=1, keepdims=True)
    return scores, label, rng.random(n) + 0.01


def timed(call):
    """CPU seconds of this process (all its threads, R's through rpy2 too):
    the work of the call, which the other jobs on the machine's shared cores
    disturb far less than the wall-clock time."""
    start = time.process_time()
    call()
    return time.process_time() - start


def rounds(calls, count):
    """{name: [seconds of each round]}, each round timing every call once in
    an order rotated from round to round (one untimed warm-up round first)."""
    names = list(calls)
    for name in names:
        calls[name]()
    times = {name: [] for name in names}
    for r in range(count):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            times[name].append(timed(calls[name]))
    return times


def against_auc_score(n, count):
    scores, label, weight = data(n)
    column, positive = scores[:, 0].copy(), label == 0
    calls = {
        "auc_score (1 column)": lambda: wr.auc_score(column, positive, weight),
        "multiclass_auc hand_till": lambda: wr.multiclass_auc(scores, label, weight),
        "multiclass_auc ovr": lambda: wr.multiclass_auc(scores, label, weight, method="ovr"),
        "multiclass_auc hand_till, unit weights": lambda: wr.multiclass_auc(scores, label),
    }
    times = rounds(calls, count)
    base = np.array(times["auc_score (1 column)"])
    lines = [
        f"### {n:.0e} rows, 3 classes, random weights: ratio to one auc_score, "
        f"{count} side-by-side rounds\n",
        "| call | median CPU seconds | median ratio | ratio range |",
        "|---|---|---|---|",
    ]
    for name, seconds in times.items():
        ratio = np.array(seconds) / base
        lines.append(
            f"| {name} | {statistics.median(seconds):.3f} | {np.median(ratio):.2f} | "
            f"{ratio.min():.2f}-{ratio.max():.2f} |"
        )
    return "\n".join(lines) + "\n"


R_CALLS = """function(y, p, g) {
  list(
    matrix = function() { pROC::multiclass.roc(y, p, quiet = TRUE); NULL },
    univariate = function() {
      pROC::multiclass.roc(y, g, direction = "<", quiet = TRUE); NULL
    }
  )
}"""


def against_proc(n, count):
    scores, label, _ = data(n, seed=1)
    names = np.array(["a", "b", "c"])[label]
    calls = {
        "weightedroc multiclass_auc (matrix)": lambda: wr.multiclass_auc(scores, names),
        "weightedroc multiclass_roc (matrix)": lambda: wr.multiclass_roc(scores, names),
        "weightedroc multiclass_auc_ci (matrix)": lambda: wr.multiclass_auc_ci(scores, names),
        "weightedroc multiclass_auc (1-D score)": lambda: wr.multiclass_auc(scores[:, 0], names),
    }
    try:
        from sklearn.metrics import roc_auc_score

        calls["scikit-learn roc_auc_score ovo"] = lambda: roc_auc_score(
            label, scores, multi_class="ovo"
        )
    except ImportError:
        pass
    ok, why = rbridge.r_available("pROC")
    if ok:
        ro = rbridge.robjects()
        y = ro.r["factor"](ro.StrVector(names))
        p = ro.r.matrix(ro.FloatVector(scores.T.ravel()), nrow=n)
        p.colnames = ro.StrVector(["a", "b", "c"])
        r_calls = ro.r(R_CALLS)(y, p, ro.FloatVector(scores[:, 0]))
        calls["pROC multiclass.roc (matrix)"] = r_calls.rx2("matrix")
        calls["pROC multiclass.roc (1-D score)"] = r_calls.rx2("univariate")
    times = rounds(calls, count)
    lines = [
        f"### {n:.0e} rows, 3 classes, unit weights (pROC takes none), {count} rounds\n",
        "| call | median CPU seconds |",
        "|---|---|",
    ]
    lines += [f"| {name} | {statistics.median(s):.4f} |" for name, s in times.items()]
    if ok:
        for mine, theirs in (
            ("weightedroc multiclass_auc (matrix)", "pROC multiclass.roc (matrix)"),
            ("weightedroc multiclass_roc (matrix)", "pROC multiclass.roc (matrix)"),
            ("weightedroc multiclass_auc_ci (matrix)", "pROC multiclass.roc (matrix)"),
            ("weightedroc multiclass_auc (1-D score)", "pROC multiclass.roc (1-D score)"),
        ):
            ratio = np.array(times[theirs]) / np.array(times[mine])
            lines.append(
                f"\n{mine}: {np.median(ratio):.1f} times as fast as {theirs} "
                f"(range over rounds {ratio.min():.1f}-{ratio.max():.1f})"
            )
    else:
        lines.append(f"\npROC not timed: {why}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS / "multiclass.md")
    args = parser.parse_args()
    n, count = (10**5, 5) if args.quick else (10**6, 15)
    proc_sizes = (10**3, 10**4) if args.quick else (10**3, 10**4, 10**5)
    parts = [
        "# Multiclass AUC: speed\n",
        f"Made by benchmarks/multiclass.py on {platform.machine()}, Python "
        f"{platform.python_version()}, numpy {np.__version__}, weightedroc "
        f"{wr.__version__}; {time.strftime('%Y-%m-%d')}. The machine's 2 cores "
        "were shared with other jobs (load average "
        f"{os.getloadavg()[0]:.0f} when it ended): times are the process's CPU "
        "seconds, and ratios within a round are what to read.\n",
        against_auc_score(n, count),
    ]
    parts += [against_proc(size, 5 if size < 10**5 else 3) for size in proc_sizes]
    text = "\n".join(parts)
    args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
