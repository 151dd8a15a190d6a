#!/usr/bin/env bash
# Kills `timeline build` with SIGKILL at random moments and checks, after every kill, that the
# output folder is one of the two complete sites (the one before the build or the one it was
# making) and that the next build succeeds and gives the new site.
#
# Usage: scripts/kill-test.sh [USERS [POSTS]]      (defaults: 50 1000: 4,953 files, 40 MB)
# Environment: KILLS (default 100), SEED (of bash's RANDOM; default: the process id, printed),
#   MODE (clean, incremental or mixed, the default: each kill picks one at random),
#   CHANGE (site, the default: B differs from A as below; posts: only by the new comment and
#   the changed caption, which an incremental build applies as an edit build),
#   BUILD_ARGS (more options for every `timeline build` it runs, e.g. "--atomic"),
#   SWIFT_BUILD_FLAGS (e.g. "--scratch-path .build-faults").
#
# 1. builds the release products and generates the workload (scripts/bench.sh's settings) into
#    .bench/content-USERS-POSTS, copies it with the theme into .bench/kill-test-USERS-POSTS;
# 2. makes state B from state A with the authoring commands and a theme edit: a new comment, a
#    changed caption, a new post, a deleted post and a changed post template (every post page);
#    with CHANGE=posts, only the comment and the caption;
# 3. builds A and B with --clean into reference folders and records the digest of each whole
#    tree (every folder, every file's path and bytes, every symlink's target);
# 4. builds the live site into A, then KILLS times: switches the content to the other state,
#    starts `timeline build` (or `--clean`), sends SIGKILL after a random delay between 0 and
#    that kind of build's measured duration, classifies the output folder as A, B or other and
#    notes what was left beside it (which shows where the kill landed), runs `timeline build`
#    again (must exit 0 and give exactly the new state). States alternate A → B → A …, so each
#    kill interrupts a build with edits and deletions in it;
# 5. prints a summary, and for every "other" keeps the differing paths in the work folder.
set -euo pipefail

# shellcheck source=lib/workload.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/workload.sh"
require_linux "times the journal with inotify (Python ctypes on libc) and lists trees with find -printf"

