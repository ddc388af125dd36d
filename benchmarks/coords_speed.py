"""coords(roc, "all", ret="all") against pROC's coords through rpy2, side by side.

    python benchmarks/coords_speed.py [n ...]      (default 1e5 1e6 1e7)

Each size: normal guesses rounded to 6 digits (ties; about 0.4 n to n curve
rows), unit weights; the curve is built first (pROC::roc and WeightedROC,
untimed), then the best of 3 calls of each coords is timed.  Prints one line per size with the ratio
pROC / weightedroc.
"""

import sys

import numpy as np
from timing import best_of

import weightedroc as wr
from weightedroc import rbridge

R_SETUP = """
function(guess, label) {
  r <- pROC::roc(label, guess, levels = c(0, 1), direction = "<", quiet = TRUE)
  function() { t <- proc.time()[["elapsed"]]; pROC::coords(r, "all", ret = "all");
               proc.time()[["elapsed"]] - t }
}"""


def main(sizes):
    ok, reason = rbridge.r_available("pROC")
    print(f"{'n':>10} {'weightedroc s':>14} {'pROC s':>10} {'pROC/ours':>10}")
    for n in sizes:
        rng = np.random.default_rng(n)
        guess = np.round(rng.normal(size=n), 6)
        label = (rng.random(n) < 0.3).astype(int)
        roc = wr.WeightedROC(guess, label)
        ours = best_of(lambda roc=roc: wr.coords(roc, "all", ret="all"))
        theirs = float("nan")
        if ok:
            timer = rbridge._r_function(R_SETUP)(
                rbridge._r_numeric(guess), rbridge._r_numeric(label)
            )
            theirs = min(timer()[0] for _ in range(3))
        print(f"{n:>10} {ours:>14.4f} {theirs:>10.4f} {theirs / ours:>10.1f}", flush=True)
    if not ok:
        print(f"pROC not timed: {reason}")


if __name__ == "__main__":
    main([int(float(a)) for a in sys.argv[1:]] or [10**5, 10**6, 10**7])
