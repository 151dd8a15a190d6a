#!/usr/bin/env bash
# Benchmarks static search on a generated workload: Timeline's own index (Output/search/,
# issue 4) when the build writes one, and Pagefind run on the same built site.
#
# Usage: scripts/bench-search.sh [users] [posts]        (defaults: 10000 200000)
#
# 1. generates (or reuses) .bench/content-<users>-<posts> and builds it with the release
#    `timeline` into .bench/output-<users>-<posts>, timed: that is scripts/bench.sh, whose
#    output is kept in .bench/search-<users>-<posts>/build.log (REUSE_OUTPUT=1 skips this
#    step when the output folder exists);
# 2. runs Pagefind (PyPI `pagefind[bin]`, PAGEFIND_VERSION, installed when missing) on the
#    post pages of that output (--glob 'p/**/*.html') under `/usr/bin/time -v`, writing its
#    bundle to .bench/search-<users>-<posts>/pagefind (outside the site, served at /pagefind/);
# 3. measures bytes per query in headless Chromium with Benchmarks/search/measure.py: first
#    Pagefind through Benchmarks/search/pagefind-query.html, then, when the output has a
#    search/ folder, Timeline's /search/?q= page, with the same queries;
# 4. prints a table; every figure is in .bench/search-<users>-<posts>/ (*.json, *.txt).
#
# Environment: QUERIES (space-separated; '+' joins the words of one query, default below),
# PAGEFIND_VERSION, PAGEFIND_ARGS (extra arguments for pagefind), SKIP_PAGEFIND=1,
# REUSE_OUTPUT=1, REUSE_PAGEFIND=1 (keep an existing Pagefind bundle).
set -euo pipefail

readonly time_tool=/usr/bin/time
readonly default_queries="water sunset bridge coffee harbor lighthouse golden+sunset"
readonly pagefind_version="${PAGEFIND_VERSION:-1.5.2}"

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_linux "measures with GNU time -v (/usr/bin/time) and runs Debian's chromium"

[[ $# -le 2 ]] || die "usage: scripts/bench-search.sh [users] [posts]"
users="${1:-10000}"
posts="${2:-200000}"
require_positive users "$users"
require_positive posts "$posts"

enter_checkout
require_tool "$time_tool" time
require_tool chromium

output=".bench/output-$users-$posts"
results=".bench/search-$users-$posts"
mkdir -p "$results"
read -r -a queries <<<"${QUERIES:-$default_queries}"
query_args=()
failures=()
for query in "${queries[@]}"; do
  query_args+=("${query//+/ }")
done

peak_mib() {
  time_v_peak_kib "$1" | awk '{ printf "%.0f", $1 / 1024 }'
}
json_field() { # file key
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["summary"].get(sys.argv[2], "n/a"))' "$1" "$2"
}
kb() { # bytes -> "12.3 KB"
  [[ "$1" == n/a ]] && { echo n/a; return; }
  awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1000 }'
}
folder_size() { du -sb "$1" | cut -f1; }
file_count() { find "$1" -type f | wc -l | tr -d '[:space:]'; }

# --- 1. workload and timed site build ------------------------------------------------------
build_log="$results/build.log"
if [[ "${REUSE_OUTPUT:-}" == 1 && -d "$output" ]]; then
  echo "==> Reusing the built site in $output (REUSE_OUTPUT=1)"
else
  echo "==> Generating (or reusing) the workload and building the site: scripts/bench.sh $users $posts"
  scripts/bench.sh "$users" "$posts" 2>&1 | tee "$build_log"
  cp ".bench/time-$users-$posts.txt" "$results/build-time.txt"
fi
site_seconds="n/a"
site_peak="n/a"
if [[ ! -f "$results/build-time.txt" && -f ".bench/time-$users-$posts.txt" ]]; then
  cp ".bench/time-$users-$posts.txt" "$results/build-time.txt"
fi
if [[ -f "$results/build-time.txt" ]]; then
  site_seconds="$(time_v_seconds "$results/build-time.txt")"
  site_peak="$(peak_mib "$results/build-time.txt")"
fi
[[ -d "$output/p" ]] || die "$output/p is missing: the site build did not write post pages"
post_pages="$(find "$output/p" -name '*.html' | wc -l | tr -d '[:space:]')"

