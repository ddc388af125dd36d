"""Sphinx configuration: the API pages and the guide are generated here, at build time.

The API pages list ``weightedroc.__all__`` and the public names of
``weightedroc.plots``, ``weightedroc.dask`` and ``weightedroc.rbridge``, so a
new public function appears without editing docs/.  The guide has one page
per ``## `` section of README.md (the README stays the one source), and the
rendered vignettes (``make vignettes``) are copied into the site as they are.
"""

import importlib
import inspect
import pkgutil
import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

import weightedroc  # noqa: E402

project = "weightedroc"
author = "weightedroc developers"
copyright = "weightedroc developers, GPL-3.0-or-later"
version = release = weightedroc.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
# API pages are titled by the bare name (the signature gives the module).
templates_path = ["_templates"]
highlight_language = "none"  # README's untagged blocks are shell lines and printed output
# `name` in a docstring links to that name when it is documented.
default_role = "py:obj"

autosummary_generate = True
autodoc_typehints = "none"  # the signature shows them; numpydoc's Parameters say the rest
# Signatures show the short names of weightedroc.utils.types, not numpy's
# expanded ArrayLike union (the modules' annotations are strings).
autodoc_type_aliases = {
    name: f"weightedroc.utils.types.{name}"
    for name in ("ArrayLike", "Columns", "Curves", "Direction", "LabelValue", "RocInput")
}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

myst_all_links_external = True  # README links (vignettes/*.html) are plain links, not documents
myst_heading_anchors = 3

html_theme = "pydata_sphinx_theme"
html_title = f"weightedroc {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    # Only long pages get a table of contents on the right; an API page's width goes
    # to the signature and the examples.
    "secondary_sidebar_items": {"guide/*": ["page-toc"], "changelog": ["page-toc"]},
}
html_sidebars = {"changelog": [], "index": []}
html_show_sourcelink = False

# ---------------------------------------------------------------- API pages
# Area of each public name: the longest module prefix wins, a name override first.
AREAS = {
    "curves": ("Curves", "The weighted ROC and precision-recall curves (R's ``WeightedROC``)."),
    "metrics": (
        "Metrics",
        "Areas under the curve: the AUC, partial and cost-based areas, average precision.",
    ),
    "decisions": ("Decisions", "Thresholds, costs, the convex hull and the Bayes risk."),
    "inference": ("Inference", "Bootstrap intervals and R's ``htest`` results."),
    "survival": (
        "Survival",
        "Time-dependent ROC curves and AUC of censored data with censoring weights (R's timeROC).",
    ),
    "tidy": (
        "Tidy tables, files and data sets",
        "Curves and AUCs by group, exact CSV/Parquet tables and the data sets of R's examples.",
    ),
    "plots": (
        "Plots",
        "plotnine helpers (``pip install 'weightedroc[plot]'``); each returns a "
        "ggplot to extend with ``+``.",
    ),
    "dask": (
        "Dask",
        "Exact curves and AUCs of Dask DataFrames larger than memory "
        "(``pip install 'weightedroc[dask]'``).",
    ),
    "sklearn": (
        "scikit-learn",
        "Scorers and cross-validated predictions (``pip install 'weightedroc[sklearn]'``).",
    ),
    "rbridge": (
        "R bridge",
        "R's WeightedROC, pROC and ROCR through rpy2 "
        "(``pip install 'weightedroc[r]'``), for comparisons bit for bit.",
    ),
    "other": ("Other", "Public names not yet placed in an area."),
}
MODULE_AREA = {
    "weightedroc.curves.roc": "curves",
    "weightedroc.curves.pr": "curves",
    "weightedroc.curves.smooth": "curves",
    "weightedroc.curves.density": "curves",
    "weightedroc.curves.auc": "metrics",
    "weightedroc.curves.multiclass": "metrics",
    "weightedroc.curves.areas": "metrics",
    "weightedroc.curves.gain": "metrics",
    "weightedroc.curves.detection": "metrics",
    "weightedroc.metrics": "metrics",
    "weightedroc.decisions": "decisions",
    "weightedroc.inference": "inference",
    "weightedroc.survey": "inference",
    "weightedroc.streaming": "curves",
    "weightedroc.sklearn": "sklearn",
    "weightedroc.survival": "survival",
    "weightedroc.tidy": "tidy",
    "weightedroc.io": "tidy",
    "weightedroc.datasets": "tidy",
    "weightedroc.plots": "plots",
    "weightedroc.dask": "dask",
    "weightedroc.rbridge": "rbridge",
}
NAME_AREA = {
    "average_precision": "metrics",
    "pr_bounds": "metrics",
    "soft_label_rows": "metrics",
    "pr_auc": "metrics",
    "prbe": "metrics",
    "smooth_auc": "metrics",
    "show_versions": "rbridge",
    "multiclass_roc": "curves",
    "LabelWarning": "curves",
}
# Result classes returned by public functions, documented beside them.
# Each at its home (the module that defines it): a class that moves fails the build.
RESULT_TYPES = [
    "weightedroc.decisions.thresholds.MinRisk",
    "weightedroc.curves.areas.CostAUC",
    "weightedroc.curves.pr_extremes.PRBounds",
    "weightedroc.inference.pr_interval.PRInterval",
    "weightedroc.decisions.cost_curves.CostCurve",
    "weightedroc.inference.results.AUCInterval",
    "weightedroc.inference.results.HTest",
    "weightedroc.inference.results.PowerTest",
    "weightedroc.inference.grouped_auc.GroupAUC",
]


def module_names(module):
    """Public names of a module: its ``__all__``, else the functions it defines."""
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [
        name
        for name, obj in vars(module).items()
        if not name.startswith("_")
        and inspect.isfunction(obj)
        and obj.__module__ == module.__name__
    ]


