"""Speed of the precision-recall areas and of the analytic AP interval, side
by side at 1e6 rows (issue 41, item 5):

- `pr_auc(method="interpolated")` (PRROC's ``auc.integral``, Davis and
  Goadrich's interpolation) against `average_precision` (the step area),
  target at most 1.5x;
- `pr_ci(..., method="influence")` and ``"logit"`` (the analytic AP
  intervals) against one `auc_score`, target at most 3x;
- scikit-learn's `average_precision_score` beside them, for scale.

Weighted data (uniform weights in [0.5, 2]), 5% positives, continuous
scores.  CPU time (every function runs on one thread), the least of several
calls after an untimed one, so that other jobs on the shared machine
stretch the wall clock less than the ratios.

    nice -n 10 python benchmarks/pr_speed.py

Writes benchmarks/results/pr_speed.md.
"""

import os
import time as clock
from pathlib import Path

import numpy as np
from timing import best_cpu

from weightedroc import auc_score, average_precision, pr_auc, pr_ci

RESULTS = Path(__file__).parent / "results"


def simulate(n, seed=0):
    rng = np.random.default_rng(seed)
    label = (rng.random(n) < 0.05).astype(int)
    guess = rng.normal(size=n) + 1.2 * label
    weight = rng.uniform(0.5, 2, n)
    return guess, label, weight


def main():
    n = 1_000_000
    g, y, w = simulate(n)
    rows = {
        "auc_score": best_cpu(lambda: auc_score(g, y, w), 7),
        "average_precision": best_cpu(lambda: average_precision(g, y, w), 7),
        'pr_auc(method="interpolated")': best_cpu(
            lambda: pr_auc((g, y, w), method="interpolated"), 7
        ),
        'pr_ci(method="influence")': best_cpu(lambda: pr_ci(g, y, w, method="influence"), 7),
        'pr_ci(method="logit")': best_cpu(lambda: pr_ci(g, y, w, method="logit"), 7),
    }
    try:
        from sklearn.metrics import average_precision_score

        rows["scikit-learn average_precision_score"] = best_cpu(
            lambda: average_precision_score(y, g, sample_weight=w), rounds=3
        )
    except ImportError:  # the sklearn extra
        pass
    ap, auc = rows["average_precision"], rows["auc_score"]
    base = {
        'pr_auc(method="interpolated")': ("average_precision", ap, 1.5),
        'pr_ci(method="influence")': ("auc_score", auc, 3.0),
        'pr_ci(method="logit")': ("auc_score", auc, 3.0),
    }
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [
        "# Precision-recall speed",
        "",
        f"Run {clock.strftime('%Y-%m-%d %H:%M UTC', clock.gmtime())} by "
        f"`benchmarks/pr_speed.py`: {n:,} weighted rows, 5% positives; CPU seconds, "
        f"the least of several calls; load average at the end {load} (a shared "
        "2-core machine: read the ratios).",
        "",
        "| function | CPU seconds | against | ratio | target |",
        "|---|---|---|---|---|",
    ]
    for name, seconds in rows.items():
        against, reference, target = base.get(name, ("", None, None))
        ratio = f"{seconds / reference:.2f}x" if reference else ""
        lines.append(
            f"| {name} | {seconds:.3f} | {against} | {ratio} | "
            f"{'' if target is None else f'<= {target}x'} |"
        )
    RESULTS.joinpath("pr_speed.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
