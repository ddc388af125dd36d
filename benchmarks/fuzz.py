"""Fuzz the fast paths against the plain algorithm until time is up.

    python benchmarks/fuzz.py --minutes 30 [--seed 1] [--max-n 2000000]

Draws recipes of adversarial inputs (tests/hardcases.py), large ones
included, and compares WeightedROC, auc_score, direction=">", one thread
against two, and roc_table's groups with the plain algorithm
(tests/plain.py), bit for bit; and WeightedAUC and partial_auc of the
frame, read twice, with the plain area.  Prints the cases run, the observations and
the mismatches; each mismatch's recipe is printed as JSON (rebuild it with
``hardcases.build``).  Exit status 1 when any mismatch was found.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hardcases import build, random_recipe  # noqa: E402
from plain import first_difference, plain_auc, plain_roc, same_bits  # noqa: E402

from weightedroc import WeightedAUC, WeightedROC, auc_score, partial_auc, roc_table  # noqa: E402
from weightedroc.curves.roc import curve_frame  # noqa: E402
from weightedroc.engine.core import cumulate  # noqa: E402


def mismatches(recipe, rng):
    """The list of paths whose result differs from the plain algorithm."""
    guess, positive, weight = build(recipe)
    labels = np.where(positive, 1, -1)
    kept = guess.copy()
    expected = plain_roc(guess, positive, weight)
    found = []
    frame = WeightedROC(guess, labels, weight)
    if (why := first_difference(frame, expected)) is not None:
        found.append(f"WeightedROC: {why}")
    area = plain_auc(expected[0], expected[1])
    if not same_bits(auc_score(guess, labels, weight), area):
        found.append("auc_score")
    for read in ("first", "again"):  # the frame read, then read again
        if not same_bits(WeightedAUC(frame), area) or not same_bits(partial_auc(frame), area):
            found.append(f"WeightedAUC/partial_auc of the frame, read {read}")
    if rng.random() < 0.3:
        flipped = curve_frame(cumulate(guess, labels, weight, direction=">"))
        negated = plain_roc(-guess, positive, weight)
        if why := first_difference(flipped.assign(threshold=-flipped.threshold), negated):
            found.append(f"direction '>': {why}")
    if rng.random() < 0.2:
        os.environ["WEIGHTEDROC_THREADS"] = "1"
        try:
            if why := first_difference(WeightedROC(guess, labels, weight), expected):
                found.append(f"one thread: {why}")
        finally:
            del os.environ["WEIGHTEDROC_THREADS"]
    if rng.random() < 0.2:
        found += _group_mismatches(guess, positive, weight, rng)
    if not same_bits(guess, kept):
        found.append("the caller's guesses were modified")
    return found


def _group_mismatches(guess, positive, weight, rng):
    # few large groups (one at a time) or many small ones (engine/many.py's blocks)
    groups = int(rng.choice([4, max(2, len(guess) // 3)]))
    group = rng.integers(0, groups, len(guess))
    data = pd.DataFrame(
        {
            "g": guess,
            "y": np.where(positive, 1, -1),
            "m": group,
            "w": np.ones(len(guess)) if weight is None else weight,
        }
    )
    # (each group split off once: a mask per group is quadratic in many groups)
    positives = np.bincount(group, positive, minlength=groups)
    sizes = np.bincount(group, minlength=groups)
    keep = np.flatnonzero((positives > 0) & (positives < sizes))
    data = data[np.isin(group, keep)]
    if data.empty:
        return []
    table = roc_table(data, "g", "y", "w", by="m")
    curves = dict(list(table.groupby("m", sort=False)))
    found = []
    for k, rows in data.groupby("m", sort=True):
        expected = plain_roc(rows.g.to_numpy(), rows.y.to_numpy() == 1, rows.w.to_numpy())
        if why := first_difference(curves[k], expected):
            found.append(f"roc_table group {k}: {why}")
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--max-n", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    stop = time.monotonic() + 60 * args.minutes
    cases = observations = failed = 0
    started = time.monotonic()
    while time.monotonic() < stop:
        # mostly moderate sizes, now and then a large one
        max_n = args.max_n if rng.random() < 0.1 else min(args.max_n, 200_000)
        recipe = random_recipe(rng, max_n)
        try:
            found = mismatches(recipe, rng)
        except Exception as error:  # a crash on valid input is a mismatch too
            found = [f"crash: {type(error).__name__}: {error}"]
        cases += 1
        observations += recipe["size"]
        if found:
            failed += 1
            print(f"MISMATCH {found}\n  recipe: {json.dumps(recipe)}", flush=True)
        if cases % 200 == 0:
            print(
                f"{time.monotonic() - started:7.0f} s: {cases} cases, "
                f"{observations:,} observations, {failed} mismatches",
                flush=True,
            )
    print(
        f"fuzz seed {args.seed}: {cases} cases, {observations:,} observations, "
        f"{failed} mismatches in {args.minutes:g} minutes"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
