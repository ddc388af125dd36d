"""Benchmark weightedroc against scikit-learn, the argsort floor and R.

One command, one process, every implementation side by side::

    .venv/bin/python benchmarks/run.py            # n = 1e3 .. 1e7, ~10 min
    .venv/bin/python benchmarks/run.py --quick    # n = 1e3 .. 1e5, < 1 min

R (WeightedROC, pROC, ROCR) is timed through rpy2 when it is installed;
R's WeightedROC package is found through ``R_LIBS`` (or ``--r-libs``).
Writes ``results.md`` (machine, targets with PASS/FAIL, ratio and time
tables), ``results.csv`` (one row per configuration), ``timings.csv``
(one row per implementation and configuration) and ``timings.png`` (log-log
time against n) to ``--out`` (default benchmarks/results).

Method: for each configuration (n, continuous or tied guesses, unit or
random weights) the inputs are made once (R vectors too, before any
timing).  Then rounds run every implementation once, in an order rotated
each round so all share the machine's noise, until at least
``--min-rounds`` rounds and ``--budget`` seconds; the median is reported.
Each measurement follows ``--warmup`` (2) untimed calls of the same
implementation, so that each is timed in its own steady state, not in the
memory state the previous one left (see `time_rounds`).
Ratios are "other / weightedroc" (above 1: weightedroc is faster), except
WeightedROC / argsort floor (the overhead above the cheapest possible
argsort-based method).  Peak extra memory is measured separately with
tracemalloc (numpy reports its buffers to it): peak during one call minus
the size of what the call returns, per observation.
"""

import argparse
import datetime
import gc
import os
import platform
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # time this checkout's weightedroc
GUESSES = {
    "continuous": lambda rng, n: rng.random(n),
    "tied": lambda rng, n: rng.integers(0, 100, n).astype(np.float64),
}
WEIGHTS = {"unit": lambda rng, n: None, "random": lambda rng, n: rng.random(n) + 0.01}
IMPLS = [
    "WeightedROC",
    "auc_score",
    "roc_curve",
    "roc_auc_score",
    "argsort floor",
    "R WeightedROC",
    "R pROC",
    "R ROCR",
]
R_IMPLS = IMPLS[5:]
# ratio name -> (numerator, denominator)
RATIOS = {
    "roc_curve / WeightedROC": ("roc_curve", "WeightedROC"),
    "roc_auc_score / auc_score": ("roc_auc_score", "auc_score"),
    "WeightedROC / floor": ("WeightedROC", "argsort floor"),
    "R WeightedROC / WeightedROC": ("R WeightedROC", "WeightedROC"),
    "pROC / WeightedROC": ("R pROC", "WeightedROC"),
    "ROCR / WeightedROC": ("R ROCR", "WeightedROC"),
}


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--quick", action="store_true", help="n up to 1e5 and a small time budget (under a minute)"
    )
    p.add_argument("--max-n", type=float, default=None, help="largest n (default 1e7)")
    p.add_argument("--out", type=Path, default=HERE / "results", help="output folder")
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds of timing per configuration (default 2, quick 0.5)",
    )
    p.add_argument(
        "--min-rounds", type=int, default=None, help="at least this many repeats (default 5)"
    )
    p.add_argument("--no-r", action="store_true", help="skip R even if rpy2 is present")
    p.add_argument("--r-max-n", type=float, default=1e7, help="largest n timed in R")
    p.add_argument(
        "--r-limit",
        type=float,
        default=20.0,
        help="skip an R implementation at n where one call is predicted "
        "to exceed this many seconds",
    )
    p.add_argument(
        "--r-libs", default=None, help="R library folder holding WeightedROC (sets R_LIBS)"
    )
    p.add_argument(
        "--warmup",
        type=int,
        default=2,
        help="untimed calls of an implementation before each of its "
        "measurements (default 2; see time_rounds)",
    )
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.max_n is None:
        args.max_n = 1e5 if args.quick else 1e7
    if args.budget is None:
        args.budget = 0.5 if args.quick else 2.0
    return args


