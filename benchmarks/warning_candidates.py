"""Candidate rules for the weight warning, measured on the warning study's designs.

The warning study of benchmarks/inference_coverage.py measures one rule (the
package's, `weightedroc.inference.checks.warn_skewed_weights`).  This script
draws the same 41 designs once, computes several candidate statistics of
each sample (per class, from that sample alone) with whether the default
95% interval covered, and reports for each candidate rule:

* its warn rate on the designs whose intervals under-cover (< 0.93) and on
  those that cover (>= 0.945), tuned-on and held-out designs apart (the
  design's coverage: the 2000-sample one of inference_coverage.csv when it
  is there, else this run's);
* how many designs break the target (warn rate < 0.8 where coverage < 0.93,
  > 0.2 where >= 0.945);
* how many designs it is anti-informative on: the samples it leaves silent
  cover clearly (two standard errors) worse than those it warns on, with
  20 samples or more on each side;
* whether the statistic's median over a design's samples orders the
  designs: the share of (under-covering, covering) design pairs whose
  medians are in that order (1: a threshold on the median would separate
  them; the rule's per-sample firing is another matter).

Candidates (a class with equal weights gives nothing to warn about):

* current: the package's rule (influence size < 50 or squared weights' < 11;
  the statistic: the smaller of the two sizes over its threshold);
* df: Satterthwaite's degrees of freedom of DeLong's variance (what the
  Student-t interval uses) below 10;
* class df: the same of one class's terms below 5;
* combined influence: the classes' influence sizes (as in current) combined
  the way Satterthwaite combines degrees of freedom, each class weighted by
  its share of DeLong's variance, below 100 (a class with few effective rows
  matters little if the other class carries the variance);
* robust log-normal: n exp(-4 s^2) below 12, s the interquartile range of
  the class's log weights / 1.349: the Kish size of the squared weights
  that log-normal weights with that spread would give, read from the bulk
  of the weights so that one drawn heavy row does not move it;
* capped influence: the current influence size with the class's top 1% of
  w |V - A| capped at their 99th percentile, below 50;
* squared weights: Kish's size of the squared weights below 12;
* robust log-normal influence: the robust log-normal size read from the
  influence w |V - A| instead of the weights, its log spread taken from
  the upper half (the 50th to 90th percentile, blind to rows near V = A)
  net of that of |V - A| alone, below 25;
* upper-tail log-normal: n exp(-2 s^2), s read from the 50th to 90th
  percentile of the class's log weights (where a survey's inverse
  probabilities have their tail), below 20;
* robust log-normal sizes combined by variance: the classes' robust
  log-normal sizes combined as in "combined influence", below 25;
* PSIS k-hat: the diagnostic of Pareto-smoothed importance sampling
  (Vehtari, Simpson, Gelman, Yao and Gabry): the generalized Pareto shape
  of a class's largest weights (the top min(20%, 3 sqrt(n))), fitted as
  loo's gpdfit does, above 0.7 (PSIS's "unreliable");
* PSIS sample size: a class smaller than 10^(1 / (1 - k-hat)), the sample
  size PSIS asks for at that tail shape;
* bootstrap coverage: the sample's own estimate of its interval's coverage,
  the share of 100 stratified bootstrap resamples whose default interval
  holds the sample's AUC, below 0.9;
* bootstrap coverage at n/4: the same with resamples of a quarter of each
  class (an m-out-of-n bootstrap, in which the sample's heaviest rows are
  as rare as the population's are in a sample), below 0.9.

The last section is not a rule: it measures, for each design, the share of
the AUC's variance that sits in rows rarer than 1 in n of their class (n
the class's size): the part of the variance a typical sample never draws.
Per class, the squared influence z^2 = (w (V - A))^2 of all samples of the
design pooled; the share of its sum above its 1 - 1/n quantile; the
classes' shares averaged with their variance E[z^2] / (n E[w]^2) as
weights.  It needs the population, so no sample can compute it; it shows
what a rule would have to estimate.

    python benchmarks/warning_candidates.py [--reps 500] [--seed 11]

writes benchmarks/results/warning_candidates.md, and its tables by design
in one row per design to warning_candidates.csv (read by the Inference
vignette).
"""

