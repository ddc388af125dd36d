# Two commands on a fresh machine: `make example` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python

$(VENV)/installed: pyproject.toml Makefile
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	# rpy2 needs R; without it the live R tests skip.
	if command -v R >/dev/null; then $(PY) -m pip install -q -e ".[r]"; fi
	touch $@

.PHONY: example test vignettes benchmark docs lint
example: $(VENV)/installed
	$(PY) -m weightedroc.example

# The linters first (seconds), then the tests and the docstrings' examples.
test: lint
	$(PY) -m pytest -rs weightedroc tests

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
