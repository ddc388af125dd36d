"""Render the vignettes: ``vignettes/<name>.py`` -> ``vignettes/html/<name>.html``.

Usage, from the repository root::

    .venv/bin/python vignettes/render.py            # every vignette, full size
    .venv/bin/python vignettes/render.py speed      # only vignettes/speed.py
    .venv/bin/python vignettes/render.py --fast     # WEIGHTEDROC_FAST=1: small sizes
    .venv/bin/python vignettes/render.py --out /tmp/html

Each vignette is executed top to bottom in a fresh Python kernel (nbclient)
and written as one self-contained HTML page, figures embedded as PNG.

Writing a vignette
------------------
* A jupytext "percent" Python file ``vignettes/<name>.py``: ``# %% [markdown]``
  cells (LaTeX math between ``$...$`` or ``$$...$$``) and ``# %%`` code cells.
  It must also run as a plain script: ``python vignettes/<name>.py``.
* A figure is a plotnine ``ggplot`` left as the last expression of a cell.
* Slow parts read ``os.environ.get("WEIGHTEDROC_FAST") == "1"`` and then use
  small sizes; the tests run every vignette that way in a few seconds.
* The last cell is tagged ``check`` (``# %% tags=["check"]``) and defines
  ``EXPECTED``, a dict from an expression evaluated in the vignette's
  namespace to the value it must have; tests/test_vignettes.py asserts them.
  Values come from an independent source (R, a hand computation, a paper),
  never from the vignette's own output.  Cells tagged ``check`` are not
  rendered; cells tagged ``hide-input`` show only their output.
"""

import argparse
import copy
import os
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOT_VIGNETTES = {"render.py"}


def vignette_paths(directory=HERE):
    """Every vignette source in `directory`, sorted by name."""
    return sorted(p for p in Path(directory).glob("*.py")
                  if p.name not in NOT_VIGNETTES and not p.name.startswith("_"))


def title_of(notebook, default):
    """The text of the first markdown heading, else `default`."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found = re.search(r"^#+\s+(.+)$", cell.source, flags=re.M)
            if found:
                return found.group(1).strip()
    return default


def execute(path, timeout=3600):
    """The notebook of vignette `path`, executed in a fresh kernel from the repo root."""
    import jupytext
    from nbclient import NotebookClient

    notebook = jupytext.read(path)
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT)}},
                            # the kernel listens on localhost only: no TCP warning
                            extra_arguments=["--IPKernelApp.log_level=ERROR"])
    client.execute()
    return notebook


MATH = re.compile(r"\$\$(.+?)\$\$|(?<![\\$\w])\$([^$\n]+?)\$(?!\w)", flags=re.S)
CODE = re.compile(r"(```.*?```|`[^`\n]*`)", flags=re.S)


def math_to_mathml(markdown):
    """LaTeX between $ or $$ as MathML, which browsers draw offline (no MathJax)."""
    from latex2mathml.converter import convert

    def mathml(found):
        display = "block" if found.group(1) else "inline"
        return convert(found.group(1) or found.group(2), display=display)

    parts = CODE.split(markdown)  # odd parts are code, left alone
    parts[::2] = [MATH.sub(mathml, text) for text in parts[::2]]
    return "".join(parts)


def to_html(notebook, title):
    """One HTML page: no prompts, cells tagged ``check`` removed, images and math
    embedded so that it reads offline."""
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    exporter = HTMLExporter(template_name="lab", exclude_input_prompt=True,
                            exclude_output_prompt=True)
    exporter.register_preprocessor(
        TagRemovePreprocessor(remove_cell_tags={"check"},
                              remove_input_tags={"hide-input"}), enabled=True)
    notebook = copy.deepcopy(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = math_to_mathml(cell.source)
    html, _ = exporter.from_notebook_node(notebook,
                                          resources={"metadata": {"name": title}})
    return html


def render(path, out_dir):
    """Execute vignette `path` and write ``out_dir/<name>.html``; returns that path."""
    path = Path(path)
    notebook = execute(path)
    out = Path(out_dir) / f"{path.stem}.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(to_html(notebook, title_of(notebook, path.stem)), encoding="utf-8")
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*",
                        help="vignettes to render (default: all), e.g. speed")
    parser.add_argument("--fast", action="store_true",
                        help="set WEIGHTEDROC_FAST=1 so slow vignettes use small sizes")
    parser.add_argument("--out", default=HERE / "html", type=Path,
                        help="output directory (default: vignettes/html)")
    args = parser.parse_args(argv)
    if args.fast:
        os.environ["WEIGHTEDROC_FAST"] = "1"
    paths = vignette_paths()
    if args.names:
        known = {p.stem: p for p in paths}
        unknown = [n for n in args.names if Path(n).stem not in known]
        if unknown:
            parser.error(f"no vignette {unknown[0]!r}; known: {sorted(known)}")
        paths = [known[Path(n).stem] for n in args.names]
    for path in paths:
        start = time.perf_counter()
        out = render(path, args.out)
        print(f"{path.name} -> {out} ({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
