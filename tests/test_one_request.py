"""Issue 38 item 1, part A: a public call reads the caller's data once.

`auc_var`, `auc_cov`, `auc_ci` and `roc_test` read one request
(`weightedroc.inference.request`): each sample's labels and weights
validated once, each guess validated once and sorted once, and every method
reads that.  Counted at run time by a profiler hook, wherever the calls are
made from, for every method x design x pairing (one curve, two paired, two
unpaired, K = 3 of one sample):

* ``samples``: calls of `engine.validation.check_inputs`, the validation of
  a sample's labels and weights (with its first guess): one per sample (two
  for unpaired curves, one for paired or K curves of the same rows);
* ``guesses``: calls of `engine.validation.check_guess`: one per guess;
* ``sorts``: calls of `engine.core.stable_order`: one per guess;
* ``other sorts``: any other sort of the caller's data, that is a numpy
  ``sort``/``argsort`` (``np.sort``, ``np.argsort``, ``np.unique`` and the
  array methods; ``np.lexsort`` when it orders a guess) outside
  `stable_order`, of an array whose distinct values are a guess's (or its
  negation's), or of its ranks (R's ``rank(ties.method = "first")``): none.

Smoothed curves (`smooth_roc`) carry their validated data: a call
validates none of it again and sorts each (binormal) smoothed curve once,
for its estimate and every replicate (`Smoothing.rows`), and a raw curve
beside one is read once.

What the issue calls the sample's sorts is the reading of the caller's data.
A replicate's own work on resampled or permuted values is not counted:
the bootstrap reads each replicate from the one sort's groups and never
sorts; Venkatraman's permutations order jittered ranks, which are not the
data's values; design replicates reweight the one sort's groups.
"""

import collections
import sys
import warnings

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.engine import core, validation

CODES = {
    validation.check_inputs.__code__: "samples",
    validation.check_guess.__code__: "guesses",
    core.stable_order.__code__: "sorts",
}
SORTS = {"sort", "argsort"}


class Counter:
    """The profiler hook: counts validations and sorts of `guesses`."""

    def __init__(self, guesses):
        self.counts = collections.Counter({name: 0 for name in CODES.values()})
        self.counts["other sorts"] = 0
        self.keys, self.ranks = [], []
        for g in guesses:
            g = np.asarray(g, dtype=float)
            self.keys += [np.unique(g), np.unique(-g)]
            for signed in (g, -g):
                ranks = np.empty(len(g))
                ranks[np.argsort(signed, kind="stable")] = np.arange(1, len(g) + 1)
                self.ranks.append(ranks)
        self.inside = 0  # depth in stable_order

    def is_data(self, array):
        if array.ndim != 1 or array.size < 2 or array.dtype.kind not in "fiu":
            return False
        if any(np.array_equal(array, ranks) for ranks in self.ranks):
            return True
        values = np.unique(array.astype(float))
        return any(np.array_equal(values, key) for key in self.keys)

    def __call__(self, frame, event, arg):
        if event == "call" and frame.f_code in CODES:
            name = CODES[frame.f_code]
            self.counts[name] += 1
            self.inside += name == "sorts"
        elif event == "return" and frame.f_code is core.stable_order.__code__:
            self.inside -= 1
        elif event == "c_call" and not self.inside:
            owner = getattr(arg, "__self__", None)
            name = getattr(arg, "__name__", "")
            if name in SORTS and isinstance(owner, np.ndarray) and self.is_data(owner):
                self.counts["other sorts"] += 1


def counted(call, guesses):
    counter = Counter(guesses)
    previous = sys.getprofile()
    sys.setprofile(counter)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pROC's warnings, unpaired-looking curves, ...
            result = call()
    finally:
        sys.setprofile(previous)
    return dict(counter.counts), result


N = 80


def data():
    rng = np.random.default_rng(11)
    label = rng.random(N) < 0.45
    label[:2] = True, False
    guesses = [np.round(rng.normal(size=N) + s * label, 1) for s in (1.0, 0.6, 0.3)]
    weight = rng.integers(1, 5, N).astype(float)
    return guesses, label, weight


def designs():
    cluster, strata = np.arange(N) // 4, np.arange(N) * 2 // N
    design = wr.SurveyDesign(cluster=cluster, strata=strata, nest=True)
    return {
        "linearization": dict(design=design),
        "JKn": dict(design=design.replicates("JKn", n=N)),
        "bootstrap replicates": dict(design=design, replicates="bootstrap", n_boot=15, seed=3),
    }


