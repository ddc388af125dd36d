"""The docs are tests: every ``python`` block of README.md and of the docs pages
runs as written, and so does every Python cell of the README's R-to-Python table.

Each page's blocks run in order in one fresh interpreter (working directory a
temporary folder; a FutureWarning raised by a block's own call or inside
weightedroc is an error, so a block still calling a renamed argument fails),
each block in a namespace of its own: a block that uses a
name it does not define fails, so every block is self-contained.  Top-level
expressions are shown as a notebook would show them: ``repr`` of the value,
and a plotnine plot is drawn.  A failure names the page, the block's first
line and the traceback, whose lines are the page's own.

A block that needs R is marked by an HTML comment on the line before it::

    <!-- requires: R WeightedROC -->

(``R`` alone: R and rpy2; after it, R packages that must be installed); it
is skipped with the reason when they are missing.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from exact_csv import read_csv

# The pages call every extra: plots, scikit-learn, Dask, polars (CI's older
# stacks install none of them, and skip the docs as a whole).
for extra in ("matplotlib", "plotnine", "sklearn", "dask", "polars", "pyarrow", "scipy"):
    pytest.importorskip(extra, reason=f"the docs' examples need {extra} (an extra)")

ROOT = Path(__file__).parents[1]
#: Folders of docs/ that are not pages: the build, templates, and pages generated
#: at build time.
NOT_PAGES = ("_build", "_templates", "api", "guide")
FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w+-]*)")
RST_DIRECTIVE = re.compile(r"^\.\.\s+(code-block|code|sourcecode)::\s*(python|py|python3)\s*$")
REQUIRES = re.compile(r"^<!--\s*requires:\s*(.*?)\s*-->$")


@dataclass(frozen=True)
class Block:
    page: str  # path relative to the repository's root
    line: int  # line of the block's first line of code, from 1
    code: str
    requires: tuple[str, ...] = ()

    @property
    def name(self):
        return f"{self.page}:{self.line}"


def markdown_blocks(page: str, text: str) -> list[Block]:
    """The fenced ``python`` blocks of a Markdown page, with their requirements."""
    blocks, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        end = next(
            (j for j in range(i + 1, len(lines)) if lines[j].startswith(fence.group(1))),
            len(lines),
        )
        if fence.group(2).lower() in ("python", "py", "python3"):
            above = lines[i - 1].strip() if i else ""
            marker = REQUIRES.match(above)
            requires = tuple(marker.group(1).split()) if marker else ()
            blocks.append(Block(page, i + 2, "\n".join(lines[i + 1 : end]) + "\n", requires))
        i = end + 1
    return blocks


def rst_blocks(page: str, text: str) -> list[Block]:
    """The ``.. code-block:: python`` blocks of a reStructuredText page."""
    blocks, lines = [], text.splitlines()
    for i, line in enumerate(lines):
        if not RST_DIRECTIVE.match(line.strip()):
            continue
        body = []
        j = i + 1
        while j < len(lines) and (not lines[j].strip() or lines[j].startswith((" ", "\t"))):
            body.append((j, lines[j]))
            j += 1
        code = [(k, s) for k, s in body if s.strip() and not s.strip().startswith(":")]
        if code:
            first = code[0][0]
            indent = len(lines[first]) - len(lines[first].lstrip())
            source = "\n".join(s[indent:] for k, s in body if k >= first)
            blocks.append(Block(page, first + 1, source.rstrip() + "\n"))
    return blocks


def pages() -> list[Path]:
    """README.md and the docs pages written by hand."""
    docs = [
        path
        for path in sorted((ROOT / "docs").rglob("*"))
        if path.suffix in (".md", ".rst")
        and not set(path.relative_to(ROOT / "docs").parts[:-1]) & set(NOT_PAGES)
    ]
    return [ROOT / "README.md", *docs]


def page_blocks(path: Path) -> list[Block]:
    page = path.relative_to(ROOT).as_posix()
    text = path.read_text(encoding="utf-8")
    return (rst_blocks if path.suffix == ".rst" else markdown_blocks)(page, text)


BLOCKS = [block for path in pages() for block in page_blocks(path)]


@cache
def missing(requires: tuple[str, ...]) -> str | None:
    """Why a block's requirements are not met, or None."""
    if not requires:
        return None
    if requires[0] != "R":
        raise ValueError(
            f"unknown requirement {requires!r}: write <!-- requires: R [package ...] -->"
        )
    from weightedroc.rbridge import r_available

    for package in (None, *requires[1:]):
        available, reason = r_available(package)
        if not available:
            return reason
    return None


