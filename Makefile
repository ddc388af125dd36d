# Two commands on a fresh machine: `make example` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python

# The example needs plotnine only (.[example]); the tests, docs and vignettes .[dev].
$(VENV)/example-installed: pyproject.toml Makefile
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[example]"
	touch $@

$(VENV)/installed: pyproject.toml Makefile
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	# One install (one resolve, one editable build): rpy2, the r extra, only with R;
	# without it the live R tests skip.
	$(PY) -m pip install -q -e ".[dev$$(command -v R >/dev/null && echo ,r)]"
	touch $@

.PHONY: example test test-deep test-floors test-numpy1 vignettes benchmark docs lint
example: $(VENV)/example-installed
	$(PY) -m weightedroc.example

# The tests and the docstrings' examples on both cores (pytest-xdist), without the
# long studies: under 5 minutes on 2 cores.  The linters are `make lint` (CI runs all).
test: $(VENV)/installed
	$(PY) -m pytest -rs -n 2 -m "not deep" weightedroc tests

# The long studies (live Monte Carlo comparisons with R, every vignette rendered, a
# local Spark) and every property test without its own count at 1,000 examples.
test-deep: $(VENV)/installed
	$(PY) -m pytest -rs -n 2 -m deep --hypothesis-profile=deep tests

# CI's older stacks: the built wheel with the pins of .ci/floors.txt (the declared
# minimum versions) or .ci/numpy1.txt (numpy 1.26, pandas 2.2), in a new venv.
test-floors test-numpy1: test-%:
	bash .ci/leg $*

vignettes: $(VENV)/installed
	$(PY) vignettes/render.py

benchmark: $(VENV)/installed
	$(PY) benchmarks/run.py

# The API reference site (docs/_build/html), warnings as errors.
SPHINXOPTS ?=
docs: $(VENV)/installed
	$(PY) -m sphinx -W --keep-going $(SPHINXOPTS) -b html docs docs/_build/html

# ruff (lint and format check) and mypy, configured in pyproject.toml.
lint: $(VENV)/installed
	$(PY) -m ruff check weightedroc tests vignettes benchmarks docs/conf.py
	$(PY) -m ruff format --check weightedroc tests vignettes benchmarks docs/conf.py
	$(PY) -m mypy weightedroc
	# The layers of docs/architecture.md and no import cycles (import-linter's contracts
	# in pyproject.toml), read from this tree.
	PYTHONPATH=. $(VENV)/bin/lint-imports
