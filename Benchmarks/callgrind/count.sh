#!/usr/bin/env bash
# Counts the instructions of one clean build under callgrind, which a shared machine does not
# change (wall and CPU times do).
#
# Usage: Benchmarks/callgrind/count.sh NAME TIMELINE SITE
#
# Copies TIMELINE without its debug info (valgrind 3.19 cannot read DWARF 5) to
# /dev/shm/callgrind-NAME/timeline, builds SITE (a folder holding Content/) once natively to
# warm the state and record cache in /dev/shm/callgrind-NAME, then again under callgrind, and
# prints the total. The profile is /dev/shm/callgrind-NAME/callgrind.out (read it with
# callgrind_annotate).
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: $0 NAME TIMELINE SITE" >&2; exit 64; }
name="$1" timeline="$2" site="$3"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="/dev/shm/callgrind-$name"
rm -rf "$work"
mkdir -p "$work"
cc -O2 -shared -fPIC -o "$work/sigsuspend_shim.so" "$here/sigsuspend_shim.c"
objcopy --strip-debug "$timeline" "$work/timeline"
command=("$work/timeline" build --clean --quiet --output "$work/output" --cache-dir "$work/cache")
cd "$site"
"${command[@]}"
LD_PRELOAD="$work/sigsuspend_shim.so" valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "${command[@]}" 2>"$work/valgrind.log"
grep 'refs' "$work/valgrind.log"
