"""Coverage of group_auc's intervals of GAUC, by simulation.

DeLong's interval (interval="delong", the first table):

A log of users, each with a fixed number of clicked (positive) and
skipped (negative) impressions, numbers drawn once per setting from
geometric sizes; user i's skipped items score N(0, 1) and its clicked ones
N(mu_i, 1), mu_i ~ N(1, 0.5) drawn once, so the user's AUC is
Phi(mu_i / sqrt 2).  Only the scores are drawn again in each replicate:
the groups and their weights stay fixed, as the interval assumes, and the
target is the weighted mean of the true AUCs of the users used
(min_per_class=2: every one has a DeLong variance).

Weights (the "weights" column):
* unit: weight=None.
* importance: impressions, whole numbers 1-5 per row drawn once,
  independent of the scores (the weighted AUC estimates the same AUC).
* frequency: each user's impressions scored on a grid of 0.5 (the
  truth counts ties one half), identical rows aggregated into one row
  counting them: weights_are="frequency".

For each setting: the mean GAUC minus the target ("bias"), the
replicates' standard deviation of GAUC against the mean of the reported
std_error, and the share of 95% intervals holding the target.

The between-groups interval (interval="between", the second table): the
users themselves are drawn again in each replicate from a population
(geometric sizes, binomial clicks, mu_i ~ N(1, 0.5)), most of them with a
single click, and the target is the population's GAUC: mu_i independent
of the sizes and weights, it is E[Phi(mu / sqrt 2)] = Phi(1 / 1.5) for
every group weight and min_per_class.  Each replicate also gives DeLong's
interval with min_per_class=2 (the only way it is defined there), to show
what treating the groups as fixed misses.

    python benchmarks/gauc_coverage.py           # 600 replicates a setting
    python benchmarks/gauc_coverage.py --quick   # 100, to try it
    python benchmarks/gauc_coverage.py --interval between --replicates 500

Writes benchmarks/results/gauc_coverage.md.
"""

import argparse
import time
from math import erf, sqrt
from pathlib import Path

import numpy as np
import pandas as pd

import weightedroc as wr

RESULTS = Path(__file__).parent / "results"
GRID = 0.5
# (setting, users, mean impressions per user, click rate, weights, group_weight)
SETTINGS = [
    ("unit weights, 200 users x 20", 200, 20, 0.3, "unit", "n"),
    ("unit weights, 200 users x 8", 200, 8, 0.4, "unit", "n"),
    ("unit weights, 1000 users x 10, equal", 1000, 10, 0.3, "unit", "equal"),
    ("impressions (importance), 200 users x 20", 200, 20, 0.3, "importance", "weight"),
    ("impressions (importance), 200 users x 20, clicks", 200, 20, 0.3, "importance",
     "positive_weight"),
    ("impressions (frequency), 200 users x 30 on a 0.5 grid", 200, 30, 0.3, "frequency",
     "weight"),
]  # fmt: skip


# (setting, users, mean impressions per user, click rate, weights, group_weight)
POPULATION_SETTINGS = [
    ("unit weights, 200 users x 6, 15% clicks", 200, 6, 0.15, "unit", "n"),
    ("impressions (importance), 200 users x 6, 15% clicks", 200, 6, 0.15, "importance",
     "weight"),
    ("unit weights, 30 users x 6, 15% clicks, equal", 30, 6, 0.15, "unit", "equal"),
]  # fmt: skip
POPULATION_GAUC = 0.5 * (1 + erf((1 / 1.5) / sqrt(2)))  # Phi(1 / 1.5)
BETWEEN_HEADING = "# Coverage of group_auc's 95% between-groups interval of GAUC"


def phi(x):
    return 0.5 * (1 + erf(x / sqrt(2)))


def grid_auc(mu):
    """P(X > Y) + P(X = Y) / 2 for X ~ N(mu, 1), Y ~ N(0, 1) rounded to GRID."""
    cells = np.arange(-12, 12 + mu, GRID)
    edges = cells - GRID / 2

    def masses(shift):
        cdf = np.array([phi(e - shift) for e in np.append(edges, edges[-1] + GRID)])
        return np.diff(cdf)

    px, py = masses(mu), masses(0.0)
    below = np.concatenate(([0.0], np.cumsum(py)[:-1]))
    return float(np.sum(px * (below + py / 2)))


