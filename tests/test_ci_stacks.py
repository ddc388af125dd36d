"""CI's older stacks: the floors leg pins exactly what pyproject.toml declares,
and a leg runs on the versions it pins.

.ci/floors.txt holds `name==version` for the core dependencies and the test,
stats and parquet extras; each must equal that requirement's `>=` floor, so the
declared floors are the tested ones.
"""

import os
from importlib import metadata
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11's")
requirements = pytest.importorskip("packaging.requirements", reason="packaging is not installed")
Version = pytest.importorskip("packaging.version").Version

TREE = Path(__file__).resolve().parents[1]
PYPROJECT = TREE / "pyproject.toml"
FLOOR_EXTRAS = ["test", "stats", "parquet"]
NOT_IN_TREE = "the source tree's pyproject.toml and .ci/ are not beside these tests"


def pins(stack):
    """{name: SpecifierSet} of the requirement lines of .ci/STACK.txt."""
    found = {}
    for line in (TREE / ".ci" / f"{stack}.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            requirement = requirements.Requirement(line)
            found[requirement.name.lower()] = requirement.specifier
    return found


def declared_floors():
    """{name: floor} of the core dependencies and the floor extras' requirements."""
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    declared = list(project["dependencies"])
    for extra in FLOOR_EXTRAS:
        declared += project["optional-dependencies"][extra]
    floors = {}
    for text in declared:
        requirement = requirements.Requirement(text)
        lower = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        assert len(lower) == 1, f"{text!r} declares no single '>=' floor"
        floors[requirement.name.lower()] = lower[0]
    return floors


@pytest.mark.skipif(not PYPROJECT.exists(), reason=NOT_IN_TREE)
def test_floors_leg_pins_exactly_the_declared_floors():
    floors, pinned = declared_floors(), pins("floors")
    assert sorted(pinned) == sorted(floors)
    for name, floor in floors.items():
        (pin,) = pinned[name]
        assert pin.operator == "==", f"{name}: {pin} is not one version"
        assert Version(pin.version) == Version(floor), f"{name}: {pin} pinned, {floor} declared"


@pytest.mark.skipif(not os.environ.get("WEIGHTEDROC_CI_STACK"), reason="not in a CI leg")
def test_the_leg_runs_on_the_versions_it_pins():
    stack = os.environ["WEIGHTEDROC_CI_STACK"]
    for name, specifier in pins(stack).items():
        installed = metadata.version(name)
        assert specifier.contains(installed), f"{name} {installed} is installed, {specifier} pinned"
