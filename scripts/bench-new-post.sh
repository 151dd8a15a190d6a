#!/usr/bin/env bash
# What one new post costs a site that was built: the post added by `timeline new post`, then
# `timeline build`; the post removed again, then `timeline build`. Each build is timed under
# /usr/bin/time -v, and the files it wrote are counted by kind (timeline front pages, profile
# archive pages, search files, …) from their modification times.
#
# Usage: scripts/bench-new-post.sh SITE USERNAME [ROUNDS]
#
#   SITE      a folder with Content/ and Templates/ that `timeline build` built already (the
#             workload of scripts/bench.sh with the repository's Templates/, for instance)
#   USERNAME  the author of the new post (the most-followed user shows the widest reach)
#   ROUNDS    how many times to add and remove the post (default 2)
#
# TIMELINE_BIN=PATH takes `timeline` from PATH (default: the release build's, in the folder
# `swift build -c release --show-bin-path` names). The post has one photo (this repository's
# first example photo), the caption "A new one at the harbour #sunset" and alt text;
# `timeline new post` gives it a push ID of now, so it is the newest post.
set -euo pipefail

readonly time_tool=/usr/bin/time

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_linux "measures with GNU time -v (/usr/bin/time) and uses GNU find"
require_tool "$time_tool" time
require_tool python3

[[ $# -ge 2 && $# -le 3 ]] || die "usage: scripts/bench-new-post.sh SITE USERNAME [ROUNDS]"
site="$(cd "$1" && pwd)"
user="$2"
rounds="${3:-2}"
require_positive ROUNDS "$rounds"
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
timeline="${TIMELINE_BIN:-$(cd "$repository" && swift build -c release --show-bin-path)/timeline}"
[[ -x "$timeline" ]] || die "no timeline at $timeline (build it, or set TIMELINE_BIN)"
photo="$(find "$repository/Content/posts" -name '*.jpg' | LC_ALL=C sort | sed -n 1p)"
[[ -n "$photo" ]] || die "no example photo under $repository/Content/posts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# measure CASE: builds, then prints the case, seconds, peak, the build's mode and files, and
# the files written by kind.
measure() {
  local case="$1"
  touch "$work/stamp"
  sleep 1.1
  (cd "$site" && "$time_tool" -v "$timeline" build --json >"$work/report.json" 2>"$work/time.txt") ||
    { cat "$work/report.json" "$work/time.txt" >&2; die "the build failed"; }
  local kinds
  kinds="$(find "$site/Output" -type f -newer "$work/stamp" -printf '%P\n' | sed -E \
    -e 's:^search/([^/]+)/.*:search-\1:' -e 's:^u/[^/]+/feed/page/.*:timeline-archive:' \
    -e 's:^u/[^/]+/feed/index.html:timeline-front:' -e 's:^u/[^/]+/page/.*:profile-archive:' \
    -e 's:^u/[^/]+/index.html:profile-front:' -e 's:^u/[^/]+/(following|followers)/.*:\1:' \
    -e 's:^u/[^/]+/.*\.xml:user-feed:' -e 's:^p/[^/]+/index.html:post-page:' -e 's:^p/[^/]+/.*:post-file:' \
    -e 's:^tags/[^/]+/page/.*:tag-archive:' -e 's:^tags/[^/]+/index.html:tag-front:' -e 's:^tags/[^/]+/.*\.xml:tag-feed:' \
    -e 's:^page/.*:home-archive:' | sort | uniq -c | sort -rn | awk '{ printf "%s %s, ", $1, $2 }')"
  python3 - "$work/report.json" "$case" "$(time_v_seconds "$work/time.txt")" "$(time_v_peak_kib "$work/time.txt")" "$kinds" <<'PYTHON'
import json, sys
report = json.load(open(sys.argv[1]))
files = report["files"]
print(f'{sys.argv[2]}: {float(sys.argv[3]):.2f} s, {int(sys.argv[4]) // 1024} MiB, {report["mode"]}, '
      f'{files["written"]} written / {files["unchanged"]} unchanged / {files["deleted"]} deleted')
print(f'  written: {sys.argv[5].rstrip(", ")}')
PYTHON
}

for round in $(seq 1 "$rounds"); do
  echo "==> Round $round"
  folder="$(cd "$site" && "$timeline" new post --user "$user" "$photo" --caption "A new one at the harbour #sunset" \
    --alt "The harbour at dusk" | grep -o 'posts/[^ ]*' | sed -n 1p)"
  [[ -n "$folder" ]] || die "timeline new post named no folder"
  measure "new post by $user"
  rm -rf "${site:?}/Content/${folder%/}"
  measure "that post removed"
done
