#!/usr/bin/env python3
"""Runs the official Mustache spec's tests through `timeline render-template` and counts the
passes per spec file. The spec is not part of the repository: give the folder of its
`specs/*.json` files (a checkout of github.com/mustache/spec).

Usage: scripts/mustache-spec.py SPEC_DIR [TIMELINE] [--verbose]
"""
import json
import os
import subprocess
import sys
import tempfile

FILES = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]


def run(spec_dir, timeline, verbose):
    failed_total = 0
    for name in FILES:
        with open(os.path.join(spec_dir, name + ".json"), encoding="utf-8") as handle:
            tests = json.load(handle)["tests"]
        passed = 0
        for test in tests:
            with tempfile.TemporaryDirectory() as folder:
                templates = os.path.join(folder, "templates")
                os.mkdir(templates)
                with open(os.path.join(templates, "test-template.mustache"), "w", encoding="utf-8") as out:
                    out.write(test["template"])
                for partial, text in test.get("partials", {}).items():
                    with open(os.path.join(templates, partial + ".mustache"), "w", encoding="utf-8") as out:
                        out.write(text)
                data = os.path.join(folder, "data.json")
                with open(data, "w", encoding="utf-8") as out:
                    json.dump(test["data"], out)
                result = subprocess.run(
                    [timeline, "render-template", "test-template", "--templates", templates, "--data", data],
                    capture_output=True,
                )
                got = result.stdout.decode("utf-8", "replace")
                if result.returncode == 0 and got == test["expected"]:
                    passed += 1
                else:
                    failed_total += 1
                    if verbose:
                        print(f"FAIL {name}: {test['name']}\n  template: {test['template']!r}\n  partials: {test.get('partials')}\n"
                              f"  expected: {test['expected']!r}\n  got:      {got!r}\n  stderr:   {result.stderr.decode()!r}")
        print(f"{name}.json: {passed}/{len(tests)}")
    return failed_total


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--verbose"]
    if not args:
        sys.exit(__doc__)
    if len(args) > 1:
        timeline = args[1]
    else:
        # The debug build's, where SwiftPM says it puts it.
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
        timeline = os.path.join(bin_path, "timeline")
    sys.exit(1 if run(args[0], timeline, "--verbose" in sys.argv) else 0)