# Runs in the fresh interpreter: argv[1] is a JSON file of blocks, argv[2] the
# JSON file of results it writes ({line: [status, detail]}).
RUNNER = r"""
import ast, json, sys, traceback, warnings

import matplotlib

# A deprecated name called by a block (or by weightedroc itself) is an error;
# other libraries' own FutureWarnings are not the docs' concern.
warnings.filterwarnings(
    "error", category=FutureWarning, module=r"(__main__|weightedroc(\..*)?)$"
)

matplotlib.use("Agg")


def show(value):
    # What a notebook shows of a top-level expression.
    if type(value).__module__.startswith("plotnine") and hasattr(value, "draw"):
        import matplotlib.pyplot as plt

        plt.close(value.draw())
    else:
        repr(value)


def trace(error):
    # The traceback from the docs' own lines on, without this runner's frames.
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == "<string>":
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(error), error, tb))


def explained(message, code):
    # A warning a block gives is explained by a comment "# warns: <its first words>".
    marked = [line for line in code.splitlines() if "# warns:" in line]
    notes = [line.split("# warns:", 1)[1].strip() for line in marked]
    return any(note and message.startswith(note.strip('"')) for note in notes)


def run(filename, line, code):
    tree = ast.parse("\n" * (line - 1) + code, filename)
    namespace = {"__name__": "__main__"}
    with warnings.catch_warnings(record=True) as given:
        warnings.simplefilter("always")
        warnings.filterwarnings(
            "error", category=FutureWarning, module=r"(__main__|weightedroc(\..*)?)$"
        )
        for node in tree.body:
            if isinstance(node, ast.Expr):
                show(eval(compile(ast.Expression(node.value), filename, "eval"), namespace))
            else:
                exec(compile(ast.Module([node], []), filename, "exec"), namespace)
    unexplained = [
        f"{w.category.__name__} at line {w.lineno} of {w.filename}: {w.message}"
        for w in given
        if not explained(str(w.message), code)
    ]
    if unexplained:
        raise AssertionError(
            "the block gives warnings it does not explain (add a comment "
            '"# warns: <the warning\'s first words>" and say why):\n' + "\n".join(unexplained)
        )


blocks = json.load(open(sys.argv[1]))
results = {}
for block in blocks:
    if block["skip"]:
        results[block["line"]] = ["skipped", block["skip"]]
        continue
    try:
        run(block["filename"], block["line"], block["code"])
    except BaseException as error:
        results[block["line"]] = ["failed", trace(error)]
    else:
        results[block["line"]] = ["ok", ""]
json.dump(results, open(sys.argv[2], "w"))
"""


