#!/usr/bin/env bash
# Fuzzes the content loaders with libFuzzer under AddressSanitizer (docs/fuzzing.md).
#
# Usage: scripts/fuzz.sh [target...]          (default: every target, or those in TARGETS)
#
# Targets: site, user, post, comments, likes, firebase-import.
# Environment: FUZZ_SECONDS (per target, default 300), TARGETS (space-separated names).
#
# 1. builds the harness of Fuzz/ with `-sanitize=fuzzer,address` into .build-fuzz/;
# 2. runs each target in turn, one process, for FUZZ_SECONDS: the working corpus grows in
#    .fuzz/corpus/<target>/ (seeded from Fuzz/corpus/<target>/ and the inputs that once
#    crashed, Tests/TimelineAuthoringTests/Fixtures/fuzz-regressions/<target>/), crashes, hangs and
#    out-of-memory inputs go to .fuzz/crashes/<target>/, libFuzzer's output to
#    .fuzz/logs/<target>.log;
# 3. prints per target the executions, executions per second, corpus size, coverage and
#    whether it found anything; exits 1 when a target did.
set -euo pipefail

readonly all_targets="site user post comments likes firebase-import"
readonly scratch=.build-fuzz
readonly work=.fuzz
readonly regressions=Tests/TimelineAuthoringTests/Fixtures/fuzz-regressions

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_linux "libFuzzer (-sanitize=fuzzer) is not shipped with Xcode's Swift toolchain"

seconds="${FUZZ_SECONDS:-300}"
require_positive FUZZ_SECONDS "$seconds"
if [[ $# -gt 0 ]]; then targets="$*"; else targets="${TARGETS:-$all_targets}"; fi
for target in $targets; do
  [[ " $all_targets " == *" $target "* ]] || die "unknown target '$target' (targets: $all_targets)"
done
enter_checkout

# The dictionary and the largest input of each target: a content file is small, an export
# holds several records and their Base64.
dictionary_of() {
  case "$1" in
    post) echo Fuzz/dictionaries/post.dict ;;
    firebase-import) echo Fuzz/dictionaries/firebase-import.dict ;;
    *) echo Fuzz/dictionaries/json.dict ;;
  esac
}
max_len_of() {
  case "$1" in
    post) echo 8192 ;;
    firebase-import) echo 16384 ;;
    *) echo 4096 ;;
  esac
}

# final_stat LOG NAME: one of the `stat::NAME: value` lines -print_final_stats=1 writes.
final_stat() {
  sed -n "s/^stat::$2:[[:space:]]*//p" "$1" | tail -n 1
}

# last_status LOG FIELD: the value after FIELD (cov, ft) on libFuzzer's last status line.
last_status() {
  grep -E '^#[0-9]+' "$1" | tail -n 1 | sed -n "s/.* $2: \([0-9]*\).*/\1/p"
}

echo "==> Building the fuzzing harness (Fuzz/, -sanitize=fuzzer,address) into $scratch/"
build_flags=(
  --package-path Fuzz --scratch-path "$PWD/$scratch" -c debug
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DTIMELINE_FUZZING
  -Xcc -fsanitize=fuzzer-no-link,address
)
swift build "${build_flags[@]}" --product timeline-fuzz
fuzzer="$(swift build "${build_flags[@]}" --show-bin-path)/timeline-fuzz"

summary=()
found=0
for target in $targets; do
  corpus="$work/corpus/$target"
  crashes="$work/crashes/$target"
  log="$work/logs/$target.log"
  mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
  echo "==> Fuzzing $target for $seconds s (log: $log)"
  seeds=("Fuzz/corpus/$target")
  if [[ -d "$regressions/$target" ]]; then seeds+=("$regressions/$target"); fi
  status=0
  # Leak checking is off: the Swift runtime's caches and the cooperative pool's threads hold
  # memory for the life of the process, which LeakSanitizer reports after every input.
  TIMELINE_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$fuzzer" \
    -max_total_time="$seconds" -max_len="$(max_len_of "$target")" -timeout=10 -rss_limit_mb=4096 \
    -dict="$(dictionary_of "$target")" -artifact_prefix="$crashes/" -print_final_stats=1 \
    "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
  artifacts=$(find "$crashes" -type f | wc -l)
  outcome="no crash"
  if [[ $status -ne 0 || $artifacts -gt 0 ]]; then
    outcome="FOUND ($artifacts in $crashes/, exit $status)"
    found=1
    grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Fatal error)' "$log" | head -n 3 || true
  fi
  executions="$(final_stat "$log" number_of_executed_units)"
  per_second="$(final_stat "$log" average_exec_per_sec)"
  summary+=("$(printf '%-16s %6s s %12s execs %8s exec/s %7s files %6s cov %7s ft   %s' "$target" "$seconds" \
    "${executions:-?}" "${per_second:-?}" "$(find "$corpus" -type f | wc -l)" \
    "$(last_status "$log" cov)" "$(last_status "$log" ft)" "$outcome")")
  echo "${summary[-1]}"
done

echo
echo "==> Fuzzing summary (corpus: $work/corpus/, crashes: $work/crashes/)"
printf '%s\n' "${summary[@]}"
exit "$found"
