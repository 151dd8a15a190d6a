# Shared by the benchmark scripts: source it after `set -euo pipefail`.

# die MESSAGE...: prints "<script>: MESSAGE" on standard error and exits 1.
die() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

# require_positive NAME VALUE: dies unless VALUE is a positive whole number, naming NAME.
require_positive() {
  [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "$1 must be a positive whole number, not '$2'"
}

# time_v_field FILE LABEL: the value of one line of a `/usr/bin/time -v` record, e.g.
# time_v_field log.time "Maximum resident set size (kbytes)".
time_v_field() {
  sed -n "s/^[[:space:]]*$2: //p" "$1"
}

# time_v_seconds FILE: the wall-clock time of a `time -v` record (h:mm:ss or m:ss.cc) in seconds.
time_v_seconds() {
  time_v_field "$1" "Elapsed (wall clock) time (h:mm:ss or m:ss)" |
    awk -F: '{ total = 0; for (i = 1; i <= NF; i++) total = total * 60 + $i; printf "%.2f", total }'
}

# time_v_peak_kib FILE: the peak resident memory of a `time -v` record, in KiB.
time_v_peak_kib() {
  time_v_field "$1" "Maximum resident set size (kbytes)"
}

# require_tool COMMAND [PACKAGE [FORMULA]]: dies unless COMMAND is on the PATH (or, given as a
# path, is executable), naming the Debian package (COMMAND itself by default) that provides it,
# or on macOS the Homebrew formula (FORMULA, by default PACKAGE or COMMAND).
require_tool() {
  if [[ "$1" == */* ]]; then [[ -x "$1" ]] && return 0; else command -v "$1" >/dev/null 2>&1 && return 0; fi
  if [[ "$(uname -s)" == Darwin ]]; then die "$1 is missing; install it with: brew install ${3:-${2:-$1}}"; fi
  die "$1 is missing; install it with: apt-get install -y ${2:-$1}"
}

# require_linux REASON: exits 2 with "scripts/NAME runs on Linux only: REASON" on any other
# system. A script that needs Linux calls it at the top, as a line of its own (which
# scripts/check-portability.sh looks for: such a script may use /proc and GNU tools).
require_linux() {
  [[ "$(uname -s)" == Linux ]] && return 0
  echo "scripts/$(basename "$0") runs on Linux only: $*" >&2
  exit 2
}

# require_bash MAJOR REASON: exits 2 unless this bash is version MAJOR or later (macOS's
# /bin/bash is 3.2; Homebrew's bash, first on the PATH, is current).
require_bash() {
  ((BASH_VERSINFO[0] >= $1)) && return 0
  echo "scripts/$(basename "$0") needs bash $1 or later, not $BASH_VERSION: $2 (on macOS: brew install bash)" >&2
  exit 2
}

# cpu_count: the number of cores this process may use (nproc, which honours CPU affinity;
# getconf where there is no nproc, as on macOS).
cpu_count() {
  nproc 2>/dev/null || getconf _NPROCESSORS_ONLN  # portable: falls back to getconf
}

# sha256_digest: the SHA-256 of standard input as sha256sum prints it ("digest  -"), with
# shasum -a 256 where there is no sha256sum (macOS); the same line either way.
sha256_digest() {
  if command -v sha256sum >/dev/null 2>&1; then  # portable: shasum below where it is missing
    sha256sum  # portable: shasum below where it is missing
  else
    shasum -a 256
  fi
}

# enter_checkout: changes to the root of the Timeline checkout these scripts belong to.
enter_checkout() {
  cd "$(dirname "${BASH_SOURCE[0]}")/../.."
  [[ -f Package.swift && -d Templates && -d Content ]] || die "run from a Timeline checkout (no Package.swift, Templates/ or Content/ in $PWD)"
}
