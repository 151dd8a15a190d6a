#!/usr/bin/env bash
# Makes the benchmark sites: one 10-second 1080p H.264 clip, one 10-second 1080p HEVC clip, and
# 20 clips (10-second 1080p H.264) beside a site of the same 20 posts with photos instead.
set -euo pipefail
bin=$1; root=$2
rm -rf "$root"; mkdir -p "$root"; cd "$root"
ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=10 -f lavfi -i sine=frequency=440:duration=10 \
  -c:v libx264 -pix_fmt yuv420p -preset veryfast -c:a aac h264.mp4
ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=10 -f lavfi -i sine=frequency=440:duration=10 \
  -c:v libx265 -pix_fmt yuv420p -preset ultrafast -x265-params log-level=error -c:a aac hevc.mp4
ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=1 -frames:v 1 photo.jpg
site() { # name, file, count
  "$bin" init "$1" --title "$1" >/dev/null
  (cd "$1" && "$bin" new user alice --name Alice >/dev/null
   for i in $(seq 1 "$3"); do id=$(printf -- '-K25Fj8qrMAtxXG3Q%03d' "$i"); mkdir -p "Content/posts/$id"
     ext="${2##*.}"; ln "$root/$2" "Content/posts/$id/clip$i.$ext" 2>/dev/null || cp "$root/$2" "Content/posts/$id/clip$i.$ext"
     printf -- '---\nusername: alice\nimage: clip%s.%s\nalt: Clip %s\n---\n' "$i" "$ext" "$i" > "Content/posts/$id/post.md"; done)
}
site copy h264.mp4 1
site transcode hevc.mp4 1
# 20 distinct photos (frames 1 to 20 of the test pattern), as the 20 clips are distinct sources.
"$bin" init photos20 --title photos20 >/dev/null
(cd photos20 && "$bin" new user alice --name Alice >/dev/null
 for i in $(seq 1 20); do id=$(printf -- '-K25Fj8qrMAtxXG3Q%03d' "$i"); mkdir -p "Content/posts/$id"
   ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=1 -vf "select=eq(n\\,$i)" -frames:v 1 "Content/posts/$id/clip$i.jpg"
   printf -- '---\nusername: alice\nimage: clip%s.jpg\nalt: Clip %s\n---\n' "$i" "$i" > "Content/posts/$id/post.md"; done)
# 20 distinct clips: the H.264 clip remuxed with another comment tag each, so that no two share a source.
"$bin" init clips20 --title clips20 >/dev/null
(cd clips20 && "$bin" new user alice --name Alice >/dev/null
 for i in $(seq 1 20); do id=$(printf -- '-K25Fj8qrMAtxXG3Q%03d' "$i"); mkdir -p "Content/posts/$id"
   ffmpeg -nostdin -v error -y -i "$root/h264.mp4" -c copy -metadata comment="clip $i" "Content/posts/$id/clip$i.mp4"
   printf -- '---\nusername: alice\nimage: clip%s.mp4\nalt: Clip %s\n---\n' "$i" "$i" > "Content/posts/$id/post.md"; done)