import argparse
import warnings
from math import sqrt
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import pandas as pd
from inference_coverage import DELTA, RESULTS, WARNING_DESIGNS, design_sampler, phi

import weightedroc as wr
from weightedroc.inference.checks import (
    INFLUENCE_WARN,
    SQUARES_WARN,
    excess_size,
    kish,
    weight_effective_sizes,
)
from weightedroc.inference.delong import terms, variance_and_df
from weightedroc.inference.interval import wald_interval
from weightedroc.inference.placements import placements

IQR_TO_SD = 1.349  # interquartile range of a standard normal
BOOT_REPS = 100


def class_statistics(p, term, rows, count):
    """Candidate statistics of one class (inf when its weights are equal)."""
    w, t = p.weight[rows], term[rows]
    class_df = t.sum() ** 2 / (t @ t) if t @ t > 0 else np.inf
    if w.min() == w.max():
        return {"class df": class_df}
    distance = np.abs(p.value[rows] - p.auc)
    influence = w * distance
    capped = np.minimum(influence, np.quantile(influence, 0.99))
    low, high = np.quantile(np.log(w), [0.25, 0.75])
    spread = (high - low) / IQR_TO_SD
    tail = upper_spread(influence) ** 2 - upper_spread(distance) ** 2
    khat = psis_khat(w)
    return {
        "PSIS k-hat": -khat,  # (a rule warns below its threshold)
        "PSIS sample size": count / 10 ** (1 / (1 - min(max(khat, 0.0), 0.99))),
        "robust influence": count * np.exp(-4 * max(tail, 0.0)),
        "upper-tail log-normal": count * np.exp(-2 * upper_spread(w) ** 2),
        "class df": class_df,
        "robust log-normal": count * np.exp(-4 * spread**2),
        "capped influence": excess_size(kish(capped), kish(distance)),
        "squared weights": kish(w * w),
    }


UPPER_TO_SD = 1.2816  # the 90th percentile of a standard normal


def pareto_shape(x):
    """Zhang and Stephens' (2009) estimate of the generalized Pareto shape
    of exceedances `x` > 0, with the weakly informative prior of PSIS
    (Vehtari et al., loo's gpdfit)."""
    x = np.sort(x)
    n = len(x)
    grid = 30 + int(sqrt(n))
    quartile = x[int(n / 4 + 0.5) - 1]
    theta = 1 / x[-1] + (1 - np.sqrt(grid / (np.arange(1, grid + 1) - 0.5))) / 3 / quartile
    k = np.mean(np.log1p(-theta[:, None] * x), axis=1)
    profile = n * (np.log(-theta / k) - k - 1)
    chance = np.exp(profile - profile.max())
    k = np.mean(np.log1p(-(theta @ chance / chance.sum()) * x))
    return (n * k + 10 * 0.5) / (n + 10)


def psis_khat(w):
    """PSIS's k-hat of weights `w`: the Pareto shape of the largest
    min(20%, 3 sqrt(n)) weights over the next one (-inf when too few)."""
    n = len(w)
    tail = int(min(np.ceil(0.2 * n), np.ceil(3 * sqrt(n))))
    ordered = np.sort(w)
    x = ordered[-tail:] - ordered[-tail - 1]
    if tail < 5 or x[-1] <= 0 or x[int(tail / 4 + 0.5) - 1] <= 0:
        return -np.inf
    return pareto_shape(x)


def upper_spread(x):
    """The log-normal sd read from the upper half of `x` > 0: (log q90 -
    log q50) / 1.2816, blind to values near zero."""
    x = x[x > 0]
    if len(x) < 4:
        return 0.0
    middle, high = np.quantile(np.log(x), [0.5, 0.9])
    return (high - middle) / UPPER_TO_SD


def combined(variances, sizes):
    """Effective sizes of two classes combined as Satterthwaite combines
    degrees of freedom: (v1 + v0)^2 / (v1^2 / s1 + v0^2 / s0)."""
    total = sum(variances)
    spread = sum(v * v / s for v, s in zip(variances, sizes))
    return total * total / spread if spread > 0 else np.inf


