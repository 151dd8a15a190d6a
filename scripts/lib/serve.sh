# Shared by the scripts that run `timeline serve`: source it after lib/common.sh (or
# lib/workload.sh), once bin_dir is set.

# wait_for FILE SECONDS TEXT: waits up to SECONDS for FILE to hold TEXT (a grep pattern).
wait_for() {
  local deadline=$((SECONDS + $2))
  until grep -q -- "$3" "$1" 2>/dev/null; do
    ((SECONDS < deadline)) || return 1
    sleep 0.01
  done
}

# start_preview LOG ARGS...: starts `timeline serve ARGS --port 0` in the background with its
# output in LOG, waits for its first build, and sets server_pid, url (the server's root URL)
# and prefix (where / redirects: the site's base path).
start_preview() {
  local log="$1"
  shift
  echo "==> Starting: timeline serve $* --port 0"
  CI=true "$bin_dir/timeline" serve "$@" --port 0 >"$log" 2>&1 &
  server_pid=$!
  wait_for "$log" 600 "^Built " || { cat "$log" >&2; die "the first build did not finish"; }
  url="$(sed -n 's/^Serving at \(http[^ ]*\) .*/\1/p' "$log" | sed -n 1p)"
  [[ -n "$url" ]] || die "no 'Serving at' line in the server's output"
  prefix="$(curl -s -o /dev/null -w '%{redirect_url}' "$url")"
  [[ -n "$prefix" ]] || prefix="$url"
}

# stop_preview: stops the server started by start_preview (SIGINT, as Ctrl-C) and waits for it.
stop_preview() {
  [[ -z "${server_pid:-}" ]] || kill -INT "$server_pid" 2>/dev/null || true
  [[ -z "${server_pid:-}" ]] || wait "$server_pid" 2>/dev/null || true
}
