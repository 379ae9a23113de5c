-- Per-peer request statistics. The log phase counts into plain Lua tables of its worker, and
-- a timer adds them to shared memory every 500 ms: a request costs a few table updates, not a
-- dozen shared-memory operations under the zone's lock. The shared counters only grow (until
-- nginx restarts, or the peer leaves the set); nginx-control reads them through the control
-- endpoint and takes differences.
-- The flush is what grows with the peers: each peer a worker saw costs it a shared-memory update
-- per counter that moved, in a tree of every peer's counters. So a peer's requests are not a
-- counter of their own but the sum of its latency buckets (one update, not two, for a peer
-- whose requests all succeeded), and the flush runs twice a second rather than more often: at
-- 1,000 peers each flush updates about every peer (BalancerBenchmark measures the CPU).
local ngx = ngx
local floor = math.floor
local stats = ngx.shared.baton_stats

local _M = {}

local FLUSH_INTERVAL = 0.5

-- Upper bounds of the latency buckets in milliseconds, as PeerStats.LATENCY_BUCKETS_MILLIS;
-- one more bucket counts everything slower.
local BOUNDS = { 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000 }

-- Shared fields of a peer, in the order a flush adds them: the buckets, then the server errors
-- (see read).
local FIRST_BUCKET = 1
local LAST_BUCKET = FIRST_BUCKET + #BOUNDS
local SERVER_ERRORS, CONNECT_FAILURES = LAST_BUCKET + 1, LAST_BUCKET + 2
local FIELDS = CONNECT_FAILURES

-- Per worker: peer key ("service/host:port") -> counts since the last flush, by field, and the
-- shared keys they are added to.
local tallies = {}
local dirty = false

local function tally(key)
    local counts = tallies[key]
    if not counts then
        counts = { keys = {} }
        for field = 1, FIELDS do
            counts[field] = 0
            counts.keys[field] = key .. "#" .. field
        end
        tallies[key] = counts
    end
    return counts
end

-- A try that reached the peer and ended: status is what the client got for it (the upstream's,
-- or nginx's own 502 / 504), seconds from choosing the peer to the end.
local function request(key, status, seconds)
    local counts = tallies[key] or tally(key)
    if status >= 500 then
        counts[SERVER_ERRORS] = counts[SERVER_ERRORS] + 1
    end
    local millis = floor(seconds * 1000 + 0.5)
    local field = FIRST_BUCKET
    while field < LAST_BUCKET and millis > BOUNDS[field - FIRST_BUCKET + 1] do
        field = field + 1
    end
    counts[field] = counts[field] + 1
    dirty = true
end

_M.request = request

local function connect_failure(key)
    local counts = tallies[key] or tally(key)
    counts[CONNECT_FAILURES] = counts[CONNECT_FAILURES] + 1
    dirty = true
end

-- A request nginx retried, or one that ended in a 5xx: each try is counted on its peer.
-- $upstream_connect_time lists the tries in order, "-" for one nginx could not connect to
-- (refused, unreachable, timed out): that is a connect failure of its peer. A try that
-- connected and was still retried broke later (closed, timed out): a request with a server
-- error. The last try ended the request: it counts as a request with the client's status.
-- tries: the earlier tries in order ({ key, seconds }), or nil; last: the peer of the last
-- try, nil when nginx found no other peer to retry on (the last of tries ended the request).
function _M.tries(tries, last, last_seconds, status)
    local connects = {}
    for connect in (ngx.var.upstream_connect_time or ""):gmatch("[^%s,:]+") do
        connects[#connects + 1] = connect
    end
    local earlier = tries and #tries or 0
    local count = last and earlier + 1 or earlier
    for i = 1, count do
        local key, seconds
        if i <= earlier then
            key, seconds = tries[i].key, tries[i].seconds
        else
            key, seconds = last.key, last_seconds
        end
        local refused = connects[i] == "-"
        if refused then
            connect_failure(key)
        end
        if i == count then
            request(key, status, seconds)
        elseif not refused then
            request(key, 502, seconds)
        end
    end
end

-- Adds every worker count to the shared counters (incr creates a missing key at 0).
local function flush()
    if not dirty then
        return
    end
    dirty = false
    for _, counts in pairs(tallies) do
        for field = 1, FIELDS do
            local count = counts[field]
            if count > 0 then
                stats:incr(counts.keys[field], count, 0)
                counts[field] = 0
            end
        end
    end
end

-- Runs in every worker (init_worker_by_lua). When a worker exits, nginx runs the timer one
-- last time (premature): its last counts are flushed too.
function _M.start()
    local ok, err = ngx.timer.every(FLUSH_INTERVAL, flush)
    if not ok then
        ngx.log(ngx.ERR, "baton: cannot start the statistics timer: ", err)
    end
end

-- The shared counters of a peer, space-separated: requests, server errors, connect failures,
-- then the latency buckets. Read from the last field to the first, while a flush adds from the
-- first to the last: a flush under way is then never seen with more server errors than
-- requests (the buckets' sum).
function _M.read(key)
    local fields = {}
    for field = FIELDS, 1, -1 do
        fields[field] = stats:get(key .. "#" .. field) or 0
    end
    local requests = 0
    for field = FIRST_BUCKET, LAST_BUCKET do
        requests = requests + fields[field]
    end
    return requests .. " " .. fields[SERVER_ERRORS] .. " " .. fields[CONNECT_FAILURES] .. " "
        .. table.concat(fields, " ", FIRST_BUCKET, LAST_BUCKET)
end

-- Drops a peer's shared counters when it leaves the set.
function _M.forget(key)
    for field = 1, FIELDS do
        stats:delete(key .. "#" .. field)
    end
end

return _M
