#!/usr/bin/env python3
"""Writes a synthetic Firebase Realtime Database export of the original Timeline app.

The export has the shape `timeline import firebase` reads (see docs/import.md): top-level
`images` (Base64 JPEG strings keyed by image ID), `posts` (keyed by push ID, each with
`username`, `imageEndpoint`, an optional `caption`, and `comments` and `likes` keyed by push
ID) and `users` (keyed by uid, with `user` or `username`, `bio`, `url` and `follows`). Keys
come in sorted order and `images` first, as Firebase writes them, so an importer cannot rely
on having seen the users or posts before the images.

The file is written as it is generated, so its size is not limited by memory. The same
arguments always give the same bytes.

Usage: generate_export.py --posts N --users N --photos DIR --output FILE [--seed N]
"""

import argparse
import base64
import json
import os
import random
import sys

ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"
WORDS = ("sunset launch coffee waterfall horse street camera galaxy rocket cat morning "
         "city river bridge mountain beach rain light shadow window garden market").split()
# 2015-11-02T03:34:47Z, the time of the original sample post.
START_MILLISECONDS = 1_446_435_287_000


def push_id(milliseconds, rng):
    """A Firebase push ID: 8 time characters, most significant first, then 12 random ones."""
    time_part = []
    for _ in range(8):
        time_part.append(ALPHABET[milliseconds % 64])
        milliseconds //= 64
    return "".join(reversed(time_part)) + "".join(rng.choice(ALPHABET) for _ in range(12))


def sentence(rng, low, high):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high))).capitalize() + "."


def load_photos(folder):
    names = sorted(name for name in os.listdir(folder) if name.lower().endswith((".jpg", ".jpeg")))
    if not names:
        sys.exit(f"generate_export.py: no .jpg files in {folder}")
    photos = []
    for name in names:
        with open(os.path.join(folder, name), "rb") as handle:
            photos.append(base64.b64encode(handle.read()).decode("ascii"))
    return photos


def quoted(text):
    return json.dumps(text, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, required=True)
    parser.add_argument("--users", type=int, required=True)
    parser.add_argument("--photos", required=True, help="a folder of small JPEGs, used in turn")
    parser.add_argument("--output", required=True)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    if arguments.posts < 0 or arguments.users < 1:
        sys.exit("generate_export.py: --posts must be 0 or more and --users 1 or more")

    rng = random.Random(arguments.seed)
    photos = load_photos(arguments.photos)
    uids = sorted(f"{rng.getrandbits(128):032x}" for _ in range(arguments.users))
    uids = [f"{u[0:8]}-{u[8:12]}-4{u[13:16]}-a{u[17:20]}-{u[20:32]}" for u in uids]
    usernames = [f"user{index:06d}" for index in range(arguments.users)]

    # Posts one to a few seconds apart; comments and likes minutes after their post.
    posts = []
    milliseconds = START_MILLISECONDS
    for _ in range(arguments.posts):
        milliseconds += rng.randint(1_000, 5_000)
        posts.append((push_id(milliseconds, rng), push_id(milliseconds - 7, rng), rng.randrange(arguments.users), milliseconds))
    posts.sort()

    temporary = arguments.output + ".partial"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write("{\n  \"images\": {")
        for index, (_, image_id, _, _) in enumerate(sorted(posts, key=lambda post: post[1])):
            out.write(("," if index else "") + f"\n    {quoted(image_id)}: \"{photos[index % len(photos)]}\"")
        out.write("\n  },\n  \"posts\": {")
        for index, (post_id, image_id, author, created) in enumerate(posts):
            record = [f"\"imageEndpoint\": {quoted(image_id)}", f"\"username\": {quoted(usernames[author])}"]
            if rng.random() < 0.8:
                record.insert(0, f"\"caption\": {quoted(sentence(rng, 3, 14))}")
            for kind, average in (("comments", 2), ("likes", 4)):
                entries = []
                for slot in range(min(int(rng.expovariate(1 / average)), 50)):
                    entry_id = push_id(created + 60_000 * (slot + 1) + rng.randint(0, 59_999), rng)
                    fields = {"post": post_id, "username": usernames[rng.randrange(arguments.users)]}
                    if kind == "comments":
                        fields["text"] = sentence(rng, 2, 12)
                    entries.append(f"{quoted(entry_id)}: {json.dumps(fields, sort_keys=True, ensure_ascii=False)}")
                if entries:
                    record.insert(1 if kind == "comments" else len(record), f"\"{kind}\": {{{', '.join(sorted(entries))}}}")
            out.write(("," if index else "") + f"\n    {quoted(post_id)}: {{{', '.join(record)}}}")
        out.write("\n  },\n  \"users\": {")
        for index, uid in enumerate(uids):
            name_key = "user" if index % 2 else "username"
            follows = sorted(set(rng.randrange(arguments.users) for _ in range(rng.randint(0, 20))) - {index})
            fields = [f"\"bio\": {quoted(sentence(rng, 3, 10))}"]
            if follows:
                fields.append("\"follows\": {" + ", ".join(f"{quoted(uids[other])}: true" for other in follows) + "}")
            fields.append(f"\"url\": \"https://example.org/{usernames[index]}\"")
            fields.append(f"\"{name_key}\": {quoted(usernames[index])}")
            out.write(("," if index else "") + f"\n    {quoted(uid)}: {{{', '.join(fields)}}}")
        out.write("\n  }\n}\n")
    os.replace(temporary, arguments.output)
    print(f"Wrote {arguments.users} users and {arguments.posts} posts to {arguments.output} "
          f"({os.path.getsize(arguments.output) / 2**20:.1f} MiB)")


if __name__ == "__main__":
    main()
