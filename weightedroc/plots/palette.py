"""The colours and line types of every plot, defined once.

* Each implementation compared on the vignettes' pages (this package, R's
  WeightedROC, pROC, ROCR, scikit-learn) has one colour and one line type,
  `PACKAGES`, whichever figure draws it.
* Curves that are not packages (models, folds, markers) get `group_styles`:
  up to 12 colours that never repeat (Okabe & Ito's colour-blind safe
  palette without its yellow, which is faint on white, then five of Paul
  Tol's "muted" colours), each with a line type; colour and line type run
  through lists of coprime lengths (12 and 7), so no two of the first 84
  curves look the same.
* Reference lines (chance, prevalence, trivial rules) are a neutral grey,
  never a curve's colour.

Importing this module imports no plotnine; `package_scales` does.

Examples
--------
>>> from weightedroc.plots.palette import PACKAGES, group_styles
>>> PACKAGES["pROC"]
Style(colour='#D55E00', linetype='dotted')
>>> [s.colour for s in group_styles(["fold 1", "fold 2", "fold 3"])]
['#000000', '#E69F00', '#56B4E9']
>>> group_styles(["pROC", "weightedroc"])[1] == PACKAGES["weightedroc"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ._import import plotnine

__all__ = [
    "OKABE_ITO",
    "GROUP_COLOURS",
    "LINETYPES",
    "NEUTRAL",
    "LIGHT_ORANGE",
    "PACKAGES",
    "Style",
    "group_styles",
    "package_scales",
    "package_style",
]

#: Okabe & Ito's colour-blind safe palette: black, orange, sky blue, bluish
#: green, blue, vermillion, reddish purple, yellow (faint on white: unused
#: for lines).
OKABE_ITO = ["#000000", "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#F0E442"]
#: Colours of curves that are not packages, in order: Okabe-Ito without
#: yellow, then Paul Tol's muted wine, teal, olive, indigo and rose.
GROUP_COLOURS = [*OKABE_ITO[:7], "#882255", "#44AA99", "#999933", "#332288", "#CC6677"]
#: Line types of curves drawn on top of each other, in order.
LINETYPES: list[Any] = [
    "solid",
    "dashed",
    "dotted",
    "dashdot",
    (0, (8, 2, 1, 2, 1, 2)),
    (0, (1, 4)),
    (0, (6, 6)),
]
#: Reference lines (chance diagonal, prevalence, trivial rules).
NEUTRAL = "#777777"
#: Okabe-Ito orange, lightened: a large shaded region behind a darker one.
LIGHT_ORANGE = "#F5DDA9"


class Style(NamedTuple):
    """How one curve is drawn: a colour (hex) and a matplotlib line type."""

    colour: str
    linetype: Any


#: One style per implementation, on every page.
PACKAGES = {
    "weightedroc": Style(OKABE_ITO[0], "solid"),
    "R WeightedROC": Style(OKABE_ITO[4], "dashed"),
    "pROC": Style(OKABE_ITO[5], "dotted"),
    "ROCR": Style(OKABE_ITO[3], "dashdot"),
    "scikit-learn": Style(OKABE_ITO[1], (0, (8, 2, 1, 2, 1, 2))),
}
_ALIASES = {"sklearn": "scikit-learn", "WeightedROC": "R WeightedROC"}


def package_style(name: str) -> Style | None:
    """The style of implementation `name` (also "sklearn", "WeightedROC"), else None.

    Parameters
    ----------
    name : str
        A package's name, as `PACKAGES` spells it.

    Returns
    -------
    Style or None
        Its colour and line type; None for a name that is not a package.

    Examples
    --------
    >>> package_style("sklearn").colour
    '#E69F00'
    >>> package_style("logistic regression") is None
    True
    """
    return PACKAGES.get(_ALIASES.get(name, name))


def group_styles(names: Sequence[str]) -> list[Style]:
    """One style per curve name: the packages' own when every name is a
    package, else colours and line types in order (see the module's notes).

    Parameters
    ----------
    names : sequence of str
        The curves' names, in the order they are drawn.

    Returns
    -------
    list of Style
        One colour and line type per name.

    Examples
    --------
    >>> styles = group_styles([f"fold {i}" for i in range(10)])
    >>> len({s.colour for s in styles})
    10
    >>> "#F0E442" in {s.colour for s in group_styles(list("abcdefghijklmn"))}
    False
    """
    names = [str(n) for n in names]
    known = [package_style(n) for n in names]
    if names and all(style is not None for style in known):
        return [style for style in known if style is not None]
    return [
        Style(GROUP_COLOURS[i % len(GROUP_COLOURS)], LINETYPES[i % len(LINETYPES)])
        for i in range(len(names))
    ]


def package_scales(names: Sequence[str] | None = None) -> list:
    """plotnine colour and line-type scales giving each implementation its
    `PACKAGES` style, for a figure of one's own (``+ package_scales()``).

    Parameters
    ----------
    names : list of str, optional
        The implementations in the order the legend lists them (default:
        every package of `PACKAGES`).

    Returns
    -------
    list
        ``[scale_color_manual, scale_linetype_manual]``: add both to a ggplot
        mapping ``color`` and ``linetype`` to the implementation's name.

    Examples
    --------
    >>> scales = package_scales(["weightedroc", "pROC"])
    >>> [type(s).__name__ for s in scales]
    ['scale_color_manual', 'scale_linetype_manual']
    """
    p9 = plotnine()
    names = list(PACKAGES) if names is None else [str(n) for n in names]
    unknown = [n for n in names if package_style(n) is None]
    if unknown:
        raise ValueError(f"no package style for {unknown}: known are {list(PACKAGES)}")
    styles = dict(zip(names, group_styles(names)))
    return [
        p9.scale_color_manual(values={n: s.colour for n, s in styles.items()}, breaks=names),
        p9.scale_linetype_manual(values={n: s.linetype for n, s in styles.items()}, breaks=names),
    ]
