#!/usr/bin/env python3
"""Writes the Hugo twin of a Timeline content folder, for `make bench-compare`.

Usage: hugo_content.py CONTENT_DIR HUGO_CONTENT_DIR

The same users, posts (photo, caption, alt, comments, likes) and follows, as Hugo content that
Benchmarks/compare/hugo/ renders into the same pages Timeline makes: one page per post, a
paginated profile and a paginated timeline per user (the head of the merge of their own posts and
those of everyone they follow, `feedDepth` pages deep), following and followers lists, the
paginated home list, the user list, a search page and a 404 page. Photos are hard links where
the file system allows another link, copies where it does not.
"""
import errno
import json
import os
import shutil
import sys

ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


def push_id_milliseconds(identifier):
    value = 0
    for character in identifier[:8]:
        value = value * 64 + ALPHABET.index(character)
    return value


def iso_date(milliseconds):
    seconds, millis = divmod(milliseconds, 1000)
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % millis


def front_matter(values, body=""):
    # Hugo reads JSON front matter: an object at the top of the file.
    return json.dumps(values, ensure_ascii=False, separators=(",", ":")) + "\n\n" + body


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def link_or_copy(source, destination):
    # The workload already links each photo into up to 65,000 folders, ext4's limit per file.
    try:
        os.link(source, destination)
    except OSError as error:
        if error.errno != errno.EMLINK:
            raise
        shutil.copyfile(source, destination)


def read_post(folder):
    with open(os.path.join(folder, "post.md"), encoding="utf-8") as file:
        text = file.read()
    _, header, caption = text.split("---\n", 2)
    fields = {}
    for line in header.splitlines():
        key, _, value = line.partition(": ")
        fields[key] = json.loads(value) if value.startswith('"') else value
    def records(name):
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            return []
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    return fields, caption, records("comments.json"), records("likes.json")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: hugo_content.py CONTENT_DIR HUGO_CONTENT_DIR")
    source, target = sys.argv[1], sys.argv[2]
    with open(os.path.join(source, "site.json"), encoding="utf-8") as file:
        site = json.load(file)

    users = {}
    for name in sorted(os.listdir(os.path.join(source, "users"))):
        if name.endswith(".json"):
            with open(os.path.join(source, "users", name), encoding="utf-8") as file:
                user = json.load(file)
            users[user["username"]] = user
    followers = {username: [] for username in users}
    for username, user in users.items():
        for followed in user.get("follows", []):
            followers[followed].append(username)

    build_never = {"_build": {"render": "never", "list": "always"}}
    write(os.path.join(target, "_index.md"), front_matter({"title": site["title"], "kind": "home"}))
    write(os.path.join(target, "p", "_index.md"), front_matter(dict(build_never, title="Posts")))
    write(os.path.join(target, "u", "_index.md"), front_matter(dict(build_never, title="Users")))
    write(os.path.join(target, "users", "index.md"), front_matter({"title": "Everyone", "kind": "users", "users": sorted(users)}))
    write(os.path.join(target, "search", "index.md"), front_matter({"title": "Search", "kind": "search"}))

    for username, user in users.items():
        folder = os.path.join(target, "u", username)
        profile = {"title": username, "kind": "profile", "username": username}
        for key, name in (("name", "name"), ("bio", "bio"), ("url", "homepage")):  # Hugo reserves "url"
            if key in user:
                profile[name] = user[key]
        profile["followingCount"] = len(user.get("follows", []))
        profile["followerCount"] = len(followers[username])
        write(os.path.join(folder, "_index.md"), front_matter(profile))
        members = [username] + [name for name in user.get("follows", []) if name != username]
        write(os.path.join(folder, "timeline", "_index.md"), front_matter({"title": username + "'s timeline", "kind": "timeline", "username": username, "members": members}))
        write(os.path.join(folder, "following", "index.md"), front_matter({"title": "Followed by " + username, "kind": "following", "users": user.get("follows", [])}))
        write(os.path.join(folder, "followers", "index.md"), front_matter({"title": "Followers of " + username, "kind": "followers", "users": followers[username]}))

    posts_folder = os.path.join(source, "posts")
    for identifier in os.listdir(posts_folder):
        folder = os.path.join(posts_folder, identifier)
        fields, caption, comments, likes = read_post(folder)
        page = {
            "title": "Photo by " + fields["username"],
            "kind": "post",
            "author": fields["username"],
            "date": iso_date(push_id_milliseconds(identifier)),
            "alt": fields.get("alt", ""),
            "comments": [{"username": comment["username"], "text": comment["text"]} for comment in comments],
            "likes": [like["username"] for like in likes],
        }
        bundle = os.path.join(target, "p", identifier)
        write(os.path.join(bundle, "index.md"), front_matter(page, caption))
        for name in os.listdir(folder):
            if name.startswith("photo."):
                link_or_copy(os.path.join(folder, name), os.path.join(bundle, name))


if __name__ == "__main__":
    main()
