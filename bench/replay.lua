-- wrk script of bin/bench: replays requests that were signed before the run, so that wrk only sends.
-- BENCH_REQUESTS  the request file: line 1 "CONST\tname\tvalue..." (headers every request has), then one request a
--                 line: "METHOD\tPATH\tBODY\tname\tvalue..." (its own X-Request-ID, Date, Signature)
-- BENCH_EXPECT    the status every answer must have (200, 201, 401, ...); anything else counts as an error
-- BENCH_RESULT    where done() writes its JSON summary
-- Each wrk thread takes every n-th line, so no X-Request-ID is sent twice while the file lasts.

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do fields[#fields + 1] = field end
  return fields
end

local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  expected = tonumber(os.getenv("BENCH_EXPECT") or "200")
  unexpected = 0
  exhausted = 0
  requests = {}
  local constant = {}
  local index = 0
  local file = assert(io.open(os.getenv("BENCH_REQUESTS"), "r"))
  local stride = tonumber(os.getenv("BENCH_THREADS") or "1")
  for line in file:lines() do
    if index == 0 then
      local f = split(line)
      for i = 2, #f - 1, 2 do constant[f[i]] = f[i + 1] end
    elseif (index - 1) % stride == id then
      local f = split(line)
      local headers = {}
      for name, value in pairs(constant) do headers[name] = value end
      for i = 4, #f - 1, 2 do headers[f[i]] = f[i + 1] end
      local body = f[3] ~= "" and f[3] or nil
      requests[#requests + 1] = wrk.format(f[1], f[2], headers, body)
    end
    index = index + 1
  end
  file:close()
  position = 0
end

function request()
  position = position + 1
  if position > #requests then
    position = 1
    exhausted = exhausted + 1
  end
  return requests[position]
end

function response(status, headers, body)
  if status ~= expected then unexpected = unexpected + 1 end
end

function done(summary, latency, requests_)
  local bad, wrapped = 0, 0
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("unexpected")
    wrapped = wrapped + thread:get("exhausted")
  end
  local e = summary.errors
  local out = assert(io.open(os.getenv("BENCH_RESULT"), "w"))
  out:write(string.format(
    '{"requests":%d,"duration_us":%d,"unexpected_status":%d,"socket_errors":%d,"timeouts":%d,' ..
    '"file_wrapped":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, bad, e.connect + e.read + e.write, e.timeout, wrapped,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
  out:close()
end
