"""smooth_roc against pROC's smooth() through rpy2, side by side.

    python benchmarks/smooth.py [n ...]      (default 1e3 1e4 1e5 1e6)

Each size: normal guesses (positives shifted by 1) rounded to 4 digits
(ties), unit weights, 512 smoothed points.  Timed, best of 3: weightedroc's
``smooth_roc(guess, label, method=...)`` from the arrays, pROC's
``smooth(roc(label, guess), method=...)`` from the same arrays, and pROC's
``smooth()`` alone on a curve built beforehand (untimed), which favours
pROC.  The largest difference between the two curves is printed beside.
Writes benchmarks/results/smooth.md.
"""

import platform
import sys
from pathlib import Path

import numpy as np
from timing import best_of

import weightedroc as wr
from weightedroc import rbridge

R_SETUP = """
function(guess, label, method) {
  roc <- function() pROC::roc(label, guess, levels = c(0, 1), direction = "<", quiet = TRUE)
  r <- roc()
  list(
    from_arrays = function() { t <- proc.time()[["elapsed"]]; pROC::smooth(roc(), method = method);
                               proc.time()[["elapsed"]] - t },
    smooth_only = function() { t <- proc.time()[["elapsed"]]; pROC::smooth(r, method = method);
                               proc.time()[["elapsed"]] - t },
    curve = function() { s <- pROC::smooth(r, method = method);
                         c(s$sensitivities, 1 - s$specificities) })
}"""
OUT = Path(__file__).parent / "results" / "smooth.md"


def data(n):
    rng = np.random.default_rng(n)
    label = (rng.random(n) < 0.4).astype(int)
    return np.round(rng.normal(size=n) + label, 4), label


def row(n, method, ok):
    guess, label = data(n)
    ours = best_of(lambda: wr.smooth_roc(guess, label, method=method))
    if not ok:
        return f"| {n:.0e} | {method} | {ours:.4f} | | | | | |"
    timers = rbridge._r_function(R_SETUP)(
        rbridge._r_numeric(guess), rbridge._r_numeric(label), method
    )
    from_arrays = min(timers.rx2("from_arrays")()[0] for _ in range(3))
    smooth_only = min(timers.rx2("smooth_only")()[0] for _ in range(3))
    theirs = np.asarray(timers.rx2("curve")())
    curve = wr.smooth_roc(guess, label, method=method)
    gap = np.abs(np.concatenate((curve["TPR"], curve["FPR"])) - theirs).max()
    return (
        f"| {n:.0e} | {method} | {ours:.4f} | {from_arrays:.4f} | {smooth_only:.4f} "
        f"| {from_arrays / ours:.1f} | {smooth_only / ours:.1f} | {gap:.1e} |"
    )


def main(sizes):
    ok, reason = rbridge.r_available("pROC")
    lines = [
        "# smooth_roc against pROC's smooth()",
        "",
        f"`python benchmarks/smooth.py` on {platform.machine()}, Python "
        f"{platform.python_version()}, numpy {np.__version__}; best of 3, seconds. "
        "Normal guesses rounded to 4 digits, unit weights, n = 512 smoothed points. "
        "pROC from arrays = `smooth(roc(label, guess))`; pROC smooth only = "
        "`smooth(r)` on a curve built beforehand. Max |diff| = the largest "
        "difference between the two curves' TPR and FPR.",
        "",
        "| rows | method | weightedroc s | pROC from arrays s | pROC smooth only s "
        "| pROC from arrays / weightedroc | pROC smooth only / weightedroc | max abs diff |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    print("\n".join(lines), flush=True)
    for n in sizes:
        for method in ("binormal", "density"):
            lines.append(row(n, method, ok))
            print(lines[-1], flush=True)
    if not ok:
        lines.append(f"\npROC not timed: {reason}")
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main([int(float(a)) for a in sys.argv[1:]] or [10**3, 10**4, 10**5, 10**6])
