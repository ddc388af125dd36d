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
  Its cell has a line ``# figure: <caption>`` and a line ``# alt: <what the
  figure shows, for a reader who cannot see it>``; the page shows the figure
  numbered, with its caption, and the image carries the alt text (rendering
  fails for a figure without them).  The two lines are not shown.
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
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOT_VIGNETTES = {"render.py"}


def vignette_paths(directory=HERE):
    """Every vignette source in `directory`, sorted by name."""
    return sorted(
        p
        for p in Path(directory).glob("*.py")
        if p.name not in NOT_VIGNETTES and not p.name.startswith("_")
    )


def title_of(notebook, default):
    """The text of the first markdown heading, else `default`."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found = re.search(r"^#+\s+(.+)$", cell.source, flags=re.M)
            if found:
                return found.group(1).strip()
    return default


# Run before each vignette, not shown: tables print every character of every
# cell (pandas cuts cells at 50 characters with "..." by default).
SETUP = """\
import pandas as _pd
_pd.set_option("display.max_colwidth", None)
_pd.set_option("display.max_columns", None)
_pd.set_option("display.width", 10_000)
del _pd
"""


def execute(path, timeout=3600):
    """The notebook of vignette `path`, executed in a fresh kernel from the repo root."""
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    notebook = jupytext.read(path)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(SETUP))
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},
        # the kernel listens on localhost only: no TCP warning
        extra_arguments=["--IPKernelApp.log_level=ERROR"],
    )
    client.execute()
    del notebook.cells[0]
    return notebook


# $$display$$, then $inline$ (which may span lines but not paragraphs); a $
# escaped as \$ or inside a word is text.
MATH = re.compile(
    r"\$\$(.+?)\$\$|(?<![\\$\w])\$((?:[^$\n]|\n(?!\s*\n))+?)(?<!\\)\$(?!\w)", flags=re.S
)
CODE = re.compile(r"(```.*?```|`[^`\n]*`)", flags=re.S)
# What is left of LaTeX if a formula was not converted: a $-delimited formula
# or a backslash command (code blocks and MathML annotations excepted).
LEFTOVER = re.compile(r"\$[^$<>]*?\\[A-Za-z]+[^$<>]*?\$|\$\$|\$[^$\s<>][^$<>]*?\$|\\[A-Za-z]{2,}")
HTML_CODE = re.compile(r"<(pre|code|style|script|annotation)\b.*?</\1>", flags=re.S | re.I)
MATH_FONT = "fonts/lm-math-subset.woff2"
FONT_CSS = f"""<style>
/* Latin Modern Math (GUST Font License, fonts/LICENSE-latinmodern-math.txt),
   subset to the glyphs these pages use: MathML looks the same everywhere. */
@font-face {{ font-family: "Latin Modern Math WeightedROC";
  src: url("{MATH_FONT}") format("woff2"); font-display: block; }}
math {{ font-family: "Latin Modern Math WeightedROC", "Latin Modern Math", "STIX Two Math", math;
  font-size: 1.1em; }}
figure.vignette-figure {{ margin: 0.5em 0 1.5em 0; }}
figure.vignette-figure figcaption {{ font-style: italic; max-width: 50em; margin-top: 0.3em; }}
/* Tables show every character: no ellipsis, no fixed widths. */
.jp-RenderedHTMLCommon table td, .jp-RenderedHTMLCommon table th {{
  text-overflow: clip; white-space: normal; max-width: none; overflow: visible; }}
