"""Every vignette runs in fast mode and reproduces its key numbers.

Each ``vignettes/<name>.py`` (every one, including those added later) is run
here cell by cell with ``WEIGHTEDROC_FAST=1``, as a notebook runs it: a
plotnine ggplot left as the last expression of a cell is drawn, so plotting
errors surface too.  Its last cell, tagged ``check``, defines ``EXPECTED``:
a dict from an expression, evaluated in the vignette's namespace, to the
value it must have, taken from an independent source (R, a hand
computation).  Numbers match to a relative 1e-9 (lists and arrays element by
element), everything else with ``==``.  See vignettes/render.py.
"""

import ast
import functools
import importlib.util
import math
import numbers
import os
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("plotnine")
jupytext = pytest.importorskip("jupytext")
import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

VIGNETTES = Path(__file__).resolve().parent.parent / "vignettes"


def _load_render():
    spec = importlib.util.spec_from_file_location("render", VIGNETTES / "render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


render = _load_render()
PATHS = render.vignette_paths(VIGNETTES)


def _show(value):
    """What a notebook does with a cell's last value: draw a ggplot."""
    if type(value).__name__ == "ggplot" and hasattr(value, "draw"):
        plt.close(value.draw())


def _run_cell(source, namespace, where):
    tree = ast.parse(source, filename=where)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, where, "exec"), namespace)
    if last is not None:
        _show(eval(compile(ast.Expression(last.value), where, "eval"), namespace))


@functools.cache
def run_vignette(name):
    """The namespace of vignette `name` after running it in fast mode from the repo root."""
    path = VIGNETTES / f"{name}.py"
    notebook = jupytext.read(path)
    namespace = {"__name__": "__main__", "__file__": str(path)}
    saved_env, saved_cwd = os.environ.get("WEIGHTEDROC_FAST"), os.getcwd()
    os.environ["WEIGHTEDROC_FAST"] = "1"
    os.chdir(VIGNETTES.parent)
    try:
        for i, cell in enumerate(notebook.cells):
            if cell.cell_type == "code":
                _run_cell(cell.source, namespace, f"{path.name}, cell {i}")
    finally:
        os.chdir(saved_cwd)
        if saved_env is None:
            del os.environ["WEIGHTEDROC_FAST"]
        else:
            os.environ["WEIGHTEDROC_FAST"] = saved_env
    return namespace


def matches(actual, expected):
    """Whether `actual` is `expected`, numbers to a relative 1e-9."""
    if isinstance(expected, (bool, np.bool_)):
        return isinstance(actual, (bool, np.bool_)) and bool(actual) == bool(expected)
    if isinstance(expected, numbers.Number):
        return (isinstance(actual, numbers.Number)
                and math.isclose(actual, expected, rel_tol=1e-9, abs_tol=1e-12))
    if isinstance(expected, (list, tuple, np.ndarray)):
        actual, expected = np.asarray(actual), np.asarray(expected)
        if actual.shape != expected.shape:
            return False
        if expected.dtype.kind in "biuf" and actual.dtype.kind in "biuf":
            return bool(np.allclose(actual, expected, rtol=1e-9, atol=1e-12))
        return bool((actual == expected).all())
    return actual == expected


def mismatches(namespace):
    """Lines 'expression = actual, expected ...' for each key number that is off."""
    wrong = []
    for expression, expected in namespace["EXPECTED"].items():
        actual = eval(expression, namespace)
        if not matches(actual, expected):
            wrong.append(f"{expression} = {actual!r}, expected {expected!r}")
    return wrong


def test_the_vignettes_are_found():
    assert {"definition", "examples", "speed"} <= {p.stem for p in PATHS}


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_vignette_runs_and_reproduces_its_key_numbers(path):
    namespace = run_vignette(path.stem)
    expected = namespace.get("EXPECTED")
    assert isinstance(expected, dict) and expected, (
        f"{path.name} defines no EXPECTED key numbers: end it with a cell tagged "
        "check, '# %% tags=[\"check\"]', defining EXPECTED = {expression: value} "
        "(see vignettes/render.py)")
    assert not mismatches(namespace), "\n".join(mismatches(namespace))


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_the_key_numbers_are_in_a_check_cell_that_is_not_rendered(path):
    cells = jupytext.read(path).cells
    tagged = [c for c in cells if "check" in c.metadata.get("tags", [])]
    assert tagged and "EXPECTED" in tagged[-1].source, (
        f"{path.name}: EXPECTED belongs in a cell tagged check")


def test_definition_auc_equals_the_brute_force_area_of_the_definition():
    ns = run_vignette("definition")
    # Probability that a random positive outscores a random negative (ties
    # half), weighted: the area under the curve of the definition.
    y, w, s = np.array(ns["y"]), np.array(ns["w"], float), np.array(ns["y_hat"], float)
    pos, neg = y == 1, y == -1
    pair_w = np.outer(w[pos], w[neg])
    wins = (s[pos][:, None] > s[neg][None, :]) + 0.5 * (s[pos][:, None] == s[neg][None, :])
    assert ns["auc"] == pytest.approx((pair_w * wins).sum() / pair_w.sum(), rel=1e-12)


def test_examples_auc_tables_agree_with_scikit_learn_computed_here():
    from sklearn.metrics import roc_auc_score

    ns = run_vignette("examples")
    rocr, asah = ns["rocr_simple"], ns["asah"]
    assert ns["rocr_simple_aucs"].loc["weightedroc", "AUC"] == pytest.approx(
        roc_auc_score(rocr["labels"], rocr["predictions"]), rel=1e-12)
    assert ns["asah_aucs"].loc["weightedroc", "AUC"] == pytest.approx(
        roc_auc_score(asah["outcome"] == "Poor", asah["s100b"]), rel=1e-12)
    for table in (ns["rocr_simple_aucs"], ns["asah_aucs"]):
        assert (table["minus weightedroc"].abs() < 1e-12).all()


def test_examples_compare_with_every_r_package_that_is_available():
    ns = run_vignette("examples")
    for package in ("ROCR", "pROC"):
        assert (package in ns["rocr_simple_aucs"].index) == ns["R"][package][0]
        assert (package in ns["rocr_simple_curves"]) == ns["R"][package][0]
    assert ("R WeightedROC" in ns["asah_aucs"].index) == ns["R"]["WeightedROC"][0]


def test_speed_times_every_available_implementation_at_every_size():
    ns = run_vignette("speed")
    timings = ns["timings"]
    found = set(timings["implementation"])
    for package, name in (("WeightedROC", "R WeightedROC"), ("pROC", "pROC"),
                          ("ROCR", "ROCR")):
        assert (name in found) == ns["R"][package][0]
    python = timings[timings["language"] == "Python"]
    assert sorted(python["n"].unique()) == sorted(ns["PYTHON_SIZES"])
    assert ns["FAST"] is True and max(ns["PYTHON_SIZES"]) <= 10_000


def test_render_writes_one_html_page_with_figures_and_without_the_check_cell(tmp_path):
    out = render.render(VIGNETTES / "definition.py", tmp_path)
    html = out.read_text(encoding="utf-8")
    assert out.name == "definition.html"
    assert "<title>Weighted ROC analysis</title>" in html
    assert html.count("data:image/png;base64,") >= 1
    assert "0.325" in html
    assert "EXPECTED" not in html


def test_render_rejects_an_unknown_vignette_name(capsys):
    with pytest.raises(SystemExit):
        render.main(["no-such-vignette"])
    assert "no vignette 'no-such-vignette'" in capsys.readouterr().err