def public_names():
    """Fully qualified public names: the package's, then each optional module's."""
    names = [f"weightedroc.{name}" for name in weightedroc.__all__]
    plots = importlib.import_module("weightedroc.plots")
    for info in pkgutil.iter_modules(plots.__path__):
        if not info.name.startswith("_"):
            sub = importlib.import_module(f"weightedroc.plots.{info.name}")
            for name in module_names(sub):
                if hasattr(plots, name):
                    names.append(f"weightedroc.plots.{name}")
                elif callable(getattr(sub, name)):  # (the palette's functions and Style)
                    names.append(f"weightedroc.plots.{info.name}.{name}")
    for module in (
        "weightedroc.dask",
        "weightedroc.io.tables",
        "weightedroc.io.parsing",
        "weightedroc.rbridge",
    ):
        found = [f"{module}.{name}" for name in module_names(importlib.import_module(module))]
        names += [name for name in found if _at_home(name)]
    return names + [_home(name) for name in RESULT_TYPES]


def _home(qualified):
    """`qualified` itself, when its module defines it (else an error naming its home)."""
    module, _, name = qualified.rpartition(".")
    home = getattr(importlib.import_module(module), name).__module__
    if home != module:
        raise ValueError(f"docs/conf.py: {qualified} is defined in {home}: list it there")
    return qualified


def _at_home(qualified):
    """Whether a module defines `qualified` itself (not a re-export, nor a constant)."""
    module, _, name = qualified.rpartition(".")
    return getattr(getattr(importlib.import_module(module), name), "__module__", None) == module


def area_of(qualified):
    module, _, name = qualified.rpartition(".")
    obj = getattr(importlib.import_module(module), name)
    if name in NAME_AREA:
        return NAME_AREA[name]
    home = module if module != "weightedroc" else getattr(obj, "__module__", module)
    prefixes = [p for p in MODULE_AREA if home == p or home.startswith(p + ".")]
    return MODULE_AREA[max(prefixes, key=len)] if prefixes else "other"


def write_if_changed(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def remove_stale(folder, keep):
    """Remove pages a previous build generated for names or sections gone since."""
    for page in folder.glob("*.*"):
        if page.suffix in (".rst", ".md") and page.name not in keep:
            page.unlink()


def write_api_pages():
    by_area = {}
    for qualified in public_names():
        by_area.setdefault(area_of(qualified), []).append(qualified)
    api = DOCS / "api"
    pages = []
    for area, (title, intro) in AREAS.items():
        if area not in by_area:
            continue
        pages.append(area)
        entries = "\n".join(f"   ~{name}" for name in by_area[area])
        write_if_changed(
            api / f"{area}.rst",
            f"{title}\n{'=' * len(title)}\n\n{intro}\n\n"
            f".. autosummary::\n   :toctree: generated/\n\n{entries}\n",
        )
    toc = "\n".join(f"   {area}" for area in pages)
    stubs = {name for names in by_area.values() for name in names}
    remove_stale(api, {f"{area}.rst" for area in pages} | {"index.rst"})
    remove_stale(api / "generated", {f"{name}.rst" for name in stubs})
    write_if_changed(
        api / "index.rst",
        "API reference\n=============\n\n"
        "Every public name, by area. ``import weightedroc as wr`` gives the "
        "top-level names; plots, Dask and R live in their own modules.\n\n"
        f".. toctree::\n   :maxdepth: 2\n\n{toc}\n",
    )


# ------------------------------------------------------------- guide pages
def readme_sections():
    """(title, body) of each ``## `` section of README.md, in order."""
    text = (ROOT / "README.md").read_text()
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return [(parts[i].strip(), parts[i + 1]) for i in range(1, len(parts), 2)]


def slug(title):
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def for_guide(body):
    """README paths are relative to the repository root; guide pages live in docs/guide/.
    A section's ``### `` subsections become the page's ``## `` (its title is ``# ``)."""
    body = re.sub(r"^###(#*) ", r"##\1 ", body, flags=re.M)
    body = re.sub(r"\]\(vignettes/html/([^)]+\.html)\)", r"](../vignettes/\1)", body)
    return re.sub(r"(!\[[^]]*\]\()(?!https?:)([^)]+\))", r"\1../../\2", body)


def write_guide_pages():
    guide = DOCS / "guide"
    names = []
    for title, body in readme_sections():
        names.append(slug(title))
        write_if_changed(guide / f"{slug(title)}.md", f"# {title}\n{for_guide(body)}")
    toc = "\n".join(names)
    remove_stale(guide, {f"{name}.md" for name in names} | {"index.md"})
    write_if_changed(
        guide / "index.md",
        "# User guide\n\nThe sections of the README, one page "
        f"each.\n\n```{{toctree}}\n:maxdepth: 1\n\n{toc}\n```\n",
    )


BACK = (
    '<p style="font:14px sans-serif;margin:0 0 1em"><a href="../guide/vignettes.html">'
    "&larr; weightedroc documentation: vignettes</a></p>"
)


def copy_vignettes(app, exception):
    """Copy the rendered vignettes (whatever ``make vignettes`` left) into the site.

    Each page is self-contained (figures and math embedded); the copy gains
    a link back to the guide.
    """
    source = ROOT / "vignettes" / "html"
    if exception is not None or app.builder.format != "html" or not source.is_dir():
        return
    target = Path(app.outdir) / "vignettes"
    shutil.copytree(source, target, dirs_exist_ok=True)
    for page in target.glob("*.html"):
        page.write_text(
            re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + BACK, page.read_text(), count=1)
        )


write_api_pages()
write_guide_pages()


def setup(app):
    app.connect("build-finished", copy_vignettes)
