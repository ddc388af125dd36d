"""pROC's tests/testthat, translated call for call for the parts issue 32 touches.

The expected values are pROC's own literals, as R wrote them
(tests/data/proc/*.csv, dumped with ``%.17g`` from pROC's helper files at
github:xrobin/pROC ee2877e); every ``expect_*`` of a translated loop is one
case here.  pROC's ``expect_equal`` allows a relative 1.5e-8; the tolerances
below are what the translation reaches.

- test-roc.R, "smoothing a ROC curve produces expected results": ``smooth(r,
  method, 10)`` of aSAH's ndka and s100b, both level orders and both
  directions (pROC's ``percent = TRUE`` runs only scale these by 100, and
  ``direction = "auto"`` repeats the "<" or ">" run).  The density
  literals were made on R >= 4.4 and are matched by the default grid; the
  grid of R < 4.4 (``old_coords=True``) is 1e-4 away from them.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr

DATA = Path(__file__).parent / "data" / "proc"
SMOOTH = pd.read_csv(DATA / "smooth_expected.csv")


def smooth_cases(methods):
    keys = ["marker", "levels", "direction", "method"]
    groups = SMOOTH[SMOOTH["method"].isin(methods)].groupby(keys, sort=False)
    return [(key, group) for key, group in groups]


def proc_smooth_literals(group):
    se = group.loc[group["column"] == "sensitivities", "value"].to_numpy()
    sp = group.loc[group["column"] == "specificities", "value"].to_numpy()
    return se, sp


def smoothed_asah(marker, levels, direction, method, **options):
    data = wr.load_asah()
    positive = "Poor" if levels == "forward" else "Good"  # pROC's levels = c(control, case)
    curve = wr.smooth_roc(
        data[marker].to_numpy(float),
        data["outcome"].to_numpy(),
        method=method,
        n=10,
        positive=positive,
        direction=direction,
        **options,
    )
    return curve["TPR"].to_numpy(), 1 - curve["FPR"].to_numpy()


@pytest.mark.parametrize(
    "key, group",
    smooth_cases(["binormal", "density"]),
    ids=lambda v: "-".join(v) if isinstance(v, tuple) else "",
)
def test_smooth_is_procs_literals(key, group):
    se, sp = proc_smooth_literals(group)
    mine_se, mine_sp = smoothed_asah(*key)
    np.testing.assert_allclose(mine_se, se, rtol=0, atol=1e-14)
    np.testing.assert_allclose(mine_sp, sp, rtol=0, atol=1e-14)


@pytest.mark.parametrize(
    "key, group",
    smooth_cases(["density"]),
    ids=lambda v: "-".join(v) if isinstance(v, tuple) else "",
)
def test_density_of_r_before_4_4_is_not_procs_literals(key, group):
    se, _ = proc_smooth_literals(group)
    old_se, _ = smoothed_asah(*key, old_coords=True)
    assert 1e-5 < np.abs(old_se - se).max() < 1e-3
