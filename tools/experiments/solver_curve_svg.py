"""Exploitability curves of solver runs as one SVG (two panels: against iterations and against
seconds; log-scale y), from the CSV files `solver train --curve` writes. No plotting library.

Usage: solver_curve_svg.py OUT.svg LABEL=FILE.csv [LABEL=FILE.csv ...]
"""

import csv
import math
import sys
from xml.sax.saxutils import escape

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
W, H = 560, 360
LEFT, RIGHT, TOP, BOTTOM = 70, 16, 34, 46


def read(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return [(float(r["iterations"]), float(r["seconds"]), float(r["exploitability"]))
            for r in rows if float(r["exploitability"]) > 0]


def panel(title, xlabel, series, x0):
    xs = [x for _, pts in series for x, _ in pts]
    ys = [y for _, pts in series for _, y in pts]
    xmax = max(xs)
    lo, hi = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    if hi == lo:
        hi += 1
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def px(x):
        return x0 + LEFT + pw * x / xmax

    def py(y):
        return TOP + ph * (hi - math.log10(y)) / (hi - lo)

    out = [f'<text x="{x0 + W / 2}" y="20" text-anchor="middle" font-size="14">'
           f'{escape(title)}</text>',
           f'<rect x="{x0 + LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" '
           f'stroke="#444"/>']
    for e in range(lo, hi + 1):
        y = TOP + ph * (hi - e) / (hi - lo)
        out.append(f'<line x1="{x0 + LEFT}" x2="{x0 + LEFT + pw}" y1="{y}" y2="{y}" '
                   f'stroke="#ddd"/>')
        out.append(f'<text x="{x0 + LEFT - 6}" y="{y + 4}" text-anchor="end" '
                   f'font-size="11">1e{e}</text>')
    for i in range(6):
        x = xmax * i / 5
        label = f"{x / 1e6:.3g}M" if xmax >= 1e6 else f"{x:.3g}"
        out.append(f'<text x="{px(x)}" y="{TOP + ph + 16}" text-anchor="middle" '
                   f'font-size="11">{label}</text>')
    out.append(f'<text x="{x0 + LEFT + pw / 2}" y="{H - 8}" text-anchor="middle" '
               f'font-size="12">{escape(xlabel)}</text>')
    for k, (label, pts) in enumerate(series):
        colour = COLOURS[k % len(COLOURS)]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                   f'stroke-width="1.6"/>')
        out.append(f'<text x="{x0 + LEFT + pw - 8}" y="{TOP + 16 + 16 * k}" text-anchor="end" '
                   f'font-size="12" fill="{colour}">{escape(label)}</text>')
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = []
    for arg in sys.argv[2:]:
        label, path = arg.split("=", 1)
        runs.append((label, read(path)))
    by_iter = [(label, [(i, e) for i, _, e in pts]) for label, pts in runs]
    by_time = [(label, [(s, e) for _, s, e in pts]) for label, pts in runs]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * W}" height="{H}" '
             f'font-family="sans-serif">', f'<rect width="{2 * W}" height="{H}" fill="white"/>']
    parts += panel("Leduc exploitability (chips/hand) vs iterations", "iterations", by_iter, 0)
    parts += panel("Leduc exploitability (chips/hand) vs seconds (2 threads)", "seconds",
                   by_time, W)
    parts.append("</svg>")
    with open(sys.argv[1], "w") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