</style>
"""
#: Letters of a mathvariant that Chromium's MathML Core ignores, as the Unicode
#: characters it draws (U+1D49C..., with the older letterlike holes).
_VARIANTS = {
    "script": "SCRIPT",
    "double-struck": "DOUBLE-STRUCK",
    "bold": "BOLD",
    "fraktur": "FRAKTUR",
}


def _letter(variant, char):
    import unicodedata

    case = "CAPITAL" if char.isupper() else "SMALL"
    for name in (
        f"MATHEMATICAL {_VARIANTS[variant]} {case} {char.upper()}",
        f"{_VARIANTS[variant]} {case} {char.upper()}",
        f"BLACK-LETTER {case} {char.upper()}",
    ):
        try:
            return unicodedata.lookup(name)
        except KeyError:
            pass
    return char


def _portable_mathml(mathml):
    """MathML that draws alike in every browser: script/double-struck letters as
    Unicode characters, and \\operatorname names as upright identifiers."""
    mathml = re.sub(
        r'<mi mathvariant="(script|double-struck|bold|fraktur)">([A-Za-z])</mi>',
        lambda m: f"<mi>{_letter(m.group(1), m.group(2))}</mi>",
        mathml,
    )
    return re.sub(r"<mo>([A-Za-z]{2,})</mo>", r"<mi>\1</mi>", mathml)


def math_to_mathml(markdown):
    """LaTeX between $ or $$ as MathML, which browsers draw offline (no MathJax)."""
    from latex2mathml.converter import convert

    def mathml(found):
        display = "block" if found.group(1) else "inline"
        return _portable_mathml(convert(found.group(1) or found.group(2), display=display))

    parts = CODE.split(markdown)  # odd parts are code, left alone
    parts[::2] = [MATH.sub(mathml, text) for text in parts[::2]]
    return "".join(parts)


def leftover_latex(html):
    """Pieces of LaTeX a page shows as text (outside code and MathML annotations)."""
    body = html[html.find("<body") :]
    text = HTML_CODE.sub("", body)
    return LEFTOVER.findall(re.sub(r"<[^>]+>", " ", text))


FIGURE = re.compile(r"^#\s*figure:\s*(.+?)\s*$", flags=re.M)
ALT = re.compile(r"^#\s*alt:\s*(.+?)\s*$", flags=re.M)


def described_figures(notebook, title):
    """Each image output as an HTML figure with its alt text and numbered
    caption, from its cell's ``# figure:`` and ``# alt:`` lines, which are
    then removed from the shown code."""
    from html import escape

    number = 0
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        images = [out for out in cell.get("outputs", []) if "image/png" in out.get("data", {})]
        caption, alt = FIGURE.search(cell.source), ALT.search(cell.source)
        if images and not (caption and alt):
            raise ValueError(
                f"page {title!r}: a figure's cell needs a '# figure: <caption>' and an "
                f"'# alt: <text>' line: {cell.source.strip()[:120]!r}"
            )
        for output in images:
            number += 1
            png = "".join(output["data"]["image/png"].split())
            output["data"] = {
                "text/html": f'<figure class="vignette-figure"><img alt="{escape(alt.group(1))}" '
                f'src="data:image/png;base64,{png}"><figcaption>Figure {number}. '
                f"{escape(caption.group(1))}</figcaption></figure>"
            }
            output.pop("metadata", None)
            output["metadata"] = {}
        cell.source = ALT.sub("", FIGURE.sub("", cell.source)).strip("\n")


def to_html(notebook, title):
    """One HTML page: no prompts, cells tagged ``check`` removed, images and math
    embedded so that it reads offline."""
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    exporter = HTMLExporter(
        template_name="lab", exclude_input_prompt=True, exclude_output_prompt=True
    )
    exporter.register_preprocessor(
        TagRemovePreprocessor(remove_cell_tags={"check"}, remove_input_tags={"hide-input"}),
        enabled=True,
    )
    notebook = copy.deepcopy(notebook)
    described_figures(notebook, title)
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = math_to_mathml(cell.source)
    html, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": title}})
    html = html.replace("</head>", FONT_CSS + "</head>", 1)
    left = leftover_latex(html)
    if left:
        raise ValueError(f"page {title!r} would show LaTeX as text: {left[:3]}")
    return html


def render(path, out_dir):
    """Execute vignette `path` and write ``out_dir/<name>.html``; returns that path."""
    path = Path(path)
    notebook = execute(path)
    out = Path(out_dir) / f"{path.stem}.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(to_html(notebook, title_of(notebook, path.stem)), encoding="utf-8")
    fonts = HERE / "html" / "fonts"
    if out.parent.resolve() != fonts.parent.resolve():  # the pages link the math font
        shutil.copytree(fonts, out.parent / "fonts", dirs_exist_ok=True)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="vignettes to render (default: all), e.g. speed")
    parser.add_argument(
        "--fast",
        action="store_true",
        help="set WEIGHTEDROC_FAST=1 so slow vignettes use small sizes",
    )
    parser.add_argument(
        "--out", default=HERE / "html", type=Path, help="output directory (default: vignettes/html)"
    )
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
