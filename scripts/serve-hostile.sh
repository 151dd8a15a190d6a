#!/usr/bin/env bash
# Puts `timeline serve` under wrk load with hostile request targets mixed in, and checks that it
# does not crash, serves no file from outside the site and keeps its memory flat.
#
# Usage: scripts/serve-hostile.sh
# Environment: ROUNDS (default 3), WRK_SECONDS (per round, default 60), HOSTILE_SHARE (percent of
#   hostile requests, default 50), SWIFT_BUILD_FLAGS (e.g. "--scratch-path .build-faults").
#
# 1. builds the release products; copies the example site (Content/, Templates/) into
#    .bench/serve-hostile/site and writes a canary file with a random secret outside it, in
#    .bench/serve-hostile/secret/;
# 2. starts `timeline serve --port 0` on the copy; once built, puts symlinks into the output
#    folder: to the canary, to its folder, and to /etc/passwd; checks that the detector sees the
#    canary when a copy of it inside the site is asked for on purpose (wrk for 1 s);
# 3. ROUNDS times: `wrk -t2 -c64 -d${WRK_SECONDS}s -s Benchmarks/serve/hostile.lua`, normal pages
#    and hostile targets mixed, every body searched for the canary and for /etc/passwd's first
#    line; the server's resident memory (VmRSS) sampled every second: start, peak and end;
#    then a normal page must still answer 200;
# 4. sends a few hostile targets with `curl --path-as-is` and prints each status;
# 5. exits 1 when anything leaked, the server died, or a normal page stopped answering.
set -euo pipefail

# shellcheck source=lib/workload.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/workload.sh"
require_linux "samples the server's memory from /proc/PID/status"
# shellcheck source=lib/serve.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/serve.sh"