def population(users, mean_size, click_rate, rng):
    """Fixed per setting: each user's clicks, skips, shift mu and rows."""
    sizes = rng.geometric(1 / mean_size, users)
    clicks = rng.binomial(sizes, click_rate)
    mu = rng.normal(1.0, 0.5, users)
    user = np.repeat(np.arange(users), sizes)
    click = np.concatenate([np.arange(s) < c for s, c in zip(sizes, clicks)])
    return dict(sizes=sizes, clicks=clicks, mu=mu, user=user, click=click)


def draw_log(fixed, weights, impressions, rng):
    """One replicate's log: the fixed rows with fresh scores."""
    user, click = fixed["user"], fixed["click"]
    score = rng.normal(size=len(user)) + np.where(click, fixed["mu"][user], 0.0)
    log = pd.DataFrame({"user": user, "score": score, "click": click.astype(int)})
    if weights == "importance":
        log["impressions"] = impressions
    if weights == "frequency":  # each row one impression; count identical rows
        log["score"] = np.round(log["score"] / GRID) * GRID
        log = log.groupby(["user", "score", "click"], as_index=False).size()
        log = log.rename(columns={"size": "impressions"})
    return log


def target(fixed, weights, impressions, group_weight):
    """The weighted mean of the true AUCs of the users with 2 of each class."""
    sizes, clicks, mu = fixed["sizes"], fixed["clicks"], fixed["mu"]
    used = (clicks >= 2) & (sizes - clicks >= 2)
    true = np.array([grid_auc(m) if weights == "frequency" else phi(m / sqrt(2)) for m in mu])
    if group_weight in ("n", "weight") and weights != "importance":
        g = sizes.astype(float)  # (frequency: impressions are the individuals)
    elif group_weight == "weight":
        g = np.bincount(fixed["user"], weights=impressions, minlength=len(sizes))
    elif group_weight == "positive_weight":
        clicked = np.where(fixed["click"], impressions, 0.0)
        g = np.bincount(fixed["user"], weights=clicked, minlength=len(sizes))
    else:
        g = np.ones(len(sizes))
    return float(np.sum(g[used] * true[used]) / np.sum(g[used])), int(used.sum())


def run_setting(setting, replicates, seed):
    name, users, mean_size, click_rate, weights, group_weight = setting
    rng = np.random.default_rng(seed)
    fixed = population(users, mean_size, click_rate, rng)
    impressions = rng.integers(1, 6, len(fixed["user"])).astype(float)
    truth, used = target(fixed, weights, impressions, group_weight)
    estimates, errors, covered, df = [], [], 0, []
    start = time.perf_counter()
    for _ in range(replicates):
        log = draw_log(fixed, weights, impressions, rng)
        result = wr.group_auc(
            log,
            "score",
            "click",
            None if weights == "unit" else "impressions",
            by="user",
            group_weight=group_weight,
            weights_are="frequency" if weights == "frequency" else "importance",
            min_per_class=2,
        )
        assert result.n_groups == used
        estimates.append(result.estimate)
        errors.append(result.std_error)
        df.append(result.df)
        covered += result.conf_low <= truth <= result.conf_high
    seconds = (time.perf_counter() - start) / replicates
    estimates = np.array(estimates)
    rows = len(fixed["user"])
    return {
        "setting": name,
        "weights": weights,
        "group_weight": group_weight,
        "rows": rows,
        "groups used": used,
        "target": round(truth, 4),
        "bias": f"{estimates.mean() - truth:+.4f}",
        "sd of GAUC": round(float(estimates.std(ddof=1)), 4),
        "mean std_error": round(float(np.mean(errors)), 4),
        "median df": f"{np.median(df):.0f}",
        "coverage": round(covered / replicates, 3),
        "replicates": replicates,
        "ms a call": round(1000 * seconds, 1),
    }


