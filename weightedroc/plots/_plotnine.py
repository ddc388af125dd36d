"""Lazy import of the optional plotnine dependency, and the look of every plot."""

from ._import import plotnine  # noqa: F401 (imported from here by the plots)
from .palette import GROUP_COLOURS, NEUTRAL, OKABE_ITO  # noqa: F401 (the colours live there)

#: Smallest text drawn, in points: 9 pt at 100 px per inch.
BASE_SIZE = 12
TEXT_SIZE = 9
#: Dark grey of tick labels and captions.
TEXT_GREY = "#333333"


def palette(n):
    """`n` colours of `palette.GROUP_COLOURS` (12 distinct, no yellow)."""
    return [GROUP_COLOURS[i % len(GROUP_COLOURS)] for i in range(n)]


def theme():
    """White background, light grid, text of at least 9 pt (ticks 10 pt)."""
    p9 = plotnine()
    return p9.theme_bw(base_size=BASE_SIZE) + p9.theme(
        panel_grid_minor=p9.element_blank(),
        panel_grid_major=p9.element_line(color="#E5E5E5"),
        axis_text=p9.element_text(size=BASE_SIZE - 2, color=TEXT_GREY),
        strip_background=p9.element_rect(fill="#F0F0F0"),
        legend_key_width=28,
        panel_spacing_x=0.025,
    )
