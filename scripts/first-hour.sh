#!/usr/bin/env bash
# A new user's first hour, with the binary `make install` puts on the PATH: from an empty
# folder, start a site, add a user and a post, build with the built-in theme, override one
# partial, copy a file of the theme, mistype a command. Run by `make test` after the suite. It
# installs the debug build (which `make test` has just built) into a temporary prefix; the
# install steps are those of a release install.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "first hour: $*" >&2; exit 1; }

make -C "$repo" --no-print-directory install PREFIX="$work/prefix" CONFIGURATION=debug SWIFT_BUILD_FLAGS="${SWIFT_BUILD_FLAGS:-}" \
    > "$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "make install failed"; }
export PATH="$work/prefix/bin:$PATH" CI=true
[ "$(command -v timeline)" = "$work/prefix/bin/timeline" ] || fail "timeline is not the installed one"

mkdir "$work/home" && cd "$work/home"
timeline init my-photos --title "My photos" > init.out
grep -q "timeline serve" init.out || fail "init names no next steps"
cd my-photos
[ ! -e Templates ] || fail "init made a templates folder"
timeline new user alice --name "Alice" > /dev/null
cp "$repo/Content/posts/-K25Fj8qrMAtxXG3QCSn/rocket.jpg" ../rocket.jpg
timeline new post --user alice ../rocket.jpg --caption "My first photo" --alt "A rocket lifting off" > /dev/null
timeline build > /dev/null
grep -q "My first photo" Output/index.html || fail "the post is not on the home page"
cmp -s Output/assets/style.css "$repo/Templates/assets/style.css" || fail "the built-in stylesheet is not published"

timeline theme copy partials/post-card > /dev/null
{ echo '<p class="mine">mine</p>'; cat Templates/partials/post-card.mustache; } >"$work/post-card.mustache"
mv "$work/post-card.mustache" Templates/partials/post-card.mustache
timeline build > /dev/null
grep -q '<p class="mine">' Output/index.html || fail "the overridden partial is not used"
grep -q '<link rel="stylesheet" href="/assets/style.css">' Output/index.html || fail "the built-in base is not used"
timeline check 2> /dev/null | grep -q "overrides 1 file: partials/post-card.mustache" || fail "check does not name the override"
if timeline theme copy partials/post-card 2> refused.err; then fail "theme copy overwrote a changed file"; fi
grep -q "differs from the built-in" refused.err || fail "theme copy does not say why it refused"

if timeline biuld 2> mistyped.err; then fail "timeline biuld succeeded"; fi
grep -q "did you mean 'build'?" mistyped.err || fail "no suggestion for biuld"
echo "first hour: ok (init, new user, new post, build, override, theme copy, biuld with $(command -v timeline))"
