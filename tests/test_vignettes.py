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
import base64
import functools
import importlib.util
import math
import numbers
import os
import re
import struct
from html import unescape
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("plotnine")
jupytext = pytest.importorskip("jupytext")
import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.text import Text  # noqa: E402

VIGNETTES = Path(__file__).resolve().parent.parent / "vignettes"


def _load_render():
    spec = importlib.util.spec_from_file_location("render", VIGNETTES / "render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


render = _load_render()
PATHS = render.vignette_paths(VIGNETTES)


def _show(value, where, figures):
    """What a notebook does with a cell's last value: draw a ggplot.  Records
    (where, size in inches, dpi, {text: font size in points}) in `figures`."""
    if type(value).__name__ == "ggplot" and hasattr(value, "draw"):
        figure = value.draw()
        texts = {
            t.get_text(): t.get_fontsize()
            for t in figure.findobj(Text)
            if t.get_visible() and t.get_text().strip()
        }
        figures.append((where, tuple(figure.get_size_inches()), figure.dpi, texts))
        plt.close(figure)


def _run_cell(source, namespace, where):
    tree = ast.parse(source, filename=where)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, where, "exec"), namespace)
    if last is not None:
        _show(
            eval(compile(ast.Expression(last.value), where, "eval"), namespace),
            where,
            namespace.setdefault("__figures__", []),
        )


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
        return isinstance(actual, numbers.Number) and math.isclose(
            actual, expected, rel_tol=1e-9, abs_tol=1e-12
        )
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
def test_vignette_runs_reproduces_its_key_numbers_and_draws_legible_figures(path):
    """One run of the vignette (in fast mode) for both checks: its key
    numbers, and every figure's text of at least 9 points at a readable size."""
    namespace = run_vignette(path.stem)
    expected = namespace.get("EXPECTED")
    assert isinstance(expected, dict) and expected, (
        f"{path.name} defines no EXPECTED key numbers: end it with a cell tagged "
        "check, '# %% tags=[\"check\"]', defining EXPECTED = {expression: value} "
        "(see vignettes/render.py)"
    )
    assert not mismatches(namespace), "\n".join(mismatches(namespace))
    figures = namespace.get("__figures__", [])
    assert figures, f"{path.name} draws no figure"
    for where, (width, height), _, texts in figures:
        small = {text: size for text, size in texts.items() if size < 9}
        assert not small, f"{where}: text under 9 pt: {small}"
        assert width >= 5.5 and height >= 4, f"{where}: figure of {width} x {height} in"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_the_key_numbers_are_in_a_check_cell_that_is_not_rendered(path):
    cells = jupytext.read(path).cells
    tagged = [c for c in cells if "check" in c.metadata.get("tags", [])]
    assert tagged and "EXPECTED" in tagged[-1].source, (
        f"{path.name}: EXPECTED belongs in a cell tagged check"
    )


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
        roc_auc_score(rocr["labels"], rocr["predictions"]), rel=1e-12
    )
    assert ns["asah_aucs"].loc["weightedroc", "AUC"] == pytest.approx(
        roc_auc_score(asah["outcome"] == "Poor", asah["s100b"]), rel=1e-12
    )
    for table in (ns["rocr_simple_aucs"], ns["asah_aucs"]):
        assert (table["difference from weightedroc"].abs() < 1e-12).all()


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
    for package, name in (("WeightedROC", "R WeightedROC"), ("pROC", "pROC"), ("ROCR", "ROCR")):
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


# ---------------------------------------------------------------- what readers see


def _render_all(out):
    """Every vignette rendered in fast mode into `out`: {name: html file}."""
    saved = os.environ.get("WEIGHTEDROC_FAST")
    os.environ["WEIGHTEDROC_FAST"] = "1"
    try:
        return {p.stem: render.render(p, out).name for p in PATHS}
    finally:
        if saved is None:
            del os.environ["WEIGHTEDROC_FAST"]
        else:
            os.environ["WEIGHTEDROC_FAST"] = saved


@pytest.fixture
def rendered(tmp_path):
    """Every vignette rendered in fast mode: {name: html text}, and the
    directory."""
    files = _render_all(tmp_path)
    pages = {name: (tmp_path / file).read_text(encoding="utf-8") for name, file in files.items()}
    return pages, tmp_path


_NOT_TEXT = re.compile(r"<(pre|code|style|script|math)\b.*?</\1>", flags=re.S | re.I)


def _text(html):
    """What a page shows as prose: no code, CSS, scripts, MathML or tags."""
    body = html[html.index("<body") :]
    return unescape(re.sub(r"<[^>]+>", " ", _NOT_TEXT.sub(" ", body)))


