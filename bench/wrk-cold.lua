-- Every request another page that no request asked for before (a cache miss): one-year periods
-- starting on successive days, at successive offsets. wrk ... -s wrk-cold.lua URL -- <first> <pages>
-- where URL is the summaries path without dateFrom, dateTo and offset; prints one JSON line at the end.
local counter, pages, base
init = function(args)
  counter = tonumber(args[1])
  pages = tonumber(args[2])
  base = os.time({ year = 2024, month = 1, day = 1, hour = 12 })
end
request = function()
  counter = counter + 1
  local day = math.floor(counter / pages)
  local from = os.date('!%Y-%m-%d', base + day * 86400)
  local to = os.date('!%Y-%m-%d', base + (day + 365) * 86400)
  local path = string.format('%s&dateFrom=%s&dateTo=%s&offset=%d', wrk.path, from, to, (counter % pages) * 100)
  return wrk.format(nil, path)
end
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"socketErrors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.connect + errors.read + errors.write + errors.timeout, errors.status))
end
