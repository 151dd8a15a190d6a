# Shared by the benchmark scripts that build a generated workload: source it instead of
# lib/common.sh (it sources that too); call prepare_workload from the repository's root.

# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# site_size SCRIPT [USERS] [POSTS]: sets users and posts (defaults 1,000 and 20,000), or dies
# with SCRIPT's usage.
site_size() {
  local script="$1"
  shift
  [[ $# -le 2 ]] || die "usage: $script [users] [posts]"
  users="${1:-1000}"
  posts="${2:-20000}"
  require_positive users "$users"
  [[ "$posts" =~ ^(0|[1-9][0-9]*)$ ]] || die "posts must be a whole number, not '$posts'"
}

# build_release_tools: builds `timeline` and `timeline-workload` in release mode (with
# SWIFT_BUILD_FLAGS) and sets bin_dir to the folder that holds them.
build_release_tools() {
  echo "==> Building release products"
  local flags
  read -r -a flags <<<"${SWIFT_BUILD_FLAGS:-}"
  swift build -c release --product timeline ${flags[@]+"${flags[@]}"}
  swift build -c release --product timeline-workload ${flags[@]+"${flags[@]}"}
  bin_dir="$(swift build -c release --show-bin-path ${flags[@]+"${flags[@]}"})"
  bin_dir="${bin_dir#"$PWD/"}"
  return 0
}

# prepare_workload USERS POSTS: generates the deterministic benchmark content into
# .bench/content-USERS-POSTS (seed 1, 2 comments and 4 likes a post), or reuses it when
# .workload/args there records the same arguments and generator sources. Sets `content`.
prepare_workload() {
  local users="$1" posts="$2"
  content=".bench/content-$users-$posts"
  local args_file="$content/.workload/args"
  local generator_sources
  generator_sources="$(LC_ALL=C; cat Sources/timeline-workload/*.swift | sha256_digest | cut -d' ' -f1)"
  local workload_args=(--users "$users" --posts "$posts" --comments-per-post 2 --likes-per-post 4 --seed 1
    --base-url "https://example.org/")
  local recorded_args="${workload_args[*]} generator-sources=$generator_sources"
  mkdir -p .bench
  if [[ -f "$args_file" && "$(cat "$args_file")" == "$recorded_args" ]]; then
    echo "==> Reusing the workload in $content"
  else
    echo "==> Generating the workload into $content"
    local force=()
    [[ -e "$content" ]] && force=(--force)
    "$bin_dir/timeline-workload" "${workload_args[@]}" --output "$content" ${force[@]+"${force[@]}"}
    printf '%s\n' "$recorded_args" >"$args_file"
    # A build keeps its input snapshot and record cache only for files older than the racy
    # window (one second) at its start. Every generated post hard-links one photo, whose change
    # time moves with each link, so a build started at once would keep none.
    sleep 1.1
  fi
}
