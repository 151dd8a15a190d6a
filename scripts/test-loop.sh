#!/usr/bin/env bash
# Runs the whole test suite again and again on a loaded machine, to find a test that flakes.
#
# Usage: scripts/test-loop.sh [runs] [first]      (defaults: 20 runs, numbered from 1)
#
# 1. builds the tests once (`swift build --build-tests`, with the import check `make test` uses);
# 2. unless LOAD=0, keeps both cores busy for as long as it runs: LOAD_JOBS (default 2) loops
#    of clean release builds of the generated workload (1,000 users, 20,000 posts, as
#    `make bench`), each into its own folder under .test-loop/;
# 3. runs `CI=true swift test --skip-build` RUNS times in a row, numbering the runs from FIRST
#    (to go on with a count that an earlier session began), each run's output in
#    .test-loop/run-N.log and one line a run in .test-loop/summary.txt: the number, passed or
#    failed, seconds, the load average at its end and the commit;
# 4. stops at the first failure, prints the failing lines and exits 1.
# Touch .test-loop/stop to end it after the run in progress.
set -euo pipefail

# shellcheck source=lib/workload.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/workload.sh"
require_linux "runs the load in setsid process groups and reads /proc/loadavg"

[[ $# -le 2 ]] || die "usage: scripts/test-loop.sh [runs] [first]"
runs="${1:-20}"
first="${2:-1}"
require_positive runs "$runs"
require_positive first "$first"
load="${LOAD:-1}"
load_jobs="${LOAD_JOBS:-2}"
require_positive LOAD_JOBS "$load_jobs"

enter_checkout
read -r -a flags <<<"${SWIFT_BUILD_FLAGS:-}"
log_dir=.test-loop
mkdir -p "$log_dir"
rm -f "$log_dir/stop"
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
[[ -z "$(git status --porcelain -- Sources Tests Package.swift Plugins 2>/dev/null)" ]] || commit="$commit+changes"

if [[ "$load" != 0 ]]; then
  build_release_tools
  prepare_workload 1000 20000
fi
echo "==> Building the tests"
swift build --build-tests --explicit-target-dependency-import-check error ${flags[@]+"${flags[@]}"}

load_pids=()
stop_load() {
  local pid
  for pid in ${load_pids[@]+"${load_pids[@]}"}; do
    kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  done
}
trap stop_load EXIT

if [[ "$load" != 0 ]]; then
  echo "==> Load: $load_jobs loops of clean builds of $content"
  for job in $(seq 1 "$load_jobs"); do
    output="$log_dir/load-output-$job"
    setsid bash -c 'while true; do "$@" >/dev/null 2>&1 || sleep 1; done' load \
      "$bin_dir/timeline" build --clean --content "$content" --templates Templates --output "$output" --quiet &
    load_pids+=("$!")
  done
fi

last=$((first + runs - 1))
for run in $(seq "$first" "$last"); do
  log="$log_dir/run-$run.log"
  start="$(date +%s)"
  status=0
  CI=true swift test --skip-build ${flags[@]+"${flags[@]}"} >"$log" 2>&1 || status=$?
  seconds=$(($(date +%s) - start))
  load_average="$(cut -d' ' -f1-3 /proc/loadavg)"
  result=passed
  [[ $status == 0 ]] || result="failed (exit $status)"
  line="run $run: $result in $seconds s; load $load_average; $commit; $(date -u +%FT%TZ)"
  echo "$line" | tee -a "$log_dir/summary.txt"
  if [[ $status != 0 ]]; then
    grep -E "✘|error:|failed|Fatal" "$log" | head -40 >&2 || true
    exit 1
  fi
  if [[ -e "$log_dir/stop" ]]; then
    echo "==> Stopped after run $run ($log_dir/stop)"
    break
  fi
done
