#!/usr/bin/env bash
# Prints the path of axe-core's browser script (axe.min.js), the accessibility engine the
# browser tests run on built pages (Tests/TimelineTestSupport/AxeCheck.swift), installing
# it first when it is missing.
#
# Usage: scripts/axe-core.sh            (prints the path)
#        scripts/axe-core.sh --install  (installs it and exits: `make test-deps`)
#
# axe-core comes from PyPI, the registry this project's machines reach: the wheel of
# axe-playwright-python ships it as axe_playwright_python/axe.min.js. The wheel is fetched
# with `pip download --no-deps` (nothing of Playwright is installed) and only the script is
# kept, at $AXE_CORE_DIR (default ~/.cache/timeline/axe-core/<version>/axe.min.js).
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

wheel_package="axe-playwright-python==0.1.8"
folder="${AXE_CORE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/timeline/axe-core/${wheel_package##*==}}"
script="$folder/axe.min.js"

[[ $# -le 1 ]] || die "usage: scripts/axe-core.sh [--install]"
install_only=false
if [[ ${1:-} == "--install" ]]; then install_only=true; fi

if [[ ! -s "$script" ]]; then
  command -v python3 >/dev/null 2>&1 || die "python3 is missing"
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  echo "==> Fetching axe-core from $wheel_package (PyPI)" >&2
  python3 -m pip download -q --disable-pip-version-check --no-deps -d "$download" "$wheel_package" >&2 ||
    die "could not download $wheel_package"
  mkdir -p "$folder"
  python3 - "$download" "$script" <<'PYTHON' || die "no axe.min.js in $wheel_package"
import glob, sys, zipfile
wheel = zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0])
name = next(n for n in wheel.namelist() if n.endswith("/axe.min.js"))
with open(sys.argv[2] + ".part", "wb") as out:
    out.write(wheel.read(name))
PYTHON
  mv "$script.part" "$script"
fi
$install_only && exit 0
echo "$script"
