"""Where the sums are R's, bit for bit: the long double here, and versions.

R's ``cumsum`` and ``sum`` add doubles in C's ``long double``; weightedroc
adds them in numpy's ``np.longdouble``.  Both are the C compiler's long
double, so the bits are R's wherever numpy and R have the same type:

=================  ===================  ====================  ==========
Platform           numpy's long double  R's long double       R's bits?
=================  ===================  ====================  ==========
x86-64 Linux       x87 80-bit extended  x87 80-bit extended   yes
Intel macOS        x87 80-bit extended  x87 80-bit extended   yes
arm64 macOS        double               double                yes
aarch64 Linux      IEEE binary128       IEEE binary128        yes
Windows (x86-64)   double               x87 80-bit extended   can differ
=================  ===================  ====================  ==========

On Windows numpy is built with MSVC, whose long double is double, while R
is built with mingw-w64, whose long double is the x87 80-bit type; R puts
the x87 unit in 64-bit-mantissa precision at startup and before each
evaluation (``Rwin_fpset`` in R's src/gnuwin32/extra.c runs ``fninit``,
control word 0x37f, and src/main/eval.c repeats it), rather than the
Windows default of 53 bits (0x27f).  So R for Windows sums in full 80-bit
precision and numpy there in double: the last bits can differ.
"""

import importlib.metadata
import platform
import sys
from typing import Any, NamedTuple, TextIO

import numpy as np

from .._version import __version__
from .signatures import in_help

OPTIONAL = ["scipy", "pyarrow", "polars", "narwhals", "plotnine", "dask", "scikit-learn", "rpy2"]

FORMATS = {
    "x87": "x87 80-bit extended (64-bit mantissa)",
    "binary128": "IEEE binary128 (113-bit mantissa)",
    "double-double": "IBM double-double (106-bit mantissa, ppc64)",
    "double": "double (53-bit mantissa): long double is plain double",
    "unknown": "unknown",
}


def long_double_format(finfo: Any = None) -> str:
    """The format of numpy's long double, from its `numpy.finfo`.

    Parameters
    ----------
    finfo : numpy.finfo or similar, optional
        Anything with numpy.finfo's ``nmant`` (mantissa bits, the leading
        one not counted) and ``maxexp``; ``np.finfo(np.longdouble)`` by
        default.

    Returns
    -------
    str
        A key of `FORMATS`: ``"x87"`` (nmant 63), ``"binary128"`` (nmant
        112), ``"double-double"`` (nmant about 105, exponent range of a
        double), ``"double"`` (nmant 52) or ``"unknown"``.

    Examples
    --------
    >>> import numpy as np
    >>> from weightedroc.utils.versions import long_double_format
    >>> long_double_format(np.finfo(np.float64))
    'double'
    """
    if finfo is None:
        finfo = np.finfo(np.longdouble)
    nmant, maxexp = int(finfo.nmant), int(finfo.maxexp)
    if nmant == 63 and maxexp == 16384:
        return "x87"
    if nmant == 112 and maxexp == 16384:
        return "binary128"
    if 100 <= nmant <= 110 and maxexp == 1024:
        return "double-double"
    if nmant == 52 and maxexp == 1024:
        return "double"
    return "unknown"


class Verdict(NamedTuple):
    """Whether numpy's long double sums are R's here (None: not known), and why."""

    r_exact: bool | None
    reason: str


def verdict(fmt: str, system: str, machine: str) -> Verdict:
    """`Verdict` for numpy's long double format `fmt` (a `FORMATS` key) on
    the OS `system` and CPU `machine` (as `platform.system` and
    `platform.machine` name them), by the platform table."""
    machine = machine.lower()
    if fmt == "x87":
        return Verdict(True, "R on x86-64 sums in the same x87 80-bit extended type")
    if fmt == "binary128":
        return Verdict(True, "R built here sums in the same IEEE binary128 long double")
    if fmt == "double-double":
        return Verdict(True, "R built with the same compiler sums in the same double-double")
    if fmt == "double" and system == "Darwin" and machine in ("arm64", "aarch64"):
        return Verdict(True, "R's long double is double here too: both sum in double")
    if fmt == "double" and system == "Windows" and machine in ("arm64", "aarch64"):
        return Verdict(True, "R for Windows on ARM (LLVM) has long double = double too")
    if fmt == "double" and system == "Windows":
        return Verdict(
            False,
            "numpy's long double is double (MSVC) while R's is x87 80-bit extended "
            "(mingw-w64, 64-bit mantissa): the last bits can differ",
        )
    return Verdict(
        None,
        "R's long double on this platform is not in the table: compare R's "
        ".Machine$longdouble.digits with numpy's finfo(longdouble).nmant + 1",
    )


