#!/usr/bin/env bash
# Shows that the compiler refuses a backward reference between the pipeline's targets: for each
# case, a file that imports a target above its own (or beside it) is added, the target is built
# with SwiftPM's import check, and the build must fail with SwiftPM's error naming the import
# (or, where the compiler stops first, its error that the imported module's own dependencies
# are missing from the importing target).
# The file is removed again whatever happens. See docs/architecture.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# target, the target it must not import, a type of that target
cases=(
    "TimelineSystem TimelineModel Diagnostic"
    "TimelineModel TimelineContent ContentLoader"
    "TimelineContent TimelineSite SiteFiles"
    "TimelineSite TimelineBuild SiteBuilder"
    "TimelineOutput TimelineSite SiteFiles"
)
probe=""
log=$(mktemp)
trap 'rm -f "$probe" "$log"' EXIT
failures=0
for case in "${cases[@]}"; do
    read -r target imported type <<<"$case"
    probe="Sources/$target/BackwardImportProbe.swift"
    printf 'import %s\n\nlet backwardReference = %s.self\n' "$imported" "$type" >"$probe"
    if swift build --target "$target" --explicit-target-dependency-import-check error ${SWIFT_BUILD_FLAGS:-} >"$log" 2>&1; then
        echo "FAIL: $target built with 'import $imported'"
        failures=$((failures + 1))
    elif grep -q "$target imports another target ($imported)" "$log"; then
        echo "ok: $target cannot import $imported"
    elif grep -q "error: missing required module" "$log"; then
        # The compiler stops before SwiftPM's check can run: the imported target's module needs
        # C modules of its own dependencies, which are not the importing target's (TimelineSite
        # importing TimelineBuild meets TimelineOutput's zlib and brotli this way).
        echo "ok: $target cannot import $imported (the compiler: $(grep -m 1 -o "missing required module.*" "$log"))"
    else
        echo "FAIL: $target with 'import $imported' failed, but not for the import:"
        grep -m 5 "error" "$log" || tail -5 "$log"
        failures=$((failures + 1))
    fi
    rm -f "$probe"
done
exit $((failures > 0))
