"""Coverage of the average precision's intervals by simulation (issue 41, item 4).

Data model: binormal.  Negatives score N(0, 1), positives N(MU, 1) with
MU = 1.5 (AUC 0.856); prevalence pi.  The target is the population area
under the PR curve, which average precision and the interpolated area
both estimate (with continuous scores their limits coincide):

    AP = int pi TPR(t) / (pi TPR(t) + (1 - pi) FPR(t)) dTPR(t),

with TPR(t) = 1 - Phi(t - MU), FPR(t) = 1 - Phi(t), computed by adaptive
quadrature (scipy's ``quad``, absolute error below 1e-9, which it
reports; ``true_ap``).  Each sample has n = positives / pi rows drawn
independently (so the number of positives is binomial with mean
`positives`: the rows are the sampled units, as the influence interval
assumes).

Weights (the "weights" column):
* unit: rows from the population itself;
* importance: rows from a proposal where negatives score N(C, 1) and
  positives N(MU - C, 1), C = 1 (harder than the population), weighted
  by the density ratio, w = exp(-C e - C^2 / 2) with e the draw's normal
  noise for negatives and exp(C e - C^2 / 2) for positives: log-normal
  weights with sd 1 in both classes (Kish efficiency exp(-1) = 0.37).
  The target is the weighted population's AP, the binormal AP above (the
  unweighted sample AP estimates a smaller number);
* clustered: clusters of 20 rows drawn independently; a cluster's rows
  share a score effect u_c (intraclass correlation 0.3 of the score:
  score = MU y + u_c + e, u_c ~ N(0, 0.3), e ~ N(0, 0.7)) and a label
  effect v_c ~ N(0, 1) (y ~ Bernoulli(expit(a + v_c)), a set so that the
  marginal prevalence is pi).  u, v and e are independent, so each class's
  scores are N(0, 1) and N(MU, 1) marginally: the target is the same
  binormal AP.  Unit weights.

Intervals (95%): `pr_ci`'s influence (delta method, rows as independent
units), Boyd, Eng and Page's (2013) logit and binomial (n = effective
number of positives; computed here from `pr_ci`'s estimate by `pr_ci`'s
formulas, which the script's test checks), the stratified percentile
bootstrap (n_boot = 200, only where n <= 3500 and not clustered, at most
300 samples: it costs 200 AP evaluations a sample, so its Monte Carlo
error is larger) and, for the clustered design, the design-based
interval (linearization with clusters as PSUs; "design-t" the same with
Student's t on clusters - 1 degrees of freedom, computed here).

    nice -n 10 python benchmarks/pr_coverage.py [--scale 1] [--only unit,importance]
        [--estimators AP,interpolated] [--min-rows 0] [--max-rows 2e6] [--boot-max-rows 3500]
    python benchmarks/pr_coverage.py --report-only   # .md and .png from the .csv

The estimators: "AP" (`average_precision`) and "interpolated" (the area
under the interpolated curve, `pr_ci(estimator="interpolated")`), on the
same samples (the seed depends on the cell, not on the estimator).
The committed table came from (2 shared cores, about 35 minutes; the AP
rows ran on main's `pr_ci`, the same code for AP as this branch's):

    nice -n 10 python benchmarks/pr_coverage.py --max-rows 2e5
    nice -n 10 python benchmarks/pr_coverage.py --estimators interpolated \
        --max-rows 2e5 --scale 0.3 --boot-max-rows 0
    nice -n 10 python benchmarks/pr_coverage.py --only unit --min-rows 1e6 --scale 0.4

(the 2,000,000-row cells with importance weights and clusters were not
run: about 8 s a sample on the loaded machine).

Samples per cell: 1000 where n <= 35,000 rows, 300 up to 200,000 and
100 at 2,000,000 (times --scale; sized for about 30 minutes of one core
shared with others); the Monte Carlo standard error of each
coverage, sqrt(c (1 - c) / samples), is in the table.  Writes
benchmarks/results/pr_coverage.csv (rows of cells not run are kept), .md
and .png.
"""

