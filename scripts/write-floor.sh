#!/usr/bin/env bash
# The physical floor of writing a built site on this machine: recreates every file of an
# existing output folder (same relative paths, same sizes) with nothing but the system calls
# `timeline build` makes per file, on every core (Benchmarks/incremental/write_floor.c), and
# prints the median wall time of RUNS runs (default 3), the file count and the total bytes.
#
# Usage: scripts/write-floor.sh OUTPUT_DIR [TARGET_PARENT]
#
# OUTPUT_DIR     a folder `timeline build` wrote (e.g. .bench/output-1000-20000).
# TARGET_PARENT  where the copies are made, each in a fresh folder that is deleted after the
#                last run (default: the folder holding OUTPUT_DIR, so the same file system as
#                the measured build; /dev/shm for the tmpfs figure).
#
# Environment: RUNS (default 3), THREADS (default: the number of cores).
#
# Runs on Linux and macOS: the listing and the file system's name come from GNU find and df on
# Linux, from find -exec stat and mount elsewhere.
#
# Each run starts after `sync`, so that writing back the previous run's files does not fall
# into the next one. The copies are deleted only after the last run: on ext4 file creation is
# slower for a while after a large deletion (see docs/benchmarks.md).
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

[[ $# -ge 1 && $# -le 2 ]] || die "usage: $0 OUTPUT_DIR [TARGET_PARENT]"
[[ -d "$1" ]] || die "no folder '$1'"
output="$(realpath "$1")"
target_parent="$(realpath "${2:-$(dirname "$output")}")"
[[ -d "$target_parent" ]] || die "no folder '$target_parent'"
runs="${RUNS:-3}"
threads="${THREADS:-$(cpu_count)}"
require_positive RUNS "$runs"
require_positive THREADS "$threads"
require_tool cc gcc
enter_checkout

mkdir -p .bench
floor=".bench/write_floor"
cc -O2 -pthread Benchmarks/incremental/write_floor.c -o "$floor"
listing=".bench/write-floor-listing-$$.txt"
targets=()
cleanup() {
  rm -f "$listing"
  ((${#targets[@]} == 0)) || rm -rf "${targets[@]}"
}
trap cleanup EXIT

# The listing: "relative/path<TAB>size" a file; the file system type of TARGET_PARENT.
if [[ "$(uname -s)" == Linux ]]; then
  find "$output" -type f -printf '%P\t%s\n' >"$listing"  # portable: the Linux branch
  filesystem="$(df --output=fstype "$target_parent" | tail -n 1 | tr -d '[:space:]')"  # portable: the Linux branch
else
  (cd "$output" && find . -type f -exec stat -f '%N%t%z' {} +) | sed 's|^\./||' >"$listing"
  device="$(df -P "$target_parent" | awk 'NR == 2 { print $1 }')"
  filesystem="$(mount | awk -v device="$device" '$1 == device { type = $4; sub(/^\(/, "", type); sub(/,$/, "", type); print type; exit }')"
  filesystem="${filesystem:-unknown}"
fi
linked="$(find "$output" -type f -links +1 | wc -l | tr -d '[:space:]')"
echo "==> $output → $target_parent ($filesystem), $threads threads, $runs runs"
((linked == 0)) || echo "    ($linked files of $output have other hard links; the floor writes them as plain files)"

times=()
for ((run = 1; run <= runs; run++)); do
  target="$target_parent/.write-floor-$$-$run"
  [[ ! -e "$target" ]] || die "$target exists"
  targets+=("$target")
  sync
  read -r files bytes seconds < <("$floor" "$target" "$threads" <"$listing")
  [[ -n "${seconds:-}" ]] || die "write_floor failed"
  echo "    run $run: $seconds s"
  times+=("$seconds")
done

median="$(printf '%s\n' "${times[@]}" | sort -n | awk '{ value[NR] = $1 } END { if (NR % 2) print value[(NR + 1) / 2]; else printf "%.3f\n", (value[NR / 2] + value[NR / 2 + 1]) / 2 }')"
echo
printf '%10s %14s %10s %s\n' files bytes seconds "(median of $runs; $filesystem)"
printf '%10s %14s %10s\n' "$files" "$bytes" "$median"
echo "Deleting the copies…"
