#!/usr/bin/env bash
# Reproduces the speed table of docs/speed.md: every benchmark of the table, each repeated (5
# times by default), with the median and the spread (lowest and highest) of the repetitions, in
# CPU time and in wall time, and the machine's load averages before and after each row. Writes
# the table as JSON (--out) and prints it as that page's Markdown table.
#
# Rows: the evaluator (pre-built hands, from 7 card indices at 2^16 and 2^24 hands one by one and
# batched, 2^24 one by one again with the cards on 2 MB pages, the older way from cards,
# enumeration), the log parser, the equity engine, the range and bucket kernels, the arena, and
# `trainer stats` / `trainer train` with 1 and 2 threads on N copies of the DeepStack log, and
# `trainer stats` with 2 threads on N copies of its PHH conversion (made
# in a temporary folder, removed afterwards; skipped without ../shared).
#
# Usage: tools/bench/run_all.sh [--bin DIR] [--out FILE] [--repetitions N] [--copies N]
#                               [--shared DIR]
#   --bin          benchmark and program folder (default: build/bin)
#   --out          JSON file (default: out/bench/speed.json)
#   --repetitions  repetitions per row (default 5)
#   --copies       copies of the DeepStack log for the trainer rows (default 20: 900,740 hands)
#   --shared       the shared data folder (default: ../shared next to the project)
# On a shared machine run it while holding both CPU slots; the load columns say how quiet it was.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="$root/build/bin"
out="$root/out/bench/speed.json"
reps=5
copies=20
shared="$root/../shared"
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --repetitions) reps="$2"; shift 2 ;;
    --copies) copies="$2"; shift 2 ;;
    --shared) shared="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run_all.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
if ! [[ "$reps" =~ ^[1-9][0-9]*$ && "$copies" =~ ^[1-9][0-9]*$ ]]; then
  echo "run_all.sh: --repetitions and --copies must be positive integers" >&2
  exit 2
fi
for program in poker_bench agent_bench logs_bench arena_benchmark trainer; do
  if [ ! -x "$bin/$program" ]; then
    echo "run_all.sh: $bin/$program not found (build it: cmake --build build --target $program)" >&2
    exit 1
  fi
done
command -v python3 >/dev/null || { echo "run_all.sh: python3 is needed to write the JSON" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rows="$work/rows.jsonl"
: >"$rows"
load() { cut -d' ' -f1-3 /proc/loadavg; }

# bench ID PROGRAM FILTER WHAT UNIT TARGET: one Google Benchmark row (UNIT: rate or time).
bench() {
  local id="$1" program="$2" filter="$3" what="$4" unit="$5" target="$6"
  local before after
  before="$(load)"
  echo "run_all.sh: $id ($program $filter), load $before" >&2
  "$bin/$program" --benchmark_filter="^${filter}\$" --benchmark_repetitions="$reps" \
    --benchmark_format=json >"$work/$id.json" 2>/dev/null
  after="$(load)"
  python3 - "$work/$id.json" "$id" "$program" "$filter" "$what" "$unit" "$target" "$before" \
    "$after" >>"$rows" <<'PY'
import json, statistics, sys
path, id_, program, filt, what, unit, target, before, after = sys.argv[1:]
runs = [b for b in json.load(open(path))["benchmarks"] if b.get("run_type") == "iteration"]
if not runs:
    sys.exit(f"run_all.sh: {program} ran no benchmark matching {filt}")
failed = [b for b in runs if b.get("error_occurred")]
if failed:
    # A benchmark that refuses to run here (e.g. no huge pages) leaves its row out of the table.
    print(f"run_all.sh: row {id_} left out: {failed[0].get('error_message', 'error')}",
          file=sys.stderr)
    sys.exit(0)
# User counters (e.g. huge_page_share): every key that Google Benchmark does not write itself.
standard = {"name", "family_index", "per_family_instance_index", "run_name", "run_type",
            "repetitions", "repetition_index", "threads", "iterations", "real_time", "cpu_time",
            "time_unit", "items_per_second", "bytes_per_second", "label"}
counters = {k: [b[k] for b in runs] for k in runs[0] if k not in standard}
scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[runs[0]["time_unit"]]
if unit == "rate":
    # items_per_second is items over CPU time; the same items over wall time give the wall rate.
    cpu = [b["items_per_second"] for b in runs]
    wall = [b["items_per_second"] * b["cpu_time"] / b["real_time"] for b in runs]
    unit_name = "items/s"
else:
    cpu = [b["cpu_time"] * scale for b in runs]
    wall = [b["real_time"] * scale for b in runs]
    unit_name = "s"
def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "all": xs}
print(json.dumps({"id": id_, "what": what, "command": f"{program} --benchmark_filter='^{filt}$'",
                  "unit": unit_name, "repetitions": len(runs), "cpu": summary(cpu),
                  "wall": summary(wall), "load_before": before, "load_after": after,
                  "target": float(target), "counters": counters}))
PY
}

