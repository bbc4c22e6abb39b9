-- wrk script of bin/bench: replays requests that were signed before the run, so that wrk only sends.
-- BENCH_REQUESTS  the request file: line 1 "CONST\tname\tvalue..." (headers every request has; a name starting
--                 with "$" is not a header but a value that request lines name instead of repeating it, such as
--                 one TPP's certificate), then one request a line: "METHOD\tPATH\tBODY\tname\tvalue..." (its own
--                 X-Request-ID, Date, Signature, ...; a value "$name" stands for that CONST value; "@expect" is the
--                 status this request must get, when the requests of a file expect different ones)
-- BENCH_EXPECT    the status every answer must have (200, 201, 401, ...), or "line" for each line's @expect
-- BENCH_RESULT    where done() writes its JSON summary
-- Each wrk thread takes every n-th line, so no X-Request-ID is sent twice while the file lasts.
-- A mixed file's answers are checked by count: wrk does not say which request an answer belongs to, but a thread's
-- answers come for its own requests, so a status answered more often than its requests expected it is an error.

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
  local expect = os.getenv("BENCH_EXPECT") or "200"
  per_line = expect == "line"
  expected = tonumber(expect)
  unexpected = 0
  exhausted = 0
  requests = {}
  line_expect = {}
  sent_by_status = {}
  got_by_status = {}
  local constant = {}
  local aliases = {}
  local index = 0
  local file = assert(io.open(os.getenv("BENCH_REQUESTS"), "r"))
  local stride = tonumber(os.getenv("BENCH_THREADS") or "1")
  for line in file:lines() do
    if index == 0 then
      local f = split(line)
      for i = 2, #f - 1, 2 do
        if f[i]:sub(1, 1) == "$" then aliases[f[i]] = f[i + 1] else constant[f[i]] = f[i + 1] end
      end
    elseif (index - 1) % stride == id then
      local f = split(line)
      local headers = {}
      local status = expected
      for name, value in pairs(constant) do headers[name] = value end
      for i = 4, #f - 1, 2 do
        local value = f[i + 1]
        if value:sub(1, 1) == "$" then value = assert(aliases[value], "no CONST value " .. value) end
        if f[i] == "@expect" then status = tonumber(value) else headers[f[i]] = value end
      end
      local body = f[3] ~= "" and f[3] or nil
      requests[#requests + 1] = wrk.format(f[1], f[2], headers, body)
      line_expect[#requests] = status
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
  if per_line then
    local status = line_expect[position]
    sent_by_status[status] = (sent_by_status[status] or 0) + 1
  end
  return requests[position]
end

function response(status, headers, body)
  if per_line then
    local got = (got_by_status[status] or 0) + 1
    got_by_status[status] = got
    if got > (sent_by_status[status] or 0) then unexpected = unexpected + 1 end
  elseif status ~= expected then
    unexpected = unexpected + 1
  end
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
