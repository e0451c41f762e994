"""Writes the API reference of docs/python.md from the package's docstrings.

The reference sits between the markers `<!-- api:begin -->` and `<!-- api:end -->`; every public
name of poker_ai must belong to one area below (a name left out is an error, so the reference
covers the whole package).

Usage: PYTHONPATH=build/python python3 python/tools/api_doc.py [--check] [DOC]
  --check  exit 1 if DOC's reference differs from the docstrings (a test runs this)
  DOC      default docs/python.md
Exit status: 0 written (or up to date), 1 out of date or a name without an area, 2 bad usage.
"""

import argparse
import inspect
import pathlib
import re
import sys

import poker_ai

AREAS = [
    ("Errors", ["PokerError", "InvalidArgumentError", "NotFoundError"]),
    ("Cards and hands", [
        "NUM_CARDS", "NUM_PAIRS", "NUM_STARTING_HAND_CLASSES", "parse_card", "parse_cards",
        "card_str", "cards_str", "pair_index", "pair_cards", "pair_str", "evaluate",
        "evaluate_batch", "hand_category", "random_deals", "hand_strength", "strength_counts",
        "hand_potential", "count_outs", "hit_probability", "all_pairs_hand_strength",
        "all_pairs_outs", "preflop_equity", "starting_hand_class", "starting_hand_class_name",
        "Range", "equity", "EquityCalculator", "EquityResult", "uniform_equity"]),
    ("Games and states", ["Game", "Action", "State", "MatchState", "LogLine", "Dealer",
                          "format_value"]),
    ("Logs", ["read_hands", "HandIterator", "LoggedHand", "LoggedAction", "read_logs",
              "ReadSummary", "log_stats", "LogStats", "list_log_files"]),
    ("Models and hand reading", ["train_model", "Model", "PlayerModel", "PatternTree", "TreeNode",
                                 "HandReader"]),
    ("Solver strategies", ["Strategy", "train_strategy"]),
    ("Players", ["play_match", "MatchResult", "player_kinds", "Player", "Policy", "policy_names",
                 "play_acpc_match", "AcpcSession"]),
]
BEGIN, END = "<!-- api:begin -->", "<!-- api:end -->"


def public_names():
    return sorted(n for n in dir(poker_ai)
                  if not n.startswith("_") and n not in ("acpc",) and
                  not inspect.ismodule(getattr(poker_ai, n)))


def clean(doc):
    return inspect.cleandoc(doc or "").strip()


def signature_and_text(obj, name):
    """pybind11 puts 'name(args) -> result' first in a function's docstring."""
    doc = clean(getattr(obj, "__doc__", ""))
    if inspect.isfunction(obj):  # a Python function
        return f"{name}{inspect.signature(obj)}", doc
    first, _, rest = doc.partition("\n")
    if first.startswith(name + "("):
        return tidy(first), rest.strip()
    return name, doc


def tidy(signature):
    """pybind11's signature without the module prefix, `self: Class` and its C++ 'handle'."""
    signature = signature.replace("poker_ai._core.", "")
    signature = re.sub(r"self: \w+(, )?", "", signature)
    return re.sub(r"\bhandle\b", "object", signature)


def describe_function(obj, name, level):
    sig, text = signature_and_text(obj, name)
    out = [f"{level} `{sig}`", ""]
    if text:
        out += [text, ""]
    return out


def describe_class(cls, name):
    out = [f"#### class `{name}`", ""]
    doc = clean(cls.__doc__)
    if doc:
        out += [doc, ""]
    members = []
    for attr, value in sorted(vars(cls).items()):
        if attr.startswith("_") and attr not in ("__init__", "__iter__", "__next__"):
            continue
        if isinstance(value, property):
            members.append(f"- `{attr}` (property)" + (f": {clean(value.__doc__)}" if clean(value.__doc__) else ""))
        elif callable(value) or isinstance(value, staticmethod):
            func = getattr(cls, attr)
            sig, text = signature_and_text(func, attr)
            static = " (static)" if type(value).__name__ == "staticmethod" else ""
            members.append(f"- `{sig}`{static}" + (f": {text}" if text else ""))
    if members:
        out += [m.replace("\n\n", " ").replace("\n", " ") for m in members] + [""]
    return out


def describe_value(obj, name):
    return [f"- `{name}` = `{obj!r}`", ""]


def reference():
    assigned = [n for _, names in AREAS for n in names]
    missing = sorted(set(public_names()) - set(assigned))
    if missing:
        raise SystemExit(f"api_doc: public names without an area: {', '.join(missing)}")
    lines = [BEGIN, ""]
    for area, names in AREAS:
        lines += [f"### {area}", ""]
        for name in names:
            obj = getattr(poker_ai, name)
            if inspect.isclass(obj):
                lines += describe_class(obj, name)
            elif callable(obj):
                lines += describe_function(obj, name, "####")
            else:
                lines += describe_value(obj, name)
    lines.append(END)
    return "\n".join(lines)


def main():
    root = pathlib.Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser(description="Writes the API reference of docs/python.md.")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("doc", nargs="?", default=str(root / "docs" / "python.md"))
    args = parser.parse_args()
    path = pathlib.Path(args.doc)
    text = path.read_text()
    if BEGIN not in text or END not in text:
        print(f"api_doc: {path} has no {BEGIN} ... {END} section", file=sys.stderr)
        return 1
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    updated = head + reference() + tail
    if args.check:
        if updated != text:
            print(f"api_doc: {path}'s API reference is out of date: run "
                  "python/tools/api_doc.py", file=sys.stderr)
            return 1
        return 0
    path.write_text(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
