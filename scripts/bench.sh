#!/usr/bin/env bash
# Benchmarks `timeline build` on a generated workload.
#
# Usage: scripts/bench.sh [users] [posts]        (defaults: 1000 20000)
#
# 1. builds the release products `timeline` and `timeline-workload`;
# 2. generates the content into .bench/content-<users>-<posts>, or reuses it when
#    .workload/args there records the same arguments and generator sources;
# 3. runs `timeline build` under `/usr/bin/time -v` into .bench/output-<users>-<posts>;
# 4. prints users, posts, pages, seconds, pages per second and peak memory;
# 5. then the incremental cases on the same output: a no-op rebuild (inputs unchanged, the
#    up-to-date check), the same with the input snapshot removed (the full incremental pass:
#    load, fingerprint every output, write nothing), one comment added to a post, and that
#    comment removed again (which restores the workload). For each: seconds, peak memory, and
#    the files written, left unchanged and deleted (from `timeline build --json`). Beside the
#    no-op, the floor under it: the time one fstatat per content file takes on both cores
#    (Benchmarks/incremental/stat_floor.c).
set -euo pipefail

readonly time_tool=/usr/bin/time

# shellcheck source=lib/workload.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/workload.sh"

site_size "scripts/bench.sh" "$@"
require_tool "$time_tool" time
enter_checkout
build_release_tools
prepare_workload "$users" "$posts"
output=".bench/output-$users-$posts"
time_log=".bench/time-$users-$posts.txt"

# Move the previous output aside instead of deleting it now: ext4 without a
# journal (as on these machines) skips inodes freed in the last minutes when it
# creates files, which would slow the measured build down. It is deleted after
# the measurement. Runs right after one another may still be a little slower.
trash=""
if [[ -e "$output" ]]; then
  trash=".bench/trash-$users-$posts-$$"
  mv "$output" "$trash"
fi

command=("$bin_dir/timeline" build --content "$content" --templates Templates --output "$output" --quiet --timings)
echo "==> Running: $time_tool -v$(printf ' %q' "${command[@]}")"
if ! "$time_tool" -v -o "$time_log" "${command[@]}"; then
  cat "$time_log" >&2 || true
  [[ -z "$trash" ]] || rm -rf "$trash"
  die "timeline build failed (resource usage above, also in $time_log)"
fi

seconds="$(time_v_seconds "$time_log")"
peak_kib="$(time_v_peak_kib "$time_log")"
[[ -n "$seconds" && -n "$peak_kib" ]] || die "could not read the wall-clock time and peak memory from $time_log"
pages=0
if [[ -d "$output" ]]; then
  pages="$(find "$output" -name '*.html' | wc -l | tr -d '[:space:]')"
fi
pages_per_second="$(awk -v p="$pages" -v s="$seconds" 'BEGIN { if (s > 0) printf "%.0f", p / s; else print "n/a" }')"
peak_mib="$(awk -v k="$peak_kib" 'BEGIN { printf "%.1f", k / 1024 }')"

echo
printf '%8s %8s %8s %9s %9s %10s\n' users posts pages seconds pages/s "peak MiB"
printf '%8s %8s %8s %9s %9s %10s\n' "$users" "$posts" "$pages" "$seconds" "$pages_per_second" "$peak_mib"
echo
echo "Command: $time_tool -v$(printf ' %q' "${command[@]}")"

# One incremental case: runs the build with --json under time -v and prints a row.
incremental_case() {
  local label="$1"
  local log=".bench/time-incremental-$users-$posts.txt"
  local report=".bench/report-incremental-$users-$posts.json"
  local build=("$bin_dir/timeline" build --content "$content" --templates Templates --output "$output" --json)
  "$time_tool" -v -o "$log" "${build[@]}" >"$report" || { cat "$report" >&2; die "$label: timeline build failed"; }
  local files
  files="$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); f=r["files"]; print(r["mode"], f["written"], f["unchanged"], f["deleted"])' "$report")"
  # shellcheck disable=SC2086
  printf '%-34s %9s %10s %-12s %8s %10s %8s\n' "$label" "$(time_v_seconds "$log")" \
    "$(awk -v k="$(time_v_peak_kib "$log")" 'BEGIN { printf "%.1f", k / 1024 }')" $files
}

# The post with the most recent comments file: its comments.json gets one more comment.
comment_file="$(find "$content/posts" -name comments.json -print -quit)"
[[ -n "$comment_file" ]] || die "the workload has no comments.json to add a comment to"
cp "$comment_file" ".bench/comments-backup.json"
state_folder="$(ls -d .timeline-cache/builds/"$(basename "$output")"-* 2>/dev/null | head -n 1)"

echo
echo "Incremental rebuilds of the same site (command: $bin_dir/timeline build --content $content --templates Templates --output $output --json)"
printf '%-34s %9s %10s %-12s %8s %10s %8s\n' case seconds "peak MiB" mode written unchanged deleted
sleep 1.1 # outside the racy window of the input snapshot
incremental_case "no-op (up to date)"
incremental_case "no-op again"
# The floor under the no-op: one fstatat per file and folder of the content on both cores, in C.
stat_floor=".bench/stat_floor"
if cc -O2 -pthread Benchmarks/incremental/stat_floor.c -o "$stat_floor" 2>/dev/null; then
  read -r stat_count stat_seconds _ < <(find "$content" -mindepth 1 -printf '%P\n' | "$stat_floor" "$content" 2)
  printf '%-34s %9s %10s %s\n' "(stat floor: $stat_count inputs)" "$stat_seconds" "" "Benchmarks/incremental/stat_floor.c"
fi
[[ -n "$state_folder" ]] && rm -f "$state_folder/inputs"
incremental_case "no-op without input snapshot"
python3 - "$comment_file" <<'PYTHON'
import json, sys
path = sys.argv[1]
comments = json.load(open(path))
author = comments[0]["username"]
comments.append({"id": "-Zzzzzzzzzzzzzzzzzzz", "username": author, "text": "One more comment, added by make bench"})
open(path, "w").write(json.dumps(comments, indent=2) + "\n")
PYTHON
incremental_case "one comment added"
cp ".bench/comments-backup.json" "$comment_file"
incremental_case "that comment removed"
# Last, so that deleting the previous output (slow for a large site) slows no measurement.
[[ -z "$trash" ]] || rm -rf "$trash"
