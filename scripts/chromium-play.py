#!/usr/bin/env python3
"""Opens a page in headless Chromium and plays its first <video>, driving the browser through
the DevTools protocol over --remote-debugging-pipe (file descriptors 3 and 4, no network).
Prints one JSON object: before play, the video's readyState and whether its poster image
loads (with its size); after play, its currentTime once a timeupdate passes 0.3 s, or the
error. Used by the video tests; usage: chromium-play.py CHROMIUM PROFILE_DIR URL"""
import fcntl
import json
import os
import subprocess
import sys

chromium, profile, url = sys.argv[1:4]


def high(descriptor):
    """The descriptor moved to 10 or above, so that 3 and 4 are free for Chromium's ends."""
    moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(descriptor)
    return moved


to_chrome_read, to_chrome_write = map(high, os.pipe())
from_chrome_read, from_chrome_write = map(high, os.pipe())
os.dup2(to_chrome_read, 3)
os.dup2(from_chrome_write, 4)
os.close(to_chrome_read)
os.close(from_chrome_write)
browser = subprocess.Popen(
    [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
     "--no-default-browser-check", "--disable-extensions", "--user-data-dir=" + profile,
     "--autoplay-policy=no-user-gesture-required", "--remote-debugging-pipe", "about:blank"],
    pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(3)
os.close(4)
buffer = b""
next_id = 0


def call(method, params=None, session=None):
    global buffer, next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    os.write(to_chrome_write, json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffer:
            chunk = os.read(from_chrome_read, 65536)
            if not chunk:
                raise SystemExit("Chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                raise SystemExit(json.dumps(reply["error"]))
            return reply["result"]


def evaluate(expression, session):
    result = call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session)
    return result["result"].get("value")


try:
    target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    call("Page.navigate", {"url": url}, session)
    loaded = "new Promise((done) => { const check = () => document.readyState === 'complete' && document.querySelector('video') ? done(true) : setTimeout(check, 20); check(); })"
    evaluate(loaded, session)
    before = evaluate("""new Promise((done) => {
        const video = document.querySelector('video');
        const state = {readyState: video.readyState, poster: video.poster, posterLoaded: false};
        const image = new Image();
        image.onload = () => done(Object.assign(state, {posterLoaded: true, posterWidth: image.naturalWidth, posterHeight: image.naturalHeight}));
        image.onerror = () => done(state);
        image.src = video.poster;
    })""", session)
    after = evaluate("""new Promise((done) => {
        const video = document.querySelector('video');
        const limit = setTimeout(() => done({error: 'no progress', currentTime: video.currentTime}), 20000);
        video.muted = true;
        video.addEventListener('timeupdate', () => { if (video.currentTime > 0.3) { clearTimeout(limit); done({currentTime: video.currentTime, videoWidth: video.videoWidth, videoHeight: video.videoHeight}); } });
        video.addEventListener('error', () => done({error: 'media error ' + (video.error && video.error.code)}));
        video.play().catch((error) => done({error: String(error)}));
    })""", session)
    print(json.dumps({"before": before, "after": after}))
finally:
    browser.kill()
    browser.wait()