from __future__ import annotations

import argparse
import inspect
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout's weightedroc
import weightedroc as wr  # noqa: E402

RESULTS = HERE / "results"
MU = 1.5
SHIFT = 1.0
ICC = 0.3
LABEL_SD = 1.0
CLUSTER_SIZE = 20
PREVALENCES = (0.005, 0.05, 0.30)
POSITIVES = (100, 1000, 10000)
WEIGHTS = ("unit", "importance", "clustered")
ESTIMATORS = {"AP": "ap", "interpolated": "interpolated"}
METHODS = ("influence", "logit", "binomial", "bootstrap", "design", "design-t")
N_BOOT = 200
BOOT_MAX_ROWS = 3500
BOOT_MAX_SAMPLES = 300


def true_ap(prevalence, mu=MU):
    """The binormal population AP and quad's error bound."""
    from scipy.integrate import quad
    from scipy.stats import norm

    def precision_density(t):
        tpr, fpr = norm.sf(t - mu), norm.sf(t)
        return prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr) * norm.pdf(t - mu)

    value, error = quad(precision_density, mu - 12, mu + 12, epsabs=1e-12, epsrel=1e-12, limit=200)
    return value, error


def label_intercept(prevalence, sd=LABEL_SD):
    """a with E expit(a + v) = prevalence, v ~ N(0, sd^2)."""
    from scipy.integrate import quad
    from scipy.optimize import brentq
    from scipy.special import expit
    from scipy.stats import norm

    def mean(a):
        return quad(lambda v: expit(a + v) * norm.pdf(v, scale=sd), -12 * sd, 12 * sd)[0]

    return brentq(lambda a: mean(a) - prevalence, -20, 20, xtol=1e-12)