bench eval7_prebuilt poker_bench BM_Eval7Random "7-card evaluations, random pre-built hands" rate 250e6
bench eval7_cards_2e16 poker_bench "BM_Eval7RandomFromCards/65536" \
  "7-card evaluations from 7 card indices, 2^16 random hands" rate 450e6
bench eval7_cards_2e24 poker_bench "BM_Eval7RandomFromCards/16777216" \
  "7-card evaluations from 7 card indices, 2^24 random hands" rate 450e6
bench eval7_cards_2e24_huge poker_bench "BM_Eval7RandomFromCardsHugePages/16777216" \
  "the same 2^24 hands copied to 2 MB pages (the caller's memory, not the evaluator, differs)" \
  rate 0
bench eval7_cards_batch_2e16 poker_bench "BM_Eval7RandomFromCardsBatch/65536" \
  "7-card evaluations from 7 card indices, batched (EvaluateSevenCardHands), 2^16 random hands" \
  rate 450e6
bench eval7_cards_batch_2e24 poker_bench "BM_Eval7RandomFromCardsBatch/16777216" \
  "7-card evaluations from 7 card indices, batched (EvaluateSevenCardHands), 2^24 random hands" \
  rate 450e6
bench eval7_cards_via_hand poker_bench "BM_Eval7RandomFromCardsViaHand/65536" \
  "7-card evaluations from card indices summed as Hands (the way before), 2^16 hands" rate 0
bench eval7_enumerate poker_bench BM_Eval7Enumerate "7-card evaluations, enumerating all hands" \
  rate 1.6e9
bench eval7_enumerate_per_hand poker_bench BM_Eval7EnumeratePerHand \
  "7-card evaluations, enumerating all hands, visited one by one" rate 1.6e9
bench parse_deepstack logs_bench BM_ParseDeepStackLog "parse + replay of the DeepStack log" rate 5e5
bench equity_hu_preflop agent_bench BM_EquityHeadsUpPreflopWeighted \
  "heads-up preflop equity vs a weighted range (trials)" rate 30e6
bench equity_3way_flop agent_bench BM_EquityThreeWayFlopWeighted \
  "3-way flop equity vs weighted ranges (trials)" rate 10e6
bench exact_flop agent_bench BM_ExactFlopVsRange "exact heads-up flop equity vs a range" time 10e-3
bench range_update agent_bench "BM_RangeUpdate/0" "one opponent action applied to 1326 pairs" \
  time 20e-6
bench street_buckets agent_bench "BM_StreetBuckets/1" "a street's strength buckets for all pairs" \
  time 2e-3
bench arena_nolimit arena_benchmark BM_RingNoLimitTaVsLa "bot vs bot, heads-up no-limit (hands)" \
  rate 2000

# The trainer rows: whole processes (start-up included) on N copies of the DeepStack log.
log="$shared/data/logs/deepstack_ifp/all_hands.log"
if [ -f "$log" ]; then
  mkdir -p "$work/corpus"
  for i in $(seq 1 "$copies"); do cp "$log" "$work/corpus/deepstack_$i.log"; done
  hands=$(( $(grep -c '^STATE' "$log") * copies ))
  game=holdem.nolimit.2p.reverse_blinds
  for command in stats train; do
    for threads in 1 2; do
      before="$(load)"
      echo "run_all.sh: trainer $command --threads $threads on $hands hands, load $before" >&2
      : >"$work/times"
      for r in $(seq 1 "$reps"); do
        if [ "$command" = stats ]; then
          args=(stats -q --game "$game" --threads "$threads" "$work/corpus")
        else
          args=(train -q --game "$game" --threads "$threads" --logs "$work/corpus"
                --out "$work/model_$threads.pb")
        fi
        # bash's `time`: wall, user and system seconds of the whole process.
        { TIMEFORMAT='%R %U %S'; time "$bin/trainer" "${args[@]}" >/dev/null 2>&1; } 2>>"$work/times"
      done
      after="$(load)"
      python3 - "$work/times" "$command" "$threads" "$hands" "$before" "$after" "$copies" \
        >>"$rows" <<'PY'
import json, statistics, sys
path, command, threads, hands, before, after, copies = sys.argv[1:]
hands = int(hands)
times = [tuple(map(float, line.split())) for line in open(path) if line.strip()]
wall = [hands / t[0] for t in times]
cpu = [hands / (t[1] + t[2]) for t in times]
def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "all": xs}
target = 1e6 if command == "stats" and threads == "2" else 0
print(json.dumps({
    "id": f"trainer_{command}_{threads}t",
    "what": f"trainer {command}, {threads} thread{'s' if threads != '1' else ''}, "
            f"{copies} copies of the DeepStack log (hands, whole process)",
    "command": f"trainer {command} --threads {threads} ({copies} x deepstack_ifp/all_hands.log)",
    "unit": "hands/s", "repetitions": len(times), "cpu": summary(cpu), "wall": summary(wall),
    "wall_seconds": summary([t[0] for t in times]), "load_before": before, "load_after": after,
    "target": target}))
