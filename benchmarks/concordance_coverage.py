"""Coverage of the concordance's 95% intervals under a clustered design
(issue 40, item 3).

A finite population of 6 strata x 150 clusters (sizes 20-60, about 36,000
people).  Each cluster has a frailty b_c ~ N(0, 0.7^2) that raises its
hazard and that the score does not see, and a shift u_c ~ N(0, 0.7^2) of
the score that the hazard does not follow: the score is x = z + u_c +
N(0, 0.8^2) and the event time exponential with rate 0.1 exp(0.8 z + b_c),
censored at 10 and by an exponential with rate 0.05.  People of a cluster
are alike, so their influence values are correlated.  The target is the population's Harrell's C
(reverse: a higher x means an earlier event).

Each sample draws m_h clusters by simple random sampling within stratum h
(m_h = 4, 6, 8, 10, 12, 14: weights 150 / m_h, from 10.7 to 37.5) and keeps
everyone in them: about 2,000 rows and 54 PSUs.  Intervals: linearization
(survey's svyrecvar on the influence values, with the fpc), JKn replicates
(with the fpc), and the infinitesimal jackknife that ignores the clusters
(``design=None``, the sampling weights as case weights, as survival's
``concordance(weights=)``).  The Monte Carlo standard error of a coverage
near 0.95 over S samples is sqrt(0.95 * 0.05 / S) (0.0097 at S = 500).

    nice -n 10 python benchmarks/concordance_coverage.py [--samples 500]

Writes benchmarks/results/concordance_coverage.md.
"""

import argparse
import time
import warnings
from pathlib import Path

import numpy as np

import weightedroc as wr
from weightedroc.survey.design import SurveyDesign

RESULTS = Path(__file__).parent / "results"
PER_STRATUM = [4, 6, 8, 10, 12, 14]
CLUSTERS = 150


def population(seed=40):
    rng = np.random.default_rng(seed)
    n_clusters = CLUSTERS * len(PER_STRATUM)
    sizes = rng.integers(20, 61, n_clusters)
    cluster = np.repeat(np.arange(n_clusters), sizes)
    stratum = cluster // CLUSTERS
    b, u = rng.normal(0, 0.7, n_clusters), rng.normal(0, 0.7, n_clusters)
    z = rng.normal(size=len(cluster))
    x = z + u[cluster] + rng.normal(0, 0.8, len(cluster))
    event_time = rng.exponential(1 / (0.1 * np.exp(0.8 * z + b[cluster])))
    censor = np.minimum(10, rng.exponential(20, len(cluster)))
    time_ = np.minimum(event_time, censor)
    event = (event_time <= censor).astype(int)
    return dict(time=time_, event=event, x=x, cluster=cluster, stratum=stratum)


def sample(pop, rng):
    keep, weight = [], []
    for h, m in enumerate(PER_STRATUM):
        chosen = rng.choice(np.arange(h * CLUSTERS, (h + 1) * CLUSTERS), m, replace=False)
        rows = np.flatnonzero(np.isin(pop["cluster"], chosen))
        keep.append(rows)
        weight.append(np.full(len(rows), CLUSTERS / m))
    rows = np.concatenate(keep)
    return rows, np.concatenate(weight)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=500)
    args = parser.parse_args()
    pop = population()
    truth = wr.concordance(pop["time"], pop["event"], pop["x"]).estimate
    rng = np.random.default_rng(2026)
    hits = {"linearization": [], "JKn": [], "IJ ignoring the clusters": []}
    widths = {k: [] for k in hits}
    estimates = []
    started = time.time()
    for _ in range(args.samples):
        rows, w = sample(pop, rng)
        t, e, x = pop["time"][rows], pop["event"][rows], pop["x"][rows]
        design = SurveyDesign(
            cluster=pop["cluster"][rows],
            strata=pop["stratum"][rows],
            fpc=np.full(len(rows), float(CLUSTERS)),
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fits = {
                "linearization": wr.concordance(t, e, x, w, design=design),
                "JKn": wr.concordance(t, e, x, w, design=design.replicates("JKn", n=len(rows))),
                "IJ ignoring the clusters": wr.concordance(t, e, x, w),
            }
        estimates.append(fits["linearization"].estimate)
        for name, fit in fits.items():
            hits[name].append(fit.conf_low <= truth <= fit.conf_high)
            widths[name].append(fit.conf_high - fit.conf_low)
    s = args.samples
    mc = np.sqrt(0.95 * 0.05 / s)
    lines = [
        "# Coverage of the concordance's 95% intervals under a clustered design",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by "
        f"`benchmarks/concordance_coverage.py` ({s} samples, {time.time() - started:.0f} s). "
        f"Population Harrell's C {truth:.4f}; mean estimate {np.mean(estimates):.4f} "
        f"(bias {np.mean(estimates) - truth:+.4f}, SD {np.std(estimates):.4f}). "
        "Stratified SRS of clusters (54 of 900 PSUs, everyone in them), about 2,000 rows. "
        f"Monte Carlo standard error of a coverage near 0.95: {mc:.4f}.",
        "",
        "| interval | coverage | MC s.e. | mean width |",
        "|---|---|---|---|",
    ]
    for name in hits:
        cover = np.mean(hits[name])
        se = np.sqrt(cover * (1 - cover) / s)
        lines.append(f"| {name} | {cover:.3f} | {se:.4f} | {np.mean(widths[name]):.4f} |")
    RESULTS.joinpath("concordance_coverage.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