# Timeline's index build time: the search stage of `timeline build --timings` ("Stages: …,
# search 1.23 s, …"), which bench.sh passes.
timeline_index_seconds="$(sed -n 's/^Stages: .*search \([0-9.]*\) s.*/\1/p' "$build_log" | tail -1)"
timeline_index_seconds="${timeline_index_seconds:-n/a}"

# --- 2. Pagefind ------------------------------------------------------------------------------
pagefind_dir="$results/pagefind"
pagefind_time="$results/pagefind-time.txt"
pagefind_log="$results/pagefind.log"
if [[ "${SKIP_PAGEFIND:-}" != 1 ]]; then
  if ! python3 -c 'import pagefind_bin' 2>/dev/null ||
    [[ "$(python3 -c 'import importlib.metadata as m; print(m.version("pagefind_bin"))')" != "$pagefind_version" ]]; then
    echo "==> Installing Pagefind $pagefind_version from PyPI: python3 -m pip install 'pagefind[bin]==$pagefind_version'"
    python3 -m pip install -q "pagefind[bin]==$pagefind_version"
  fi
  pagefind_bin="$(python3 -c 'import pagefind_bin; print(pagefind_bin.get_executable())')"
  "$pagefind_bin" --version

  if [[ "${REUSE_PAGEFIND:-}" == 1 && -f "$pagefind_dir/pagefind.js" && -f "$pagefind_time" ]]; then
    echo "==> Reusing the Pagefind bundle in $pagefind_dir (REUSE_PAGEFIND=1)"
  else
    if [[ -e "$pagefind_dir" ]]; then
      # Moved aside and deleted after the run, as bench.sh does (ext4 here is slow to create
      # files right after a large deletion).
      trash="$results/trash-$$"
      mv "$pagefind_dir" "$trash"
    fi
    read -r -a extra <<<"${PAGEFIND_ARGS:-}"
    command=("$pagefind_bin" --site "$output" --glob 'p/**/*.html' --output-path "$pagefind_dir"
      ${extra[@]+"${extra[@]}"})
    echo "==> Running: $time_tool -v$(printf ' %q' "${command[@]}")"
    if ! "$time_tool" -v -o "$pagefind_time" "${command[@]}" >"$pagefind_log" 2>&1; then
      tail -20 "$pagefind_log" >&2
      die "pagefind failed (its output is in $pagefind_log, resource usage in $pagefind_time)"
    fi
    tail -12 "$pagefind_log"
    [[ -z "${trash:-}" ]] || rm -rf "$trash"
  fi
  pagefind_seconds="$(time_v_seconds "$pagefind_time")"
  pagefind_peak="$(peak_mib "$pagefind_time")"
  pagefind_bytes="$(folder_size "$pagefind_dir")"
  pagefind_files="$(file_count "$pagefind_dir")"
  echo "==> Pagefind bundle: $pagefind_bytes bytes in $pagefind_files files; by folder:"
  for part in "$pagefind_dir"/*/; do
    printf '    %-10s %12s bytes %8s files\n' "$(basename "$part")" "$(folder_size "$part")" "$(file_count "$part")"
  done

  echo "==> Measuring Pagefind queries in Chromium: ${query_args[*]}"
  python3 Benchmarks/search/measure.py --label pagefind --site "$output" \
    --mount /pagefind/="$pagefind_dir" --mount /__bench/=Benchmarks/search \
    --page '/__bench/pagefind-query.html?q={q}' --json "$results/pagefind.json" \
    "${query_args[@]}" | tee "$results/pagefind-queries.txt" || failures+=(pagefind)
fi

# --- 3. Timeline's own search -------------------------------------------------------------
if [[ -d "$output/search" ]]; then
  timeline_bytes="$(folder_size "$output/search")"
  timeline_files="$(file_count "$output/search")"
  echo "==> Measuring Timeline's /search/ queries in Chromium: ${query_args[*]}"
  python3 Benchmarks/search/measure.py --label timeline --site "$output" \
    --page '/search/?q={q}' --json "$results/timeline.json" \
    "${query_args[@]}" | tee "$results/timeline-queries.txt" || failures+=(timeline)
else
  echo "==> $output/search/ does not exist: no Timeline search to measure yet"
fi

# --- 4. table -------------------------------------------------------------------------------
share() { # part whole
  [[ "$1" == n/a || "$2" == n/a ]] && { echo n/a; return; }
  awk -v p="$1" -v w="$2" 'BEGIN { if (w > 0) printf "%.0f %%", 100 * p / w; else print "n/a" }'
}
column_for() { # json -> the 7 query figures, one per line
  local json="$1"
  if [[ ! -f "$json" ]]; then
    for _ in 1 2 3 4 5 6 7; do echo "-"; done
    return
  fi
  echo "$(kb "$(json_field "$json" first_search_bytes)") / $(kb "$(json_field "$json" first_search_gzip)")"
  echo "$(kb "$(json_field "$json" first_page_bytes)") / $(kb "$(json_field "$json" first_page_gzip)")"
  echo "$(kb "$(json_field "$json" first_css_bytes)") / $(kb "$(json_field "$json" first_css_gzip)")"
  echo "$(kb "$(json_field "$json" first_total_bytes)") / $(kb "$(json_field "$json" first_total_gzip)")"
  echo "$(json_field "$json" first_requests)"
  echo "$(kb "$(json_field "$json" further_median_bytes)") / $(kb "$(json_field "$json" further_median_gzip)")"
  echo "$(kb "$(json_field "$json" further_max_bytes)") / $(kb "$(json_field "$json" further_max_gzip)")"
}

mapfile -t pf < <(column_for "$results/pagefind.json")
mapfile -t tl < <(column_for "$results/timeline.json")
pagefind_share="n/a"
[[ -n "${pagefind_seconds:-}" && "$site_seconds" != n/a ]] &&
  pagefind_share="$(awk -v p="$pagefind_seconds" -v s="$site_seconds" 'BEGIN { printf "%.0f %%", 100 * p / (s + p) }')"

{
  echo
  echo "Search benchmark: $users users, $posts posts ($post_pages post pages), queries: ${query_args[*]}"
  echo "Bytes: raw / gzip (gzip -6, or raw where that is smaller). First query: '${query_args[0]}';"
  echo "further: the files each later query fetched that no earlier one had."
  printf '%-44s | %-24s | %-24s\n' "" "Timeline (/search/)" "Pagefind $pagefind_version"
  printf '%-44s | %-24s | %-24s\n' "site build, whole (s)" "$site_seconds (peak ${site_peak} MiB)" "-"
  printf '%-44s | %-24s | %-24s\n' "index build (s)" "$timeline_index_seconds" "${pagefind_seconds:-"-"} (peak ${pagefind_peak:-"-"} MiB)"
  printf '%-44s | %-24s | %-24s\n' "index share of the build" "$(share "$timeline_index_seconds" "$site_seconds")" "$pagefind_share of build + pagefind"
  printf '%-44s | %-24s | %-24s\n' "index size (bytes, files)" "${timeline_bytes:-"-"} B, ${timeline_files:-"-"}" "${pagefind_bytes:-"-"} B, ${pagefind_files:-"-"}"
  printf '%-44s | %-24s | %-24s\n' "first query: script + index + cards" "${tl[0]}" "${pf[0]}"
  printf '%-44s | %-24s | %-24s\n' "first query: HTML page" "${tl[1]}" "${pf[1]}"
  printf '%-44s | %-24s | %-24s\n' "first query: stylesheets" "${tl[2]}" "${pf[2]}"
  printf '%-44s | %-24s | %-24s\n' "first query: total" "${tl[3]}" "${pf[3]}"
  printf '%-44s | %-24s | %-24s\n' "first query: requests" "${tl[4]}" "${pf[4]}"
  printf '%-44s | %-24s | %-24s\n' "further query: median" "${tl[5]}" "${pf[5]}"
  printf '%-44s | %-24s | %-24s\n' "further query: max" "${tl[6]}" "${pf[6]}"
  echo "Targets (issue 4): first query < 100 KB including the script; further queries < 30 KB."
  echo "Pagefind's query page is Benchmarks/search/pagefind-query.html (no stylesheet); Pagefind"
  echo "compresses its index files (.pf_*, wasm) itself, so only its scripts shrink with gzip."
  echo "Figures by query and by file type: $results/*-queries.txt; every request: $results/*.json"
} | tee "$results/summary.txt"

if [[ ${#failures[@]} -gt 0 ]]; then
  die "some queries did not render their results (${failures[*]}): see the lines marked FAILED above"
fi