PY
    done
  done
  if cmp -s "$work/model_1.pb" "$work/model_2.pb"; then
    echo "run_all.sh: the 1- and 2-thread models are byte-identical" >&2
  else
    echo "run_all.sh: the 1- and 2-thread models DIFFER" >&2
  fi
  # PHH reading: the same hands as PHH hand histories (the DeepStack log's conversion), read by
  # `trainer stats --threads 2` onto the game.
  if "$bin/trainer" convert "$log" --game "$game" --out "$work/phh_one" >/dev/null; then
    mkdir -p "$work/phh"
    for i in $(seq 1 "$copies"); do cp "$work/phh_one/all_hands.phhs" "$work/phh/deepstack_$i.phhs"; done
    before="$(load)"
    echo "run_all.sh: trainer stats --threads 2 on $hands PHH hands, load $before" >&2
    : >"$work/times"
    for r in $(seq 1 "$reps"); do
      { TIMEFORMAT='%R %U %S'; time "$bin/trainer" stats -q --game "$game" --threads 2 "$work/phh" \
          >/dev/null 2>&1; } 2>>"$work/times"
    done
    after="$(load)"
    python3 - "$work/times" "$hands" "$before" "$after" "$copies" >>"$rows" <<'PY'
import json, statistics, sys
path, hands, before, after, copies = sys.argv[1:]
hands = int(hands)
times = [tuple(map(float, line.split())) for line in open(path) if line.strip()]
def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "all": xs}
print(json.dumps({
    "id": "trainer_stats_phh_2t",
    "what": f"trainer stats, 2 threads, {copies} copies of the DeepStack log as PHH (.phhs; "
            "hands, whole process)",
    "command": f"trainer stats --threads 2 --game holdem.nolimit.2p.reverse_blinds "
               f"({copies} x all_hands.phhs)",
    "unit": "hands/s", "repetitions": len(times),
    "cpu": summary([hands / (t[1] + t[2]) for t in times]),
    "wall": summary([hands / t[0] for t in times]),
    "wall_seconds": summary([t[0] for t in times]), "load_before": before, "load_after": after,
    "target": 3e5}))
PY
  fi
else
  echo "run_all.sh: $log not found: trainer rows skipped" >&2
fi

mkdir -p "$(dirname "$out")"
python3 - "$rows" "$out" "$reps" <<'PY'
import datetime, json, os, platform, sys
rows_path, out, reps = sys.argv[1:]
rows = [json.loads(line) for line in open(rows_path)]
by_id = {r["id"]: r for r in rows}
# Speed-ups that the table reports beside the figures.
derived = {}
for command in ("stats", "train"):
    one, two = by_id.get(f"trainer_{command}_1t"), by_id.get(f"trainer_{command}_2t")
    if one and two:
        derived[f"trainer_{command}_2_vs_1_threads_wall"] = (
            one["wall_seconds"]["median"] / two["wall_seconds"]["median"])
if "eval7_prebuilt" in by_id and "eval7_cards_2e16" in by_id:
    derived["eval7_cards_vs_prebuilt_cpu"] = (
        by_id["eval7_cards_2e16"]["cpu"]["median"] / by_id["eval7_prebuilt"]["cpu"]["median"])
for size in ("2e16", "2e24"):
    single, batch = by_id.get(f"eval7_cards_{size}"), by_id.get(f"eval7_cards_batch_{size}")
    if single and batch:
        derived[f"eval7_cards_batch_vs_single_{size}_cpu"] = (
            batch["cpu"]["median"] / single["cpu"]["median"])
cpu_model = ""
try:
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu_model = line.split(":", 1)[1].strip()
            break
except OSError:
    pass
report = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
          "machine": {"cpu": cpu_model, "cores": os.cpu_count(), "system": platform.platform()},
          "repetitions": int(reps), "rows": rows, "derived": derived}
tmp = out + ".tmp"
with open(tmp, "w") as f:
    json.dump(report, f, indent=1)
    f.write("\n")
os.replace(tmp, out)

def fmt(value, unit):
    if unit == "s":
        for scale, name in ((1, "s"), (1e-3, "ms"), (1e-6, "us"), (1e-9, "ns")):
            if value >= scale:
                return f"{value / scale:.3g} {name}"
        return f"{value:.3g} s"
    for scale, name in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= scale:
            return f"{value / scale:.3g} {name}/s"
    return f"{value:.3g} /s"
print(f"| what | command | CPU: median (min-max of {reps}) | wall: median (min-max) | "
      "load before / after | target |")
print("|---|---|---|---|---|---|")
for r in rows:
    cells = []
    for kind in ("cpu", "wall"):
        s = r[kind]
        cells.append(f"{fmt(s['median'], r['unit'])} ({fmt(s['min'], r['unit'])}-"
                     f"{fmt(s['max'], r['unit'])})")
    target = float(r["target"])
    print(f"| {r['what']} | `{r['command']}` | {cells[0]} | {cells[1]} | "
          f"{r['load_before']} / {r['load_after']} | "
          f"{fmt(target, r['unit']) if target > 0 else '-'} |")
for name, value in derived.items():
    print(f"\n{name}: {value:.2f}x", end="")
print(f"\n\nJSON: {out}")
PY
