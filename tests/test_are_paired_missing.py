"""are_paired with missing guesses and labels, against live pROC's
are.paired(roc(y1, g1), roc(y2, g2)) (roc's default na.rm = TRUE)."""

import numpy as np
import pytest

import weightedroc as wr

R_ARE_PAIRED = """function(g1, y1, g2, y2) {
  suppressMessages(pROC::are.paired(pROC::roc(y1, g1, levels = c(0, 1), quiet = TRUE),
                                    pROC::roc(y2, g2, levels = c(0, 1), quiet = TRUE)))
}"""


def case(seed):
    """Two curves of 40 rows with missing values, paired or not in various ways."""
    rng = np.random.default_rng(seed)
    y1 = rng.integers(0, 2, 40).astype(float)
    g1, g2 = rng.normal(size=40), rng.normal(size=40)
    y2 = y1.copy()
    kind = seed % 6
    g1[rng.random(40) < 0.2] = np.nan
    if kind >= 1:
        g2[rng.random(40) < 0.2] = np.nan
    if kind == 2:  # a missing label, in both
        y1[3] = y2[3] = np.nan
    if kind == 3:  # a missing label in one curve only
        y2[5] = np.nan
    if kind == 4:  # another observation's label
        y2[7] = 1 - y2[7]
    if kind == 5:  # the rows kept happen to have the same classes
        y2 = y1.copy()
        y2[np.isnan(g1)] = np.nan
    return g1, y1, g2, y2


@pytest.mark.parametrize("seed", range(24))
def test_are_paired_with_missing_values_is_procs(r, seed):
    g1, y1, g2, y2 = case(seed)
    expected = bool(r.r(R_ARE_PAIRED)(*(r.FloatVector(v) for v in (g1, y1, g2, y2)))[0])
    assert wr.are_paired(g1, g2, y1, label2=y2) is expected


def test_missing_values_are_left_out_with_their_weights():
    g = np.array([0.1, np.nan, 0.3, 0.4, 0.5])
    y = np.array([0, 1, 0, 1, 1])
    w = np.array([1.0, 2.0, 1.0, 1.0, 3.0])
    assert wr.are_paired(g, g[::-1].copy(), y, w)
    w2 = w.copy()
    w2[1] = 5.0  # differs only on a row the first curve leaves out: the originals differ
    assert not wr.are_paired(g, np.r_[0.5, 0.4, 0.3, 0.2, 0.1], y, w, weight2=w2)
    assert wr.are_paired(g, np.r_[0.5, np.nan, 0.3, 0.2, 0.1], y, w, weight2=w2)  # both drop it