# ---------------------------------------------------------------- R setup


def start_r(args):
    """(R functions by name, versions, reason) -- empty when R is unusable."""
    if args.no_r:
        return {}, {}, "R skipped (--no-r)"
    if args.r_libs:
        os.environ["R_LIBS"] = args.r_libs
    from weightedroc.rbridge import r_available

    ok, reason = r_available()
    if not ok:
        return {}, {}, reason
    import rpy2
    import rpy2.robjects as ro

    versions = {"R": ro.r("R.version.string")[0], "rpy2": rpy2.__version__}
    code = {
        "R WeightedROC": (
            "WeightedROC",
            "function(g, y, w) {"
            " if (is.null(w)) WeightedROC::WeightedROC(g, y)"
            " else WeightedROC::WeightedROC(g, y, w); NULL }",
        ),
        "R pROC": (
            "pROC",
            "function(g, y, w) { pROC::roc(y, g, levels = c(0, 1),"
            " direction = '<', quiet = TRUE); NULL }",
        ),
        "R ROCR": (
            "ROCR",
            "function(g, y, w) { ROCR::performance(ROCR::prediction(g, y), 'tpr', 'fpr'); NULL }",
        ),
    }
    funs, missing = {}, []
    for name, (package, source) in code.items():
        if ro.r["requireNamespace"](package, quietly=True)[0]:
            funs[name] = ro.r(source)
            versions[package] = ro.r(f"as.character(packageVersion('{package}'))")[0]
        else:
            missing.append(package)
    funs["_auc"] = ro.r(
        "function(g, y, w) { if (is.null(w)) w <- rep(1, length(y));"
        " WeightedROC::WeightedAUC(WeightedROC::WeightedROC(g, y, w)) }"
    )
    reason = f"R packages not found: {', '.join(missing)}" if missing else "R available"
    return funs, versions, reason


def r_vectors(g, y, w):
    """R vectors sharing nothing with numpy, made before any timing."""
    import rpy2.rinterface as ri

    def vec(x):
        return None if x is None else ri.FloatSexpVector.from_memoryview(memoryview(x))

    return (
        vec(g),
        ri.IntSexpVector.from_memoryview(memoryview(y.astype(np.int32))),
        ri.NULL if w is None else vec(w),
    )


# --------------------------------------------------------- the contenders


def contenders(g, y, w, rfuns, rskip):
    """name -> zero-argument callable, for every implementation that applies."""
    import sklearn.metrics as skm

    import weightedroc

    sw = np.where(y == 1, 1.0 if w is None else w, -1.0 if w is None else -w)

    def floor():
        o = np.argsort(g)
        return g[o], sw[o]

    calls = {
        "WeightedROC": lambda: weightedroc.WeightedROC(g, y, w),
        "auc_score": lambda: weightedroc.auc_score(g, y, w),
        "roc_curve": lambda: skm.roc_curve(y, g, sample_weight=w, drop_intermediate=False),
        "roc_auc_score": lambda: skm.roc_auc_score(y, g, sample_weight=w),
        "argsort floor": floor,
    }
    if rfuns:
        rg, ry, rw = r_vectors(g, y, w)
        for name in R_IMPLS:
            if name in rfuns and name not in rskip and (w is None or name == "R WeightedROC"):
                calls[name] = (lambda f: lambda: f(rg, ry, rw))(rfuns[name])
    return calls


def loops_for(call, target):
    """How many back-to-back calls make one measurement last about `target` s."""
    t0 = time.perf_counter()
    call()
    return max(1, min(1000, round(target / max(time.perf_counter() - t0, 1e-7))))


