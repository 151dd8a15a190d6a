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
#    (Benchmarks/incremental/stat_floor.c);
# 6. then the same comment added and removed while `timeline serve` runs on the same site and
#    output (a live session, which keeps the built site in memory and builds an edit of a post's
#    comments from it): the build's own time as the server reports it, the time from the save
#    to the end of the build (inotify included, `--debounce 0`), and the files written, looked
#    at and left unchanged, and deleted. The server's first build (a whole incremental build,
#    which fills the session) is reported too. Skipped without curl. With more folders than
#    fs.inotify.max_user_watches, raises that limit when run as root (else the server polls).
set -euo pipefail

readonly time_tool=/usr/bin/time

# shellcheck source=lib/workload.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/workload.sh"
require_linux "measures with GNU time -v (/usr/bin/time) and reads fs.inotify.max_user_watches from /proc"

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
# One more comment on that post, by the author of its first (prepared beside, so that an edit
# is one cp); removed again by restoring the copy.
python3 - ".bench/comments-backup.json" ".bench/comments-added.json" <<'PYTHON'
import json, sys
comments = json.load(open(sys.argv[1]))
comments.append({"id": "-Zzzzzzzzzzzzzzzzzzz", "username": comments[0]["username"], "text": "One more comment, added by make bench"})
open(sys.argv[2], "w").write(json.dumps(comments, indent=2) + "\n")
PYTHON
add_comment() { cp ".bench/comments-added.json" "$comment_file"; }
remove_comment() { cp ".bench/comments-backup.json" "$comment_file"; }
touch_comments() { touch "$comment_file"; }
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
add_comment
incremental_case "one comment added"
remove_comment
incremental_case "that comment removed"
# The same edit in a live session: timeline serve on the same content and output.
if command -v curl >/dev/null 2>&1; then
  # shellcheck source=lib/serve.sh
  source "$(dirname "${BASH_SOURCE[0]}")/lib/serve.sh"
  folders="$(find "$content" -type d | wc -l | tr -d '[:space:]')"
  watch_limit="$(cat /proc/sys/fs/inotify/max_user_watches 2>/dev/null || echo 0)"
  if ((folders + 64 > watch_limit)); then
    if [[ "$(id -u)" == 0 ]] && sysctl -qw fs.inotify.max_user_watches=$((folders * 2)); then
      echo "(raised fs.inotify.max_user_watches from $watch_limit to $((folders * 2)) for $folders folders)"
    else
      echo "(fs.inotify.max_user_watches is $watch_limit for $folders folders: the server polls instead)"
    fi
  fi
  serve_log=".bench/serve-$users-$posts.log"
  start_preview "$serve_log" . --content "$content" --templates Templates --output "$output" --debounce 0
  trap stop_preview EXIT
  built_lines() { grep -c -E '^[0-9]+ changes?: Built' "$serve_log" || true; }
  # Prints a row for the build that follows an edit made by the command "$2".
  session_case() {
    local label="$1" before start line deadline
    # One save can make two builds (the second finds nothing new): let the last edit's settle.
    before="$(built_lines)"
    while sleep 1; [[ "$(built_lines)" != "$before" ]]; do before="$(built_lines)"; done
    start="$EPOCHREALTIME"
    "$2"
    deadline=$((SECONDS + 900))
    until (($(built_lines) > before)); do
      ((SECONDS < deadline)) || { tail -n 20 "$serve_log" >&2; die "$label: no build reported"; }
      sleep 0.002
    done
    local end="$EPOCHREALTIME"
    # The first build after the edit (a cp can make two events, and a second, empty edit build).
    line="$(grep -E '^[0-9]+ changes?: Built' "$serve_log" | sed -n "$((before + 1))p")"
    local seconds mode written unchanged deleted
    seconds="$(sed -n 's/.* in \([0-9.]*\) s .*/\1/p' <<<"$line")"
    mode="$(sed -n 's/.*; \([a-z-]*\)[:,] .*/\1/p' <<<"$line")"
    written="$(sed -n 's/.* \([0-9]*\) files\{0,1\} written.*/\1/p' <<<"$line")"
    unchanged="$(sed -n 's/.* \([0-9]*\) \(looked at and \)\{0,1\}unchanged.*/\1/p' <<<"$line")"
    deleted="$(sed -n 's/.* \([0-9]*\) deleted.*/\1/p' <<<"$line")"
    printf '%-34s %9s %10s %-12s %8s %10s %8s\n' "$label" "$seconds" "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f ms", (b - a) * 1000 }')" \
      "${mode:-?}" "${written:-?}" "${unchanged:-?}" "${deleted:-?}"
  }
  echo
  echo "The same in a live session: $bin_dir/timeline serve . --content $content --templates Templates --output $output --debounce 0"
  echo "    first build: $(grep -m 1 '^Built ' "$serve_log")"
  printf '%-34s %9s %10s %-12s %8s %10s %8s\n' case seconds "save→built" mode written unchanged deleted
  session_case "one comment added (live session)" add_comment
  session_case "that comment removed (live session)" remove_comment
  session_case "one comment added again" add_comment
  session_case "and removed again" remove_comment
  session_case "comments.json saved unchanged" touch_comments
  echo "(the server's resident memory, holding the built site: $(($(ps -o rss= -p "$server_pid") / 1024)) MiB)"
  stop_preview
  trap - EXIT
fi
# Last, so that deleting the previous output (slow for a large site) slows no measurement.
[[ -z "$trash" ]] || rm -rf "$trash"
