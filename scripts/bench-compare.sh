#!/usr/bin/env bash
# Timeline beside Hugo on the same generated site: cold builds, alternating, medians.
#
# Usage: scripts/bench-compare.sh [users] [posts]     (defaults: 1000 20000; RUNS=3)
#
# 1. builds the release tools and generates (or reuses) the workload, as scripts/bench.sh does;
# 2. writes its Hugo twin with Benchmarks/compare/hugo_content.py into
#    .bench/hugo-content-<users>-<posts> (photos hard-linked), rendered by the templates in
#    Benchmarks/compare/hugo: the same pages (posts, paginated profiles, timelines `feedDepth`
#    pages deep, following and followers lists, the paginated home list, the user list, search,
#    404), the same page size;
# 3. RUNS rounds, the order alternating: `timeline build --clean` with an empty cache folder and
#    `hugo` with an empty cache folder, each into a fresh output folder under /usr/bin/time -v
#    (all of them deleted only after the last run: a large deletion slows the next build here);
# 4. checks both wrote the same number of pages (Hugo's page/1/ redirects left out), prints each
#    run and the medians of seconds and peak memory, and the ratio. Timeline writes more than
#    Hugo here: its search index, Atom feeds and sitemap on top of the pages.
set -euo pipefail

readonly time_tool=/usr/bin/time

# shellcheck source=lib/workload.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/workload.sh"
require_linux "measures with GNU time -v (/usr/bin/time)"

site_size "scripts/bench-compare.sh" "$@"
runs="${RUNS:-3}"
require_positive RUNS "$runs"
require_tool "$time_tool" time
require_tool hugo
enter_checkout
build_release_tools
prepare_workload "$users" "$posts"

hugo_content=".bench/hugo-content-$users-$posts"
converter_stamp="$(cat "$content/.workload/args" Benchmarks/compare/hugo_content.py | sha256sum | cut -d' ' -f1)"
if [[ -f "$hugo_content/.stamp" && "$(cat "$hugo_content/.stamp")" == "$converter_stamp" ]]; then
  echo "==> Reusing the Hugo content in $hugo_content"
else
  echo "==> Writing the Hugo content into $hugo_content"
  rm -rf "$hugo_content"
  python3 Benchmarks/compare/hugo_content.py "$content" "$hugo_content"
  printf '%s\n' "$converter_stamp" >"$hugo_content/.stamp"
fi

work=".bench/compare-$users-$posts"
rm -rf "$work"
mkdir -p "$work"
results="$work/results.tsv"
printf 'run\ttool\tseconds\tpeak_kib\tpages\n' >"$results"

# run_tool TOOL RUN: one cold build into a fresh folder, recorded in results.tsv.
run_tool() {
  local tool="$1" run="$2"
  local output="$work/$tool-output-$run" cache="$work/$tool-cache-$run" log="$work/$tool-time-$run.txt"
  local command
  if [[ "$tool" == timeline ]]; then
    command=("$bin_dir/timeline" build --clean --quiet --content "$content" --templates Templates --output "$output" --cache-dir "$cache")
  else
    command=(env HUGO_RESOURCEDIR="$PWD/$cache/resources" hugo --quiet --source Benchmarks/compare/hugo --contentDir "$PWD/$hugo_content" --destination "$PWD/$output" --cacheDir "$PWD/$cache")
  fi
  "$time_tool" -v -o "$log" "${command[@]}" >"$work/$tool-stdout-$run.txt" 2>&1 || {
    cat "$work/$tool-stdout-$run.txt" "$log" >&2
    die "$tool failed in run $run"
  }
  local pages
  pages="$(find "$output" -name '*.html' ! -path '*/page/1/index.html' | wc -l | tr -d '[:space:]')"
  printf '%s\t%s\t%s\t%s\t%s\n' "$run" "$tool" "$(time_v_seconds "$log")" "$(time_v_peak_kib "$log")" "$pages" >>"$results"
  printf '%-9s run %s: %8s s %10s KiB %8s pages\n' "$tool" "$run" "$(time_v_seconds "$log")" "$(time_v_peak_kib "$log")" "$pages"
}

echo "==> $runs rounds, alternating"
for run in $(seq 1 "$runs"); do
  if (( run % 2 == 1 )); then
    run_tool timeline "$run"
    run_tool hugo "$run"
  else
    run_tool hugo "$run"
    run_tool timeline "$run"
  fi
done

python3 - "$results" "$users" "$posts" <<'PYTHON'
import csv, statistics, sys
path, users, posts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = list(csv.DictReader(open(path), delimiter="\t"))
def column(tool, name):
    return [float(row[name]) for row in rows if row["tool"] == tool]
pages = {tool: set(int(p) for p in column(tool, "pages")) for tool in ("timeline", "hugo")}
ours, theirs = statistics.median(column("timeline", "seconds")), statistics.median(column("hugo", "seconds"))
our_peak, their_peak = statistics.median(column("timeline", "peak_kib")) / 1024, statistics.median(column("hugo", "peak_kib")) / 1024
print()
print(f"{'users':>7} {'posts':>8} {'pages':>8} {'Timeline s':>11} {'Hugo s':>8} {'Hugo/Timeline':>14} {'Timeline MiB':>13} {'Hugo MiB':>9}")
print(f"{users:>7} {posts:>8} {'/'.join(str(p) for p in sorted(pages['timeline'])):>8} {ours:>11.2f} {theirs:>8.2f} {theirs / ours:>14.2f} {our_peak:>13.1f} {their_peak:>9.1f}")
if pages["timeline"] != pages["hugo"]:
    sys.exit(f"the page counts differ: Timeline {sorted(pages['timeline'])}, Hugo {sorted(pages['hugo'])}")
PYTHON
echo "Every run: $results"
# Only now: ext4 here creates files much more slowly for minutes after a large tree was deleted
# (see docs/benchmarks.md), which would slow whichever build came next.
rm -rf "$work"/*-output-* "$work"/*-cache-*
