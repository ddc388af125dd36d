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


def _readme_layout():
    """The text of README.md's Layout section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_layout_names_every_subpackage_and_its_modules():
    """README's Layout lists each subpackage's modules (`name.py`) and every
    subpackage and front end of the page's layers."""
    layout = _readme_layout()
    named = set(re.findall(r"`(\w+)(?:\.py|/)`", layout))
    modules = {
        path.stem
        for sub in PACKAGE.iterdir()
        if (sub / "__init__.py").exists() and sub.name not in ("data", "__pycache__")
        for path in sub.glob("*.py")
        if path.stem not in ("__init__", "_import")
    }
    page = {name for _, names in _page_layers() for name in names} - {"example"}
    assert sorted(modules - named) == []
    assert sorted(page - named) == []


def test_front_ends_are_kept_out_of_internals_by_a_contract():
    """The forbidden contract's front ends and forbidden packages are the
    ones docs/architecture.md's section on the backend names, and every
    layer below the backend is forbidden to them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(
        c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "forbidden"
    )
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## The backend\n", 1)[1]
    sources = {name.removeprefix("weightedroc.") for name in contract["source_modules"]}
    forbidden = {name.removeprefix("weightedroc.") for name in contract["forbidden_modules"]}
    assert sources == {"tidy", "dask", "spark", "io"}
    for name in sources | forbidden:
        assert f"`{name}`" in section or f"`weightedroc.{name}`" in section
    layers = [names for _, names in _page_layers()]
    below = {n for names in layers[layers.index(["backend"]) + 1 :] for n in names} - {"utils"}
    assert forbidden == below
    assert contract.get("allow_indirect_imports") is True  # through the backend, by design


def test_the_backend_exports_what_it_lists():
    from weightedroc import backend

    for name in backend.__all__:
        assert getattr(backend, name) is not None
