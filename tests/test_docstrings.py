"""Every public function has a complete numpydoc docstring with a runnable example.

The examples themselves run as doctests (pytest's --doctest-modules on
weightedroc/); the API site (`make docs`) renders these docstrings.
"""

import pytest
from test_typing import PUBLIC

validate = pytest.importorskip(
    "numpydoc.validate", reason="numpydoc (the docs extra) is not installed"
).validate

# numpydoc's checks that a reader of the API pages relies on.
REQUIRED = {
    "GL08": "has a docstring",
    "PR01": "documents every parameter",
    "PR02": "documents no parameter it does not have",
    "RT01": "has a Returns section",
    "RT03": "describes what it returns",
    "EX01": "has an Examples section",
}


@pytest.mark.parametrize("name, function", PUBLIC, ids=[name for name, _ in PUBLIC])
def test_public_docstring_documents_parameters_returns_and_examples(name, function):
    result = validate(f"{function.__module__}.{function.__name__}")
    failed = [
        f"{code} ({REQUIRED[code]}): {message}"
        for code, message in result["errors"]
        if code in REQUIRED
    ]
    assert not failed, f"{name}: " + "; ".join(failed)
    assert ">>> " in function.__doc__, f"{name}: its Examples section has no doctest"
