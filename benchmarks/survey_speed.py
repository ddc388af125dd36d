"""Speed of design-based replicate AUCs (issue 31, item 3).

At 1e6 rows (10 strata x 10 PSUs): one `auc_score`, the AUCs of 100 JKn
replicates, and of 100 bootstrap replicates, timed side by side in one
process (ratios to `auc_score` are what the issue bounds: 10x and 30x).
Issue 38's case (``--part strata``): 1e6 rows, 50 strata x 2 PSUs, the
JKn interval as a user calls it against one `auc_score` (bound: 5x).
At 1e4 rows: svyROC's ``ci.wauc(method = "JKn")`` against
``auc_ci(design=..., replicates="JKn")`` on the same data and design
(svyROC is sourced from WEIGHTEDROC_SVYROC, an unpacked copy of
github:cran/svyROC; skipped without it).  R is timed inside R.

    nice -n 10 python benchmarks/survey_speed.py [--rounds 3]

Writes benchmarks/results/survey_speed.md (1e6 rows),
survey_speed_strata.md (issue 38) and survey_speed_svyroc.md (svyROC),
and prints them; ``--part`` runs one.
"""

import argparse
import os
from pathlib import Path

import numpy as np
import pandas as pd
from timing import best_time

import weightedroc as wr
from weightedroc.survey.auc import areas_of, replicate_aucs, replicate_rows

RESULTS = Path(__file__).parent / "results"
R_CI = """function(src, data, rounds) {
  suppressMessages(library(survey))
  for (f in c("wauc.R", "ci.wauc.R")) source(file.path(src, "R", f))
  assign("speed_data", data, envir = globalenv())
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights, data = speed_data,
                 nest = TRUE)
  run <- function() ci.wauc(design = d, response.var = "y", phat.var = "phat",
                            tag.event = 1, tag.nonevent = 0, method = "JKn")
  t <- proc.time()[["elapsed"]]; out <- run(); best <- proc.time()[["elapsed"]] - t
  c(best, out$ci)
}"""


def markdown(frame):
    """A pipe table of `frame`, numbers to 3 significant digits."""
    cells = [
        [f"{v:.3g}" if isinstance(v, float) else str(v) for v in row]
        for row in frame.itertuples(index=False)
    ]
    lines = ["| " + " | ".join(frame.columns) + " |", "|" + "---|" * len(frame.columns)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in cells])


def survey_data(n, n_strata, psus_per_stratum, seed=0):
    """PSUs of uneven sizes (svyROC multiplies its variance by the rows per
    PSU when all PSUs have as many rows: see the Survey vignette)."""
    rng = np.random.default_rng(seed)
    strata = np.arange(n) * n_strata // n
    cluster = np.empty(n, dtype=np.int64)
    for h in range(n_strata):
        rows = np.flatnonzero(strata == h)
        cuts = np.sort(rng.choice(np.arange(1, len(rows)), psus_per_stratum - 1, replace=False))
        cluster[rows] = h * psus_per_stratum + np.searchsorted(cuts, np.arange(len(rows)), "right")
    y = rng.random(n) < 0.3
    phat = 1 / (1 + np.exp(-(rng.normal(size=n) + y)))
    weights = rng.uniform(20, 1000, n)
    return pd.DataFrame(
        dict(y=y.astype(float), phat=phat, strata=strata, cluster=cluster, weights=weights)
    )


def large(rounds):
    data = survey_data(10**6, 10, 10)
    g, y, w = data["phat"].to_numpy(), data["y"].to_numpy() == 1, data["weights"].to_numpy()
    design = wr.SurveyDesign(cluster=data["cluster"], strata=data["strata"])
    jkn = design.replicates("JKn")
    boot = design.replicates("bootstrap", n_rep=100, seed=1)
    one = best_time(lambda: wr.auc_score(g, y, w), rounds)
    rows = [("auc_score", 1, one)]
    for name, reps in (("JKn", jkn), ("bootstrap", boot)):
        rows.append(
            (
                f"{name} replicate AUCs",
                reps.n_replicates,
                best_time(lambda reps=reps: replicate_aucs(g, y, w, reps), rounds),
            )
        )
    plain = best_time(lambda: replicate_rows(g, y, w, jkn, lambda P, N: areas_of(P, N, None)), 1)
    rows.append(("JKn, plain path (each replicate cumulated)", jkn.n_replicates, plain))
    rows.append(
        (
            "auc_ci(design=, replicates='JKn'), all in",
            jkn.n_replicates,
            best_time(lambda: wr.auc_ci(g, y, w, design=design, replicates="JKn"), rounds),
        )
    )
    rows.append(
        (
            "auc_ci(design=), linearization",
            0,
            best_time(lambda: wr.auc_ci(g, y, w, design=design), rounds),
        )
    )
    frame = pd.DataFrame(rows, columns=["what (1e6 rows)", "replicates", "seconds"])
    frame["x auc_score"] = frame["seconds"] / one
    return frame


