-- The cold mix (bench/cold-mix.mjs): each request the next path of a list file, from a given line on.
--   wrk ... -s wrk-mix.lua URL -- <list file> <first line, 0-based>
-- Counts answers by status (successful, 503 shed under overload, 429 over the rate budget, other)
-- and how many requests went past the list's end (which start again at its top and may be cached),
-- and prints one JSON line at the end.
local threads = {}

setup = function(thread)
  table.insert(threads, thread)
end

-- Globals, not locals: done() reads them from each thread with thread:get.
init = function(args)
  paths = {}
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
  length = #paths
  index = tonumber(args[2])
  issued = 0
  ok, shed, limited, other = 0, 0, 0, 0
end

request = function()
  local path = paths[(index + issued) % length + 1]
  issued = issued + 1
  return wrk.format(nil, path)
end

response = function(status)
  if status >= 200 and status < 300 then
    ok = ok + 1
  elseif status == 503 then
    shed = shed + 1
  elseif status == 429 then
    limited = limited + 1
  else
    other = other + 1
  end
end

done = function(summary, latency, requests)
  local sums = { ok = 0, shed = 0, limited = 0, other = 0, issued = 0, length = 0, first = 0 }
  for _, thread in ipairs(threads) do
    for name, _ in pairs(sums) do
      if name ~= 'length' and name ~= 'first' then
        sums[name] = sums[name] + thread:get(name)
      end
    end
    sums.length = thread:get('length')
    sums.first = thread:get('index')
  end
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"socketErrors":%d,"ok":%d,"shed":%d,"limited":%d,"other":%d,"issued":%d,"listLength":%d,"first":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.connect + errors.read + errors.write + errors.timeout,
    sums.ok, sums.shed, sums.limited, sums.other, sums.issued, sums.length, sums.first))
end