def holds(p, auc):
    """Whether the default (Student t) 95% interval of `Placements` p holds `auc`."""
    interval = wald_interval(p.auc, *variance_and_df(p, p, "importance"), 0.95)
    return interval.conf_low <= auc <= interval.conf_high


def bootstrap_coverage(guess, positive, weight, auc, rng, share=1.0):
    """The share of stratified bootstrap resamples (each class resampled to
    `share` of its size, with replacement) whose default 95% interval holds
    `auc`, the sample's AUC: the sample's estimate of its coverage."""
    classes = [np.flatnonzero(positive), np.flatnonzero(~positive)]
    sizes = [max(int(len(rows) * share), 5) for rows in classes]
    hits = 0
    for _ in range(BOOT_REPS):
        rows = np.concatenate([rng.choice(c, size) for c, size in zip(classes, sizes)])
        p = placements(guess[rows], positive[rows], weight[rows])
        hits += holds(p, auc) if p.weight is not None else 1
    return hits / BOOT_REPS


def class_influence(p):
    """The influence w (V - A) and the weights of each class of `p`
    (positives, negatives): scaled by the design's mean weight, pooled over
    its samples, not by each sample's own total."""
    return [
        (p.weight[rows] * (p.value[rows] - p.auc), p.weight[rows])
        for rows in (p.positive, ~p.positive)
    ]


def missing_share(pooled, sizes):
    """The design's share of the AUC's variance in rows rarer than 1 in n of
    their class: from the influence and weights of all its samples pooled
    per class (`pooled`: (influence, weights) pairs) and the classes' mean
    sizes n.  A class's variance is E[z^2] / (n E[w]^2)."""
    shares, variances = [], []
    for (influence, weights), n in zip(pooled, sizes):
        ordered = np.sort(influence * influence)
        beyond = ordered[int(len(ordered) * (1 - 1 / n)) :].sum()
        shares.append(beyond / ordered.sum())
        variances.append(ordered.mean() / (n * weights.mean() ** 2))
    return float(np.dot(shares, variances) / sum(variances))


def sample_statistics(guess, positive, weight, p, rng):
    """The candidates' statistics of one sample (minimum over classes), `p`
    its `Placements`."""
    if p.weight is None:
        return {}
    _, df = variance_and_df(p, p, "importance")
    term, _ = terms(p, p, "importance")
    influence, squares = weight_effective_sizes(p)
    variances = (term[p.positive].sum(), term[~p.positive].sum())
    found = {
        "df": df,
        "current": min(min(influence) / INFLUENCE_WARN, min(squares) / SQUARES_WARN),
        "combined influence": combined(variances, influence),
    }
    robust = []
    for rows, count in ((p.positive, p.sizes[0]), (~p.positive, p.sizes[1])):
        stats = class_statistics(p, term, rows, count)
        robust.append(stats.get("robust log-normal", np.inf))
        for name, value in stats.items():
            found[name] = min(found.get(name, np.inf), value)
    found["combined robust"] = combined(variances, robust)
    for name, share in (("bootstrap coverage", 1.0), ("bootstrap coverage at n/4", 0.25)):
        found[name] = bootstrap_coverage(guess, positive, weight, p.auc, rng, share)
    return found


# Rule: (statistic of `sample_statistics`, threshold): warn below it.
RULES = {
    "current (influence < 50 or squared weights' < 11)": ("current", 1),
    "Satterthwaite df < 10": ("df", 10),
    "a class's df < 5": ("class df", 5),
    "classes' influence sizes combined by variance < 100": ("combined influence", 100),
    "robust log-normal n exp(-4 s^2) < 12": ("robust log-normal", 12),
    "influence with top 1% capped < 50": ("capped influence", 50),
    "Kish size of squared weights < 12": ("squared weights", 12),
    "robust log-normal influence n exp(-4 s^2) < 25": ("robust influence", 25),
    "upper-tail log-normal n exp(-2 s^2) < 20": ("upper-tail log-normal", 20),
    "robust log-normal sizes combined by variance < 25": ("combined robust", 25),
    "PSIS k-hat of the weights > 0.7": ("PSIS k-hat", -0.7),
    "PSIS: n below 10^(1 / (1 - k-hat))": ("PSIS sample size", 1),
    "bootstrap estimate of the coverage < 0.9": ("bootstrap coverage", 0.9),
    "the same at n/4 < 0.9": ("bootstrap coverage at n/4", 0.9),
}
STATISTICS = sorted({statistic for statistic, _ in RULES.values()})


