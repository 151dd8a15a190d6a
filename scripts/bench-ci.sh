#!/usr/bin/env bash
# How a user's CI rebuilds a site kept in git: a fresh clone, the build state restored from a
# cache (as actions/cache does), `timeline build`.
#
# Usage: scripts/bench-ci.sh [users] [posts]     (defaults: 1000 20000; RUNS=3)
#
# TIMELINE_BIN_DIR=DIR takes `timeline` and `timeline-workload` from DIR instead of building
# them (e.g. TIMELINE_BIN_DIR="$(swift build -c release --show-bin-path)" when they are built
# already).
#
# 1. builds the release tools (unless TIMELINE_BIN_DIR) and generates (or reuses) the workload,
#    as scripts/bench.sh does;
# 2. commits it (Content/, without .workload/) with the repository's Templates/ and a .gitignore
#    like the one `timeline init` writes into a bare "origin" repository,
#    .bench/ci-<users>-<posts>/origin.git, reused while the workload and Templates/ are the same
#    (origin.args records them). Git runs with a configuration of its own (GIT_CONFIG_NOSYSTEM,
#    GIT_CONFIG_GLOBAL, HOME), so the user's never matters;
# 3. clones it into the checkout, always at the same path (.bench/ci-<users>-<posts>/site: the
#    build state is kept per absolute output path), builds it once and keeps .timeline-cache/ and
#    Output/ in state.tar (what actions/cache keeps between CI runs); reused while the origin
#    commit and the `timeline` binary are the same (state.args);
# 4. RUNS rounds of four cases, the order rotating from round to round, each timed under
#    /usr/bin/time -v with `timeline build --json` (mode, files written, unchanged and deleted):
#      ci-comment             fresh clone, state.tar restored, one comment added to one post and
#                             committed, then the build (a CI run after a push of one comment);
#      ci-nothing             fresh clone, state.tar restored, the build (nothing changed);
#      same-checkout-comment  the checkout reset to the origin's commit (git reset --hard), its
#                             Output/ and .timeline-cache/ replaced by state.tar's, built twice
#                             untimed (the second a second later, so that its input snapshot and
#                             record cache hold every file), one comment added, the build; then the
#                             comment removed and built again, untimed (a developer's own checkout);
#      clean                  the checkout reset and its state restored as above, then
#                             `timeline build --clean` (every page written again; the image cache
#                             in .timeline-cache hits, when the site processes images).
#    So every case starts from the same state in every round. Replaced checkouts and states are
#    moved into a trash folder and deleted after the last round, at low priority (a large
#    deletion slows file creation here for minutes, see scripts/bench.sh), or before a case when
#    the disk could not hold two more checkouts;
# 5. prints each round's seconds, the medians of seconds and peak memory, the files counts, the
#    ratios ci-comment/clean and same-checkout-comment/clean, and the commands.
set -euo pipefail

readonly time_tool=/usr/bin/time

# shellcheck source=lib/workload.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/workload.sh"
require_linux "measures with GNU time -v (/usr/bin/time) and uses GNU find, tar, df and du"

site_size "scripts/bench-ci.sh" "$@"
runs="${RUNS:-3}"
require_positive RUNS "$runs"
require_tool "$time_tool" time
require_tool git
require_tool python3
require_tool tar
enter_checkout
if [[ -n "${TIMELINE_BIN_DIR:-}" ]]; then
  bin_dir="$TIMELINE_BIN_DIR"
  [[ -x "$bin_dir/timeline" && -x "$bin_dir/timeline-workload" ]] ||
    die "TIMELINE_BIN_DIR=$bin_dir holds no executable timeline and timeline-workload"
  echo "==> Using timeline and timeline-workload from $bin_dir (TIMELINE_BIN_DIR)"
else
  build_release_tools
fi
# The builds run inside the checkout: an absolute path.
bin_dir="$(cd "$bin_dir" && pwd)"
prepare_workload "$users" "$posts"

work=".bench/ci-$users-$posts"
mkdir -p "$work"
work="$(cd "$work" && pwd -P)"
origin="$work/origin.git"
site="$work/site"
state="$work/state.tar"
trash="$work/trash"
results="$work/results.tsv"
reports="$work/reports"

# Git with a configuration of its own: no system file, a global file of this benchmark's, no
# HOME of the user's (older git reads $HOME/.gitconfig when GIT_CONFIG_GLOBAL is unknown to it).
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_NAMESPACE
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_TERMINAL_PROMPT=0
export GIT_AUTHOR_DATE="2024-01-01T00:00:00Z" GIT_COMMITTER_DATE="2024-01-01T00:00:00Z"
mkdir -p "$work/home"
cat >"$GIT_CONFIG_GLOBAL" <<'CONFIG'
[gc]
	auto = 0
