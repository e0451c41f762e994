"""Reading the agent's decision logs (one JSON object per decision) for the experiment scripts."""
import json
import sys


def read_decisions(path, program, read):
    """`read(decision)` for every decision of the log at `path`, in order (blank lines skipped).
    Exits 1 with one line naming `program`, the file and the line when the log cannot be read or a
    line is not JSON or lacks what `read` takes from it."""
    values = []
    try:
        with open(path) as log:
            for number, line in enumerate(log, 1):
                if not line.strip():
                    continue
                try:
                    values.append(read(json.loads(line)))
                except (ValueError, KeyError, TypeError, AttributeError) as error:
                    sys.exit("%s: %s:%d: not a decision-log line (%s: %s)" % (
                        program, path, number, type(error).__name__, error))
    except OSError as error:
        sys.exit("%s: %s: cannot read: %s" % (program, path, error.strerror or error))
    return values