[[ $# -eq 0 ]] || die "usage: scripts/serve-hostile.sh (settings in ROUNDS, WRK_SECONDS, HOSTILE_SHARE)"
rounds="${ROUNDS:-3}"
wrk_seconds="${WRK_SECONDS:-60}"
hostile_share="${HOSTILE_SHARE:-50}"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive whole number"
[[ "$wrk_seconds" =~ ^[1-9][0-9]*$ ]] || die "WRK_SECONDS must be a positive whole number"
[[ "$hostile_share" =~ ^([0-9]|[1-9][0-9]|100)$ ]] || die "HOSTILE_SHARE must be a percentage"
require_tool curl
require_tool wrk
enter_checkout
build_release_tools

work="$PWD/.bench/serve-hostile"
site="$work/site"
rm -rf "$work"
mkdir -p "$site" "$work/secret"
cp -R Content Templates "$site/"
canary="TIMELINE-CANARY-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
printf '%s\n' "$canary" >"$work/secret/canary.txt"

server_pid=""
sampler_pid=""
cleanup() {
  [[ -z "$sampler_pid" ]] || kill "$sampler_pid" 2>/dev/null || true
  stop_preview
}
trap cleanup EXIT

start_preview "$work/server.log" "$site"
base="/${prefix#http*://*/}"
output="$site/Output"
ln -s "$work/secret/canary.txt" "$output/canary-link"
ln -s "$work/secret" "$output/secret-folder-link"
ln -s /etc/passwd "$output/passwd-link"
ln -s ../../secret/canary.txt "$output/p/canary-link"
pages="$(cd "$output" && find . -name index.html ! -path './canary*' | sed 's|^\./||; s|index\.html$||' | LC_ALL=C sort | head -n 40 | tr '\n' ' ')"
pages+=" assets/style.css assets/search.js sitemap.xml no-such-page/"
status="$(curl -s -o /dev/null -w '%{http_code}' "${prefix}")"
[[ "$status" == 200 ]] || die "$prefix answered $status"
echo "    site: $prefix (base path $base), canary: $work/secret/canary.txt"

# The detector must see a canary when one is served: a copy inside the site, asked for on purpose.
printf '%s\n' "$canary" >"$output/leak-control.txt"
BASE="$base" PAGES="leak-control.txt" CANARY="$canary" HOSTILE_SHARE=0 \
  wrk -t1 -c1 -d1s -s Benchmarks/serve/hostile.lua "$prefix" >"$work/wrk-control.txt"
rm "$output/leak-control.txt"
control_leaks="$(sed -n 's/^hostile: leaks //p' "$work/wrk-control.txt")"
[[ "${control_leaks:-0}" -gt 0 ]] || die "the leak detector missed the canary served on purpose (see $work/wrk-control.txt)"
echo "    leak detector: saw the canary in ${control_leaks} responses of a file served on purpose"

# rss_kib: the server's resident memory in KiB, or nothing when it is gone.
rss_kib() {
  sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$server_pid/status" 2>/dev/null || true
}

# Samples the server's memory every second into $work/rss (one "round kib" line a sample).
sample_memory() {
  while true; do
    local rss
    rss="$(rss_kib)"
    [[ -n "$rss" ]] && echo "$(cat "$work/round") $rss" >>"$work/rss"
    sleep 1
  done
}

echo 0 >"$work/round"
: >"$work/rss"
sample_memory &
sampler_pid=$!
sleep 1.5
failures=0
total_leaks=0
declare -a round_lines=()
for round in $(seq 1 "$rounds"); do
  echo "$round" >"$work/round"
  echo "==> Round $round: wrk -t2 -c64 -d${wrk_seconds}s -s Benchmarks/serve/hostile.lua ${prefix}"
  BASE="$base" PAGES="$pages" CANARY="$canary" HOSTILE_SHARE="$hostile_share" \
    wrk -t2 -c64 -d"${wrk_seconds}s" --timeout 10s -s Benchmarks/serve/hostile.lua "$prefix" | tee "$work/wrk-$round.txt"
  sleep 1.5
  leaks="$(sed -n 's/^hostile: leaks //p' "$work/wrk-$round.txt")"
  total_leaks=$((total_leaks + ${leaks:-0}))
  read -r start peak end < <(awk -v r="$round" '$1 == r { if (n == 0) s = $2; if ($2 > p) p = $2; e = $2; n++ }
    END { printf "%.1f %.1f %.1f\n", s / 1024, p / 1024, e / 1024 }' "$work/rss")
  alive=yes
  kill -0 "$server_pid" 2>/dev/null || alive=no
  page_status="$(curl -s -o /dev/null -w '%{http_code}' "${prefix}" || true)"
  [[ "$alive" == yes && "$page_status" == 200 ]] || failures=$((failures + 1))
  requests="$(sed -n 's/^[[:space:]]*\([0-9]*\) requests in .*/\1/p' "$work/wrk-$round.txt")"
  rps="$(sed -n 's/^Requests\/sec:[[:space:]]*//p' "$work/wrk-$round.txt")"
  statuses="$(sed -n 's/^hostile: statuses //p' "$work/wrk-$round.txt")"
  round_lines+=("round $round: ${requests:-?} requests (${rps:-?}/s); statuses ${statuses:-?}; leaks ${leaks:-?}; RSS start $start MiB, peak $peak MiB, end $end MiB; alive: $alive, $prefix → $page_status")
done
kill "$sampler_pid" 2>/dev/null || true
wait "$sampler_pid" 2>/dev/null || true
sampler_pid=""

echo "==> A few hostile targets with curl --path-as-is"
probe_targets=(
  "${base}../../../../../../etc/passwd"
  "${base}%2e%2e/%2e%2e/%2e%2e/secret/canary.txt"
  "${base}%252e%252e%252fsecret%252fcanary.txt"
  "${base}..%5c..%5c..%5cetc%5cpasswd"
  "${base}index.html%00.png"
  "${base}%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd"
  "${base}%ff%fe/"
  "${base}canary-link"
  "${base}passwd-link"
  "${base}secret-folder-link/canary.txt"
  "${base}p/canary-link"
  "${base}%zz"
  "//etc/passwd"
  "${base}$(printf 'a/%.0s' $(seq 1 4500))"
)
probe_leaks=0
for target in "${probe_targets[@]}"; do
  status="$(curl -s --path-as-is -o "$work/probe-body" -w '%{http_code}' "${url%/}$target" || echo "curl failed")"
  leak=""
  if grep -q -e "$canary" -e 'root:x:0:0' "$work/probe-body" 2>/dev/null; then leak=" LEAK"; probe_leaks=$((probe_leaks + 1)); fi
  printf '    %s  %s%s\n' "$status" "$(printf '%s' "$target" | cut -c1-90)" "$leak"
done
total_leaks=$((total_leaks + probe_leaks))

alive=yes
kill -0 "$server_pid" 2>/dev/null || alive=no
echo
for line in "${round_lines[@]}"; do echo "$line"; done
idle="$(awk '$1 == 0 { printf "%.1f", $2 / 1024; exit }' "$work/rss")"
echo "Leaks: $total_leaks (wrk and curl); server alive at the end: $alive; RSS before the load: ${idle:-?} MiB; hostile share: $hostile_share %"
[[ "$total_leaks" == 0 && "$failures" == 0 && "$alive" == yes ]] || exit 1