def time_rounds(calls, loops, budget, min_rounds, warmup=2, max_rounds=5000):
    """name -> seconds per call, one measurement per round.

    Every round measures each implementation once, in an order rotated each
    round; a measurement is ``loops[name]`` back-to-back calls, so that at
    small n it lasts long enough to be timed.  Before it, `warmup` untimed
    calls of the same implementation, so that none is timed in the state
    another one left: caches, R's heap, and memory pages.  Pages matter
    most here: on this virtual machine, pages that a process freed go back
    to the host after a second or two, and touching them again costs about
    2 ms per MB.  R's WeightedROC touches about 4 GB of fresh pages per call
    at n = 1e7 and rotation keeps the cyclic order, so WeightedROC always
    follows R: its first two calls after R took 0.9-1.1 s and its third
    0.55-0.65 s, as in a loop of its own.  With two untimed calls every
    implementation is timed in its own steady state.
    """
    names = list(calls)
    times = {name: [] for name in names}
    start = time.perf_counter()
    gc.collect()
    gc.disable()
    try:
        for r in range(max_rounds):
            for name in names[r % len(names) :] + names[: r % len(names)]:
                call, k = calls[name], loops[name]
                for _ in range(warmup):
                    call()
                t0 = time.perf_counter()
                for _ in range(k):
                    call()
                times[name].append((time.perf_counter() - t0) / k)
            if r + 1 >= min_rounds and time.perf_counter() - start >= budget:
                break
    finally:
        gc.enable()
    return times


def returned_bytes(out):
    """Bytes held by what an implementation returned."""
    if isinstance(out, pd.DataFrame):
        return int(out.memory_usage(deep=True).sum())
    if isinstance(out, tuple):
        return sum(returned_bytes(x) for x in out)
    return out.nbytes if isinstance(out, np.ndarray) else 0


