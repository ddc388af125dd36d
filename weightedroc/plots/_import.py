"""The optional plotnine dependency, imported on first use (a leaf module:
`palette` and `_plotnine` both read it)."""


def plotnine():
    """The plotnine module, or an ImportError that says how to install it."""
    try:
        import plotnine as p9
    except ImportError:
        raise ImportError(
            "the plot helpers need plotnine: pip install 'weightedroc[plot]'"
        ) from None
    return p9
