#!/usr/bin/env bash
# How precise each kind of change's build is: for each change, the files the incremental build
# wrote or deleted against the files whose bytes differ between clean builds before and after
# the change (added and removed files included). A ratio of 1.00 means the build touched
# exactly what changed; above 1, it rewrote files with the same bytes' worth of work.
#
# Usage: scripts/bench-edit-precision.sh SITE
#
#   SITE  a folder with Content/ that `timeline build` built already (the workload of
#         scripts/bench.sh, for instance); its content is changed in place, as a person would:
#         comments, likes, follows, a caption with a hashtag and a mention, new and deleted
#         posts, ten new posts at once, a new, renamed and deleted user, an avatar, a user with
#         posts renamed and back, a replaced photo and a video post.
#
# TIMELINE_BIN=PATH takes `timeline` from PATH (default: swift build's release folder). Needs
# ffmpeg for the video post. Prints one line per change: the build's mode and seconds, the
# files it wrote and deleted, the files that differ, and the ratio.
set -euo pipefail

readonly time_tool=/usr/bin/time

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_linux "measures with GNU time -v (/usr/bin/time)"
require_tool "$time_tool" time
require_tool python3
require_tool ffmpeg

[[ $# -eq 1 ]] || die "usage: scripts/bench-edit-precision.sh SITE"
site="$(cd "$1" && pwd)"
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
timeline="${TIMELINE_BIN:-$(cd "$repository" && swift build -c release --show-bin-path)/timeline}"
[[ -x "$timeline" ]] || die "no timeline at $timeline (build it, or set TIMELINE_BIN)"
photos=()
while IFS= read -r found; do photos+=("$found"); done < <(find "$repository/Content/posts" -name '*.jpg' | LC_ALL=C sort | sed -n 1,2p)
[[ ${#photos[@]} -eq 2 ]] || die "two example photos are needed under $repository/Content/posts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

ffmpeg -loglevel error -f lavfi -i testsrc=size=320x240:rate=10 -t 2 -pix_fmt yuv420p "$work/clip.mp4"
users=()
while IFS= read -r found; do users+=("$found"); done < <(find "$site/Content/users" -name '*.json' -printf '%f\n' | sed 's/\.json$//' | LC_ALL=C sort | sed -n 1,3p)
posts=()
while IFS= read -r found; do posts+=("$found"); done < <(find "$site/Content/posts" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | LC_ALL=C sort -r | sed -n '10p;11p')
post="${posts[0]}"

run() { (cd "$site" && "$timeline" "$@" --quiet >/dev/null); }

clean_build() {
  (cd "$site" && "$timeline" build --clean --quiet --output "$work/$1" --cache-dir "$work/cache" >/dev/null)
}

echo "==> A clean build of the site as it is (the reference)"
clean_build before
(cd "$site" && "$timeline" build --quiet >/dev/null)

# measure CHANGE: builds the changed site, then a clean build of it, and compares.
measure() {
  (cd "$site" && "$time_tool" -v "$timeline" build --json >"$work/report.json" 2>"$work/time.txt") ||
    { cat "$work/report.json" "$work/time.txt" >&2; die "the build failed"; }
  clean_build after
  python3 - "$work/report.json" "$1" "$(time_v_seconds "$work/time.txt")" "$work/before" "$work/after" <<'PYTHON'
import filecmp, json, os, sys
report, change, seconds, before, after = json.load(open(sys.argv[1])), sys.argv[2], float(sys.argv[3]), sys.argv[4], sys.argv[5]
def files(root):
    found = set()
    for folder, _, names in os.walk(root):
        found.update(os.path.relpath(os.path.join(folder, name), root) for name in names)
    return found
old, new = files(before), files(after)
differ = len(old ^ new) + sum(1 for path in old & new if not filecmp.cmp(os.path.join(before, path), os.path.join(after, path), shallow=False))
touched = report["files"]["written"] + report["files"]["deleted"]
ratio = f"{touched / differ:.2f}" if differ else "-"
print(f"| {change} | {report['mode']} | {seconds:.2f} | {touched} | {differ} | {ratio} |")
PYTHON
  rm -rf "$work/before"
  mv "$work/after" "$work/before"
}

echo "| change | build | seconds | written + deleted | differ between clean builds | ratio |"
echo "| --- | --- | --- | --- | --- | --- |"
run new comment "$post" --user "${users[0]}" --text "Lovely light"
measure "a comment added"
comment="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[-1]["id"])' "$site/Content/posts/$post/comments.json")"
run edit comment "$post" "$comment" --text "Lovely light, edited"
measure "a comment edited"
run delete comment "$post" "$comment"
measure "a comment removed"
liker="$(python3 - "$site/Content" "$post" <<'PYTHON'
import json, os, sys
content, post = sys.argv[1], sys.argv[2]
likes = os.path.join(content, "posts", post, "likes.json")
liked = {like["username"] for like in json.load(open(likes))} if os.path.exists(likes) else set()
print(next(name[:-5] for name in sorted(os.listdir(os.path.join(content, "users"))) if name.endswith(".json") and name[:-5] not in liked))
PYTHON
)"
run like "$post" --user "$liker"
measure "a like"
run follow "${users[0]}" "${users[2]}" || true
measure "a follow"
run unfollow "${users[0]}" "${users[2]}"
measure "an unfollow"
run edit post "$post" --caption "At the harbour #harbourlights with @${users[1]}"
measure "a caption edit with a new hashtag and a mention"
run new post --user "${users[0]}" "${photos[0]}" --caption "A new one #sunset" --alt "The harbour at dusk"
measure "a new post"
for number in $(seq 1 10); do run new post --user "${users[number % 3]}" "${photos[number % 2]}" --caption "Batch $number" --alt "Photo $number"; done
measure "ten new posts at once"
newest="$(find "$site/Content/posts" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | LC_ALL=C sort -r | sed -n 1p)"
run delete post "$newest"
measure "a deleted post"
run new user precision --name "Precision"
measure "a new user"
run edit user precision --avatar "${photos[1]}"
measure "an avatar"
run rename user precision precision2
measure "a renamed user"
run rename user "${users[1]}" "zz-${users[1]}"
measure "a renamed user with posts, comments, likes and followers, later among the users"
run rename user "zz-${users[1]}" "${users[1]}"
measure "the same renamed back, earlier among the users"
run delete user precision2
measure "a deleted user"
photo_file="$(find "$site/Content/posts/${posts[1]}" -type f ! -name '*.md' ! -name '*.json' | LC_ALL=C sort | sed -n 1p)"
[[ -n "$photo_file" ]] || die "no photo in ${posts[1]}"
ffmpeg -loglevel error -y -f lavfi -i color=c=teal:s=64x48 -frames:v 1 "$work/replacement.${photo_file##*.}"
# The workload hard-links one photo into every post: the old file is unlinked, not written over.
rm -f "$photo_file"
cp "$work/replacement.${photo_file##*.}" "$photo_file"
measure "a replaced photo"
run new post --user "${users[1]}" "$work/clip.mp4" --caption "A clip" --alt "A test pattern"
measure "a video post added"
