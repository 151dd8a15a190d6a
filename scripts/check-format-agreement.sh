#!/usr/bin/env bash
# Shows that several versions of swift-format agree on the code: for each one given,
# `lint --strict` over the Swift sources passes, and `format --in-place` over a copy of them
# changes no file (the copy is compared with the checkout; any difference is printed as a
# diff). `make lint-62` runs it with the toolchain's `swift format` and Swift 6.2's
# swift-format (docs/architecture.md#formatting).
#
# Usage: SWIFT_SOURCES="Sources Tests …" scripts/check-format-agreement.sh SWIFT_FORMAT...
#
# Each argument is one swift-format command: `swift format`, or the path of a swift-format
# binary. SWIFT_SOURCES is the Makefile's list of folders and files, which each tool reads
# with .swift-format, as `make lint` does. Exits 1 when any version finds something or would
# change a file, 2 on a usage error.
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
enter_checkout

usage="usage: SWIFT_SOURCES=\"Sources Tests …\" scripts/check-format-agreement.sh SWIFT_FORMAT..."
if [[ $# -eq 0 || -z ${SWIFT_SOURCES:-} ]]; then
  echo "$usage" >&2
  exit 2
fi
read -r -a sources <<<"$SWIFT_SOURCES"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/format-agreement.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

clean=0
index=0
for tool in "$@"; do
  index=$((index + 1))
  read -r -a command <<<"$tool"
  version=$("${command[@]}" --version 2>&1) || die "$tool: does not run: $version"
  echo "== $tool: swift-format $version"
  agrees=1

  if "${command[@]}" lint --strict --parallel --recursive "${sources[@]}"; then
    echo "lint --strict: no finding"
  else
    echo "lint --strict: findings above"
    agrees=0
  fi

  copy="$scratch/$index"
  mkdir "$copy"
  tar -cf - .swift-format "${sources[@]}" | (cd "$copy" && tar -xf -)
  (cd "$copy" && "${command[@]}" format --in-place --parallel --recursive "${sources[@]}") || agrees=0
  changed=0
  for source in "${sources[@]}"; do
    diff -ru "$source" "$copy/$source" || changed=1
  done
  if [[ $changed -eq 0 ]]; then
    echo "format: no file changed"
  else
    echo "format: the files above would change"
    agrees=0
  fi

  clean=$((clean + agrees))
done

echo "format agreement: $clean of $# swift-format versions accept the code as it is"
[[ $clean -eq $# ]]