[[ $# -le 2 ]] || die "usage: scripts/kill-test.sh [users [posts]]"
site_size "scripts/kill-test.sh" "${1:-50}" "${2:-1000}"
kills="${KILLS:-100}"
mode="${MODE:-mixed}"
change="${CHANGE:-site}"
[[ "$kills" =~ ^[1-9][0-9]*$ ]] || die "KILLS must be a positive whole number"
[[ "$mode" =~ ^(clean|incremental|mixed)$ ]] || die "MODE must be clean, incremental or mixed"
[[ "$change" =~ ^(site|posts)$ ]] || die "CHANGE must be site or posts"
seed="${SEED:-$$}"
RANDOM="$seed"
require_tool python3
enter_checkout
build_release_tools
prepare_workload "$users" "$posts"

work=".bench/kill-test-$users-$posts"
echo "==> Preparing the site in $work"
rm -rf "$work"
mkdir -p "$work/a" "$work/b"
cp -a "$content" "$work/Content"
rm -rf "$work/Content/.workload"
cp -R Templates "$work/Templates"
timeline="$PWD/$bin_dir/timeline"
site="$PWD/$work"
cache="$site/.timeline-cache"
output="$site/Output"

read -r -a extra_build_arguments <<<"${BUILD_ARGS:-}"
build_arguments=(build "$site" --content Content --templates Templates --cache-dir .timeline-cache ${extra_build_arguments[@]+"${extra_build_arguments[@]}"})

# timeline_build OUTPUT [ARGS...]: builds the work site into OUTPUT (relative to the site).
timeline_build() {
  local into="$1"
  shift
  "$timeline" "${build_arguments[@]}" --output "$into" "$@"
}

posts_by_name=()
while IFS= read -r folder; do posts_by_name+=("$folder"); done < <(find "$work/Content/posts" -mindepth 1 -maxdepth 1 -type d | LC_ALL=C sort | head -n 3)
[[ ${#posts_by_name[@]} -eq 3 ]] || die "the workload has fewer than 3 posts"
commented="${posts_by_name[0]}"
captioned="${posts_by_name[1]}"
deleted="${posts_by_name[2]}"
author="$(sed -n 's/^username:[[:space:]]*//p' "$commented/post.md" | head -n 1)"
[[ -n "$author" ]] || die "no username in $commented/post.md"

# The files that differ between the states: A's copies first, then B made in place.
[[ -f "$commented/comments.json" ]] && cp "$commented/comments.json" "$work/a/comments.json"
cp "$captioned/post.md" "$work/a/post.md"
cp Templates/post.mustache "$work/a/post.mustache"
cp -R "$deleted" "$work/a/deleted-post"
"$timeline" new comment "$(basename "$commented")" --user "$author" --text "Killed builds finish *later*." --content "$work/Content" --quiet
awk '{ print } /^---[[:space:]]*$/ { dashes++; if (dashes == 2) print "A caption changed in state B." }' "$work/a/post.md" >"$captioned/post.md"
new_post=""
if [[ "$change" == site ]]; then
  new_post_folder="$("$timeline" new post --user "$author" Content/posts/-K25Fj8qrMAtxXG3QCSn/rocket.jpg \
    --caption "A post that exists only in state B." --alt "A rocket lifting off" --content "$work/Content" |
    sed -n 's/.*\(posts\/-[A-Za-z0-9_-]*\).*/\1/p' | head -n 1)"
  [[ -n "$new_post_folder" && -d "$work/Content/$new_post_folder" ]] || die "timeline new post printed no post folder"
  new_post="$work/Content/$new_post_folder"
  sed 's/<article class="post"/<article class="post" data-state="b"/' "$work/a/post.mustache" >"$work/Templates/post.mustache"
  cmp -s "$work/a/post.mustache" "$work/Templates/post.mustache" && die "the post template edit did not apply"
  rm -rf "$deleted"
  cp -R "$new_post" "$work/b/new-post"
fi
cp "$commented/comments.json" "$work/b/comments.json"
cp "$captioned/post.md" "$work/b/post.md"
cp "$work/Templates/post.mustache" "$work/b/post.mustache"

# switch_to A|B: puts the content and theme of that state in place (new inodes and times, as an
# editor saving files would).
switch_to() {
  local state="${1,,}"
  if [[ -f "$work/$state/comments.json" ]]; then cp "$work/$state/comments.json" "$commented/comments.json"; else rm -f "$commented/comments.json"; fi
  cp "$work/$state/post.md" "$captioned/post.md"
  cp "$work/$state/post.mustache" "$work/Templates/post.mustache"
  [[ "$change" == site ]] || return 0
  rm -rf "$deleted" "$new_post"
  if [[ "$state" == a ]]; then cp -R "$work/a/deleted-post" "$deleted"; else cp -R "$work/b/new-post" "$new_post"; fi
}

# tree_listing FOLDER: one sorted line per folder, file (SHA-256 of its bytes) and symlink.
tree_listing() {
  (
    cd "$1"
    {
      find . -mindepth 1 -type d -printf 'folder %p\n'
      find . -type l -printf 'link %p -> %l\n'
      find . -type f -print0 | xargs -0 -r -n 2000 -P 2 sha256sum | sed 's/^/file /'
    } | LC_ALL=C sort
  )
}

# tree_digest LISTING_FILE: the digest of a listing.
tree_digest() {
  sha256sum <"$1" | cut -c1-16
}

echo "==> Reference builds (--clean) of A and B"
declare -A reference_digest
for state in A B; do
  switch_to "$state"
  timeline_build "reference-$state" --clean --quiet
  tree_listing "$site/reference-$state" >"$work/listing-$state"
  reference_digest[$state]="$(tree_digest "$work/listing-$state")"
  echo "    $state: $(grep -c '^file ' "$work/listing-$state") files, $(du -sh "$site/reference-$state" | cut -f1), digest ${reference_digest[$state]}"
  rm -rf "${site:?}/reference-$state"
done
[[ "${reference_digest[A]}" != "${reference_digest[B]}" ]] || die "states A and B built the same site"

# digest_of_output: the digest of the live output folder (and its listing in $work/listing-now).
digest_of_output() {
  if [[ -d "$output" ]]; then tree_listing "$output" >"$work/listing-now"; else : >"$work/listing-now"; fi
  tree_digest "$work/listing-now"
}

# state_of_output: A, B or other.
state_of_output() {
  local digest
  digest="$(digest_of_output)"
  case "$digest" in
    "${reference_digest[A]}") echo A ;;
    "${reference_digest[B]}") echo B ;;
    *) echo other ;;
  esac
}

# mix_of_output OLD NEW: how the live output (its listing in $work/listing-now) mixes the two
# states: a count line, then each path that is in neither state as it is there.
mix_of_output() {
  awk -v old="$work/listing-$1" -v new="$work/listing-$2" '
    function entry(line) { sub(/^file [0-9a-f]+  /, "file ", line); return line }
    function content(line, parts) { split(line, parts, " "); return parts[2] }
    BEGIN {
      while ((getline line < old) > 0) { key = entry(line); in_old[key] = line }
      while ((getline line < new) > 0) { key = entry(line); in_new[key] = line }
    }
    {
      key = entry($0); seen[key] = 1
      if ((key in in_old) && in_old[key] == $0 && (key in in_new) && in_new[key] == $0) same++
      else if ((key in in_old) && in_old[key] == $0) still_old++
      else if ((key in in_new) && in_new[key] == $0) already_new++
      else { neither++; odd[neither] = $0 }
    }
    END {
      for (key in in_new) if (!(key in seen)) missing_new++
      for (key in in_old) if (!(key in seen)) gone_old++
      printf "mixed: %d entries as in both, %d still old, %d already new, %d in neither; %d of the new site not there yet, %d of the old one gone\n", same, still_old, already_new, neither, missing_new, gone_old
      for (i = 1; i <= neither; i++) print odd[i]
    }' "$work/listing-now"
}

# seconds_since START: wall-clock seconds since an EPOCHREALTIME value.
seconds_since() {
  awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'
}

# Measures the journal's lifetime (from its rename into place to its removal) during one build.
# The output folder mixes old and new files only within it: while the journal's renames and
# deletions run, which is its first part (the rest removes the emptied pending folder). Prints
# milliseconds, or "none" when no journal appeared.
journal_window_during() {
  local state_folder="$1"
  shift
  python3 - "$state_folder" "$work/watcher-ready" >"$work/journal-window" <<'PYTHON' &
import ctypes, os, struct, sys, time
IN_CREATE, IN_MOVED_TO, IN_DELETE = 0x100, 0x80, 0x200
libc = ctypes.CDLL(None, use_errno=True)
descriptor = libc.inotify_init()
libc.inotify_add_watch(descriptor, sys.argv[1].encode(), IN_CREATE | IN_MOVED_TO | IN_DELETE)
open(sys.argv[2], "w").close()
appeared = None
while True:
    data = os.read(descriptor, 65536)
    now = time.monotonic()
    offset = 0
    while offset < len(data):
        _, mask, _, length = struct.unpack_from("iIII", data, offset)
        name = data[offset + 16:offset + 16 + length].rstrip(b"\0")
        offset += 16 + length
        if name != b"journal":
            continue
        if mask & (IN_CREATE | IN_MOVED_TO) and appeared is None:
            appeared = now
        elif mask & IN_DELETE and appeared is not None:
            print("%.1f" % ((now - appeared) * 1000))
            sys.exit(0)
PYTHON
  local watcher=$!
  until [[ -e "$work/watcher-ready" ]]; do sleep 0.01; done
  rm -f "$work/watcher-ready"
  "$@"
  sleep 0.2
  kill "$watcher" 2>/dev/null || true
  wait "$watcher" 2>/dev/null || true
  local window
  window="$(cat "$work/journal-window")"
  echo "${window:-none}"
}

# build_with_report FILE: builds the live output with the JSON report in FILE.
build_with_report() {
  timeline_build Output --json >"$1"
}

echo "==> Live site: first build (A), then timed builds"
switch_to A
timeline_build Output --quiet
[[ "$(state_of_output)" == A ]] || die "the first build did not give state A"
state_folder="$(find "$cache/builds" -mindepth 1 -maxdepth 1 -type d -name 'Output-*' | head -n 1)"
[[ -n "$state_folder" ]] || die "no build state folder under $cache/builds"

declare -A duration
switch_to B
start="$EPOCHREALTIME"
window_to_b="$(journal_window_during "$state_folder" build_with_report "$work/report-to-b.json")"
duration[incremental]="$(seconds_since "$start")"
[[ "$(state_of_output)" == B ]] || die "the incremental build did not give state B"
switch_to A
window_to_a="$(journal_window_during "$state_folder" build_with_report "$work/report-to-a.json")"
[[ "$(state_of_output)" == A ]] || die "the incremental build did not give state A"
start="$EPOCHREALTIME"
timeline_build Output --clean --quiet
duration[clean]="$(seconds_since "$start")"
[[ "$(state_of_output)" == A ]] || die "the clean build did not give state A"
# files_changed REPORT: "N written, M deleted" from a build's JSON report.
files_changed() {
  python3 -c 'import json, sys; f = json.load(open(sys.argv[1]))["files"]; print("%d written, %d deleted" % (f["written"], f["deleted"]))' "$1"
}
changes_to_b="$(files_changed "$work/report-to-b.json")"
changes_to_a="$(files_changed "$work/report-to-a.json")"
echo "    incremental build A → B: ${duration[incremental]} s, $changes_to_b (journal present for ${window_to_b} ms; B → A, $changes_to_a: ${window_to_a} ms)"
echo "    clean build: ${duration[clean]} s"

echo "==> $kills kills (mode: $mode, seed $seed)"
current=A
declare -A outcomes=([A]=0 [B]=0 [other]=0 [old]=0 [new]=0)
declare -A places=()
recovered=0
recovery_failures=0
finished_before_kill=0
for kill in $(seq 1 "$kills"); do
  if [[ "$current" == A ]]; then target=B; else target=A; fi
  kind="$mode"
  if [[ "$kind" == mixed ]]; then kind=$([[ $((RANDOM % 2)) == 0 ]] && echo clean || echo incremental); fi
  clean_flag=()
  [[ "$kind" == clean ]] && clean_flag=(--clean)
  delay="$(awk -v d="${duration[$kind]}" -v r="$RANDOM" -v s="$RANDOM" 'BEGIN { printf "%.3f", d * (r * 32768 + s) / 1073741824 }')"
  switch_to "$target"
  # The program itself in the background (not the function, whose subshell would take the kill).
  "$timeline" "${build_arguments[@]}" --output Output ${clean_flag[@]+"${clean_flag[@]}"} --quiet >"$work/killed.log" 2>&1 &
  build_pid=$!
  sleep "$delay"
  if kill -KILL "$build_pid" 2>/dev/null; then killed=yes; else killed=no; fi
  wait "$build_pid" 2>/dev/null || true

  # What the build left beside the output folder tells where the kill landed.
  place="before writing"
  leftovers=()
  [[ -e "$state_folder/journal" ]] && leftovers+=(journal)
  [[ -d "$site/.Output.pending" ]] && leftovers+=(pending)
  compgen -G "$site/.Output.staging-*" >/dev/null && leftovers+=(staging)
  [[ -e "$state_folder/manifest" ]] || leftovers+=(no-manifest)
  landed="$(state_of_output)"
  if [[ "$killed" == no ]]; then
    place="finished before the kill"
    finished_before_kill=$((finished_before_kill + 1))
  elif [[ " ${leftovers[*]} " == *" journal "* ]]; then
    place="applying the journal"
  elif [[ " ${leftovers[*]} " == *" pending "* ]]; then
    place="writing changed files"
  elif [[ " ${leftovers[*]} " == *" staging "* ]]; then
    place=$([[ "$landed" == "$target" ]] && echo "removing the old site" || echo "writing the staging folder")
  elif [[ "$landed" == "$target" ]]; then
    place="after the commit"
  fi
  places[$place]=$((${places[$place]:-0} + 1))
  mix=""
  if [[ "$landed" == other ]]; then
    outcomes[other]=$((outcomes[other] + 1))
    mix_of_output "$current" "$target" >"$work/other-$kill.txt"
    mix=" ($(head -n 1 "$work/other-$kill.txt"))"
  else
    outcomes[$landed]=$((outcomes[$landed] + 1))
    if [[ "$landed" == "$current" ]]; then outcomes[old]=$((outcomes[old] + 1)); else outcomes[new]=$((outcomes[new] + 1)); fi
  fi
  label="$landed$mix"
  [[ "$landed" == "$current" ]] && label="$landed (old)"
  [[ "$landed" == "$target" ]] && label="$landed (new)"

  if timeline_build Output --quiet >"$work/next.log" 2>&1 && [[ "$(state_of_output)" == "$target" ]]; then
    recovered=$((recovered + 1))
    next=ok
  else
    recovery_failures=$((recovery_failures + 1))
    next="FAILED ($(head -c 300 "$work/next.log"); now $(state_of_output))"
    cp "$work/next.log" "$work/next-$kill.log"
  fi
  printf '%4d %s→%s %-11s kill at %6.3f s of %6.3f s: %-12s %-26s leftovers: %-22s next build: %s\n' \
    "$kill" "$current" "$target" "$kind" "$delay" "${duration[$kind]}" "$label" "$place" "${leftovers[*]:-none}" "$next"
  current="$target"
done

echo
echo "Site: $users users, $posts posts ($(grep -c '^file ' "$work/listing-A") files in A); seed $seed; mode $mode"
echo "Builds: incremental ${duration[incremental]} s, clean ${duration[clean]} s; journal present for ${window_to_b} ms (A → B: $changes_to_b), ${window_to_a} ms (B → A: $changes_to_a)"
printf 'Kills: %d; output after the kill: the old site %d, the new site %d, other %d (A %d, B %d; the build had finished before the kill: %d)\n' \
  "$kills" "${outcomes[old]}" "${outcomes[new]}" "${outcomes[other]}" "${outcomes[A]}" "${outcomes[B]}" "$finished_before_kill"
echo "Where the kills landed:"
for place in "${!places[@]}"; do printf '  %-28s %d\n' "$place" "${places[$place]}"; done | LC_ALL=C sort
echo "Next build succeeded with the new site: $recovered of $kills (failures: $recovery_failures)"
if ((outcomes[other] > 0)); then echo "Mixed outputs: $work/other-N.txt (a count line, then each entry in neither state)"; fi
((recovery_failures == 0)) || exit 1
