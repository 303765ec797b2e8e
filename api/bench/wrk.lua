-- The wrk script behind every throughput figure of npm run bench (driven by api/bench/wrk.ts).
--
-- Environment (read by the main Lua state and by every thread's):
--   BENCH_WRK_OUT     file the JSON result is written to
--   BENCH_WRK_METHOD  GET or POST
--   BENCH_WRK_HEADERS extra headers, one "name: value" a line
--   BENCH_WRK_BODY    a fixed body (sent as JSON), or
--   BENCH_WRK_SIGN    an e-mail prefix: a signature body per request, with a fresh e-mail each time
--                     except every 10th, which repeats an earlier one in upper case
--   BENCH_WRK_ALTCHA  a folder of bot-check solutions, one file per thread (<thread number>.txt,
--                     one solution a line): each signature carries the next line of its thread's file
--   BENCH_WRK_OPEN_MS milliseconds each connection waits, once connected, before its first request
--                     (wrk.ts says why, and leaves them out of the load's seconds)
--   BENCH_WRK_PAUSE_MS milliseconds each connection waits before every later request (a generator
--                     that holds the server back, for the test of the saturation check)
--
-- A fixed request is built once by wrk itself (no Lua per request). Every response is counted by
-- status in Lua. Signing also records which e-mails were acknowledged with a 2xx: wrk.ts runs it
-- with one connection per thread, so in each thread request() and response() strictly alternate and
-- a response always answers the one request in flight. (With several connections per thread, wrk
-- calls response() for whichever connection answered first, and it could not be matched.)

local method = os.getenv("BENCH_WRK_METHOD") or "GET"
local fixed_body = os.getenv("BENCH_WRK_BODY")
local sign_prefix = os.getenv("BENCH_WRK_SIGN")
local altcha_dir = os.getenv("BENCH_WRK_ALTCHA")
local altcha_file = nil -- this thread's solutions, read a line per request
local open_ms = tonumber(os.getenv("BENCH_WRK_OPEN_MS") or "0")
local pause_ms = tonumber(os.getenv("BENCH_WRK_PAUSE_MS") or "0")

wrk.method = method
for line in (os.getenv("BENCH_WRK_HEADERS") or ""):gmatch("[^\n]+") do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  if name then wrk.headers[name] = value end
end
if fixed_body or sign_prefix then wrk.headers["Content-Type"] = "application/json" end
if fixed_body then wrk.body = fixed_body end

-- Per thread (each thread has its own Lua state; setup() below gives each its number).
statuses = {}
generated = 0
fresh = 0
unanswered = 0
acknowledged = {}
pending = nil -- the e-mail of the request in flight (signing only)

if sign_prefix then
  -- The same bodies as the node generator always sent (api/bench/exact-sign.ts): request i signs
  -- as signer i, except that every 10th (i % 10 == 9) repeats signer i - 5 in upper case.
  local function signature(i)
    local n = i
    if i % 10 == 9 and i > 5 then n = i - 5 end
    local email = string.format("%s-%d-%d@bench.example.org", sign_prefix, thread_number, n)
    if n ~= i then email = email:upper() end
    local altcha = ""
    if altcha_dir then
      altcha_file = altcha_file or assert(io.open(altcha_dir .. "/" .. thread_number .. ".txt"))
      altcha = string.format(',"altcha":"%s"', altcha_file:read("*l") or "")
    end
    local body = string.format(
      '{"name":"Bench Signer %d","email":"%s","street_address":"%d Main Street","city":"Springfield","state":"IL","zip_code":"62704","is_public":true%s}',
      n, email, n, altcha)
    return wrk.format(nil, nil, nil, body), email:lower(), n == i
  end

  -- Before the run, wrk calls request() once in the first thread's state to count the requests it
  -- returns (script_verify_request in wrk.c) and never sends that one: it must not count.
  local first_call = true

  function request()
    if first_call then
      first_call = false
      if thread_number == 1 then return (signature(0)) end
    end
    -- A request generated while the last one is still unanswered means wrk dropped that one (a
    -- socket error and a reconnect): it was never acknowledged.
    if pending then unanswered = unanswered + 1 end
    local req, email, is_fresh = signature(generated)
    generated = generated + 1
    if is_fresh then fresh = fresh + 1 end
    pending = email
    return req
  end
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if pending then
    if status >= 200 and status < 300 then acknowledged[#acknowledged + 1] = pending end
    pending = nil
  end
end

if open_ms > 0 or pause_ms > 0 then
  -- wrk asks delay() before each request once it is defined (and only then: a fixed request stays
  -- wrk's own). A connection wrk opens again after an error does not wait the opening again.
  local opened = false
  function delay()
    if opened then return pause_ms end
    opened = true
    return open_ms
  end
end

-- Main state: every thread, to read its counters in done().
local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
  thread:set("thread_number", #threads)
end

local function json_string_list(list)
  local quoted = {}
  for i, s in ipairs(list) do quoted[i] = '"' .. s .. '"' end
  return "[" .. table.concat(quoted, ",") .. "]"
end

function done(summary, latency, requests)
  local counts = {}
  local total = { generated = 0, fresh = 0, unanswered = 0 }
  local emails = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do counts[status] = (counts[status] or 0) + count end
    for key in pairs(total) do total[key] = total[key] + thread:get(key) end
    for _, email in ipairs(thread:get("acknowledged")) do emails[#emails + 1] = email end
    -- The request a connection still had in flight when wrk stopped was never answered.
    if thread:get("pending") then total.unanswered = total.unanswered + 1 end
  end
  local status_json = {}
  for status, count in pairs(counts) do status_json[#status_json + 1] = string.format('"%d":%d', status, count) end
  local e = summary.errors
  local out = assert(io.open(os.getenv("BENCH_WRK_OUT"), "w"))
  out:write(string.format(
    '{"requests":%d,"durationMicros":%d,"statuses":{%s},"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d},' ..
    '"p50Micros":%d,"p99Micros":%d,"maxMicros":%d,"generatorCpuSeconds":%.3f,' ..
    '"generated":%d,"fresh":%d,"unanswered":%d,"acknowledgedEmails":%s}\n',
    summary.requests, summary.duration, table.concat(status_json, ","), e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max, os.clock(),
    total.generated, total.fresh, total.unanswered, json_string_list(emails)))
  out:close()
end
