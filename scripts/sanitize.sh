#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer.
#
# Usage: scripts/sanitize.sh address|thread
#
# 1. builds the package and its tests with `--sanitize=<name>` in .build-asan or .build-tsan
#    (every `timeline` the tests start is the instrumented one);
# 2. runs `swift test` with every process (the test runner and each `timeline` it starts)
#    writing its reports to .sanitize/<name>/report.<pid>, deadlines stretched by
#    TIMELINE_TEST_TIME_SCALE (default 5: instrumented code is several times slower), and
#    LeakSanitizer's suppressions from scripts/sanitizers/lsan.supp (leaks of the test harness's
#    Foundation.Process objects and XCTest's runner, not of Timeline's code) and
#    ThreadSanitizer's from scripts/sanitizers/tsan.supp (Synchronization.Mutex's futex
#    hand-over, which it cannot see);
# 3. prints the test result and each report file, and exits non-zero if a test failed or any
#    process reported anything.
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_linux "LeakSanitizer (detect_leaks=1), which Apple's AddressSanitizer does not support, and suppressions written for Linux (scripts/sanitizers/)"

[[ $# -eq 1 && ( "$1" == address || "$1" == thread ) ]] || die "usage: scripts/sanitize.sh address|thread"
sanitizer="$1"
enter_checkout
scratch=".build-${sanitizer:0:1}san"
reports="$PWD/.sanitize/$sanitizer"
rm -rf "$reports"
mkdir -p "$reports"

echo "==> Building the tests with --sanitize=$sanitizer in $scratch"
swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"

echo "==> Running the tests (reports in .sanitize/$sanitizer/)"
export TIMELINE_TEST_TIME_SCALE="${TIMELINE_TEST_TIME_SCALE:-5}"
export ASAN_OPTIONS="log_path=$reports/report:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitizers/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="log_path=$reports/report:halt_on_error=0:second_deadlock_stack=1:suppressions=$PWD/scripts/sanitizers/tsan.supp"
status=0
swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 | tee "$reports/../$sanitizer-tests.log" || status=$?

report_files=("$reports"/report.*)
if [[ -e "${report_files[0]}" ]]; then
  echo "==> Sanitizer reports:"
  for file in "${report_files[@]}"; do
    echo "--- $file"
    grep -E "^(==[0-9]+==)?(ERROR|WARNING|SUMMARY)" "$file" || head -20 "$file"
  done
  status=1
else
  echo "==> No sanitizer reports from any process"
fi
echo "==> Tests: $(grep -E "^. Test run with" "$reports/../$sanitizer-tests.log" | tail -1)"
exit "$status"
