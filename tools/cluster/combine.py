#!/usr/bin/env python3
"""Merge steps of the tools/cluster scripts that have no program of their own.

  combine.py folds OUT FOLD.json...   eval_prediction folds: {"folds": [...], "mean": {...}}
  combine.py csv OUT DIR_OR_FILE...   CSV files with one header (DIR: DIR/pso_summary.csv)

`mean` holds every numeric field found at the same place in every fold, averaged over the folds
(lists are matched by position), and the text fields on which every fold agrees (labels such as
street or method); the folds are kept whole under `folds`. OUT is written as
given (the cluster scripts pass a temporary name and rename it). Exit status: 0 done, 1 failure,
2 bad command line.
"""

import csv
import json
import os
import sys


def mean_of(values):
    first = values[0]
    if isinstance(first, (bool, str)):  # labels: kept when every fold agrees
        return first if all(v == first for v in values) else None
    if isinstance(first, (int, float)):
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            return sum(values) / len(values)
        return None
    if isinstance(first, dict):
        out = {}
        for key in first:
            if all(isinstance(v, dict) and key in v for v in values):
                m = mean_of([v[key] for v in values])
                if m is not None:
                    out[key] = m
        return out or None
    if isinstance(first, list):
        if all(isinstance(v, list) and len(v) == len(first) for v in values):
            items = [mean_of([v[i] for v in values]) for i in range(len(first))]
            return items if any(i is not None for i in items) else None
    return None


def folds(out, inputs):
    data = []
    for path in inputs:
        try:
            with open(path) as f:
                data.append(json.load(f))
        except (OSError, ValueError) as error:
            print(f"combine.py: {path}: {error}", file=sys.stderr)
            return 1
    with open(out, "w") as f:
        json.dump({"folds": data, "files": inputs, "mean": mean_of(data) or {}}, f, indent=1)
        f.write("\n")
    return 0


def csvs(out, inputs):
    header, rows = None, []
    for path in inputs:
        if os.path.isdir(path):
            path = os.path.join(path, "pso_summary.csv")
        try:
            with open(path, newline="") as f:
                reader = csv.reader(f)
                this_header = next(reader)
                if header is None:
                    header = this_header
                elif this_header != header:
                    print(f"combine.py: {path}: other columns than {inputs[0]}", file=sys.stderr)
                    return 1
                rows.extend(reader)
        except (OSError, StopIteration) as error:
            print(f"combine.py: {path}: {error or 'empty'}", file=sys.stderr)
            return 1
    with open(out, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    return 0


def main():
    if len(sys.argv) >= 2 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(sys.argv) < 4 or sys.argv[1] not in ("folds", "csv"):
        print("usage: combine.py folds|csv OUT INPUT... (--help)", file=sys.stderr)
        return 2
    return (folds if sys.argv[1] == "folds" else csvs)(sys.argv[2], sys.argv[3:])


if __name__ == "__main__":
    sys.exit(main())
