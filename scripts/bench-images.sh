#!/usr/bin/env bash
# Benchmarks the images stage of `timeline build` against Hugo and a vipsthumbnail floor.
#
# Usage: scripts/bench-images.sh [COUNT]                          (default 50 photos)
#   RUNS=3             measured rounds; each round runs every tool once, cold then warm
#   HUGO_COLD_RUNS=1   rounds in which Hugo runs cold too; the other rounds run it warm only.
#                      Hugo takes about 5 s per photo cold here (50 photos: over 4 minutes), so
#                      one cold run by default
#   TOOLS="timeline hugo vipsthumbnail"   the tools to measure
#
# 1. builds the release `timeline` into .build-bench (a scratch folder of its own);
# 2. generates COUNT distinct 3600×2400 JPEG photos (q90) into .bench/images-<COUNT>/photos
#    from /work/shared/sample-photos (or $SAMPLE_PHOTOS): scaled up with lanczos3, each with
#    its own zoom, crop offset, mirroring, brightness and sensor-like noise, so that no two
#    photos share a byte and no cache can dedupe them; reused when already there;
# 3. writes a Timeline site (one user, one post per photo) and a Hugo content folder (one
#    page bundle per photo, for Benchmarks/images/hugo) next to them, photos hard-linked;
# 4. per round: Timeline cold (empty --cache-dir) then warm (same cache; the summary line
#    must say 0 decoded and 0 files encoded), Hugo cold (fresh --cacheDir and resourceDir)
#    then warm (same caches), and vipsthumbnail making the same files (one invocation per
#    size and format over a share of the photos, two at a time under xargs -P2);
#    each under /usr/bin/time -v, into a fresh output folder;
# 5. checks every tool wrote 12 image files per photo and prints the medians.
set -euo pipefail

readonly recipe_version="bench-images-1"   # bump when the photos' recipe changes
readonly photo_width=3600
readonly photo_height=2400
readonly files_per_photo=12                # 4 widths + 2 squares, WebP and JPEG each
readonly widths=(480 960 1440 2048)
readonly squares=(320 640)
readonly cores=2
readonly time_tool=/usr/bin/time

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_linux "measures with GNU time -v (/usr/bin/time), and uses /dev/shm, GNU stat, find -printf and xargs -a"

