"""Accuracy of weighted precision-recall against exact rational arithmetic.

    python benchmarks/pr_accuracy.py [--cases 1000] [--seed 20]

On heavy-tailed weights (tests/exact_pr.py's `heavy_tailed`: lognormal
with sd 3 to 5, or Pareto), compares with exact fractions: the previous
method (TP = W1 - FN from R's cumulated pass), weightedroc's `weighted_pr`
and `average_precision` (TP and FP summed from the top in long double),
and scikit-learn's `precision_recall_curve` and `average_precision_score`.
Prints the largest absolute and relative error of precision, recall and
average precision over all cases.
"""

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from exact_pr import exact_pr, heavy_tailed, relative_errors  # noqa: E402

from weightedroc import average_precision, weighted_pr  # noqa: E402
from weightedroc.engine.core import cumulate  # noqa: E402


def previous(guess, positive, weight):
    """weighted_pr and average_precision as they were: TP = W1 - FN."""
    counts = cumulate(guess, positive, weight)
    TP, FP = counts.TP, counts.FP
    predicted = TP + FP
    precision = np.divide(TP, predicted, out=np.ones_like(TP), where=predicted > 0)
    recall = TP / counts.total_pos
    ap = float(max(0.0, np.sum(np.diff(counts.FN) / counts.total_pos * precision[:-1])))
    return precision, recall, ap


def current(guess, positive, weight):
    frame = weighted_pr(guess, positive, weight)
    ap = average_precision(guess, positive, weight)
    return frame["precision"].to_numpy(), frame["recall"].to_numpy(), ap


def scikit_learn(guess, positive, weight):
    from sklearn.metrics import average_precision_score, precision_recall_curve

    precision, recall, _ = precision_recall_curve(
        positive, guess, sample_weight=weight, drop_intermediate=False
    )
    return precision, recall, average_precision_score(positive, guess, sample_weight=weight)


def worst(cases, seed):
    methods = {"previous": previous, "weightedroc": current, "scikit-learn": scikit_learn}
    rng = np.random.default_rng(seed)
    largest = {name: np.zeros((3, 2)) for name in methods}  # rows p, r, AP; cols abs, rel
    for _ in range(cases):
        guess, positive, weight = heavy_tailed(rng)
        exact = exact_pr(guess, positive, weight)
        for name, method in methods.items():
            precision, recall, ap = method(guess, positive, weight)
            for row, (values, reference) in enumerate(
                [
                    (precision, exact.precision),
                    (recall, exact.recall),
                    ([ap], [exact.average_precision]),
                ]
            ):
                relative = relative_errors(values, reference)
                absolute = relative * np.array([float(abs(e)) or 1.0 for e in reference])
                found = [absolute.max(), relative.max()]
                largest[name][row] = np.maximum(largest[name][row], found)
    return largest


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    largest = worst(args.cases, args.seed)
    print(f"Largest error against exact fractions, {args.cases} heavy-tailed cases")
    print(f"(seed {args.seed}; long double: {np.finfo(np.longdouble).nmant + 1}-bit mantissa)\n")
    print("| method | precision abs | precision rel | recall abs | recall rel | AP abs | AP rel |")
    print("|---|---|---|---|---|---|---|")
    for name, errors in largest.items():
        cells = " | ".join(f"{e:.2g}" for e in errors.ravel())
        print(f"| {name} | {cells} |")


if __name__ == "__main__":
    main()
