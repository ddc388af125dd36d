"""docs/architecture.md, import-linter's layers contract and the package's
subpackages agree: the page is checked, not trusted."""

import pathlib
import re
import sys

import pytest

import weightedroc

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    tomllib = pytest.importorskip("tomli")

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = pathlib.Path(weightedroc.__file__).parent


def _page_layers():
    """[(layer, [names])], top to bottom, from the page's table."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "`" in line]
    return [(row.split("|")[1].strip(), re.findall(r"`(\w+)`", row.split("|")[2])) for row in rows]


def _contract():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["type"] == "layers")


def _contract_layers():
    return [re.split(r"\s*[:|]\s*", layer.strip()) for layer in _contract()["layers"]]


def test_the_page_lists_the_contracts_layers_in_order():
    assert [sorted(names) for _, names in _page_layers()] == [
        sorted(names) for names in _contract_layers()
    ]


def test_every_subpackage_and_module_has_one_layer():
    ignored = set(_contract()["exhaustive_ignores"]) | {"__init__"}
    found = {
        path.stem if path.is_file() else path.name
        for path in PACKAGE.iterdir()
        if (path.suffix == ".py") or (path / "__init__.py").exists()
    } - ignored
    placed = [name for _, names in _page_layers() for name in names]
    assert sorted(placed) == sorted(found)


def test_the_contract_is_exhaustive():
    assert _contract()["exhaustive"] is True


def test_the_page_is_in_the_docs_table_of_contents():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^architecture$", index, flags=re.M)
