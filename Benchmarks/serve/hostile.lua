-- wrk script for scripts/serve-hostile.sh: normal page requests mixed with hostile request
-- targets (traversal in every encoding, NUL, overlong UTF-8, non-UTF-8 bytes, absolute and
-- very long paths, symlinks placed in the output folder). Every response body is searched for
-- the canary placed outside the site and for /etc/passwd's first line; `done` prints the
-- status counts and the leaks.
--
-- Environment: BASE (the site's base path, e.g. /timeline/), PAGES (space-separated normal
-- paths under BASE), CANARY (the secret string), HOSTILE_SHARE (percent of hostile requests,
-- default 50).

local base = os.getenv("BASE") or "/"
local canary = os.getenv("CANARY") or "no canary given"
local hostile_share = tonumber(os.getenv("HOSTILE_SHARE") or "50")
local passwd_line = "root:x:0:0"

local pages = {}
for page in string.gmatch(os.getenv("PAGES") or "", "%S+") do pages[#pages + 1] = base .. page end
if #pages == 0 then pages[1] = base end

local hostile = {
  -- dot segments, raw and encoded, toward /etc/passwd and toward the canary beside the site
  base .. "../../../../../../etc/passwd",
  "/../../../../../../etc/passwd",
  base .. "../../../secret/canary.txt",
  base .. "%2e%2e/%2e%2e/%2e%2e/secret/canary.txt",
  base .. "%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
  base .. "%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret%2fcanary.txt",
  base .. ".%2e/.%2e/.%2e/etc/passwd",
  base .. "p/../../../../../etc/passwd",
  "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  -- double encoding: decodes once to a name holding '%', which is no separator
  base .. "%252e%252e%252f%252e%252e%252f%252e%252e%252fetc%252fpasswd",
  base .. "%25%32%65%25%32%65/etc/passwd",
  -- backslashes, raw and encoded
  base .. "..%5c..%5c..%5cetc%5cpasswd",
  base .. "..\\..\\..\\etc\\passwd",
  base .. "%5c..%5c..%5csecret%5ccanary.txt",
  -- NUL and other control characters
  base .. "index.html%00.png",
  base .. "%00/../../etc/passwd",
  base .. "..%00/..%00/etc/passwd",
  base .. "%0d%0aSet-Cookie:%20x=1",
  base .. "%7f",
  -- overlong and otherwise invalid UTF-8 for '.' and '/'
  base .. "%c0%ae%c0%ae/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
  base .. "%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd",
  base .. "%e0%80%ae%e0%80%ae/etc/passwd",
  base .. "%f0%80%80%ae%f0%80%80%ae/etc/passwd",
  base .. "%ff%fe/",
  base .. "%ed%a0%80",
  -- raw bytes that are not UTF-8
  base .. "\xff\xfe\xfd",
  base .. "caf\xe9/",
  base .. "\xc0\xae\xc0\xae/etc/passwd",
  -- absolute paths and other request-target forms
  "/etc/passwd",
  "//etc/passwd",
  "///etc///passwd",
  "http://127.0.0.1/etc/passwd",
  "file:///etc/passwd",
  "*",
  "etc/passwd",
  -- very long paths and many slashes
  base .. string.rep("a/", 4500),
  base .. string.rep("../", 3000) .. "etc/passwd",
  base .. string.rep("%2e%2e/", 1500) .. "etc/passwd",
  base .. string.rep("/", 2000) .. "index.html",
  base .. string.rep("x", 8200),
  -- queries and fragments carry no path
  base .. "?../../../etc/passwd",
  base .. "?file=/etc/passwd",
  base .. "#/../../../etc/passwd",
  base .. "index.html?x=%00%2e%2e",
  base .. "p?../../../secret/canary.txt",
  -- the symlinks the script put into the output folder
  base .. "canary-link",
  base .. "passwd-link",
  base .. "secret-folder-link/canary.txt",
  base .. "secret-folder-link/",
  base .. "p/canary-link",
  -- invalid percent escapes
  base .. "%",
  base .. "%2",
  base .. "%zz",
  base .. "%g0/",
  base .. "p/%%32%65%%32%65/",
  -- hidden files and other tricks
  base .. ".hidden",
  base .. "%2ehidden",
  base .. "..;/..;/etc/passwd",
  base .. "./index.html",
  base .. "~root/.ssh/id_rsa",
}

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  statuses = {}
  leaks = {}
  leak_count = 0
  hostile_sent = 0
  math.randomseed(os.time() + #threads * 7919)
end

local last_path = ""
-- wrk parses the first request with its own strict parser before it starts, and exits when
-- that refuses it (a raw non-UTF-8 byte or backslash): each Lua state's first request is normal.
local first_request = true

function request()
  if not first_request and math.random(100) <= hostile_share then
    hostile_sent = hostile_sent + 1
    last_path = hostile[math.random(#hostile)]
  else
    first_request = false
    last_path = pages[math.random(#pages)]
  end
  return wrk.format("GET", last_path)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if body and (string.find(body, canary, 1, true) or string.find(body, passwd_line, 1, true)) then
    leak_count = leak_count + 1
    -- wrk does not say which request a response answers: the thread's latest request is a hint.
    if #leaks < 20 then leaks[#leaks + 1] = status .. " (latest request: " .. string.sub(last_path, 1, 200) .. ")" end
  end
end

function done(summary, latency, requests)
  local totals, leak_total, hostile_total, leak_lines = {}, 0, 0, {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do totals[status] = (totals[status] or 0) + count end
    leak_total = leak_total + thread:get("leak_count")
    hostile_total = hostile_total + thread:get("hostile_sent")
    for _, line in ipairs(thread:get("leaks")) do leak_lines[#leak_lines + 1] = line end
  end
  local codes = {}
  for status in pairs(totals) do codes[#codes + 1] = status end
  table.sort(codes)
  local parts = {}
  for _, status in ipairs(codes) do parts[#parts + 1] = status .. ": " .. totals[status] end
  io.write(string.format("hostile: %d requests sent, %d of them hostile (%d distinct hostile targets)\n",
    summary.requests, hostile_total, #hostile))
  io.write("hostile: statuses " .. table.concat(parts, ", ") .. "\n")
  io.write(string.format("hostile: errors connect %d, read %d, write %d, status %d, timeout %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout))
  io.write(string.format("hostile: leaks %d\n", leak_total))
  for _, line in ipairs(leak_lines) do io.write("hostile: LEAK " .. line .. "\n") end
end