def check_no_page_shows_latex_source(rendered):
    pages, _ = rendered
    for name, html in pages.items():
        text = _text(html)
        assert "$" not in text, (name, text[max(0, text.find("$") - 80) : text.find("$") + 80])
        commands = re.findall(r"\\[A-Za-z]+", text)
        assert not commands, (name, commands[:5])
    assert "<math" in pages["definition"] and "<math" in pages["cost_sensitive"]


def check_every_page_links_the_shipped_math_font_which_has_every_character_used(rendered):
    from fontTools.ttLib import TTFont  # matplotlib's own dependency

    pages, out = rendered
    font = out / render.MATH_FONT
    assert font.is_file() and font.stat().st_size < 150_000
    assert (out / "fonts" / "LICENSE-latinmodern-math.txt").is_file()
    loaded = TTFont(font)
    assert "MATH" in loaded  # stretchy operators and big sums
    covered = set(loaded.getBestCmap())
    for name, html in pages.items():
        assert f'url("{render.MATH_FONT}") format("woff2")' in html, name
        assert re.search(r"math \{ font-family: \"Latin Modern Math WeightedROC\"", html), name
        assert "font/woff2;base64" not in html  # one shared file, not a copy a page
        maths = "".join(re.findall(r"<math\b.*?</math>", html, flags=re.S))
        used = {ord(c) for c in unescape(re.sub(r"<[^>]+>", "", maths)) if not c.isspace()}
        assert used <= covered, (name, sorted(chr(u) for u in used - covered))


def check_script_letters_and_operator_names_draw_alike_in_every_browser(rendered):
    pages, _ = rendered
    definition = pages["definition"]
    assert "mathvariant" not in definition  # Chromium ignores it: I would be plain I
    assert "<mi>\U0001d4b3</mi>" in unescape(definition)  # script X
    assert "<mi>\u2110</mi>" in unescape(definition)  # script I (a letterlike hole)
    assert "<mi>FPR</mi>" in definition and "<mo>FPR</mo>" not in definition


def check_no_table_cell_is_cut(rendered):
    pages, _ = rendered
    for name, html in pages.items():
        cells = re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", html, flags=re.S)
        assert cells, name
        assert not [c for c in cells if c.strip().endswith("...")], name
        for rule in re.findall(r"([^{}]*)\{([^{}]*)\}", html[: html.index("<body")]):
            selector, body = rule
            if re.search(r"\b(table|td|th|dataframe)\b", selector):
                assert "ellipsis" not in body and not re.search(
                    r"(?<![-\w])(max-)?width:\s*\d", body
                ), (name, selector, body)


def check_the_r_availability_table_shows_whole_sentences(rendered):
    pages, _ = rendered
    for name in ("examples", "speed"):
        ns = run_vignette(name)
        cells = {
            unescape(c).strip() for c in re.findall(r"<td>(.*?)</td>", pages[name], flags=re.S)
        }
        for _ok, why in ns["R"].values():
            assert why in cells, (name, why)


def _png_size_and_dpi(data):
    width, height = struct.unpack(">II", data[16:24])
    at = data.find(b"pHYs")
    per_metre = struct.unpack(">I", data[at + 4 : at + 8])[0] if at > 0 else 3937
    return width, height, per_metre * 0.0254


def check_figures_are_shown_at_their_size_or_more(rendered):
    """A figure is shown at >= 96 CSS px per figure inch, so that its text (at
    least 9 pt, tested above) is at least 9 pt on the page."""
    pages, _ = rendered
    for name, html in pages.items():
        images = re.findall(r"<img\b([^>]*)>", html)
        assert images, name
        for attributes in images:
            data = base64.b64decode(re.search(r'base64,([^"]+)"', attributes).group(1))
            width, _, dpi = _png_size_and_dpi(data)
            shown = re.search(r'width="(\d+)"', attributes)
            shown = int(shown.group(1)) if shown else width
            assert shown / (width / dpi) >= 96, (name, shown, width, dpi)
            assert shown >= 550, (name, shown)


def _brute_force_curve(guess, label):
    """(FPR, TPR) at each distinct guess, then +inf, from the definition."""
    guess, positive = np.asarray(guess, float), np.asarray(label) == 1
    taus = [*np.unique(guess), np.inf]
    return (
        [float(((guess >= t) & ~positive).sum() / (~positive).sum()) for t in taus],
        [float(((guess >= t) & positive).sum() / positive.sum()) for t in taus],
    )


