#!/usr/bin/env bash
# Benchmarks `timeline import firebase` on a generated export of the original app.
#
# Usage: scripts/bench-import.sh [posts] [users]        (defaults: 100000 1000)
#
# 1. builds the release `timeline`;
# 2. makes a pool of small JPEGs from the example site's photos with vipsthumbnail
#    (.bench/import/photos, reused);
# 3. generates the export with Benchmarks/import/generate_export.py into
#    .bench/import/export-<posts>-<users>.json, or reuses it when the arguments and the
#    generator are unchanged;
# 4. imports it into a fresh content folder under `/usr/bin/time -v`, then imports it again
#    into the same folder (which must change nothing), and runs `timeline check` on the result;
# 5. prints the export's size, each import's seconds and peak memory.
set -euo pipefail

readonly seed=1
readonly time_tool=/usr/bin/time

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_linux "measures with GNU time -v (/usr/bin/time)"

[[ $# -le 2 ]] || die "usage: scripts/bench-import.sh [posts] [users]"
posts="${1:-100000}"
users="${2:-1000}"
[[ "$posts" =~ ^(0|[1-9][0-9]*)$ ]] || die "posts must be a whole number, not '$posts'"
require_positive users "$users"
require_tool "$time_tool" time
require_tool vipsthumbnail libvips-tools
enter_checkout

echo "==> Building the release timeline"
swift build -c release --product timeline ${SWIFT_BUILD_FLAGS:-}
bin_dir="$(swift build -c release --show-bin-path ${SWIFT_BUILD_FLAGS:-})"

work=.bench/import
photos="$work/photos"
export_file="$work/export-$posts-$users.json"
args_file="$export_file.args"
content="$work/Content-$posts-$users"
mkdir -p "$work"

if [[ ! -d "$photos" ]]; then
  echo "==> Making small JPEGs from the example photos into $photos"
  mkdir -p "$photos.partial"
  for photo in Content/posts/*/*.jpg; do
    for width in 160 240 320; do
      vipsthumbnail "$photo" --size "${width}x" -o "$PWD/$photos.partial/$(basename "${photo%.jpg}")-$width.jpg[Q=80,strip]"
    done
  done
  mv "$photos.partial" "$photos"
fi

generator=Benchmarks/import/generate_export.py
recorded="posts=$posts users=$users seed=$seed generator=$(sha256sum "$generator" | cut -d' ' -f1) photos=$(ls "$photos" | sha256sum | cut -d' ' -f1)"
if [[ -f "$export_file" && -f "$args_file" && "$(cat "$args_file")" == "$recorded" ]]; then
  echo "==> Reusing $export_file"
else
  echo "==> Generating $export_file"
  python3 "$generator" --posts "$posts" --users "$users" --seed "$seed" --photos "$photos" --output "$export_file"
  printf '%s\n' "$recorded" >"$args_file"
fi

rm -rf "$content"
command=("$bin_dir/timeline" import firebase "$export_file" --content "$content")

run_import() { # $1: label, $2: time log
  echo "==> $1: $time_tool -v$(printf ' %q' "${command[@]}")"
  if ! "$time_tool" -v -o "$2" "${command[@]}"; then
    cat "$2" >&2 || true
    die "the import failed (resource usage above, also in $2)"
  fi
}

run_import "First import" "$work/time-first.txt"
snapshot() { (cd "$content" && find . -type f -printf '%p %s %T@\n' | LC_ALL=C sort | sha256sum | cut -d' ' -f1); }
before="$(snapshot)"
run_import "Second import of the same export" "$work/time-second.txt"
[[ "$(snapshot)" == "$before" ]] || die "the second import changed the content folder"

echo "==> timeline check on the imported content (warnings about missing alt text expected)"
"$bin_dir/timeline" check --content "$content" --templates Templates --quiet 2>/dev/null || die "timeline check failed on the imported content"

export_mib="$(awk -v b="$(stat -c %s "$export_file")" 'BEGIN { printf "%.0f", b / 1048576 }')"
echo
printf '%8s %8s %11s %-8s %9s %10s\n' posts users "export MiB" import seconds "peak MiB"
for run in first second; do
  log="$work/time-$run.txt"
  seconds="$(time_v_seconds "$log")"
  peak_mib="$(awk -v k="$(time_v_peak_kib "$log")" 'BEGIN { printf "%.1f", k / 1024 }')"
  printf '%8s %8s %11s %-8s %9s %10s\n' "$posts" "$users" "$export_mib" "$run" "$seconds" "$peak_mib"
done
echo
echo "Command: $time_tool -v$(printf ' %q' "${command[@]}")"
