"""``python -m weightedroc``: the ``weightedroc`` command (see `weightedroc.cli`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
