"""Coverage of design-based AUC intervals (issue 31, item 4).

A synthetic finite population of about 1e6 units: 10 strata of 500
clusters (sizes log-normal, mean 200).  The score is x = u_c + e and the
outcome logit(p) = -1.6 + x + v_c + 0.1 h: cluster effects u_c on the score
and v_c on the outcome that the score does not explain, so units of a
cluster are alike.  The target is the population AUC of x.

Designs, each with 2, 5 or 20 PSUs per stratum (20, 50, 200 PSUs):
* "two-stage": clusters by simple random sampling within strata, then 20
  units (all if fewer) by simple random sampling within each; weights
  (500 / m) (N_c / 20), up to a few thousand;
* "PPS": clusters drawn with replacement with probability proportional to
  N_c exp(v_c / 2) (informative: clusters with more events are likelier),
  then 20 units each; weights from a few to several hundred.

Intervals (95%): linearization with the normal quantile and with Student's
t on PSUs - strata degrees of freedom, JKn, survey's bootstrap (100
replicates), and the importance-weight interval (`auc_ci` without a
design: DeLong's jackknife, t quantile).  Each setting draws 1000 samples:
the Monte Carlo standard error of a coverage near 0.95 is 0.007.

    nice -n 10 python benchmarks/survey_coverage.py [--samples 1000]

Writes benchmarks/results/survey_coverage.csv and .md, and
survey_coverage.png.
"""

import argparse
import time
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

import weightedroc as wr

RESULTS = Path(__file__).parent / "results"
METHODS = ["linearization", "linearization (t)", "JKn", "bootstrap", "importance weights"]


def population(seed=2024, n_strata=10, clusters=500):
    rng = np.random.default_rng(seed)
    sizes = np.maximum(2, rng.lognormal(np.log(200) - 0.18, 0.6, n_strata * clusters).astype(int))
    cluster = np.repeat(np.arange(len(sizes)), sizes)
    stratum = cluster // clusters
    u, v = rng.normal(0, 0.5, len(sizes)), rng.normal(0, 0.7, len(sizes))
    x = u[cluster] + rng.normal(size=len(cluster))
    y = rng.random(len(cluster)) < 1 / (1 + np.exp(-(-1.6 + x + v[cluster] + 0.1 * stratum)))
    starts = np.r_[0, np.cumsum(sizes)[:-1]]
    return dict(
        x=x,
        y=y,
        cluster=cluster,
        stratum=stratum,
        sizes=sizes,
        starts=starts,
        v=v,
        n_strata=n_strata,
        clusters=clusters,
    )


def draw(pop, design, per_stratum, rng, units=20):
    rows, weights, psu, strata = [], [], [], []
    for h in range(pop["n_strata"]):
        ids = np.arange(h * pop["clusters"], (h + 1) * pop["clusters"])
        if design == "two-stage":
            chosen = rng.choice(ids, per_stratum, replace=False)
            first = np.full(per_stratum, pop["clusters"] / per_stratum)
        else:
            size = pop["sizes"][ids] * np.exp(pop["v"][ids] / 2)
            p = size / size.sum()
            pick = rng.choice(len(ids), per_stratum, replace=True, p=p)
            chosen, first = ids[pick], 1 / (per_stratum * p[pick])
        for k, (c, w1) in enumerate(zip(chosen, first)):
            n_c = pop["sizes"][c]
            take = rng.choice(n_c, min(units, n_c), replace=False) + pop["starts"][c]
            rows.append(take)
            weights.append(np.full(len(take), w1 * n_c / len(take)))
            psu.append(np.full(len(take), h * 1000 + k))
            strata.append(np.full(len(take), h))
    rows = np.concatenate(rows)
    return (
        pop["x"][rows],
        pop["y"][rows],
        np.concatenate(weights),
        np.concatenate(psu),
        np.concatenate(strata),
    )