[maintenance]
	auto = false
[init]
	defaultBranch = main
[advice]
	detachedHead = false
CONFIG
git() { HOME="$work/home" XDG_CONFIG_HOME="$work/home" command git -c user.name=bench -c user.email=bench@example.org "$@"; }

# discard PATH: moves PATH into the trash folder (deleted when nothing is measured any more).
trash_count=0
discard() {
  [[ -e "$1" ]] || return 0
  mkdir -p "$trash"
  trash_count=$((trash_count + 1))
  mv "$1" "$trash/$trash_count-$(basename "$1")"
}
# Leftovers of an interrupted run: nothing is measured yet.
rm -rf "$trash"

# 2. The origin repository.
templates_digest="$(cd Templates && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256_digest | cut -d' ' -f1)"
origin_args="layout=1 $(cat "$content/.workload/args") templates=$templates_digest"
if [[ -f "$work/origin.args" && "$(cat "$work/origin.args")" == "$origin_args" ]] &&
  git --git-dir="$origin" rev-parse -q --verify refs/heads/main >/dev/null; then
  echo "==> Reusing the origin repository $origin"
else
  rm -f "$work/origin.args" "$work/state.args"
  discard "$origin"
  discard "$site"
  rm -f "$state"
  echo "==> Committing $content (without .workload/) and Templates/ into $origin"
  git init -q --bare "$origin"
  index="$work/origin-index"
  rm -f "$index"
  # The content at the root of a first index, added in batches of post folders (a progress line
  # each: at 200,000 posts that is about 860,000 files), then Templates/ at the root of another;
  # the commit's tree holds both and the .gitignore.
  add_content() { (cd "$content" && GIT_INDEX_FILE="$index" git --git-dir="$origin" --work-tree=. add --pathspec-from-file=- --pathspec-file-nul); }
  find "$content" -mindepth 1 -maxdepth 1 ! -name .workload ! -name posts -printf '%P\0' | add_content
  find "$content/posts" -mindepth 1 -maxdepth 1 -printf 'posts/%P\n' | LC_ALL=C sort >"$work/post-folders"
  post_total="$(wc -l <"$work/post-folders" | tr -d '[:space:]')"
  rm -f "$work"/add-chunk-*
  split -l $((post_total / 10 > 5000 ? post_total / 10 : 5000)) "$work/post-folders" "$work/add-chunk-"
  added=0
  for chunk in "$work"/add-chunk-*; do
    tr '\n' '\0' <"$chunk" | add_content
    added=$((added + $(wc -l <"$chunk")))
    echo "==> git add: $added of $post_total post folders"
    rm -f "$chunk"
  done
  rm -f "$work/post-folders"
  content_tree="$(GIT_INDEX_FILE="$index" git --git-dir="$origin" write-tree)"
  rm -f "$index"
  (cd Templates && GIT_INDEX_FILE="$index" git --git-dir="$origin" --work-tree=. add -A .)
  templates_tree="$(GIT_INDEX_FILE="$index" git --git-dir="$origin" write-tree)"
  rm -f "$index"
  ignore_blob="$(printf '%s\n' "# The built site, its staging folders and the build cache (timeline init)." \
    /Output/ '/.Output.*' /.timeline-cache/ | git --git-dir="$origin" hash-object -w --stdin)"
  tree="$(printf '040000 tree %s\tContent\n040000 tree %s\tTemplates\n100644 blob %s\t.gitignore\n' \
    "$content_tree" "$templates_tree" "$ignore_blob" | git --git-dir="$origin" mktree)"
  commit="$(git --git-dir="$origin" commit-tree -m "The generated site: $users users, $posts posts" "$tree")"
  git --git-dir="$origin" update-ref refs/heads/main "$commit"
  echo "==> Packing $origin"
  git --git-dir="$origin" repack -a -d -q
  git --git-dir="$origin" prune-packed
  printf '%s\n' "$origin_args" >"$work/origin.args"
fi
origin_commit="$(git --git-dir="$origin" rev-parse refs/heads/main)"

# The options every build is run with, from inside the checkout.
build_options=(--content Content --templates Templates --output Output --cache-dir .timeline-cache --json)
build_text="$bin_dir/timeline build$(printf ' %s' "${build_options[@]}")"

# 3. The build state, as the last CI run left it.
state_args="origin=$origin_commit timeline=$(sha256sum "$bin_dir/timeline" | cut -d' ' -f1)"
if [[ -f "$state" && -f "$work/state.args" && "$(cat "$work/state.args")" == "$state_args" ]]; then
  echo "==> Reusing the build state $state"