def separation(medians, coverage):
    """Share of (under-covering, covering) design pairs whose median
    statistics are in that order: 1 if a threshold on the design's median
    would separate them, 0.5 if it tells nothing."""
    bad = [medians[n] for n in medians if coverage[n] < 0.93]
    good = [medians[n] for n in medians if coverage[n] >= 0.945]
    return float(np.mean([[b < g for g in good] for b in bad]))


def draw_design(job):
    """Per-sample statistics and hits of one design, and its missing share."""
    (kind, _, _, parameters), seed, reps = job
    rng = np.random.default_rng(seed)
    draw = design_sampler(kind, parameters)
    truth = phi((parameters[3] if kind == "shift" and len(parameters) > 3 else DELTA) / sqrt(2))
    rows, pooled, sizes = [], [([], []), ([], [])], []
    for _ in range(reps):
        guess, label, weight = draw(rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            ci = wr.auc_ci(guess, label, weight, weights_are="importance")
        positive = label.astype(bool)
        p = placements(guess, positive, weight)
        rows.append({"hit": ci.conf_low <= truth <= ci.conf_high})
        rows[-1].update(sample_statistics(guess, positive, weight, p, rng))
        for into, found in zip(pooled, class_influence(p)):
            for part, values in zip(into, found):
                part.append(values)
        sizes.append(p.sizes)
    samples = pd.DataFrame(rows).reindex(columns=["hit", *STATISTICS]).fillna(np.inf)
    pooled = [[np.concatenate(part) for part in into] for into in pooled]
    return samples, missing_share(pooled, np.mean(sizes, axis=0))


def design_row(samples, warned, coverage):
    """Warn rate, coverage when warned and silent, and anti-informativeness."""
    hit = samples["hit"].to_numpy(bool)
    n_warned, n_silent = warned.sum(), (~warned).sum()
    when_warned = hit[warned].mean() if n_warned else np.nan
    when_silent = hit[~warned].mean() if n_silent else np.nan
    anti = False
    if n_warned >= 20 and n_silent >= 20:
        se = sqrt(
            when_warned * (1 - when_warned) / n_warned
            + when_silent * (1 - when_silent) / n_silent
            + 1e-12
        )
        anti = when_silent < when_warned - 2 * se
    return {
        "coverage": coverage,
        "warned": warned.mean(),
        "when warned": when_warned,
        "when silent": when_silent,
        "anti": anti,
    }


def design_coverages(names, measured):
    """The 2000-sample coverage of inference_coverage.csv, else this run's."""
    path = RESULTS / "inference_coverage.csv"
    if path.exists():
        table = pd.read_csv(path)
        table = table[table.study == "warning"].set_index("setting")["rate"]
        return {name: float(table.get(name, measured[name])) for name in names}
    return measured


def summary(per_design):
    """One row of a rule: warn rates by coverage class and role, misses."""
    found = {}
    for role, label in (("tuning", "tuned"), ("held out", "held out")):
        rows = per_design[per_design.role == role]
        bad, good = rows[rows.coverage < 0.93], rows[rows.coverage >= 0.945]
        found[f"warned, coverage < 0.93 ({label})"] = bad.warned.mean()
        found[f"warned, coverage >= 0.945 ({label})"] = good.warned.mean()
    bad = per_design[per_design.coverage < 0.93]
    good = per_design[per_design.coverage >= 0.945]
    found["designs off target"] = int((bad.warned < 0.8).sum() + (good.warned > 0.2).sum())
    found["designs anti-informative"] = int(per_design.anti.sum())
    return found


def decimals(value):
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return str(value)
    return "—" if np.isnan(value) else f"{value:.3f}"


def markdown(table):
    lines = ["| " + " | ".join(table.columns) + " |", "|" + " --- |" * len(table.columns)]
    for row in table.itertuples(index=False):
        lines.append(
            "| " + " | ".join(v if isinstance(v, str) else decimals(v) for v in row) + " |"
        )
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=500)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=2, help="processes (one design each)")
    parser.add_argument("--out", type=Path, default=RESULTS / "warning_candidates.md")
    args = parser.parse_args()
    seeds = np.random.SeedSequence(args.seed).spawn(len(WARNING_DESIGNS))
    jobs = [(design, seed, args.reps) for design, seed in zip(WARNING_DESIGNS, seeds)]
    with Pool(args.jobs) as pool:
        drawn = pool.map(draw_design, jobs, chunksize=1)
    samples = {name: found[0] for (_, _, name, _), found in zip(WARNING_DESIGNS, drawn)}
    missing = {name: found[1] for (_, _, name, _), found in zip(WARNING_DESIGNS, drawn)}
    roles = {name: role for _, role, name, _ in WARNING_DESIGNS}
    coverage = design_coverages(samples, {n: s.hit.mean() for n, s in samples.items()})
    summaries, details = [], {}
    for rule, (statistic, threshold) in RULES.items():
        rows = []
        for name, data in samples.items():
            warned = (data[statistic] < threshold).to_numpy(bool)
            rows.append(
                {"setting": name, "role": roles[name], **design_row(data, warned, coverage[name])}
            )
        details[rule] = pd.DataFrame(rows)
        medians = {name: float(np.median(data[statistic])) for name, data in samples.items()}
        summaries.append(
            {
                "rule": rule,
                **summary(details[rule]),
                "design medians in order": separation(medians, coverage),
            }
        )
    side = pd.DataFrame(
        {
            "setting": list(samples),
            "designs": [roles[n] for n in samples],
            "coverage": [coverage[n] for n in samples],
        }
    )
    in_order = separation({n: -share for n, share in missing.items()}, coverage)
    silent, loud = side.copy(), side.copy()
    by_missing = side.assign(**{"share of the variance never drawn": [missing[n] for n in samples]})
    by_missing = by_missing.sort_values("share of the variance never drawn")
    for rule in RULES:
        side[f"warned: {rule}"] = details[rule].warned.to_numpy()
        silent[f"when silent: {rule}"] = details[rule]["when silent"].to_numpy()
        loud[f"when warned: {rule}"] = details[rule]["when warned"].to_numpy()
    text = [
        "# Candidate rules for the weight warning",
        "",
        f"Written by benchmarks/warning_candidates.py ({args.reps} samples a design, seed "
        f"{args.seed}; the designs' coverage from inference_coverage.csv's 2000 samples).",
        "",
        "## Summary",
        "",
        markdown(pd.DataFrame(summaries)),
        "",
        "## Warn rate by design",
        "",
        markdown(side),
        "",
        "## Coverage of the samples each rule leaves silent",
        "",
        markdown(silent),
        "",
        "## Coverage of the samples each rule warns on",
        "",
        markdown(loud),
        "",
        "## The variance a sample never draws, by design",
        "",
        "The share of the AUC's variance in rows rarer than 1 in n of their class "
        "(all samples of a design pooled; see the docstring), designs by that share. "
        f"Designs in order (the summary's measure): {in_order:.3f}.",
        "",
        markdown(by_missing),
        "",
    ]
    args.out.write_text("\n".join(text))
    kinds = {name: kind for kind, _, name, _ in WARNING_DESIGNS}
    by_design = pd.concat([side, silent.iloc[:, 3:], loud.iloc[:, 3:]], axis=1)
    by_design["share of the variance never drawn"] = [missing[n] for n in samples]
    by_design["design"] = [kinds[n] for n in samples]
    by_design.to_csv(args.out.with_suffix(".csv"), index=False)
    print("\n".join(text))


if __name__ == "__main__":
    main()
