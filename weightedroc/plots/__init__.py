"""plotnine helpers: each returns a ggplot that users extend with ``+``.

plotnine is an optional extra (``pip install 'weightedroc[plot]'``); it is
imported when a helper is called, never by ``import weightedroc``.
"""

from .agreement import *  # noqa: F401,F403
from .bands import *  # noqa: F401,F403
from .costs import *  # noqa: F401,F403
from .curves import *  # noqa: F401,F403
from .metric_plots import *  # noqa: F401,F403
from .multiclass import *  # noqa: F401,F403
from .survival import *  # noqa: F401,F403
