"""``python -m weightedroc``: the ``weightedroc`` command (see `weightedroc.io.cli`)."""

from .io.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
