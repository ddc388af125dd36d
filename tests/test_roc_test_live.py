"""roc_test's pairing, warnings and errors for every method, against pROC
1.18 live through rpy2 (issue 21): Venkatraman through roc_test, the
bootstrap's pairing when paired=None, the warning for paired=False on
paired curves, and the errors of unpaired curves.  Each test skips, with
the reason, when R, rpy2 or pROC is missing.
"""

import warnings

import numpy as np
import pytest
from rlive import vec

import weightedroc as wr

METHODS = ["delong", "bootstrap", "venkatraman"]


def procs(ro, body, g1, g2, y, y2=None, boot_n=200, seed=1):
    """Call roc.test on r1 (y, g1) and r2 (y2, g2) in R; `body` reads `t` or
    returns the condition's message."""
    code = f"""function(g1, g2, y, y2) {{ set.seed({seed})
        r1 <- roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE)
        r2 <- roc(y2, g2, levels = c(0, 1), direction = "<", quiet = TRUE)
        tryCatch({{ {body} }},
                 warning = function(w) paste("warning:", conditionMessage(w)),
                 error = function(e) paste("error:", conditionMessage(e))) }}"""
    y2 = y if y2 is None else y2
    return list(ro.r(code)(vec(ro, g1), vec(ro, g2), vec(ro, y), vec(ro, y2)))


def test_venkatraman_through_roc_test_has_procs_statistic(r, asah_poor):
    frame, y = asah_poor
    for other in ("wfns", "ndka"):
        e, p = procs(
            r,
            't <- roc.test(r1, r2, method = "venkatraman", boot.n = 500)\n'
            "c(t$statistic, t$p.value)",
            frame["s100b"],
            frame[other],
            y,
        )
        ours = wr.roc_test(
            frame["s100b"], frame[other], y, method="venkatraman", n_boot=2000, seed=1
        )
        assert ours.statistic == e  # deterministic: exactly pROC's E
        assert ours.p_value == pytest.approx(p, abs=0.1)
        assert ours.method == "Venkatraman's test for two paired ROC curves"


def test_unpaired_venkatraman_through_roc_test_has_procs_statistic(r, asah_poor):
    frame, y = asah_poor
    half = len(y) // 2
    y2, g2 = y[half:], frame["ndka"].to_numpy()[half:]
    (e,) = procs(
        r,
        't <- roc.test(r1, r2, method = "venkatraman", boot.n = 10); t$statistic',
        frame["s100b"],
        g2,
        y,
        y2,
    )
    ours = wr.roc_test(frame["s100b"], (g2, y2), y, method="venkatraman", n_boot=50, seed=1)
    assert ours.statistic == pytest.approx(e, rel=1e-14)
    assert ours.method == "Venkatraman's test for two unpaired ROC curves"


@pytest.mark.parametrize("shuffled", [False, True])
def test_bootstrap_with_paired_none_pairs_as_procs(r, asah_poor, shuffled):
    """pROC's default paired = NULL pairs curves of the same response; with
    the response of the second curve reordered it does not."""
    frame, y = asah_poor
    g1, g2 = frame["s100b"].to_numpy(), frame["ndka"].to_numpy()
    y2 = np.roll(y, 1) if shuffled else y
    method, d, p = procs(
        r,
        't <- roc.test(r1, r2, method = "bootstrap", boot.n = 1000)\n'
        "c(t$method, t$statistic, t$p.value)",
        g1,
        g2,
        y,
        y2,
    )
    ours = wr.roc_test(g1, (g2, y2), y, method="bootstrap", n_boot=4000, seed=3)
    assert ours.method == method
    assert wr.are_paired(g1, g2, y, label2=y2) == (not shuffled)
    # Monte Carlo error: about 4 standard errors of the difference.
    assert ours.statistic == pytest.approx(float(d), rel=0.1, abs=0.03)
    assert ours.p_value == pytest.approx(float(p), abs=0.03)


def test_are_paired_agrees_with_procs(r, asah_poor):
    frame, y = asah_poor
    g1, g2 = frame["s100b"], frame["wfns"]
    for y2 in (y, y.copy(), np.roll(y, 1), y[::-1]):
        (procs_paired,) = procs(r, "pROC:::are.paired(r1, r2)", g1, g2, y, y2)
        assert wr.are_paired(g1, g2, y, label2=y2) == bool(procs_paired)