def run_fresh(script: str, payload, cwd: Path, timeout: float = 600) -> dict:
    """Run `script` in a new interpreter on `payload` (a JSON file in `cwd`)."""
    given, taken = cwd / "_blocks.json", cwd / "_results.json"
    given.write_text(json.dumps(payload))
    env = dict(os.environ, MPLBACKEND="Agg")
    if not os.environ.get("WEIGHTEDROC_TEST_WHEEL"):  # else the installed wheel
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    process = subprocess.run(
        [sys.executable, "-c", script, str(given), str(taken)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if not taken.exists():
        raise RuntimeError(f"the interpreter running the blocks stopped:\n{process.stderr}")
    return json.loads(taken.read_text())


@pytest.fixture(scope="module")
def page_results(tmp_path_factory):
    """Each page's results, run once (on first use) in a fresh interpreter."""
    done: dict[str, dict] = {}

    def results(page: str) -> dict:
        if page not in done:
            cwd = tmp_path_factory.mktemp(Path(page).stem)
            payload = [
                {
                    "filename": str(ROOT / block.page),
                    "line": block.line,
                    "code": block.code,
                    "skip": missing(block.requires),
                }
                for block in BLOCKS
                if block.page == page
            ]
            done[page] = run_fresh(RUNNER, payload, cwd)
        return done[page]

    return results


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.name)
def test_docs_block_runs_as_written(block, page_results):
    status, detail = page_results(block.page)[str(block.line)]
    if status == "skipped":
        pytest.skip(f"{block.name} needs {' '.join(block.requires)}: {detail}")
    if status == "failed":
        pytest.fail(f"{block.page}, the block at line {block.line}:\n{detail}", pytrace=False)
    assert status == "ok"


def test_every_python_fence_of_the_readme_is_found():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    readme = [block for block in BLOCKS if block.page == "README.md"]
    assert len(readme) == text.count("\n```python\n") > 0
    first = readme[0]
    assert text.splitlines()[first.line - 1] == first.code.splitlines()[0]


def test_requires_marker_is_read():
    text = "intro\n<!-- requires: R WeightedROC -->\n```python\nx = 1\n```\n```python\ny = 2\n```\n"
    marked, plain = markdown_blocks("page.md", text)
    assert (marked.line, marked.code, marked.requires) == (4, "x = 1\n", ("R", "WeightedROC"))
    assert (plain.line, plain.requires) == (7, ())


def test_a_block_calling_a_deprecated_name_fails(tmp_path):
    code = (
        "from weightedroc.utils.deprecation import renamed\n"
        "@renamed(level='conf_level')\n"
        "def interval(conf_level=0.95):\n"
        "    return conf_level\n"
        "assert interval(conf_level=0.9) == 0.9\n"
        "interval(level=0.9)\n"
    )
    block = {"filename": "page.md", "line": 3, "code": code, "skip": None}
    status, detail = run_fresh(RUNNER, [block], tmp_path)["3"]
    assert status == "failed"
    assert 'File "page.md", line 8' in detail
    assert "FutureWarning: interval(level=...) is deprecated" in detail


def test_a_block_with_an_unexplained_warning_fails(tmp_path):
    code = "import warnings\nwarnings.warn('Different smoothing parameters in the ROC curves')\n"
    explained = code.replace("curves')", "curves')  # warns: Different smoothing parameters")
    blocks = [
        {"filename": "page.md", "line": line, "code": text, "skip": None}
        for line, text in ((3, code), (10, explained))
    ]
    results = run_fresh(RUNNER, blocks, tmp_path)
    assert results["3"][0] == "failed"
    assert "UserWarning at line 4 of page.md: Different smoothing" in results["3"][1]
    assert results["10"] == ["ok", ""]


def test_rst_code_blocks_are_found():
    text = "Title\n\n.. code-block:: python\n\n   x = 1\n   if x:\n       y = 2\n\nafter\n"
    (block,) = rst_blocks("page.rst", text)
    assert (block.line, block.code) == (5, "x = 1\nif x:\n    y = 2\n")


# ------------------------------------------------- the R-to-Python table
#: The names the table's cells use, defined as the table's headings say:
#: `g`/`guess` scores, `y`/`label` classes, `w`/`weight` weights, a second
#: model `g2` on the same cases (`g1` is `g`), and `y2` the classes of a
#: second, independent sample scored by `g2`; `tp_fp` (R's name) and `roc`
#: the curve; files scores.csv (columns g, y) and roc_r.csv (R's curve of it).
TABLE_PREAMBLE = """
import numpy as np
import pandas as pd
import weightedroc

rng = np.random.default_rng(1)
y = np.repeat([0, 1], 100)
g = rng.normal(size=200) + 1.2 * y
g1, g2 = g, rng.normal(size=200) + 0.8 * y
y2 = rng.permutation(y)
w = rng.uniform(0.5, 2, 200)
classes = rng.integers(0, 3, 200)  # three classes, a score column each
scores = rng.normal(size=(200, 3)) + np.eye(3)[classes]
guess, label, weight = g, y, w
tp_fp = roc = weightedroc.WeightedROC(guess, label, weight)
pd.DataFrame({"g": g, "y": y}).to_csv("scores.csv", index=False)
weightedroc.WeightedROC(g, y).to_csv("roc_r.csv", index=False)  # 17 digits, as R's sprintf
"""

# Runs the preamble, then each cell's spans in order in one namespace; a span
# beginning with "weightedroc " is a command line.  argv as RUNNER's.
TABLE_RUNNER = (
    RUNNER.split("blocks = json.load")[0]
    + r"""
import contextlib
import io
import shlex

from weightedroc.io import cli

cells = json.load(open(sys.argv[1]))
namespace = {"__name__": "__main__"}
exec(cells.pop(0)["code"], namespace)
results = {}
for cell in cells:
    code = cell["code"]
    try:
        if code.startswith("weightedroc "):
            with contextlib.redirect_stderr(io.StringIO()) as stderr:
                status = cli.main(shlex.split(code)[1:])
            if status:
                raise SystemExit(f"exit status {status}: {stderr.getvalue()}")
        else:
            try:
                tree = compile(code, cell["filename"], "eval")
            except SyntaxError:
                exec(compile(code, cell["filename"], "exec"), namespace)
            else:
                show(eval(tree, namespace))
    except BaseException as error:
        results[cell["id"]] = ["failed", trace(error)]
    else:
        results[cell["id"]] = ["ok", ""]
json.dump(results, open(sys.argv[2], "w"))
"""
)


def table_cells() -> list[tuple[int, str, str]]:
    """(line, R cell, Python code) of each backticked span in the table's Python column."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("## From R to Python")
    cells = []
    for number, line in enumerate(lines[start + 1 :], start + 2):
        if line.startswith("## "):
            break
        if not line.startswith("|") or set(line) <= set("|- "):
            continue
        r_cell, python_cell = (cell.strip() for cell in line.strip().strip("|").split(" | "))
        if (r_cell, python_cell) == ("R", "Python"):
            continue
        cells += [(number, r_cell, span) for span in re.findall(r"`([^`]+)`", python_cell)]
    return cells


CELLS = table_cells()


@pytest.fixture(scope="module")
def table_results(tmp_path_factory):
    cwd = tmp_path_factory.mktemp("table")
    payload = [{"code": TABLE_PREAMBLE}] + [
        {"id": f"{line}:{code}", "filename": f"README.md line {line}", "code": code}
        for line, _, code in CELLS
    ]
    return run_fresh(TABLE_RUNNER, payload, cwd)


@pytest.mark.parametrize("line, r, code", CELLS, ids=[f"{line}:{code}" for line, _, code in CELLS])
def test_r_to_python_table_cell_runs(line, r, code, table_results):
    status, detail = table_results[f"{line}:{code}"]
    if status == "failed":
        pytest.fail(f"README.md line {line}, for R's {r}: {code}\n{detail}", pytrace=False)
    assert status == "ok"


def test_the_table_is_read():
    assert len(CELLS) >= 30
    assert ("`library(WeightedROC)`", "import weightedroc") == CELLS[0][1:]


# ------------------------------------------------- the command line block
def command_lines() -> list[str]:
    """The ``weightedroc ...`` lines of the README's first Command line block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Command line") :]
    block = section.split("```\n", 2)[1]
    return [line for line in block.splitlines() if line.startswith("weightedroc ")]


def test_command_line_examples_run(tmp_path, monkeypatch, capsys):
    import numpy as np
    import pandas as pd

    from weightedroc import WeightedROC
    from weightedroc.io import cli

    lines = command_lines()
    assert len(lines) == 3
    pytest.importorskip("plotnine")  # --plot
    pytest.importorskip("pyarrow")  # Parquet
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 120)
    scores = pd.DataFrame(
        {
            "model": np.repeat(["lasso", "forest"], 60),
            "fold": np.tile([1, 2, 3], 40),
            "score": rng.normal(size=120) + y,
            "y": y,
            "cost": rng.uniform(0.5, 2, 120),
        }
    )
    monkeypatch.chdir(tmp_path)
    scores.to_csv("scores.csv", index=False)
    scores.to_parquet("scores.parquet")
    status = np.where(y == 1, "disease", "healthy")
    pd.DataFrame({"p": scores["score"], "y": status}).to_csv("scores.txt", sep=";", index=False)
    for line in lines:
        assert cli.main(shlex.split(line)[1:]) == 0, (line, capsys.readouterr().err)
    curves = read_csv("roc.csv")
    assert sorted(curves["model"].unique()) == ["forest", "lasso"]
    lasso = scores[scores["model"] == "lasso"]
    expected = WeightedROC(lasso["score"], lasso["y"], lasso["cost"])
    written = curves[curves["model"] == "lasso"].drop(columns="model").reset_index(drop=True)
    pd.testing.assert_frame_equal(written, expected, check_exact=True, check_dtype=False)
    assert (tmp_path / "roc.png").stat().st_size > 0