def draw(prevalence, positives, weights, rng, intercept=None):
    """One sample: (guess, label, weight or None, cluster or None)."""
    n = int(round(positives / prevalence))
    if weights == "clustered":
        clusters = -(-n // CLUSTER_SIZE)
        cluster = np.repeat(np.arange(clusters), CLUSTER_SIZE)[:n]
        u = rng.normal(0, np.sqrt(ICC), clusters)[cluster]
        v = rng.normal(0, LABEL_SD, clusters)[cluster]
        a = label_intercept(prevalence) if intercept is None else intercept
        y = rng.random(n) < 1 / (1 + np.exp(-(a + v)))
        x = MU * y + u + rng.normal(0, np.sqrt(1 - ICC), n)
        return x, y, None, cluster
    y = rng.random(n) < prevalence
    e = rng.normal(size=n)
    if weights == "unit":
        return MU * y + e, y, None, None
    sign = np.where(y, -1.0, 1.0)  # negatives shifted up, positives down
    x = MU * y + sign * SHIFT + e
    w = np.exp(-sign * SHIFT * e - SHIFT**2 / 2)
    return x, y, w, None


def design_supported():
    return "design" in inspect.signature(wr.pr_ci).parameters


def cluster_linearization(x, y, w, cluster, z=1.959963984540054):
    """The design-based interval computed here: AP's influence u_k = w_k
    dAP/dw_k summed within clusters, se^2 = m/(m-1) sum_c U_c^2 (clusters
    as PSUs drawn with replacement), normal quantile."""
    from weightedroc.inference.pr_interval import ap_influence

    w = np.ones(len(x)) if w is None else w
    ap, gradient = ap_influence(np.asarray(x, float), np.asarray(y, bool), w)
    totals = np.bincount(cluster, w * gradient)
    m = len(totals)
    se = float(np.sqrt(m / (m - 1) * np.sum(totals**2)))
    return ap, ap - z * se, ap + z * se


def intervals(x, y, w, cluster, methods, seed, estimator="AP"):
    """{method: (estimate, low, high)} for the intervals asked for."""
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for method in methods:
            if method == "design":
                if design_supported():
                    design = wr.SurveyDesign(cluster=cluster)
                    ci = wr.pr_ci(x, y, w, design=design, estimator=ESTIMATORS[estimator])
                    out[method] = (ci.estimate, ci.conf_low, ci.conf_high)
                else:  # pr_ci before issue 41 item 3: the same linearization, here
                    out[method] = cluster_linearization(x, y, w, cluster)
                continue
            if method == "design-t":
                out[method] = with_t(out["design"], len(np.unique(cluster)) - 1)
                continue
            if method in ("logit", "binomial"):
                out[method] = boyd(out["influence"][0], y, w, method)
                continue
            extra = dict(n_boot=N_BOOT, seed=seed) if method == "bootstrap" else {}
            if estimator != "AP":
                extra["estimator"] = ESTIMATORS[estimator]
            ci = wr.pr_ci(x, y, w, method=method, **extra)
            out[method] = (ci.estimate, ci.conf_low, ci.conf_high)
    return out


def with_t(interval, df, z=1.959963984540054):
    """The design interval with Student's t on `df` degrees of freedom
    (PSUs - 1) in place of the normal quantile: the fix proposed for few
    clusters."""
    from scipy.stats import t

    est, low, high = interval
    half = (high - low) / 2 * t.ppf(0.975, df) / z
    return est, est - half, est + half


def boyd(ap, y, w, method, z=1.959963984540054):
    """Boyd et al.'s logit and binomial intervals as `pr_ci` computes them
    (n = Kish's effective number of positives), from the estimate, so that
    a sample costs one pass, not three (tests/test_pr_coverage_script.py
    checks that they equal `pr_ci`'s)."""
    wp = np.ones(int(np.sum(y))) if w is None else w[y]
    n = wp.sum() ** 2 / np.sum(wp**2)
    if method == "binomial":
        se = np.sqrt(ap * (1 - ap) / n)
        return ap, ap - z * se, ap + z * se
    eta, tau = np.log(ap / (1 - ap)), 1 / np.sqrt(n * ap * (1 - ap))
    return ap, 1 / (1 + np.exp(-(eta - z * tau))), 1 / (1 + np.exp(-(eta + z * tau)))


def samples_for(n, scale=1.0):
    base = 1000 if n <= 35_000 else 300 if n <= 200_000 else 100
    return max(10, int(round(base * scale)))


def cell_methods(n, weights, sample, boot_max_rows=BOOT_MAX_ROWS):
    methods = ["influence", "logit", "binomial"]
    if weights != "clustered" and n <= boot_max_rows and sample < BOOT_MAX_SAMPLES:
        methods.append("bootstrap")
    if weights == "clustered":
        methods += ["design", "design-t"]
    return methods


def run_cell(
    prevalence, positives, weights, samples, seed=0, estimator="AP", boot_max_rows=BOOT_MAX_ROWS
):
    """Coverage records of one cell: one row per method."""
    rng = np.random.default_rng([seed, int(prevalence * 1000), positives, WEIGHTS.index(weights)])
    truth = true_ap(prevalence)[0]
    n = int(round(positives / prevalence))
    intercept = label_intercept(prevalence) if weights == "clustered" else None
    stats: dict[str, list] = {}
    start = time.perf_counter()
    for s in range(samples):
        x, y, w, cluster = draw(prevalence, positives, weights, rng, intercept)
        methods = cell_methods(n, weights, s, boot_max_rows)
        for method, (est, lo, hi) in intervals(x, y, w, cluster, methods, s, estimator).items():
            stats.setdefault(method, []).append((est, lo, hi))
    seconds = time.perf_counter() - start
    records = []
    for method, rows in stats.items():
        est, lo, hi = np.array(rows).T
        k = len(est)
        coverage = float(np.mean((lo <= truth) & (truth <= hi)))
        records.append(
            dict(
                estimator=estimator,
                weights=weights,
                prevalence=prevalence,
                positives=positives,
                rows=n,
                method=method,
                coverage=coverage,
                mc_se=float(np.sqrt(max(coverage * (1 - coverage), 0.95 * 0.05) / k)),
                below=float(np.mean(hi < truth)),
                above=float(np.mean(lo > truth)),
                mean_width=float(np.mean(hi - lo)),
                truth=truth,
                bias=float(np.mean(est) - truth),
                sd_estimate=float(np.std(est, ddof=1)),
                samples=k,
                seconds=seconds,
            )
        )
    return records


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the samples")
    parser.add_argument("--only", default=",".join(WEIGHTS), help="weights to run")
    parser.add_argument("--max-rows", type=float, default=2e6)
    parser.add_argument("--min-rows", type=float, default=0)
    parser.add_argument("--estimators", default="AP", help="AP,interpolated")
    parser.add_argument("--boot-max-rows", type=float, default=BOOT_MAX_ROWS)
    parser.add_argument("--report-only", action="store_true", help="tables and figure from the csv")
    args = parser.parse_args()
    path = RESULTS / "pr_coverage.csv"
    old = pd.read_csv(path) if path.exists() else pd.DataFrame()
    if args.report_only:
        args.only = ""
    start = time.perf_counter()
    records = []
    cells = [
        (round(positives / prevalence), estimator, weights, prevalence, positives)
        for estimator in args.estimators.split(",")
        for weights in filter(None, args.only.split(","))
        for prevalence in PREVALENCES
        for positives in POSITIVES
    ]
    for n, estimator, weights, prevalence, positives in sorted(cells):  # the smallest first
        if not args.min_rows <= n <= args.max_rows:
            continue
        samples = samples_for(n, args.scale)
        cell = run_cell(prevalence, positives, weights, samples, 0, estimator, args.boot_max_rows)
        records += cell
        print(
            estimator,
            weights,
            prevalence,
            positives,
            {r["method"]: round(r["coverage"], 3) for r in cell},
            f"{time.perf_counter() - start:.0f}s",
            flush=True,
        )
        frame = merge(old, pd.DataFrame(records))
        frame.to_csv(path, index=False)
    frame = merge(old, pd.DataFrame(records)) if records else old
    frame.to_csv(path, index=False)
    md = RESULTS / "pr_coverage.md"
    md.write_text(report(frame, md.read_text() if md.exists() else ""))
    plot(frame, RESULTS / "pr_coverage.png")


def merge(old, new):
    key = ["estimator", "weights", "prevalence", "positives", "method"]
    if len(old):
        kept = old.merge(new[key], on=key, how="left", indicator=True)
        old = old[(kept["_merge"] == "left_only").to_numpy()]
    frame = pd.concat([old, new], ignore_index=True)
    order = {w: i for i, w in enumerate(WEIGHTS)}
    frame = frame.assign(_w=frame["weights"].map(order)).sort_values(
        ["estimator", "_w", "prevalence", "positives", "method"]
    )
    return frame.drop(columns="_w").reset_index(drop=True)


def report(frame, previous=""):
    """The tables, and the reading of an earlier report (its text from
    "## Reading" on, written by hand) kept."""
    head = [
        "# Coverage of the PR intervals by simulation",
        "",
        "`nice -n 10 python benchmarks/pr_coverage.py` (see its docstring for the model).",
        "Binormal scores (AUC 0.856), the target the population area under the PR",
        "curve by quadrature (error < 1e-9).  Each cell: coverage of 95% intervals and,",
        "in parentheses, its Monte Carlo standard error sqrt(max(c(1-c), 0.95*0.05)/samples);",
        "* marks coverage outside 0.94-0.96, ** also more than 2 standard errors from 0.95",
        "(clearly off, not Monte Carlo noise).  bias: mean estimate - truth.  '-': not run",
        "(the bootstrap only for AP where n <= 3500 rows, at most 300 samples; the design",
        "intervals only for the clustered design).  design: linearization with clusters as",
        "PSUs and the normal quantile (for AP computed by the script from `ap_influence`,",
        "equal to `pr_ci(design=SurveyDesign(cluster=...))` to 1e-9, which the script's",
        "test checks; for the interpolated area `pr_ci`'s own); design-t: the same with",
        "Student's t on clusters - 1 df.  The figure: benchmarks/results/pr_coverage.png.",
        "",
    ]
    kept = previous[previous.index("## Reading") :] if "## Reading" in previous else ""
    return "\n".join(head + table_lines(frame)) + "\n" + kept


def table_lines(frame):
    lines = []
    for estimator, part in frame.groupby("estimator", sort=False):
        methods = [m for m in METHODS if m in set(part["method"])]
        lines += [
            f"### {estimator}: coverage of 95% intervals (Monte Carlo standard error)",
            "",
            "| weights | prevalence | positives | rows | samples | truth | bias | "
            + " | ".join(methods)
            + " |",
            "|---|---|---|---|---|---|---|" + "---|" * len(methods),
        ]
        for (weights, prevalence, positives), rows in part.groupby(
            ["weights", "prevalence", "positives"], sort=False
        ):
            by = rows.set_index("method")
            first = rows.iloc[0]
            cells = []
            for m in methods:
                if m not in by.index:
                    cells.append("-")
                    continue
                c, se = by.loc[m, "coverage"], by.loc[m, "mc_se"]
                mark = "" if 0.94 <= c <= 0.96 else " **" if abs(c - 0.95) > 2 * se else " *"
                cells.append(f"{c:.3f} ({se:.3f}){mark}")
            lines.append(
                f"| {weights} | {prevalence:g} | {positives} | {int(first['rows'])} | "
                f"{int(by['samples'].max())} | {first['truth']:.4f} | {first['bias']:+.4f} | "
                + " | ".join(cells)
                + " |"
            )
        lines.append("")
    return lines


def plot(frame, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colors = dict(zip(METHODS, ("C0", "C1", "C2", "C3", "C4", "C5")))
    styles = {"AP": "-", "interpolated": "--"}
    fig, axes = plt.subplots(3, 3, figsize=(10, 8.5), sharex=True, sharey=True)
    for i, weights in enumerate(WEIGHTS):
        for j, prevalence in enumerate(PREVALENCES):
            ax = axes[i, j]
            ax.axhspan(0.94, 0.96, color="0.88")
            ax.axhline(0.95, color="0.5", lw=0.8)
            part = frame[(frame["weights"] == weights) & (frame["prevalence"] == prevalence)]
            for (estimator, method), rows in part.groupby(["estimator", "method"], sort=False):
                ax.errorbar(
                    rows["positives"] * (1.08 if estimator == "interpolated" else 1.0),
                    rows["coverage"].clip(lower=0.6),
                    yerr=2 * rows["mc_se"],
                    marker="o",
                    ms=4,
                    capsize=2,
                    color=colors[method],
                    ls=styles.get(estimator, ":"),
                    label=f"{method}" if estimator == "AP" else f"{method} ({estimator})",
                )
            ax.set_xscale("log")
            ax.set_xticks(POSITIVES, [str(p) for p in POSITIVES])
            ax.set_xlim(60, 16_000)
            ax.set_ylim(0.6, 1.0)
            if i == 0:
                ax.set_title(f"prevalence {prevalence:g}")
            if j == 0:
                ax.set_ylabel(f"{weights}\ncoverage of 95% interval")
            if i == 2:
                ax.set_xlabel("expected positives")
    handles = {}
    for ax in axes.flat:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(lab, h)
    order = sorted(handles, key=lambda k: (METHODS.index(k.split(" ")[0]), k))
    fig.legend([handles[k] for k in order], order, loc="lower center", ncol=6, fontsize=8)
    fig.suptitle(
        "Coverage of 95% intervals of the average precision (solid) and the interpolated area "
        "(dashed, shifted right)\nbinormal scores, AUC 0.86; grey band 0.94-0.96; bars +-2 "
        "Monte Carlo s.e.; values below 0.6 drawn at 0.6",
        fontsize=9,
    )
    fig.tight_layout(rect=(0, 0.07, 1, 0.96))
    fig.savefig(path, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
