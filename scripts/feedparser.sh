#!/usr/bin/env bash
# Prints the Python that the feed tests (Tests/TimelineSiteTests/FeedParserTests.swift) read
# the feeds with: one that imports feedparser, installing it first when there is none.
#
# Usage: scripts/feedparser.sh            (prints the path of that python)
#        scripts/feedparser.sh --install  (installs it when missing and exits: `make deps`)
#
# The `python3` first on the PATH is used when it has feedparser already (Debian's
# python3-feedparser, which CI installs). Otherwise feedparser from PyPI is installed into a
# virtual environment at $FEEDPARSER_VENV (default ~/.cache/timeline/feedparser-venv), where
# the tests look for it: Debian's and Homebrew's python3 refuse `pip install` outside one
# (PEP 668, externally managed), and a venv needs no --break-system-packages. When python3's
# venv module is missing it comes from Debian's python3-venv (as root) or Homebrew's python.
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

package="feedparser==6.0.14"
venv="${FEEDPARSER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/timeline/feedparser-venv}"

[[ $# -le 1 ]] || die "usage: scripts/feedparser.sh [--install]"
install_only=false
if [[ ${1:-} == "--install" ]]; then install_only=true; elif [[ $# -eq 1 ]]; then die "usage: scripts/feedparser.sh [--install]"; fi

# python3's venv module, from Debian (as root) or Homebrew when missing.
require_venv() {
  command -v python3 >/dev/null 2>&1 && python3 -c 'import venv, ensurepip' 2>/dev/null && return 0
  if [[ "$(uname -s)" == Darwin ]]; then
    command -v brew >/dev/null 2>&1 || die "python3 with its venv module is missing; install Homebrew, then: brew install python"
    echo "==> brew install python" >&2
    brew install --quiet python >/dev/null
  else
    [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1 ||
      die "python3's venv module is missing; install it with: apt-get install -y python3-venv"
    echo "==> apt-get install python3-venv" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends python3-venv >/dev/null 2>&1 ||
      { apt-get update -qq && apt-get install -y -qq --no-install-recommends python3-venv >/dev/null; }
  fi
}

if command -v python3 >/dev/null 2>&1 && python3 -c 'import feedparser' 2>/dev/null; then
  $install_only || command -v python3
  exit 0
fi
if ! { [[ -x "$venv/bin/python3" ]] && "$venv/bin/python3" -c 'import feedparser' 2>/dev/null; }; then
  require_venv
  echo "==> Installing $package into $venv" >&2
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  if ! { python3 -m venv "$venv" && "$venv/bin/python3" -m pip install -q --disable-pip-version-check "$package"; }; then
    rm -rf "$venv"
    die "could not install $package"
  fi
fi
$install_only || echo "$venv/bin/python3"
