#!/usr/bin/env bash
# Checks every GitHub Actions workflow: this repository's (.github/workflows/*.yml) and the one
# `timeline init` writes into a site (Sources/TimelineAuthoring/Authoring/SiteWorkflow.swift),
# each against GitHub's workflow schema (check-jsonschema --builtin-schema
# vendor.github-workflows) and with zizmor, the Actions security linter (offline audits;
# any finding of medium severity or higher fails). Run by `make lint`.
#
# Usage: scripts/check-workflows.sh                 (checks them all; exit 1 on any problem)
#        scripts/check-workflows.sh --print-init    (prints the init workflow and exits)
#
# The init workflow is taken from its Swift source, not from a built tool, so that the check
# needs no Swift build (`make lint` stays a matter of seconds): the text between the `"""` of
# SiteWorkflow.text(), its indentation removed and its two interpolations, \(source) and
# \(version), given TimelineVersion's values. WorkflowFileTests checks that this is exactly
# what SiteWorkflow.text() returns, so the file checked here is the file init writes.
#
# Both checkers come from PyPI, pinned, installed once into a virtual environment at
# $WORKFLOW_CHECK_VENV (default .build-tools/workflow-venv in the checkout, git-ignored);
# python3's venv module is needed (Debian: python3-venv, installed when missing and root).
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
enter_checkout

checkers=(zizmor==1.32.0 check-jsonschema==0.39.0)
venv="${WORKFLOW_CHECK_VENV:-$PWD/.build-tools/workflow-venv}"
swift_source=Sources/TimelineAuthoring/Authoring/SiteWorkflow.swift
version_source=Sources/TimelineModel/Support/TimelineVersion.swift

# swift_string NAME: the value of `static let NAME = "…"` in TimelineVersion.swift.
swift_string() {
  sed -n "s/^ *public static let $1 = \"\\(.*\\)\"\$/\\1/p" "$version_source"
}

# init_workflow: the text SiteWorkflow.text() returns with its default arguments.
init_workflow() {
  local source version text
  source=$(swift_string sourceRepository)
  version=v$(swift_string current)
  [[ -n $source && $version != v ]] || die "no sourceRepository or current in $version_source"
  text=$(awk '
    /^        """$/ { inside = !inside; if (!inside) exit; next }
    inside { sub(/^        /, ""); print }
  ' "$swift_source")
  [[ -n $text ]] || die "no \"\"\" string in $swift_source"
  text=${text//\\(source)/$source}
  text=${text//\\(version)/$version}
  # Any other escape or interpolation would need Swift to read: refuse rather than guess.
  if [[ $text == *\\* ]]; then die "$swift_source: the workflow has a backslash this script cannot expand"; fi
  printf '%s\n' "$text"
}

if [[ ${1:-} == "--print-init" ]]; then
  init_workflow
  exit 0
fi
[[ $# -eq 0 ]] || die "usage: scripts/check-workflows.sh [--print-init]"

install_checkers() {
  if [[ -x "$venv/bin/zizmor" && -x "$venv/bin/check-jsonschema" ]] &&
     "$venv/bin/python" - "${checkers[@]}" <<'PY' 2>/dev/null; then
import importlib.metadata as m, sys
sys.exit(any(m.version(n) != v for n, v in (a.split("==") for a in sys.argv[1:])))
PY
    return 0
  fi
  if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
      die "python3's venv module is missing; install python3 with it (Debian: apt-get install -y python3-venv)"
    fi
    echo "==> apt-get install python3-venv" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null 2>&1 ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null; }
  fi
  echo "==> Installing ${checkers[*]} into $venv" >&2
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  if ! { python3 -m venv "$venv" && "$venv/bin/python" -m pip install -q --disable-pip-version-check "${checkers[@]}"; }; then
    rm -rf "$venv"
    die "could not install ${checkers[*]}"
  fi
}

install_checkers

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# zizmor takes a workflow for what it is from its place in .github/workflows/.
mkdir -p "$work/site/.github/workflows"
init_workflow >"$work/site/.github/workflows/publish.yml"

workflows=(.github/workflows/*.yml)
[[ -e ${workflows[0]} ]] || die "no workflow in .github/workflows/"
workflows+=("$work/site/.github/workflows/publish.yml")

failed=0
echo "check-jsonschema: ${workflows[*]/#$work\/site/(timeline init)}"
"$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows "${workflows[@]}" || failed=1
echo "zizmor: the same files"
"$venv/bin/zizmor" --offline --strict-collection --no-progress --color never --min-severity medium "${workflows[@]}" || failed=1
if [[ $failed -ne 0 ]]; then
  echo "check-workflows: a workflow breaks GitHub's schema or has a zizmor finding (the init workflow's source: $swift_source)" >&2
  exit 1
fi
echo "check-workflows: ${#workflows[@]} workflows, schema valid, no zizmor finding of medium severity or higher"
