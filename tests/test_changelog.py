"""The changelog's newest released version is the package's version."""

import re
from pathlib import Path

import weightedroc

ROOT = Path(__file__).resolve().parent.parent


def _released_versions():
    """Versions of the changelog's release headings, newest first (Unreleased skipped)."""
    text = (ROOT / "CHANGELOG.md").read_text()
    return re.findall(r"^## \[(\d+\.\d+\.\d+[^\]]*)\] - \d{4}-\d{2}-\d{2}$", text, flags=re.M)


def test_changelog_has_an_unreleased_section_above_the_releases():
    text = (ROOT / "CHANGELOG.md").read_text()
    headings = re.findall(r"^## \[([^\]]+)\]", text, flags=re.M)
    assert headings[0] == "Unreleased"
    assert headings[1:] == _released_versions()


def test_newest_released_version_is_the_package_version():
    # The [project] table's version (tomllib is Python 3.11+; the package supports 3.10).
    project = (ROOT / "pyproject.toml").read_text().split("[project]", 1)[1].split("\n[", 1)[0]
    pyproject_version = re.search(r'^version = "([^"]+)"$', project, flags=re.M).group(1)
    assert _released_versions()[0] == weightedroc.__version__ == pyproject_version
