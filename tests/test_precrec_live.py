"""precrec 0.14's PRC area, live, against `pr_auc(method="interpolated")`.

precrec draws the interpolated curve that PRROC integrates exactly, and
takes the trapezoid rule over ``x_bins`` recall points (default 1000): its
area misses the exact one by up to 3e-5 at the default grid, 4e-6 at
10,000 points and 5e-8 at 100,000, on either side (the largest over 40
data sets each, benchmarks/results/precrec_comparison.md).  precrec is not on
Debian: it is built from its repository (evalclass/precrec) into
WEIGHTEDROC_R_LIB, and runs in a child process (``Rscript``), since it can
overrun a buffer with ties and fine grids.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from weightedroc import pr_auc

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
from precrec_comparison import data_set, precrec_prc  # noqa: E402


@pytest.fixture(scope="module")
def lib():
    path = os.environ.get("WEIGHTEDROC_R_LIB")
    if shutil.which("Rscript") is None:
        pytest.skip("R is not installed")
    if not path or not (Path(path) / "precrec").is_dir():
        pytest.skip("WEIGHTEDROC_R_LIB does not name an R library holding precrec")
    check = subprocess.run(
        ["Rscript", "-e", f'library(precrec, lib.loc="{path}")'], capture_output=True
    )
    if check.returncode != 0:
        pytest.skip("precrec does not load from WEIGHTEDROC_R_LIB")
    return path


@pytest.mark.parametrize("n, prevalence, ties", [(200, 0.3, False), (2000, 0.05, True)])
def test_precrecs_trapezoid_approaches_the_exact_area_as_one_over_bins_squared(
    lib, n, prevalence, ties
):
    guess, label = data_set(n, prevalence, ties, seed=1)
    exact = pr_auc((guess, label), method="interpolated")
    coarse, version = precrec_prc(guess, label, 1000, lib)
    assert version.startswith("0.14")
    assert abs(exact - coarse) <= 5e-6  # measured: up to 2.4e-6
    fine, _ = precrec_prc(guess, label, 10000, lib)
    if fine is not None:  # precrec's child process may crash on fine grids
        assert abs(exact - fine) <= 5e-8
        assert abs(exact - fine) < abs(exact - coarse) / 50


def test_precrec_reads_the_scores_as_pr_auc_does(lib):
    """The same curve: on scores with only 3 distinct values the trapezoid
    over a fine grid is within 1e-9 of the exact area."""
    rng = np.random.default_rng(4)
    label = (rng.random(300) < 0.3).astype(int)
    guess = rng.integers(0, 3, 300) + label
    exact = pr_auc((guess, label), method="interpolated")
    fine, _ = precrec_prc(guess, label, 100000, lib)
    if fine is None:
        pytest.skip("precrec crashed on this grid (its buffer overrun)")
    assert abs(exact - fine) < 1e-9
