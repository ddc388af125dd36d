"""show_versions: the long double format, and where the sums are R's."""

import io
import platform
import re
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import weightedroc
from weightedroc.rbridge import r_available
from weightedroc.utils import versions as platforms
from weightedroc.utils.versions import long_double_format, platform_info, verdict

X86_64_LINUX = platform.system() == "Linux" and platform.machine() == "x86_64"


@pytest.mark.parametrize(
    "nmant, nexp, maxexp, expected",
    [
        (63, 15, 16384, "x87"),  # x86-64 Linux, Intel macOS
        (112, 15, 16384, "binary128"),  # aarch64 Linux
        (105, 11, 1024, "double-double"),  # ppc64 IBM long double
        (106, 11, 1024, "double-double"),
        (52, 11, 1024, "double"),  # Windows (MSVC), arm64 macOS
        (23, 8, 128, "unknown"),  # float32
        (63, 11, 1024, "unknown"),
    ],
)
def test_format_from_finfo_signature(nmant, nexp, maxexp, expected):
    assert long_double_format(SimpleNamespace(nmant=nmant, nexp=nexp, maxexp=maxexp)) == expected


def test_format_of_numpy_types():
    assert long_double_format(np.finfo(np.float64)) == "double"
    assert long_double_format(np.finfo(np.float32)) == "unknown"


def measured_digits(dtype):
    """Mantissa bits (the leading one included) found by arithmetic: the
    first k with 1 + 2**-k == 1, less one."""
    one, k = dtype(1), 1
    while one + dtype(2) ** -k != one:
        k += 1
    return k


def test_detected_format_agrees_with_arithmetic_here():
    digits = measured_digits(np.longdouble)
    info = platform_info()
    assert info["long_double_digits"] == digits
    expected = {64: "x87", 113: "binary128", 53: "double"}.get(digits, info["long_double"])
    assert info["long_double"] == expected


@pytest.mark.skipif(not X86_64_LINUX, reason="this machine is not x86-64 Linux")
def test_this_machine_is_80_bit_and_r_exact():
    info = platform_info()
    assert (info["long_double"], info["long_double_digits"]) == ("x87", 64)
    assert info["r_exact"] is True


@pytest.mark.parametrize(
    "system, machine, fmt, r_exact",
    [
        ("Linux", "x86_64", "x87", True),
        ("Darwin", "x86_64", "x87", True),
        ("Darwin", "arm64", "double", True),
        ("Linux", "aarch64", "binary128", True),
        ("Windows", "AMD64", "double", False),
        ("Windows", "ARM64", "double", True),
        ("Linux", "ppc64le", "double-double", True),
        ("Linux", "armv7l", "double", None),
        ("Linux", "x86_64", "unknown", None),
    ],
)
def test_verdict_by_platform(system, machine, fmt, r_exact):
    assert verdict(fmt, system, machine).r_exact is r_exact


def test_windows_verdict_says_why():
    reason = verdict("double", "Windows", "AMD64").reason
    assert "80-bit" in reason and "can differ" in reason


README_ROWS = {  # the README table's platforms: (system, machine, numpy's format)
    "x86-64 Linux": ("Linux", "x86_64", "x87"),
    "Intel macOS": ("Darwin", "x86_64", "x87"),
    "arm64 macOS": ("Darwin", "arm64", "double"),
    "aarch64 Linux": ("Linux", "aarch64", "binary128"),
    "Windows x86-64": ("Windows", "AMD64", "double"),
}


def test_readme_table_is_the_verdicts():
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    section = text.split("### Where the bits match R", 1)[1].split("\n## ", 1)[0]
    assert "weightedroc.show_versions()" in section
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$", section, re.M)
    table = {row[0]: row for row in rows[1:]}  # the header row first
    assert set(table) == set(README_ROWS)
    for name, (system, machine, fmt) in README_ROWS.items():
        expected = verdict(fmt, system, machine).r_exact
        assert table[name][3].startswith("yes" if expected else "no"), name
        both_double = table[name][1].startswith("double") and table[name][2].startswith("double")
        assert (table[name][1] == table[name][2] or both_double) is expected, name


def test_versions_and_not_installed(monkeypatch):
    monkeypatch.setattr(platforms, "OPTIONAL", [*platforms.OPTIONAL, "no-such-package-xyz"])
    versions = platform_info()["versions"]
    assert versions["weightedroc"] == weightedroc.__version__
    assert versions["numpy"] == np.__version__
    assert versions["pandas"] == pd.__version__
    assert versions["no-such-package-xyz"] == "not installed"
    assert set(platforms.OPTIONAL) <= set(versions)


def test_show_versions_prints_the_lines(capsys):
    weightedroc.show_versions()
    printed = capsys.readouterr().out.splitlines()
    info = platform_info()
    fields = dict(line.split(None, 1) for line in printed if line[:1].strip())
    assert fields["weightedroc"] == weightedroc.__version__
    assert fields["numpy"] == np.__version__
    assert fields["platform"] == f"{info['system']} {info['machine']}"
    long_double = [line for line in printed if line.startswith("long double")]
    assert long_double == [f"long double   {platforms.FORMATS[info['long_double']]}"]
    r_exact = {True: "yes", False: "no", None: "unknown"}[info["r_exact"]]
    assert f"R-exact       {r_exact}" in printed
    assert printed[-1].strip() == info["reason"]
    buffer = io.StringIO()
    weightedroc.show_versions(file=buffer)
    assert buffer.getvalue().splitlines() == printed


def test_show_versions_is_public():
    assert "show_versions" in weightedroc.__all__
    assert weightedroc.show_versions is platforms.show_versions


def test_r_long_double_asked_of_r():
    available, why = r_available()
    if not available:
        pytest.skip(why)
    info = platform_info(r=True)
    theirs = info["r_long_double"]
    assert info["r_exact"] is (theirs["digits"] == info["long_double_digits"])
    if X86_64_LINUX:
        assert theirs == {"digits": 64, "sizeof": 16}
        assert info["r_exact"] is True