def run_population(setting, replicates, seed):
    """Coverage of the population GAUC: users drawn again in each replicate."""
    name, users, mean_size, click_rate, weights, group_weight = setting
    rng = np.random.default_rng(seed)
    found = {"between": [], "delong, min_per_class=2": []}
    start = time.perf_counter()
    for _ in range(replicates):
        fixed = population(users, mean_size, click_rate, rng)
        impressions = rng.integers(1, 6, len(fixed["user"])).astype(float)
        log = draw_log(fixed, weights, impressions, rng)
        for interval, least in (("between", 1), ("delong, min_per_class=2", 2)):
            result = wr.group_auc(
                log,
                "score",
                "click",
                None if weights == "unit" else "impressions",
                by="user",
                group_weight=group_weight,
                min_per_class=least,
                interval=interval.split(",")[0],
            )
            single = (result.groups[["positive_weight", "negative_weight"]].min(axis=1) > 0) & (
                result.groups["variance"].isna()
            )
            found[interval].append(
                (result.estimate, result.std_error, result.df, result.n_groups, single.mean(),
                 result.conf_low <= POPULATION_GAUC <= result.conf_high)
            )  # fmt: skip
    seconds = (time.perf_counter() - start) / replicates
    rows = []
    for interval, values in found.items():
        estimate, error, df, used, single, covered = map(np.array, zip(*values))
        rows.append(
            {
                "setting": name,
                "interval": interval,
                "group_weight": group_weight,
                "mean groups used": round(float(used.mean()), 1),
                "one-of-a-class share": round(float(single.mean()), 2),
                "target": round(POPULATION_GAUC, 4),
                "bias": f"{estimate.mean() - POPULATION_GAUC:+.4f}",
                "sd of GAUC": round(float(estimate.std(ddof=1)), 4),
                "mean std_error": round(float(np.mean(error)), 4),
                "median df": f"{np.median(df):.0f}",
                "coverage": round(float(covered.mean()), 3),
                "replicates": replicates,
                "ms a replicate": round(1000 * seconds, 1),
            }
        )
    return rows


def between_section(replicates, seed):
    rows = []
    for k, setting in enumerate(POPULATION_SETTINGS):
        rows += run_population(setting, replicates, seed + 100 + k)
        print(rows[-2], rows[-1], sep="\n", flush=True)
    margin = 1.96 * sqrt(0.95 * 0.05 / replicates)
    return (
        f"{BETWEEN_HEADING}\n\n"
        f"Made by `python benchmarks/gauc_coverage.py --interval between --replicates "
        f"{replicates}` (a true coverage of 0.95 shows as 0.95 +- {margin:.3f}). The users "
        "are drawn again in each replicate from a population with heterogeneous true AUCs "
        "(over half of those used with a single click); the target is the population "
        "GAUC, Phi(1 / 1.5). `between` uses every user with both labels (min_per_class=1; "
        "the one-of-a-class share: the groups used with a single positive or negative) and "
        "Student's t with G - 1 df; DeLong's interval, on the same logs, needs "
        "min_per_class=2 and treats the users drawn as fixed.\n\n" + markdown(pd.DataFrame(rows))
    )


def write_section(path, text, between):
    """Replace the DeLong (first) or between-groups (second) section of `path`."""
    old = path.read_text() if path.exists() else ""
    delong, _, rest = old.partition(BETWEEN_HEADING)
    sections = [delong.rstrip("\n"), BETWEEN_HEADING + rest if rest else ""]
    sections[1 if between else 0] = text.rstrip("\n")
    path.write_text("\n\n".join(part for part in sections if part) + "\n")


def markdown(table):
    """A pipe table (no tabulate needed)."""
    lines = ["| " + " | ".join(table.columns) + " |", "|" + "---|" * len(table.columns)]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in table.itertuples(index=False)]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 replicates a setting")
    parser.add_argument("--replicates", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--interval",
        choices=("delong", "between", "both"),
        default="both",
        help="the tables to make (default both)",
    )
    args = parser.parse_args()
    replicates = args.replicates or (100 if args.quick else 600)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.interval != "delong":
        text = between_section(replicates, args.seed)
        write_section(args.out / "gauc_coverage.md", text, between=True)
        print(text)
    if args.interval != "between":
        delong_section(replicates, args.seed, args.out)


def delong_section(replicates, seed, out):
    rows = []
    for k, setting in enumerate(SETTINGS):
        rows.append(run_setting(setting, replicates, seed + k))
        print(rows[-1], flush=True)
    table = pd.DataFrame(rows)
    # 95% binomial margin of a coverage of 0.95 over this many replicates
    margin = 1.96 * sqrt(0.95 * 0.05 / replicates)
    text = (
        "# Coverage of group_auc's 95% DeLong interval of GAUC\n\n"
        f"Made by `python benchmarks/gauc_coverage.py` ({replicates} replicates a "
        f"setting; a true coverage of 0.95 shows as 0.95 +- {margin:.3f}). "
        "min_per_class=2; the groups and their weights fixed, the scores drawn "
        "again; the target is the weighted mean of the users' true AUCs.\n\n" + markdown(table)
    )
    write_section(out / "gauc_coverage.md", text, between=False)
    print(text)


if __name__ == "__main__":
    main()