def peak_extra_memory(call, n):
    """Peak bytes per observation allocated by `call` beyond what it returns."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        out = call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return (peak - base - returned_bytes(out)) / n


def same_bits(a, b):
    return np.float64(a).tobytes() == np.float64(b).tobytes()


def run_config(n, guesses, weights, args, rfuns, rskip):
    """Timings, memory and checks for one configuration, as a result row."""
    rng = np.random.default_rng(
        [args.seed, n, list(GUESSES).index(guesses), list(WEIGHTS).index(weights)]
    )
    g = GUESSES[guesses](rng, n)
    y = (rng.random(n) < 0.5).astype(np.int64)
    w = WEIGHTS[weights](rng, n)
    skip = {name for name, kind in rskip if kind == (guesses, weights)}
    calls = contenders(g, y, w, rfuns if n <= args.r_max_n else {}, skip)
    loops = dict.fromkeys(calls, 1)
    if n < 1e6:  # warm up (imports, caches, R's JIT); at large n the small sizes did it
        for _ in range(2):
            for call in calls.values():
                call()
        target = min(0.02, args.budget / 40)
        loops = {name: loops_for(call, target) for name, call in calls.items()}
    min_rounds = args.min_rounds or 5
    times = time_rounds(calls, loops, args.budget, min_rounds, args.warmup)
    row = {"guesses": guesses, "weights": weights, "n": n, "rounds": len(times["WeightedROC"])}
    for name in IMPLS:
        row[f"t {name}"] = float(np.median(times[name])) if name in times else np.nan
        row[f"min {name}"] = float(np.min(times[name])) if name in times else np.nan
    for name in ("WeightedROC", "auc_score", "roc_curve", "roc_auc_score", "argsort floor"):
        row[f"mem {name}"] = peak_extra_memory(calls[name], n)
    import sklearn.metrics as skm

    import weightedroc

    auc = weightedroc.auc_score(g, y, w)
    row["auc_score bits == WeightedAUC(WeightedROC)"] = same_bits(
        auc, weightedroc.WeightedAUC(weightedroc.WeightedROC(g, y, w))
    )
    row["|auc - roc_auc_score|"] = abs(auc - skm.roc_auc_score(y, g, sample_weight=w))
    if "_auc" in rfuns and "R WeightedROC" in calls and n <= 1e6:
        row["auc bits == R WeightedAUC"] = same_bits(auc, rfuns["_auc"](*r_vectors(g, y, w))[0])
    for name, (a, b) in RATIOS.items():
        row[name] = row[f"t {a}"] / row[f"t {b}"]
        if a in times and b in times:
            row[f"{name} (min)"] = min(times[a]) / min(times[b])
    return row, times


def update_r_skip(row, rskip, factor, limit):
    """Stop timing an R implementation, for this kind of input, whose next call
    is predicted (from its fastest call at this n) to exceed `limit` seconds."""
    for name in R_IMPLS:
        t = row[f"min {name}"]
        if np.isfinite(t) and t * factor * 1.3 > limit:
            rskip.add((name, (row["guesses"], row["weights"])))


# --------------------------------------------------------------- reports


def machine_info(rversions):
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import sklearn

    import weightedroc

    try:

        def git(*a):
            return subprocess.run(
                ["git", *a], cwd=HERE, capture_output=True, text=True, check=True
            ).stdout.strip()

        commit = git("rev-parse", "--short", "HEAD")
        if git("status", "--porcelain", "--", str(HERE.parent / "weightedroc")):
            commit += ", with uncommitted changes in weightedroc/"
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    info = {
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "CPU": cpu,
        "cores": os.cpu_count(),
        "OS": platform.platform(),
        "Python": platform.python_version(),
        "weightedroc": f"{weightedroc.__version__} ({commit})",
        "numpy": np.__version__,
        "pandas": pd.__version__,
        "scikit-learn": sklearn.__version__,
    }
    info.update(rversions)
    return info


def target_rows(res):
    """The issue's targets: where measured, value (from medians; ratios also from
    minimum times, steadier on a busy machine) and PASS/FAIL on the median."""
    main = res[(res.guesses == "continuous") & (res.weights == "random")]
    top = main[main.n == main.n.max()].iloc[0]
    where = f"n={top.n:.0e}" + ("" if top.n >= 1e7 else " (target is at 1e7)")
    rows = [
        (
            "WeightedROC vs roc_curve (sample_weight), speed-up",
            top,
            "roc_curve / WeightedROC",
            1.5,
            where,
        ),
        (
            "auc_score vs roc_auc_score (sample_weight), speed-up",
            top,
            "roc_auc_score / auc_score",
            2.5,
            where,
        ),
        ("WeightedROC / argsort floor", top, "WeightedROC / floor", -1.5, where),
        ("peak extra memory of WeightedROC, bytes/obs", top, "mem WeightedROC", -100, where),
    ]
    with_r = main[main["R WeightedROC / WeightedROC"].notna()]
    r = with_r[with_r.n == with_r.n.max()].iloc[0] if len(with_r) else top
    rows.insert(
        2,
        (
            "WeightedROC vs R's WeightedROC, speed-up",
            r,
            "R WeightedROC / WeightedROC",
            5,
            f"n={r.n:.0e}" + ("" if r.n >= 1e6 else " (target at 1e6-1e7)")
            if len(with_r)
            else "R not measured",
        ),
    )
    small = res[res.n == res.n.min()]
    worst = small.loc[small["roc_curve / WeightedROC"].idxmin()]
    rows.append(
        (
            f"n={small.n.min():.0e}: WeightedROC vs roc_curve, speed-up (worst of 4 kinds: "
            f"{worst.guesses}/{worst.weights})",
            worst,
            "roc_curve / WeightedROC",
            1,
            "all kinds",
        )
    )
    out = []
    for name, row, key, bound, at in rows:
        value = row[key]
        ok = (value >= bound) if bound > 0 else (value <= -bound)
        out.append(
            {
                "target": name,
                "measured at": at,
                "value": value,
                "from min times": row.get(f"{key} (min)", np.nan),
                "goal": (">= " if bound > 0 else "<= ") + f"{abs(bound):g}",
                "result": "n/a" if not np.isfinite(value) else ("PASS" if ok else "FAIL"),
            }
        )
    checks = [
        (
            "auc_score == WeightedAUC(WeightedROC(...)) bit for bit",
            res["auc_score bits == WeightedAUC(WeightedROC)"],
            "every configuration",
        )
    ]
    if "auc bits == R WeightedAUC" in res:
        rbits = res["auc bits == R WeightedAUC"].dropna()
        checks.append(
            (
                "auc_score == R's WeightedAUC bit for bit",
                rbits,
                f"{len(rbits)} configurations (n <= 1e6)",
            )
        )
    for name, bits, at in checks:
        out.append(
            {
                "target": name,
                "measured at": at,
                "value": np.nan,
                "from min times": np.nan,
                "goal": "all equal",
                "result": "PASS" if bits.astype(bool).all() else "FAIL",
            }
        )
    return pd.DataFrame(out)


def fmt(x, digits=2):
    if isinstance(x, str):
        return x
    if x is None or (isinstance(x, float) and not np.isfinite(x)):
        return "–"
    return f"{x:.{digits}f}"


def md_table(df, formats=None):
    formats = formats or {}
    lines = ["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns)]
    for _, r in df.iterrows():
        lines.append("| " + " | ".join(formats.get(c, fmt)(r[c]) for c in df.columns) + " |")
    return "\n".join(lines)


def write_markdown(res, targets, info, command, rreason, path):
    n_fmt = {"n": lambda v: f"{v:.0e}", "rounds": lambda v: str(int(v))}
    ratios = res[["guesses", "weights", "n", *RATIOS, "mem WeightedROC", "mem roc_curve"]].rename(
        columns={
            "mem WeightedROC": "WeightedROC extra B/obs",
            "mem roc_curve": "roc_curve extra B/obs",
        }
    )
    times = res[["guesses", "weights", "n", "rounds"]].copy()
    for name in IMPLS:
        times[name] = res[f"t {name}"] * 1e3
    mems = res[
        ["guesses", "weights", "n"]
        + [
            f"mem {m}"
            for m in ("WeightedROC", "auc_score", "roc_curve", "roc_auc_score", "argsort floor")
        ]
    ]
    mems = mems.rename(columns=lambda c: c.removeprefix("mem "))
    text = [
        "# weightedroc benchmark",
        "",
        f"Command: `{command}`",
        "",
        "| machine | |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in info.items()],
        "",
        f"R: {rreason}. pROC and ROCR take no weights, so they appear only with unit weights.",
        "",
        "## Targets (issue 4)",
        "",
        "`value` is from median times, `from min times` the same ratio from each "
        "implementation's fastest call (less sensitive to a busy machine); PASS/FAIL "
        "reads `value`.",
        "",
        md_table(targets),
        "",
        "## Ratios",
        "",
        "Median time of the other implementation divided by weightedroc's, from the same "
        "interleaved rounds: above 1 means weightedroc is faster.  `WeightedROC / floor` is the "
        "other way round: WeightedROC's time over that of `o = np.argsort(g); g[o]; sw[o]` "
        "(the least any argsort-based method does).  Extra B/obs: tracemalloc peak during one "
        "call minus the returned frame/arrays, per observation.",
        "",
        md_table(
            ratios,
            n_fmt
            | {
                "WeightedROC extra B/obs": lambda v: fmt(v, 1),
                "roc_curve extra B/obs": lambda v: fmt(v, 1),
            },
        ),
        "",
        "## Median times (milliseconds)",
        "",
        md_table(times, n_fmt | {name: (lambda v: fmt(v, 3)) for name in IMPLS}),
        "",
        "## Peak extra memory (bytes per observation)",
        "",
        md_table(mems, n_fmt | {c: (lambda v: fmt(v, 1)) for c in mems.columns[3:]}),
        "",
        "![time against n](timings.png)",
        "",
    ]
    path.write_text("\n".join(text))


def plot(long, path):
    """Log-log median time against n, one line per implementation."""
    from plotnine import (
        aes,
        facet_grid,
        geom_line,
        geom_point,
        ggplot,
        labs,
        scale_color_manual,
        scale_linetype_manual,
        scale_shape_manual,
        scale_x_log10,
        scale_y_log10,
        theme,
        theme_bw,
    )

    from weightedroc.plots._plotnine import OKABE_ITO

    df = long.assign(
        implementation=pd.Categorical(long.implementation, IMPLS),
        guesses=long.guesses + " guesses",
        weights=long.weights + " weights",
    )
    # Eight series: the eight Okabe-Ito colours (colour-blind safe), and a shape
    # and line type each, so that no two look alike even in grey.
    n = len(IMPLS)
    p = (
        ggplot(
            df,
            aes(
                "n",
                "median_s",
                color="implementation",
                shape="implementation",
                linetype="implementation",
            ),
        )
        + geom_line(size=0.8)
        + geom_point(size=2.5)
        + scale_color_manual(values=[OKABE_ITO[i % 8] for i in range(n)], drop=False)
        + scale_shape_manual(values=list("osD^vP*X")[:n], drop=False)
        + scale_linetype_manual(values=["solid", "dashed", "dotted", "dashdot"] * 2, drop=False)
        + scale_x_log10()
        + scale_y_log10()
        + facet_grid("weights ~ guesses")
        + labs(
            x="n (observations)",
            y="median time per call (s)",
            color="",
            shape="",
            linetype="",
            title="Exact weighted ROC: time against n (log-log)",
        )
        + theme_bw()
        + theme(figure_size=(10, 7), legend_position="right")
    )
    p.save(path, dpi=110, verbose=False)


# ------------------------------------------------------------------ main


def main(argv=None):
    args = parse_args(argv)
    command = " ".join([".venv/bin/python benchmarks/run.py", *sys.argv[1:]])
    if os.environ.get("R_LIBS"):
        command = f"R_LIBS={os.environ['R_LIBS']} {command}"
    rfuns, rversions, rreason = start_r(args)
    print(f"R: {rreason}", file=sys.stderr)
    sizes = [int(10**k) for k in range(3, 8) if 10**k <= args.max_n]
    rows, long = [], []
    rskip = set()
    for i, n in enumerate(sizes):
        for guesses in GUESSES:
            for weights in WEIGHTS:
                t0 = time.perf_counter()
                row, times = run_config(n, guesses, weights, args, rfuns, rskip)
                rows.append(row)
                long += [
                    {
                        "guesses": guesses,
                        "weights": weights,
                        "n": n,
                        "implementation": name,
                        "rounds": len(ts),
                        "median_s": np.median(ts),
                        "min_s": np.min(ts),
                        "q1_s": np.quantile(ts, 0.25),
                        "q3_s": np.quantile(ts, 0.75),
                    }
                    for name, ts in times.items()
                ]
                print(
                    f"n={n:.0e} {guesses:10s} {weights:6s} rounds={row['rounds']:4d} "
                    f"WeightedROC={row['t WeightedROC'] * 1e3:9.3f} ms  "
                    + "  ".join(f"{k}={fmt(row[k])}" for k in RATIOS)
                    + f"  mem={row['mem WeightedROC']:.1f} B/obs"
                    + f"  ({time.perf_counter() - t0:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
        if i + 1 < len(sizes):
            for row in rows[-len(GUESSES) * len(WEIGHTS) :]:
                update_r_skip(row, rskip, sizes[i + 1] / n, args.r_limit)
    res, long = pd.DataFrame(rows), pd.DataFrame(long)
    args.out.mkdir(parents=True, exist_ok=True)
    res.to_csv(args.out / "results.csv", index=False)
    long.to_csv(args.out / "timings.csv", index=False)
    targets = target_rows(res)
    write_markdown(res, targets, machine_info(rversions), command, rreason, args.out / "results.md")
    plot(long, args.out / "timings.png")
    print(md_table(targets))
    print(f"wrote {args.out}/results.md, results.csv, timings.csv, timings.png", file=sys.stderr)


if __name__ == "__main__":
    main()