else
  rm -f "$work/state.args" "$state"
  discard "$site"
  echo "==> Cloning $origin into $site"
  git clone -q "$origin" "$site"
  echo "==> First build: (cd $site && $build_text)"
  (cd "$site" && "$time_tool" -v -o "$work/first-build-time.txt" "$bin_dir/timeline" build "${build_options[@]}") >"$work/first-build.json" ||
    { cat "$work/first-build.json" >&2; die "the first build failed"; }
  echo "    $(time_v_seconds "$work/first-build-time.txt") s, peak $(($(time_v_peak_kib "$work/first-build-time.txt") / 1024)) MiB"
  du -sh "$site/.timeline-cache" | cut -f1 >"$work/cache-size.txt"
  du -sh "$site/Output" | cut -f1 >"$work/output-size.txt"
  echo "==> Keeping .timeline-cache/ and Output/ in $state"
  tar -C "$site" -cf "$state" .timeline-cache Output
  printf '%s\n' "$state_args" >"$work/state.args"
fi

# The comment: one more on the first post folder (in byte order) that has a comments.json, by
# the author of its first comment, with a push ID a minute after the newest ID in the file.
comment_path="$(find "$content/posts" -mindepth 2 -maxdepth 2 -name comments.json -printf 'posts/%P\n' | LC_ALL=C sort | sed -n 1p)"
[[ -n "$comment_path" ]] || die "the workload has no comments.json to add a comment to"
comment_path="Content/$comment_path"
python3 - "$content/${comment_path#Content/}" "$work/comments-added.json" <<'PYTHON'
import json, sys
alphabet = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"
def push_time(identifier):
    value = 0
    for character in identifier[:8]:
        value = value * 64 + alphabet.index(character)
    return value
def push_id(milliseconds, tail="BenchComment"):
    head = ""
    for _ in range(8):
        head = alphabet[milliseconds % 64] + head
        milliseconds //= 64
    return head + tail
with open(sys.argv[1], encoding="utf-8") as file:
    comments = json.load(file)
assert isinstance(comments, list) and comments, "expected a non-empty array of comments"
newest = max(push_time(comment["id"]) for comment in comments)
comments.append({"id": push_id(newest + 60_000), "username": comments[0]["username"],
                 "text": "One more comment, added by make bench-ci"})
with open(sys.argv[2], "w", encoding="utf-8") as file:
    file.write(json.dumps(comments, indent=2, ensure_ascii=False) + "\n")
PYTHON

# fresh_checkout: a new clone at the checkout's path with the build state restored.
fresh_checkout() {
  discard "$site"
  git clone -q "$origin" "$site"
  tar -C "$site" -xf "$state"
}
# restored_checkout: the checkout there is (a new clone when there is none) with its tree as the
# origin's and the build state restored, as fresh_checkout leaves it but for the content files'
# own inodes and times, which the restored state does not know either way (it was made in
# another clone).
restored_checkout() {
  [[ -d "$site/.git" ]] || { fresh_checkout; return; }
  git -C "$site" reset -q --hard origin/main
  discard "$site/Output"
  discard "$site/.timeline-cache"
  tar -C "$site" -xf "$state"
}
add_comment() { cp "$work/comments-added.json" "$site/$comment_path"; }
# An untimed build in the checkout; dies when it fails.
untimed_build() {
  (cd "$site" && "$bin_dir/timeline" build "${build_options[@]}") >"$reports/untimed.json" ||
    { cat "$reports/untimed.json" >&2; die "an untimed build failed"; }
}
# timed_build CASE ROUND [OPTION...]: the build under time -v, recorded in results.tsv.
timed_build() {
  local name="$1" round="$2"
  shift 2
  local log="$reports/$name-$round.time" report="$reports/$name-$round.json"
  (cd "$site" && "$time_tool" -v -o "$log" "$bin_dir/timeline" build "${build_options[@]}" "$@") >"$report" ||
    { cat "$report" "$log" >&2; die "$name, round $round: timeline build failed"; }
  local files
  files="$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); f=r["files"]; print(r["mode"], f["written"], f["unchanged"], f["deleted"], sep="\t")' "$report")"
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$round" "$(time_v_seconds "$log")" "$(time_v_peak_kib "$log")" "$files" >>"$results"
  printf '    %-22s %8s s %8s MiB  %s\n' "$name" "$(time_v_seconds "$log")" "$(($(time_v_peak_kib "$log") / 1024))" "$(tr '\t' ' ' <<<"$files")"
}

run_case() {
  local name="$1" round="$2"
  case "$name" in
    ci-comment)
      fresh_checkout
      add_comment
      git -C "$site" commit -q -m "One more comment" -- "$comment_path"
      timed_build "$name" "$round"
      ;;
    ci-nothing)
      fresh_checkout
      timed_build "$name" "$round"
      ;;
    same-checkout-comment)
      restored_checkout
      untimed_build
      # Past the racy window (one second): the next build keeps its snapshot and records whole.
      sleep 1.1
      untimed_build
      sleep 1.1
      add_comment
      timed_build "$name" "$round"
      git -C "$site" checkout -q -- "$comment_path"
      untimed_build
      ;;
    clean)
      restored_checkout
      timed_build "$name" "$round" --clean
      ;;
  esac
}