@pytest.mark.parametrize("method", METHODS)
def test_paired_false_on_paired_curves_warns_as_procs(r, asah_poor, method):
    frame, y = asah_poor
    (procs_message,) = procs(
        r,
        f'roc.test(r1, r2, method = "{method}", paired = FALSE, boot.n = 10); "silent"',
        frame["s100b"],
        frame["ndka"],
        y,
    )
    assert procs_message == (
        "warning: The ROC curves seem to be paired. Consider performing a paired roc.test."
    )
    with pytest.warns(UserWarning) as caught:
        test = wr.roc_test(
            frame["s100b"], frame["ndka"], y, method=method, paired=False, n_boot=10, seed=1
        )
    assert [str(w.message) for w in caught] == [procs_message.removeprefix("warning: ")]
    assert caught[0].filename == __file__  # points at the caller
    (procs_method,) = procs(
        r,
        f'suppressWarnings(roc.test(r1, r2, method = "{method}", paired = FALSE,\n'
        "boot.n = 10))$method",
        frame["s100b"],
        frame["ndka"],
        y,
    )
    assert test.method == procs_method  # the unpaired test, as asked


@pytest.mark.parametrize("method", METHODS)
def test_paired_true_on_unpaired_curves_is_procs_error(r, asah_poor, method):
    frame, y = asah_poor
    (procs_message,) = procs(
        r,
        f'roc.test(r1, r2, method = "{method}", paired = TRUE, boot.n = 10)',
        frame["s100b"],
        frame["ndka"],
        y,
        np.roll(y, 1),
    )
    assert procs_message.startswith("error: ")
    with pytest.raises(ValueError) as raised:
        wr.roc_test(frame["s100b"], (frame["ndka"], np.roll(y, 1)), y, method=method, paired=True)
    assert str(raised.value).startswith(procs_message.removeprefix("error: "))


@pytest.mark.parametrize("method", METHODS)
def test_unpaired_length_error_names_the_second_samples_parts(r, asah_poor, method):
    """pROC cannot even build the second curve; our error names its inputs."""
    frame, y = asah_poor
    message = r.r("""function(y, g) tryCatch(roc(y, g, quiet = TRUE),
                                              error = function(e) conditionMessage(e))""")(
        vec(r, y[:50]), vec(r, frame["ndka"][:49])
    )[0]
    assert message == "Response and predictor must be vectors of the same length."
    with pytest.raises(ValueError, match=r"its label has 50 elements but its guess has 49"):
        wr.roc_test(frame["s100b"], (frame["ndka"][:49], y[:50]), y, method=method)
    with pytest.raises(
        ValueError, match=r"the second sample's label has 50 elements but its weight has 3"
    ):
        wr.roc_test(frame["s100b"], (frame["ndka"][:50], y[:50], [1, 2, 3]), y, method=method)


def test_venkatraman_of_partial_areas_is_procs_error(r, asah_poor):
    frame, y = asah_poor
    message = r.r("""function(y, g1, g2) {
        r1 <- roc(y, g1, quiet = TRUE, partial.auc = c(1, 0.8))
        r2 <- roc(y, g2, quiet = TRUE)
        tryCatch(suppressWarnings(roc.test(r1, r2, method = "venkatraman")),
                 error = function(e) conditionMessage(e)) }""")(
        vec(r, y), vec(r, frame["s100b"]), vec(r, frame["ndka"])
    )[0]
    with pytest.raises(ValueError) as raised:
        wr.roc_test(
            frame["s100b"],
            frame["ndka"],
            y,
            method="venkatraman",
            fpr_range=(0, 0.2),
        )
    assert str(raised.value) == message


def test_bootstrap_of_unit_weights_given_is_the_unweighted_test(asah_poor):
    """Weights of 1 pair the curves as no weights do (are_paired compares
    the weights given)."""
    frame, y = asah_poor
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ones = np.ones(len(y))
        test = wr.roc_test(
            frame["s100b"], frame["ndka"], y, ones, method="bootstrap", n_boot=50, seed=2
        )
    plain = wr.roc_test(frame["s100b"], frame["ndka"], y, method="bootstrap", n_boot=50, seed=2)
    assert (test.statistic, test.p_value, test.method) == (
        plain.statistic,
        plain.p_value,
        plain.method,
    )