def paired_strata(rounds):
    """Issue 38's case: 1e6 rows, 50 strata x 2 PSUs (100 JKn replicates),
    `auc_ci` as a user calls it against one `auc_score`, alternated in
    each round (`timing.best_time` of each, interleaved)."""
    data = survey_data(10**6, 50, 2)
    g, y, w = data["phat"].to_numpy(), data["y"].to_numpy() == 1, data["weights"].to_numpy()
    design = wr.SurveyDesign(cluster=data["cluster"], strata=data["strata"])
    one, jkn, lin = [], [], []
    for _ in range(rounds):
        one.append(best_time(lambda: wr.auc_score(g, y, w), 1))
        jkn.append(best_time(lambda: wr.auc_ci(g, y, w, design=design, replicates="JKn"), 1))
        lin.append(best_time(lambda: wr.auc_ci(g, y, w, design=design), 1))
    rows = [
        ("auc_score", 1, min(one)),
        ("auc_ci(design=, replicates='JKn'), all in", 100, min(jkn)),
        ("auc_ci(design=), linearization", 0, min(lin)),
    ]
    frame = pd.DataFrame(
        rows, columns=["what (1e6 rows, 50 strata x 2 PSUs)", "replicates", "seconds"]
    )
    frame["x auc_score"] = frame["seconds"] / min(one)
    return frame


def small(rounds):
    src = os.environ.get("WEIGHTEDROC_SVYROC")
    if not src:
        return None
    from rpy2.robjects import conversion, pandas2ri

    from weightedroc import rbridge

    ro = rbridge.robjects()
    data = survey_data(10**4, 10, 10, seed=1)
    with conversion.localconverter(ro.default_converter + pandas2ri.converter):
        r = np.asarray(ro.r(R_CI)(src, data, 1))
    design = wr.SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
    ours = best_time(
        lambda: wr.auc_ci(
            data["phat"], data["y"], data["weights"], design=design, replicates="JKn"
        ),
        rounds,
    )
    ci = wr.auc_ci(data["phat"], data["y"], data["weights"], design=design, replicates="JKn")
    gap = max(abs(ci.conf_low - r[1]), abs(ci.conf_high - r[2]))
    return pd.DataFrame(
        [("svyROC ci.wauc JKn", r[0]), ("weightedroc auc_ci JKn", ours)],
        columns=["what (1e4 rows, 100 PSUs)", "seconds"],
    ).assign(ratio=lambda f: f["seconds"] / ours), gap


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--part", choices=["large", "svyroc", "strata", "both"], default="both")
    args = parser.parse_args()
    head = [
        "One process, side by side, on a shared 2-core machine (other jobs running): "
        "ratios are the numbers to read.  `python benchmarks/survey_speed.py`.",
        "",
    ]
    if args.part in ("large", "both"):
        lines = ["# Survey designs: speed of replicate AUCs at 1e6 rows", "", *head]
        lines += [markdown(large(args.rounds)), ""]
        write("survey_speed.md", lines)
    if args.part in ("strata", "both"):
        lines = ["# Survey designs: a JKn interval of 50 strata x 2 PSUs at 1e6 rows", "", *head]
        lines += [markdown(paired_strata(args.rounds)), ""]
        write("survey_speed_strata.md", lines)
    if args.part in ("svyroc", "both"):
        lines = ["# Survey designs: svyROC's ci.wauc (JKn) and auc_ci at 1e4 rows", "", *head]
        result = small(args.rounds)
        if result is None:
            lines.append("Skipped: set WEIGHTEDROC_SVYROC to an unpacked github:cran/svyROC.")
        else:
            frame, gap = result
            lines += [markdown(frame), "", f"The two intervals differ by at most {gap:.1e}."]
        write("survey_speed_svyroc.md", lines)


def write(name, lines):
    text = "\n".join(lines) + "\n"
    (RESULTS / name).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
