"""Minimal SVG line charts for the PSO experiments (no plotting library needed).

chart(panels, columns) draws a grid of panels; a panel is (title, series) and a series is
(label, group, [(x, y), ...]); series of the same group share a colour.
"""

import math
from xml.sax.saxutils import escape

COLOURS = {"standard": "#d62728", "brpso": "#1f77b4", "brpso-sincos": "#2ca02c",
           "fixed": "#9467bd", "fold": "#ff7f0e"}
EXTRA_COLOURS = ["#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
DASHES = ["", "6,3", "2,2", "8,3,2,3"]

PANEL_W, PANEL_H = 560, 360
LEFT, RIGHT, TOP, BOTTOM = 78, 16, 34, 46


def nice_ticks(lo, hi, count=6):
    """Round tick values covering [lo, hi]."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = min((m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw),
               default=10 * magnitude)
    start = math.floor(lo / step) * step
    ticks = []
    t = start
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    if ticks[-1] < hi:
        ticks.append(ticks[-1] + step)
    return ticks


def short(value):
    """1500000 -> 1.5M, 40000 -> 40k."""
    a = abs(value)
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if a >= limit:
            text = f"{value / limit:.2f}".rstrip("0").rstrip(".")
            return text + suffix
    return f"{value:g}"


def panel_svg(title, series, x0, y0):
    parts = []
    xs = [x for _, _, pts in series for x, _ in pts] or [0, 1]
    ys = [y for _, _, pts in series for _, y in pts] or [0, 1]
    x_ticks = nice_ticks(min(xs), max(xs))
    y_ticks = nice_ticks(min(min(ys), 0), max(max(ys), 0))
    x_lo, x_hi = x_ticks[0], x_ticks[-1]
    y_lo, y_hi = y_ticks[0], y_ticks[-1]
    w = PANEL_W - LEFT - RIGHT
    h = PANEL_H - TOP - BOTTOM

    def px(x):
        return x0 + LEFT + (x - x_lo) / (x_hi - x_lo) * w

    def py(y):
        return y0 + TOP + h - (y - y_lo) / (y_hi - y_lo) * h

    parts.append(f'<text x="{x0 + PANEL_W / 2}" y="{y0 + 20}" text-anchor="middle" '
                 f'font-size="15" font-weight="bold">{escape(title)}</text>')
    for t in y_ticks:
        y = py(t)
        colour = "#888" if t == 0 else "#e4e4e4"
        parts.append(f'<line x1="{x0 + LEFT}" y1="{y:.1f}" x2="{x0 + LEFT + w}" y2="{y:.1f}" '
                     f'stroke="{colour}" stroke-width="1"/>')
        parts.append(f'<text x="{x0 + LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
                     f'font-size="11">{short(t)}</text>')
    for t in x_ticks:
        x = px(t)
        parts.append(f'<line x1="{x:.1f}" y1="{y0 + TOP}" x2="{x:.1f}" y2="{y0 + TOP + h}" '
                     f'stroke="#f0f0f0" stroke-width="1"/>')
        parts.append(f'<text x="{x:.1f}" y="{y0 + TOP + h + 16}" text-anchor="middle" '
                     f'font-size="11">{short(t)}</text>')
    parts.append(f'<rect x="{x0 + LEFT}" y="{y0 + TOP}" width="{w}" height="{h}" fill="none" '
                 f'stroke="#444"/>')
    parts.append(f'<text x="{x0 + LEFT + w / 2}" y="{y0 + PANEL_H - 8}" text-anchor="middle" '
                 f'font-size="12">hands</text>')
    parts.append(f'<text transform="translate({x0 + 16},{y0 + TOP + h / 2}) rotate(-90)" '
                 f'text-anchor="middle" font-size="12">cumulative chips won</text>')
    width = max((len(label) for label, _, _ in series), default=0) * 6.5 + 44
    # The legend is drawn last, over the lines, on a white box.
    legend_box = (f'<rect x="{x0 + LEFT + 4}" y="{y0 + TOP + 4}" width="{width:.0f}" '
                  f'height="{16 * len(series) + 4}" fill="white" fill-opacity="0.85" '
                  f'stroke="#ccc"/>')
    legend = []
    groups = []
    for label, group, pts in series:
        if group not in groups:
            groups.append(group)
    seen_in_group = {}
    for i, (label, group, pts) in enumerate(series):
        colour = COLOURS.get(group, EXTRA_COLOURS[groups.index(group) % len(EXTRA_COLOURS)])
        k = seen_in_group.get(group, 0)
        seen_in_group[group] = k + 1
        dash = DASHES[k % len(DASHES)]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                     f'stroke-width="1.6"{dash_attr}/>')
        ly = y0 + TOP + 16 + 16 * i
        lx = x0 + LEFT + 10
        legend.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 22}" y2="{ly - 4}" '
                      f'stroke="{colour}" stroke-width="2"{dash_attr}/>')
        legend.append(f'<text x="{lx + 28}" y="{ly}" font-size="11">{escape(label)}</text>')
    return "\n".join(parts + [legend_box] + legend)


def chart(panels, columns=2):
    columns = max(1, min(columns, len(panels)))
    rows = math.ceil(len(panels) / columns)
    width, height = PANEL_W * columns, PANEL_H * rows
    body = [panel_svg(title, series, (i % columns) * PANEL_W, (i // columns) * PANEL_H)
            for i, (title, series) in enumerate(panels)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">\n'
            f'<rect width="{width}" height="{height}" fill="white"/>\n' + "\n".join(body) +
            "\n</svg>\n")