def _version(package):
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _r_long_double():
    """R's long double through rpy2: digits (53 when R has no long double,
    as when built with --disable-long-double), or None without R."""
    from .r import r_available, robjects

    if not r_available()[0]:
        return None
    ro = robjects()
    if not ro.r('capabilities("long.double")')[0]:
        return {"digits": 53, "sizeof": 0}
    return {
        "digits": int(ro.r(".Machine$longdouble.digits")[0]),
        "sizeof": int(ro.r(".Machine$sizeof.longdouble")[0]),
    }


def platform_info(r: bool = False) -> dict[str, Any]:
    """The versions and the long double format here, as a dict.

    Parameters
    ----------
    r : bool, default False
        Also ask R (through rpy2, which starts R: slow) for its long
        double's digits, and judge by them rather than by the table.

    Returns
    -------
    dict
        ``python``, ``system``, ``machine``, ``versions`` (package: version
        or "not installed", for weightedroc, numpy, pandas and the optional
        packages), ``long_double`` (a `FORMATS` key), ``long_double_digits``
        (mantissa bits with the leading one), ``r_exact`` (True, False or
        None when unknown), ``reason``, and with ``r=True`` ``r_long_double``
        (R's digits and size in bytes, or None without R).

    Examples
    --------
    >>> from weightedroc.utils.versions import platform_info
    >>> sorted(platform_info())[:3]
    ['long_double', 'long_double_digits', 'machine']
    """
    fmt = long_double_format()
    digits = int(np.finfo(np.longdouble).nmant) + 1
    system, machine = platform.system(), platform.machine()
    found = verdict(fmt, system, machine)
    info: dict[str, Any] = {
        "python": sys.version.split()[0],
        "system": system,
        "machine": machine,
        "versions": {
            "weightedroc": __version__,
            **{package: _version(package) for package in ["numpy", "pandas", *OPTIONAL]},
        },
        "long_double": fmt,
        "long_double_digits": digits,
        "r_exact": found.r_exact,
        "reason": found.reason,
    }
    if r:
        theirs = info["r_long_double"] = _r_long_double()
        if theirs is not None:
            same = theirs["digits"] == digits
            info["r_exact"] = same
            info["reason"] = (
                f"R here sums with {theirs['digits']} mantissa bits, numpy with {digits}"
                + ("" if same else ": the last bits can differ")
            )
    return info


@in_help
def show_versions(r: bool = False, file: TextIO | None = None) -> None:
    """Print the versions, the long double format and whether R's sums are exact here.

    weightedroc's columns equal R's bit for bit where numpy's long double
    is the type R sums in (see the README's "Where the bits match R").

    Parameters
    ----------
    r : bool, default False
        Also ask R through rpy2 for its long double (starts R: slow).
    file : file-like, optional
        Where to print; ``sys.stdout`` by default.

    See Also
    --------
    weightedroc.utils.versions.platform_info : the same, as a dict.

    Examples
    --------
    >>> import weightedroc
    >>> weightedroc.show_versions()  # doctest: +ELLIPSIS
    weightedroc ...
    python      ...
    ...
    long double ...
    R-exact     ...
    """
    info = platform_info(r=r)
    lines = [
        ("weightedroc", info["versions"]["weightedroc"]),
        ("python", info["python"]),
        ("platform", f"{info['system']} {info['machine']}"),
        *[(p, v) for p, v in info["versions"].items() if p != "weightedroc"],
        ("long double", FORMATS[info["long_double"]]),
        ("R-exact", {True: "yes", False: "no", None: "unknown"}[info["r_exact"]]),
        ("", info["reason"]),
    ]
    width = max(len(name) for name, _ in lines)
    for name, value in lines:
        print(f"{name:<{width}}  {value}", file=file)