def intervals(x, y, w, psu, strata, seed):
    design = wr.SurveyDesign(cluster=psu, strata=strata)
    lin = wr.auc_ci(x, y, w, design=design)
    lin_t = wr.auc_ci(x, y, w, design=design, quantile="t")
    jkn = wr.auc_ci(x, y, w, design=design, replicates="JKn")
    boot = wr.auc_ci(x, y, w, design=design, replicates="bootstrap", n_boot=100, seed=seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plain = wr.auc_ci(x, y, w)
    return [(ci.conf_low, ci.conf_high) for ci in (lin, lin_t, jkn, boot, plain)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=1000)
    args = parser.parse_args()
    start = time.perf_counter()
    pop = population()
    target = wr.auc_score(pop["x"], pop["y"])
    rng = np.random.default_rng(7)
    records = []
    for design in ("two-stage", "PPS"):
        for per_stratum in (2, 5, 20):
            hits = np.zeros(len(METHODS))
            width = np.zeros(len(METHODS))
            max_weight = 0.0
            for s in range(args.samples):
                x, y, w, psu, strata = draw(pop, design, per_stratum, rng)
                max_weight = max(max_weight, w.max())
                for i, (lo, hi) in enumerate(intervals(x, y, w, psu, strata, s)):
                    hits[i] += lo <= target <= hi
                    width[i] += hi - lo
            for i, method in enumerate(METHODS):
                records.append(
                    dict(
                        design=design,
                        psus=10 * per_stratum,
                        method=method,
                        coverage=hits[i] / args.samples,
                        mean_width=width[i] / args.samples,
                        samples=args.samples,
                        max_weight=max_weight,
                    )
                )
            print(
                design,
                per_stratum,
                hits / args.samples,
                f"{time.perf_counter() - start:.0f}s",
                flush=True,
            )
    frame = pd.DataFrame(records)
    frame.to_csv(RESULTS / "survey_coverage.csv", index=False)
    table = frame.pivot_table(index=["design", "psus"], columns="method", values="coverage")
    table = table[METHODS]
    se = np.sqrt(0.95 * 0.05 / args.samples)
    lines = [
        "# Coverage of 95% design-based AUC intervals",
        "",
        f"Population of {len(pop['x'])} units (10 strata x 500 clusters), population AUC "
        f"{target:.4f}; {args.samples} samples per row (Monte Carlo standard error "
        f"{se:.3f} at 0.95).  `python benchmarks/survey_coverage.py`; "
        f"{time.perf_counter() - start:.0f} s.",
        "",
        "| design | PSUs | " + " | ".join(METHODS) + " |",
        "|---|---|" + "---|" * len(METHODS),
    ]
    for (design, psus), row in table.iterrows():
        lines.append(f"| {design} | {psus} | " + " | ".join(f"{v:.3f}" for v in row) + " |")
    widths = frame.pivot_table(index=["design", "psus"], columns="method", values="mean_width")
    lines += [
        "",
        "Mean widths:",
        "",
        "| design | PSUs | " + " | ".join(METHODS) + " |",
        "|---|---|" + "---|" * len(METHODS),
    ]
    for (design, psus), row in widths[METHODS].iterrows():
        lines.append(f"| {design} | {psus} | " + " | ".join(f"{v:.4f}" for v in row) + " |")
    text = "\n".join(lines) + "\n"
    (RESULTS / "survey_coverage.md").write_text(text)
    plot(frame, RESULTS / "survey_coverage.png", se)
    print(text)


def plot(frame, path, se):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(9, 3.6), sharey=True)
    for ax, (design, part) in zip(axes, frame.groupby("design", sort=False)):
        for method, rows in part.groupby("method", sort=False):
            ax.plot(rows["psus"], rows["coverage"], marker="o", label=method)
        ax.axhspan(0.95 - 2 * se, 0.95 + 2 * se, color="0.9")
        ax.axhline(0.95, color="0.5", lw=0.8)
        ax.set_xscale("log")
        ax.set_xticks([20, 50, 200], ["20", "50", "200"])
        ax.set_title(f"{design} design")
        ax.set_xlabel("PSUs (10 strata)")
    axes[0].set_ylabel("coverage of 95% intervals")
    axes[1].legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