# The size of one checkout with its state, to know when the trash must go early.
checkout_kib=$(($(du -sk "$origin" | cut -f1) + $(du -sk "$state" | cut -f1) * 2 + $(du -sk "$content" | cut -f1)))

cases=(ci-comment ci-nothing same-checkout-comment clean)
rm -rf "$reports"
mkdir -p "$reports"
printf 'case\tround\tseconds\tpeak_kib\tmode\twritten\tunchanged\tdeleted\n' >"$results"
echo "==> Rounds: $runs, of ${#cases[@]} cases each, the order rotating (case, seconds, peak, mode written unchanged deleted)"
for round in $(seq 1 "$runs"); do
  echo "==> Round $round"
  for index in "${!cases[@]}"; do
    # Each case replaces a checkout: at 200,000 posts a round's trash outgrows the disk, so it
    # goes between cases, never while one is measured, when room for two more is lacking.
    available_kib="$(df -Pk "$work" | awk 'NR == 2 { print $4 }')"
    if [[ -e "$trash" ]] && ((available_kib < checkout_kib * 2)); then
      echo "==> Deleting the old checkouts now ($((available_kib / 1024)) MiB free): the next case may be slower"
      rm -rf "$trash"
    fi
    run_case "${cases[$(((index + round - 1) % ${#cases[@]}))]}" "$round"
  done
done

echo
echo "$("$bin_dir/timeline" --version | sed -n 1p); $users users, $posts posts, rounds: $runs; after the first build, .timeline-cache/: $(cat "$work/cache-size.txt") (du -sh), Output/: $(cat "$work/output-size.txt"); state.tar: $(du -sh "$state" | cut -f1)"
echo
python3 - "$results" "$runs" <<'PYTHON'
import csv, statistics, sys
path, runs = sys.argv[1], int(sys.argv[2])
rows = list(csv.DictReader(open(path), delimiter="\t"))
cases = ["ci-comment", "ci-nothing", "same-checkout-comment", "clean"]
def of(case):
    return sorted((row for row in rows if row["case"] == case), key=lambda row: int(row["round"]))
def join(values):
    values = list(dict.fromkeys(values))
    return "; ".join(values)
medians = {}
header = ["case"] + [f"round {r} s" for r in range(1, runs + 1)] + ["median s", "median peak MiB", "mode", "written / unchanged / deleted"]
print("| " + " | ".join(header) + " |")
print("| " + " | ".join(["---"] + ["---:"] * (runs + 2) + ["---", "---"]) + " |")
for case in cases:
    case_rows = of(case)
    seconds = [float(row["seconds"]) for row in case_rows]
    medians[case] = statistics.median(seconds)
    peak = statistics.median(float(row["peak_kib"]) for row in case_rows) / 1024
    files = join(f'{int(row["written"]):,} / {int(row["unchanged"]):,} / {int(row["deleted"]):,}' for row in case_rows)
    print("| " + " | ".join([case] + [f"{s:.2f}" for s in seconds] + [f"{medians[case]:.2f}", f"{peak:.0f}",
                              join(row["mode"] for row in case_rows), files]) + " |")
print()
for case in ("ci-comment", "same-checkout-comment"):
    print(f"{case} / clean: {medians[case] / medians['clean']:.2f}")
PYTHON

build_line="$time_tool -v $build_text"
cat <<COMMANDS

Commands (in $site; ci-comment and ci-nothing start with: mv site trash/…; git clone -q $origin site;
tar -C site -xf $state; same-checkout-comment and clean with: git reset -q --hard origin/main; mv Output
.timeline-cache trash/…; tar -xf $state):
  ci-comment:             cp $work/comments-added.json $comment_path; git commit -q -m "One more comment" -- $comment_path; $build_line
  ci-nothing:             $build_line
  same-checkout-comment:  ${build_line#"$time_tool -v "}; sleep 1.1; (the same again); sleep 1.1; cp $work/comments-added.json $comment_path; $build_line
                          (then untimed: git checkout -- $comment_path; ${build_line#"$time_tool -v "})
  clean:                  $build_line --clean
Every run: $results (reports and time -v records in $reports)
COMMANDS

# Only now, with nothing left to measure: deleting large trees slows the file creation that follows.
if [[ -e "$trash" ]]; then
  echo "==> Deleting the $trash_count replaced trees in $trash at low priority: this takes a while"
  nice -n 19 ionice -c 3 rm -rf "$trash" 2>/dev/null || rm -rf "$trash"
fi