[[ $# -le 1 ]] || die "usage: scripts/bench-images.sh [COUNT]"
count="${1:-50}"
runs="${RUNS:-3}"
hugo_cold_runs="${HUGO_COLD_RUNS:-1}"
tools="${TOOLS:-timeline hugo vipsthumbnail}"
samples="${SAMPLE_PHOTOS:-/work/shared/sample-photos}"
require_positive COUNT "$count"
require_positive RUNS "$runs"
[[ "$hugo_cold_runs" =~ ^[0-9]+$ ]] || die "HUGO_COLD_RUNS must be a whole number, not '$hugo_cold_runs'"
for tool in $tools; do
  [[ "$tool" =~ ^(timeline|hugo|vipsthumbnail)$ ]] || die "unknown tool '$tool' in TOOLS"
done
wants() { [[ " $tools " == *" $1 "* ]]; }

require_tool "$time_tool" time
for command in vips vipsheader vipsthumbnail; do require_tool "$command" libvips-tools; done
if wants hugo; then require_tool hugo; fi
compgen -G "$samples/*.jpg" >/dev/null || die "no sample photos in $samples"

enter_checkout
repo="$PWD"
[[ -d Benchmarks/images/hugo ]] || die "Benchmarks/images/hugo is missing from this checkout"

echo "==> Building the release tool (scratch path .build-bench)"
swift build -c release --product timeline --scratch-path .build-bench
timeline="$repo/.build-bench/release/timeline"
[[ -x "$timeline" ]] || die "no $timeline after the build"

bench="$repo/.bench/images-$count"
photos="$bench/photos"
mkdir -p "$photos"

# ---------------------------------------------------------------------------------------
# 1. Photos

# make_photo INDEX OUT: photo INDEX (1-based) of the benchmark, written to OUT.
make_photo() {
  local index="$1" out="$2"
  local -a sources
  mapfile -t sources < <(LC_ALL=C ls "$SAMPLES"/*.jpg)
  local source="${sources[$(((index - 1) % ${#sources[@]}))]}"
  local variant=$(((index - 1) / ${#sources[@]}))
  local work
  work="$(mktemp -d "${TMPDIR_FOR_PHOTOS}/photo-XXXXXX")"
  local width height
  width="$(vipsheader -f width "$source")"
  height="$(vipsheader -f height "$source")"
  # Scale to cover the frame, plus 5–33 % margin so the crop can move.
  local scale
  scale="$(awk -v w="$width" -v h="$height" -v W="$PHOTO_WIDTH" -v H="$PHOTO_HEIGHT" -v v="$variant" \
    'BEGIN { s = W / w; if (H / h > s) s = H / h; printf "%.6f", s * (1.05 + 0.04 * (v % 8)) }')"
  vips resize "$source" "$work/big.v" "$scale" --kernel lanczos3
  local bands big_width big_height
  bands="$(vipsheader -f bands "$work/big.v")"
  if [[ "$bands" != 3 ]]; then
    vips colourspace "$work/big.v" "$work/colour.v" srgb
    mv "$work/colour.v" "$work/big.v"
  fi
  big_width="$(vipsheader -f width "$work/big.v")"
  big_height="$(vipsheader -f height "$work/big.v")"
  local left=$(((big_width - PHOTO_WIDTH) * ((index * 37) % 101) / 100))
  local top=$(((big_height - PHOTO_HEIGHT) * ((index * 53) % 101) / 100))
  vips crop "$work/big.v" "$work/crop.v" "$left" "$top" "$PHOTO_WIDTH" "$PHOTO_HEIGHT"
  if (((variant / 8) % 2 == 1 || index % 5 == 0)); then
    vips flip "$work/crop.v" "$work/flip.v" horizontal
    mv "$work/flip.v" "$work/crop.v"
  fi
  # Sensor-like noise (its mean shifts the brightness), then a contrast change per photo.
  vips gaussnoise "$work/noise.v" "$PHOTO_WIDTH" "$PHOTO_HEIGHT" \
    --sigma "$((4 + index % 3))" --mean "$(((index * 7) % 13 - 6))" --seed "$index"
  vips add "$work/crop.v" "$work/noise.v" "$work/sum.v"
  local contrast
  contrast="$(awk -v i="$index" 'BEGIN { printf "%.2f", 0.92 + 0.02 * (i % 9) }')"
  vips linear "$work/sum.v" "$work/photo.jpg[Q=90,strip]" "$contrast" 0 --uchar
  mv "$work/photo.jpg" "$out"
  rm -rf "$work"
}
export -f make_photo

recipe_file="$photos/.recipe"
recipe="$recipe_version ${photo_width}x$photo_height $(LC_ALL=C; cd "$samples" && cksum ./*.jpg | tr '\n' ' ')"
if [[ ! -f "$recipe_file" || "$(cat "$recipe_file")" != "$recipe" ]]; then
  rm -f "$photos"/photo-*.jpg
  printf '%s\n' "$recipe" >"$recipe_file"
fi
missing=()
for ((index = 1; index <= count; index++)); do
  name="$(printf 'photo-%05d.jpg' "$index")"
  [[ -f "$photos/$name" ]] || missing+=("$index")
done
if ((${#missing[@]} > 0)); then
  echo "==> Generating ${#missing[@]} photos of ${photo_width}×$photo_height into ${photos#"$repo/"}"
  photo_tmp="$bench/tmp"
  [[ -d /dev/shm && -w /dev/shm ]] && photo_tmp="/dev/shm/timeline-bench-images-$$"
  mkdir -p "$photo_tmp"
  printf '%s\n' "${missing[@]}" |
    SAMPLES="$samples" PHOTO_WIDTH="$photo_width" PHOTO_HEIGHT="$photo_height" TMPDIR_FOR_PHOTOS="$photo_tmp" \
      xargs -P "$cores" -I{} bash -c 'set -euo pipefail; make_photo "$1" "$2/$(printf "photo-%05d.jpg" "$1")"' _ {} "$photos" ||
    die "generating the photos failed"
  rm -rf "$photo_tmp"
else
  echo "==> Reusing $count photos in ${photos#"$repo/"}"
fi
duplicates="$(for ((index = 1; index <= count; index++)); do printf '%s/photo-%05d.jpg\n' "$photos" "$index"; done |
  xargs sha256sum | cut -d' ' -f1 | sort | uniq -d | wc -l)"
((duplicates == 0)) || die "$duplicates photos are byte-identical to another one"
photo_bytes="$(for ((index = 1; index <= count; index++)); do printf '%s/photo-%05d.jpg\n' "$photos" "$index"; done |
  xargs stat -c %s | awk '{ total += $1 } END { print total }')"

# ---------------------------------------------------------------------------------------
# 2. The Timeline site and the Hugo content

# push_id INDEX: a sortable Firebase push ID, one hour apart from 2021-01-01T00:00:00Z.
push_id() {
  awk -v i="$1" 'BEGIN {
    alphabet = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"
    t = 1609459200000 + i * 3600000; id = ""
    for (k = 0; k < 8; k++) { id = substr(alphabet, t % 64 + 1, 1) id; t = int(t / 64) }
    r = i * 2654435761 % 4294967296
    for (k = 0; k < 12; k++) { id = id substr(alphabet, r % 64 + 1, 1); r = int(r / 64) + k * 7 + i }
    print id
  }'
}

link_or_copy() { ln -f "$1" "$2" 2>/dev/null || cp "$1" "$2"; }

site="$bench/timeline"
hugo_content="$bench/hugo-content"
site_stamp="$recipe_version $count"
if [[ ! -f "$site/.complete" || "$(cat "$site/.complete")" != "$site_stamp" ]]; then
  echo "==> Writing the Timeline site and the Hugo content"
  rm -rf "$site" "$hugo_content"
  mkdir -p "$site/Content/users" "$site/Content/posts" "$hugo_content/posts"
  cat >"$site/Content/site.json" <<'EOF'
{
  "title": "Image benchmark",
  "description": "Generated by scripts/bench-images.sh.",
  "baseURL": "https://example.org/",
  "pageSize": 12
}
EOF
  cat >"$site/Content/users/bench.json" <<'EOF'
{
  "username": "bench",
  "name": "Bench Mark"
}
EOF
  printf -- '---\ntitle: Image benchmark\n---\n' >"$hugo_content/_index.md"
  # Hugo copies every file of a page bundle to the output unless told not to; Timeline
  # does not publish originals by default, so neither does Hugo here.
  printf -- '---\ntitle: Posts\ncascade:\n  _build:\n    publishResources: false\n---\n' >"$hugo_content/posts/_index.md"
  for ((index = 1; index <= count; index++)); do
    id="$(push_id "$index")"
    photo="$(printf '%s/photo-%05d.jpg' "$photos" "$index")"
    mkdir -p "$site/Content/posts/$id" "$hugo_content/posts/$id"
    printf -- '---\nusername: bench\nimage: photo.jpg\nalt: Benchmark photo %d\n---\nPhoto %d.\n' "$index" "$index" \
      >"$site/Content/posts/$id/post.md"
    printf -- '---\ntitle: Photo %d\n---\nPhoto %d.\n' "$index" "$index" >"$hugo_content/posts/$id/index.md"
    link_or_copy "$photo" "$site/Content/posts/$id/photo.jpg"
    link_or_copy "$photo" "$hugo_content/posts/$id/photo.jpg"
  done
  [[ "$(ls "$site/Content/posts" | LC_ALL=C sort -u | wc -l)" -eq "$count" ]] || die "push IDs collided"
  printf '%s\n' "$site_stamp" >"$site/.complete"
fi
"$timeline" check "$site" --templates "$repo/Templates" --strict --quiet || die "the generated site does not check"

# ---------------------------------------------------------------------------------------
# 3. Measurements

# Earlier results are moved aside and deleted at the end, not before measuring: ext4 here
# is slow to create files for a few minutes after large deletions.
runs_dir="$bench/runs"
[[ -e "$runs_dir" ]] && mv "$runs_dir" "$bench/trash-$$"
mkdir -p "$runs_dir"
results="$runs_dir/results.tsv"   # tool phase run seconds cpu_seconds peak_kib files bytes

# measure NAME LOG COMMAND...: runs COMMAND under time -v; sets seconds, cpu and peak_kib.
measure() {
  local name="$1" log="$2"
  shift 2
  if ! "$time_tool" -v -o "$log.time" "$@" >"$log.out" 2>&1; then
    cat "$log.out" "$log.time" >&2 || true
    die "$name failed (output above, also in $log.out)"
  fi
  local user system
  seconds="$(time_v_seconds "$log.time")"
  user="$(time_v_field "$log.time" "User time (seconds)")"
  system="$(time_v_field "$log.time" "System time (seconds)")"
  peak_kib="$(time_v_peak_kib "$log.time")"
  [[ -n "$seconds" && -n "$peak_kib" ]] || die "cannot read the time and memory of $name from $log.time"
  cpu="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')"
}

# image_files DIR [PATTERN]: how many image files DIR holds, and their total bytes.
image_files() {
  local dir="$1" pattern="${2:-*}"
  find "$dir" -type f -name "$pattern" \( -name '*.webp' -o -name '*.jpg' \) -printf '%s\n' |
    awk '{ n++; b += $1 } END { printf "%d %d\n", n, b }'
}

record() { # TOOL PHASE RUN FILES BYTES
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$seconds" "$cpu" "$peak_kib" "$4" "$5" >>"$results"
  printf '    %-13s %-4s run %s: %7.2f s wall, %7.2f s CPU, %7.1f MiB peak, %5d files\n' \
    "$1" "$2" "$3" "$seconds" "$cpu" "$(awk -v k="$peak_kib" 'BEGIN { printf "%.1f", k / 1024 }')" "$4"
}

expected_files=$((count * files_per_photo))

run_timeline() { # RUN PHASE
  local run="$1" phase="$2" out="$runs_dir/timeline-$1-$2"
  local command=("$timeline" build "$site" --templates "$repo/Templates" --cache-dir "$runs_dir/timeline-cache-$run"
    --output "$out")
  [[ "$run" == 1 && "$phase" == cold ]] && echo "    command: $time_tool -v$(printf ' %q' "${command[@]}")"
  measure "timeline build ($phase, run $run)" "$out" "${command[@]}"
  local summary
  summary="$(grep -E '^Built [0-9]+ pages' "$out.out" | tail -1)"
  [[ -n "$summary" ]] || die "no summary line in the output of timeline build ($out.out)"
  local pattern='; ([0-9]+) images, ([0-9]+) decoded, ([0-9]+) files encoded\)'
  [[ "$summary" =~ $pattern ]] || die "cannot read the image counts from: $summary"
  local images="${BASH_REMATCH[1]}" decoded="${BASH_REMATCH[2]}" encoded="${BASH_REMATCH[3]}"
  ((images == count)) || die "timeline build saw $images images, not $count: $summary"
  if [[ "$phase" == warm ]]; then
    ((decoded == 0 && encoded == 0)) ||
      die "the warm build decoded $decoded images and encoded $encoded files, expected 0 and 0: $summary"
  else
    ((decoded == count && encoded == expected_files)) ||
      die "the cold build decoded $decoded images and encoded $encoded files, expected $count and $expected_files: $summary"
  fi
  local files bytes
  read -r files bytes < <(image_files "$out")
  ((files == expected_files)) || die "timeline wrote $files image files into $out, expected $expected_files"
  record timeline "$phase" "$run" "$files" "$bytes"
}

run_hugo() { # RUN PHASE [CACHES_OF_RUN]
  local run="$1" phase="$2" caches="${3:-$1}" out="$runs_dir/hugo-$1-$2"
  local command=(env HUGO_RESOURCEDIR="$runs_dir/hugo-resources-$caches" hugo --quiet --source "$repo/Benchmarks/images/hugo"
    --contentDir "$hugo_content" --cacheDir "$runs_dir/hugo-cache-$caches" --destination "$out")
  [[ "$run" == 1 && "$phase" == cold ]] && echo "    command: $time_tool -v$(printf ' %q' "${command[@]}")"
  measure "hugo ($phase, run $run)" "$out" "${command[@]}"
  local files bytes
  read -r files bytes < <(image_files "$out" '*_hu*')
  ((files == expected_files)) || die "hugo wrote $files processed image files into $out, expected $expected_files"
  record hugo "$phase" "$run" "$files" "$bytes"
}

run_vipsthumbnail() { # RUN
  local run="$1" out="$runs_dir/vipsthumbnail-$1"
  mkdir -p "$out"
  # One job per size and format over a batch of photos; the batches keep both cores busy to
  # the end. VIPS_CONCURRENCY=1 as in Timeline: two processes, one thread each.
  local jobs="$runs_dir/vipsthumbnail-$run.jobs" batch=$(((count + 7) / 8)) start size
  : >"$jobs"
  for ((start = 1; start <= count; start += batch)); do
    local files=()
    for ((index = start; index < start + batch && index <= count; index++)); do
      files+=("$(printf '%s/photo-%05d.jpg' "$photos" "$index")")
    done
    for size in "${widths[@]}"; do
      printf -- '-s %sx -o %s/%%s-%s.webp[Q=80,strip] %s\n' "$size" "$out" "$size" "${files[*]}" >>"$jobs"
      printf -- '-s %sx -o %s/%%s-%s.jpg[Q=82,strip,optimize_coding,interlace] %s\n' "$size" "$out" "$size" "${files[*]}" >>"$jobs"
    done
    for size in "${squares[@]}"; do
      printf -- '-s %s --smartcrop attention -o %s/%%s-sq%s.webp[Q=80,strip] %s\n' "$size" "$out" "$size" "${files[*]}" >>"$jobs"
      printf -- '-s %s --smartcrop attention -o %s/%%s-sq%s.jpg[Q=82,strip,optimize_coding,interlace] %s\n' "$size" "$out" "$size" "${files[*]}" >>"$jobs"
    done
  done
  # Biggest sizes first, so that the last jobs are short.
  sort -t' ' -k2,2nr -o "$jobs" "$jobs"
  local command=(env VIPS_CONCURRENCY=1 xargs -P "$cores" -L 1 -a "$jobs" vipsthumbnail)
  [[ "$run" == 1 ]] && echo "    command: $time_tool -v$(printf ' %q' "${command[@]}")   (jobs like: $(head -c 120 "$jobs")…)"
  measure "vipsthumbnail (run $run)" "$out" "${command[@]}"
  local files bytes
  read -r files bytes < <(image_files "$out")
  ((files == expected_files)) || die "vipsthumbnail wrote $files image files into $out, expected $expected_files"
  record vipsthumbnail cold "$run" "$files" "$bytes"
}

echo "==> Measuring $count photos ($(awk -v b="$photo_bytes" 'BEGIN { printf "%.0f", b / 1048576 }') MiB of JPEG), $runs rounds: $tools"
for ((run = 1; run <= runs; run++)); do
  echo "  round $run"
  if wants timeline; then
    run_timeline "$run" cold
    run_timeline "$run" warm
  fi
  if wants hugo; then
    if ((run <= hugo_cold_runs)); then
      run_hugo "$run" cold
      run_hugo "$run" warm
    elif ((hugo_cold_runs > 0)); then
      run_hugo "$run" warm "$hugo_cold_runs"   # warm again, on the last cold round's caches
    fi
  fi
  if wants vipsthumbnail; then
    run_vipsthumbnail "$run"
  fi
done

# ---------------------------------------------------------------------------------------
# 4. Table

# median TOOL PHASE COLUMN: the median of a results column (mean of the middle two if even).
median() {
  awk -F'\t' -v tool="$1" -v phase="$2" -v column="$3" '$1 == tool && $2 == phase { print $column }' "$results" |
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print ""; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
runs_of() { awk -F'\t' -v tool="$1" -v phase="$2" '$1 == tool && $2 == phase' "$results" | wc -l | tr -d ' '; }

declare -A cold warm
echo
echo "Medians: $count photos of ${photo_width}×$photo_height, $files_per_photo files per photo, $cores cores"
printf '%-14s %9s %9s %9s %13s %9s %15s %7s %9s %5s\n' tool "cold s" "warm s" "photos/s" "photos/s/core" "CPU s" "peak MiB c/w" files "MiB out" runs
for tool in timeline hugo vipsthumbnail; do
  wants "$tool" || continue
  cold[$tool]="$(median "$tool" cold 4)"
  warm[$tool]="$(median "$tool" warm 4)"
  cold_cpu="$(median "$tool" cold 5)"
  cold_peak="$(median "$tool" cold 6)"
  warm_peak="$(median "$tool" warm 6)"
  files="$(median "$tool" cold 7)"
  [[ -n "$files" ]] || files="$(median "$tool" warm 7)"
  bytes="$(median "$tool" cold 8)"
  [[ -n "$bytes" ]] || bytes="$(median "$tool" warm 8)"
  awk -v tool="$tool" -v c="${cold[$tool]}" -v w="${warm[$tool]}" -v cpu="$cold_cpu" -v pc="$cold_peak" -v pw="$warm_peak" \
    -v files="$files" -v bytes="$bytes" -v n="$count" -v cores="$cores" -v runs="$(runs_of "$tool" cold)/$(runs_of "$tool" warm)" 'BEGIN {
      cs = c == "" ? "-" : sprintf("%.2f", c); ws = w == "" ? "-" : sprintf("%.2f", w)
      rate = c == "" ? "-" : sprintf("%.2f", n / c); per = c == "" ? "-" : sprintf("%.2f", n / c / cores)
      cpus = cpu == "" ? "-" : sprintf("%.1f", cpu)
      peak = (pc == "" ? "-" : sprintf("%.0f", pc / 1024)) "/" (pw == "" ? "-" : sprintf("%.0f", pw / 1024))
      printf "%-14s %9s %9s %9s %13s %9s %15s %7d %9.1f %5s\n", tool, cs, ws, rate, per, cpus, peak, files, bytes / 1048576, runs
    }'
done
echo
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b }'; }
if wants hugo && wants timeline; then
  echo "Hugo / Timeline: cold $(ratio "${cold[hugo]}" "${cold[timeline]}")×, warm $(ratio "${warm[hugo]}" "${warm[timeline]}")×"
fi
if wants timeline && wants vipsthumbnail; then
  echo "Timeline / vipsthumbnail (cold): $(ratio "${cold[timeline]}" "${cold[vipsthumbnail]}")×"
fi
echo "All runs: ${results#"$repo/"} (tool, phase, run, seconds, CPU seconds, peak KiB, files, bytes)"

rm -rf "$bench"/trash-*   # this run's and any left by an interrupted one