def second_design():
    return wr.SurveyDesign(cluster=np.arange(N - 10) // 5)


BOOT = dict(n_boot=15, seed=2)
METHODS = {
    "delong": {},
    "bootstrap": BOOT,
    "bootstrap unstratified": dict(BOOT, stratified=False),
    "obuchowski": {},
    "venkatraman": BOOT,
    "sensitivity": dict(BOOT, at=0.6),
    "specificity": dict(BOOT, at=0.4),
}
FUNCTIONS = {
    "auc_var": ("one", ("delong", "bootstrap", "bootstrap unstratified", "obuchowski")),
    "auc_ci": ("one", ("delong", "bootstrap", "bootstrap unstratified")),
    "auc_cov": ("paired", ("delong", "bootstrap", "obuchowski")),
    "auc_cov K": ("K", ("delong", "bootstrap")),
    "roc_test": (
        "paired",
        (
            "delong",
            "bootstrap",
            "bootstrap unstratified",
            "venkatraman",
            "sensitivity",
            "specificity",
        ),
    ),  # fmt: skip
    "roc_test unpaired": (
        "unpaired",
        ("delong", "bootstrap", "venkatraman", "sensitivity", "specificity"),
    ),
    "roc_test K": ("K", ("delong", "bootstrap")),
}
WEIGHTS = ("none", "importance", "frequency")


def call_of(function, method, weights, design=None):
    """(call, guesses read, samples) of one combination."""
    guesses, label, weight = data()
    w = None if weights == "none" else weight
    kw = dict(METHODS[method]) if method else {}
    if method:
        kw["method"] = method.split()[0]
    if weights == "frequency":
        kw["weights_are"] = "frequency"
    if design is not None:
        kw.update(designs()[design])
    if "at" in kw and not function.startswith("roc_test"):
        kw.pop("at")
    shape = FUNCTIONS[function][0]
    if shape == "one":
        read = guesses[:1]
        call = lambda: getattr(wr, function)(guesses[0], label, w, **kw)  # noqa: E731
    elif shape == "paired":
        read = guesses[:2]
        name = function.split()[0]
        call = lambda: getattr(wr, name)(guesses[0], guesses[1], label, w, **kw)  # noqa: E731
    elif shape == "K":
        read = guesses
        name = function.split()[0]
        call = lambda: getattr(wr, name)(list(guesses), label=label, weight=w, **kw)  # noqa: E731
    else:
        rows = slice(10, None)
        other = (guesses[1][rows], ~label[rows], None if w is None else w[rows])
        read = [guesses[0], other[0]]
        if design is not None:
            kw["design"] = (kw["design"], second_design())
            if designs()[design].get("replicates"):
                kw["design"] = (
                    kw["design"][0].replicates("bootstrap", n=N, n_rep=15, seed=1),
                    second_design().replicates("JK1", n=N - 10),
                )
                kw.pop("replicates")
            elif design == "JKn":
                kw["design"] = (kw["design"][0], second_design().replicates("JK1", n=N - 10))
        call = lambda: wr.roc_test(guesses[0], other, label, w, **kw)  # noqa: E731
    return call, read, 2 if shape == "unpaired" else 1


def combinations():
    for function, (_, methods) in FUNCTIONS.items():
        for method in methods:
            for weights in WEIGHTS:
                yield pytest.param(
                    function, method, weights, None, id=f"{function}-{method}-{weights}"
                )
        for design in designs():
            yield pytest.param(function, None, "importance", design, id=f"{function}-{design}")


@pytest.mark.parametrize("function, method, weights, design", list(combinations()))
def test_one_validation_and_one_sort_per_guess(function, method, weights, design):
    call, read, samples = call_of(function, method, weights, design)
    counts, result = counted(call, read)
    assert counts == {
        "samples": samples,
        "guesses": len(read),
        "sorts": len(read),
        "other sorts": 0,
    }
    assert result is not None


def test_the_counter_sees_sorts_of_the_data():
    """The hook counts what it should: two public calls read twice, and a
    plain argsort of the data (or of its ranks) is another sort."""
    guesses, label, weight = data()

    def twice():
        wr.auc_score(guesses[0], label, weight)
        wr.auc_score(guesses[1], label, weight)
        ranks = np.argsort(np.argsort(guesses[0], kind="stable")) + 1.0
        np.argsort(ranks)
        np.argsort(np.random.default_rng(1).permutation(ranks))  # not the data's ranks
        np.sort(-guesses[1])

    counts, _ = counted(twice, guesses[:2])
    assert counts == {"samples": 2, "guesses": 2, "sorts": 2, "other sorts": 3}


SMOOTHED = {
    "auc_var": (lambda s, g, y: wr.auc_var(s[0], **BOOT, method="bootstrap"), 0, 1),
    "auc_ci": (lambda s, g, y: wr.auc_ci(s[0], **BOOT, method="bootstrap"), 0, 1),
    "auc_cov": (lambda s, g, y: wr.auc_cov(s[0], s[1], **BOOT, method="bootstrap"), 0, 2),
    "auc_cov raw": (lambda s, g, y: wr.auc_cov(s[0], g, y, **BOOT, method="bootstrap"), 1, 1),
    "roc_test": (lambda s, g, y: wr.roc_test(s[0], s[1], **BOOT, method="bootstrap"), 0, 2),
    "roc_test raw": (lambda s, g, y: wr.roc_test(g, s[1], y, **BOOT, method="bootstrap"), 1, 1),
    "roc_test raw unpaired": (
        lambda s, g, y: wr.roc_test(s[0], (g[5:], y[5:]), **BOOT, method="bootstrap"),
        1,
        1,
    ),
    "roc_test raw sensitivity": (
        lambda s, g, y: wr.roc_test(s[0], g, y, **BOOT, method="sensitivity", at=0.5),
        1,
        1,
    ),
}


@pytest.mark.parametrize("name", list(SMOOTHED))
def test_smoothed_curves_read_the_raw_side_once(name):
    """A `smooth_roc` curve carries its validated data: the call validates
    none of it again, and sorts each (binormal) smoothed curve once, for
    its estimate and every replicate (`Smoothing.rows`); a raw curve
    beside it is read once."""
    guesses, label, _ = data()
    smoothed = [wr.smooth_roc(g, label) for g in guesses[:2]]
    call, raw, curves = SMOOTHED[name]
    counter = Counter(guesses[:2])
    previous = sys.getprofile()
    sys.setprofile(counter)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = call(smoothed, guesses[1], label)
    finally:
        sys.setprofile(previous)
    assert dict(counter.counts) == {
        "samples": raw,
        "guesses": raw,
        "sorts": raw + curves,
        "other sorts": 0,
    }
    assert result is not None
