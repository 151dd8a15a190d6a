#!/usr/bin/env bash
# Shows that the compiler refuses a backward reference between the pipeline's targets: for each
# case, a file that imports a target above its own (or beside it) is added, the target is built
# with SwiftPM's import check, and the build must fail with SwiftPM's error naming the import
# (or, where the compiler stops first, its error that the imported module's own dependencies
# are missing from the importing target).
# The file is removed again whatever happens.
# SwiftPM's check skips every target that has, or depends on a target that has, generated
# sources (TimelineSite's theme plugin: TimelineSite, TimelineBuild, TimelinePreview, the command
# line and the tests), so the script first checks every `import` of our targets against the
# dependencies Package.swift declares (`swift package dump-package`), as SwiftPM's check would,
# and a probe into a target SwiftPM skips must be refused by that check or by the compiler.
# See docs/architecture.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# Prints each `import` of a target of this package that the importing target does not list,
# directly or through the targets it lists, as `path:line: Target imports Imported`.
undeclared_imports() {
    swift package dump-package | python3 -c '
import json, os, re, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
module = {name.replace("-", "_"): name for name in targets}
def listed(target):
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency and dependency[kind][0] in targets:
                yield dependency[kind][0]
closure = {}
def reach(name):
    if name not in closure:
        closure[name] = set()
        for dependency in listed(targets[name]):
            closure[name] |= {dependency} | reach(dependency)
    return closure[name]
statement = re.compile(r"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+)*import\s+(?:(?:struct|enum|class|protocol|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
for name, target in sorted(targets.items()):
    if target["type"] in ("system", "plugin", "binary"):
        continue
    folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + name
    for root, _, files in os.walk(folder):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(root, file)
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    match = statement.match(line)
                    imported = module.get(match.group(1)) if match else None
                    if imported and imported != name and imported not in reach(name):
                        print(f"{path}:{number}: {name} imports {imported}")
'
}

found=$(undeclared_imports)
if [[ -n "$found" ]]; then
    echo "FAIL: imports of targets not listed in Package.swift:"
    echo "$found"
    exit 1
fi
echo "ok: every import of a target of this package is one its target lists"

# target, the target it must not import, a type of that target
cases=(
    "TimelineSystem TimelineModel Diagnostic"
    "TimelineModel TimelineContent ContentLoader"
    "TimelineContent TimelineSite SiteFiles"
    "TimelineContent TimelineAuthoring ContentAuthor"
    "TimelineSite TimelineAuthoring ContentAuthor"
    "TimelineBuild TimelineAuthoring ContentAuthor"
    "TimelinePreview TimelineAuthoring ContentAuthor"
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
        if undeclared_imports | grep -q "$target imports $imported\$"; then
            # A target SwiftPM's check skips (above): the declared-import check refuses it.
            echo "ok: $target cannot import $imported (the declared-import check; SwiftPM skips $target)"
        else
            echo "FAIL: $target built with 'import $imported'"
            failures=$((failures + 1))
        fi
    elif grep -q "error: no such module '$imported'" "$log" && undeclared_imports | grep -q "$target imports $imported\$"; then
        # The imported module was never built into this build folder (a build of the importing
        # target alone does not build it), so the compiler cannot see it either.
        echo "ok: $target cannot import $imported (the compiler: no such module; the declared-import check)"
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