def test_examples_quoted_numbers_agree_with_independent_computations():
    """The EXPECTED cell's marker AUCs, tie curve and curve lengths come from R;
    here they are recomputed with scikit-learn and the definition."""
    from sklearn.metrics import roc_auc_score

    ns = run_vignette("examples")
    asah, rocr = ns["asah"], ns["rocr_simple"]
    aucs = ns["marker_aucs"].set_index("marker")["auc"]
    for marker in ("s100b", "ndka", "wfns"):
        expected = roc_auc_score(asah["outcome"] == "Poor", asah[marker].astype(float))
        assert aucs[marker] == pytest.approx(expected, rel=1e-12), marker
    fpr, tpr = _brute_force_curve(ns["y_hat_tie"], ns["y_tie"])
    assert ns["tie_roc"]["FPR"].tolist() == fpr and ns["tie_roc"]["TPR"].tolist() == tpr
    assert ns["tie_auc"] == pytest.approx(
        roc_auc_score(np.asarray(ns["y_tie"]) == 1, ns["y_hat_tie"]), rel=1e-12
    )
    assert len(ns["rocr_simple_roc"]) == rocr["predictions"].nunique() + 1
    assert len(ns["asah_roc"]) == asah["s100b"].nunique() + 1


def test_definition_curve_agrees_with_the_weighted_definition_computed_here():
    ns = run_vignette("definition")
    y, w, s = np.array(ns["y"]), np.array(ns["w"], float), np.array(ns["y_hat"], float)
    taus = [*np.unique(s), np.inf]
    fpr = [w[(s >= t) & (y == -1)].sum() / w[y == -1].sum() for t in taus]
    tpr = [w[(s >= t) & (y == 1)].sum() / w[y == 1].sum() for t in taus]
    assert ns["tp_fp"]["FPR"].tolist() == pytest.approx(fpr, rel=1e-12)
    assert ns["tp_fp"]["TPR"].tolist() == pytest.approx(tpr, rel=1e-12)


def check_every_figure_has_alt_text_and_a_numbered_caption(rendered):
    pages, _ = rendered
    for name, html in pages.items():
        body = html[html.index("<body") :]
        images = re.findall(r"<img\b[^>]*>", body)
        figures = re.findall(
            r'<figure class="vignette-figure"><img alt="([^"]+)" src="data:image/png;base64,'
            r'[^"]+"\s*/?>\s*<figcaption>Figure (\d+)\. ([^<]+)</figcaption>\s*</figure>',
            body,
        )
        assert images and len(figures) == len(images), name
        assert [int(n) for _, n, _ in figures] == list(range(1, len(figures) + 1)), name
        assert all(len(alt) >= 40 and len(caption) >= 20 for alt, _, caption in figures), name
        assert "# figure:" not in body and "# alt:" not in body, name


def test_a_figure_without_a_caption_is_refused():
    import nbformat

    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("roc_plot(roc)")
    data = {"image/png": "iVBORw0KGgo=", "text/plain": "p"}
    cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
    notebook.cells = [cell]
    with pytest.raises(ValueError, match="needs a '# figure: <caption>' and an '# alt: <text>'"):
        render.described_figures(notebook, "page")
    cell.source = "# figure: A curve.\n# alt: A rising step curve.\nroc_plot(roc)"
    render.described_figures(notebook, "page")
    assert cell.source == "roc_plot(roc)"
    html = cell.outputs[0]["data"]["text/html"]
    assert html.startswith('<figure class="vignette-figure"><img alt="A rising step curve."')
    assert html.endswith("<figcaption>Figure 1. A curve.</figcaption></figure>")


PAGE_CHECKS = (
    check_no_page_shows_latex_source,
    check_every_page_links_the_shipped_math_font_which_has_every_character_used,
    check_script_letters_and_operator_names_draw_alike_in_every_browser,
    check_no_table_cell_is_cut,
    check_the_r_availability_table_shows_whole_sentences,
    check_figures_are_shown_at_their_size_or_more,
    check_every_figure_has_alt_text_and_a_numbered_caption,
)


@pytest.mark.deep
def test_every_rendered_page_reads_as_its_reader_sees_it(rendered):
    """Every check above on the pages rendered once: one test, so that one
    worker renders while the other runs other tests (a fixture shared by
    several tests rendered them on each worker, or kept one waiting)."""
    failed = []
    for check in PAGE_CHECKS:
        try:
            check(rendered)
        except AssertionError as error:
            failed.append(f"{check.__name__}: {error!r}")
    assert not failed, "\n".join(failed)
