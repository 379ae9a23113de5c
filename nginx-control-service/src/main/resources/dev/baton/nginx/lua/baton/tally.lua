-- Per-peer request statistics, counted by the log phase in the worker's row of shared counters
-- (see baton.inflight), at the peer's slot: a request costs two or three adds to memory, and no
-- shared-memory operation or timer flushes anything later, so a statistic is in shared memory
-- as soon as its request ends and the balancer's cost does not grow with the peers. The
-- counters only grow (until nginx restarts, or the peer joins a set again); nginx-control
-- reads them through the control endpoint and takes differences.
local inflight = require "baton.inflight"

local ngx = ngx
local floor = math.floor

local _M = {}

-- Upper bounds of the latency buckets in milliseconds, as PeerStats.LATENCY_BUCKETS_MILLIS;
-- one more bucket counts everything slower.
local BOUNDS = { 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000 }

-- A slot's statistics in its row, in the order a request adds them: its latency bucket, then
-- its server error (see read). A peer's requests are the sum of its buckets.
local FIRST_BUCKET = 0
local LAST_BUCKET = FIRST_BUCKET + #BOUNDS
local SERVER_ERRORS, CONNECT_FAILURES = LAST_BUCKET + 1, LAST_BUCKET + 2
local STATS = inflight.STATS
assert(CONNECT_FAILURES < STATS, "baton: a slot has room for " .. STATS .. " statistics")

-- This worker's row; the balancer answers 502 to every request of a worker without one, and
-- only requests it balanced reach the log phase's counting.
local row

-- A try that reached the peer on slot and ended: status is what the client got for it (the
-- upstream's, or nginx's own 502 / 504), seconds from choosing the peer to the end.
local function request(slot, status, seconds)
    local stats = row or inflight.stats_row()
    row = stats
    local at = slot * STATS
    local millis = floor(seconds * 1000 + 0.5)
    local bucket = FIRST_BUCKET
    while bucket < LAST_BUCKET and millis > BOUNDS[bucket - FIRST_BUCKET + 1] do
        bucket = bucket + 1
    end
    stats[at + bucket] = stats[at + bucket] + 1
    if status >= 500 then
        stats[at + SERVER_ERRORS] = stats[at + SERVER_ERRORS] + 1
    end
end

_M.request = request

local function connect_failure(slot)
    local stats = row or inflight.stats_row()
    row = stats
    stats[slot * STATS + CONNECT_FAILURES] = stats[slot * STATS + CONNECT_FAILURES] + 1
end

-- A request nginx retried, or one that ended in a 5xx: each try is counted on its peer.
-- $upstream_connect_time lists the tries in order, "-" for one nginx could not connect to
-- (refused, unreachable, timed out): that is a connect failure of its peer. A try that
-- connected and was still retried broke later (closed, timed out): a request with a server
-- error. The last try ended the request: it counts as a request with the client's status.
-- tries: the earlier tries in order ({ key, slot, seconds }), or nil; last: the peer of the
-- last try, nil when nginx found no other peer to retry on (the last of tries ended the
-- request). The request left an earlier try's peer when nginx retried, so that peer may have
-- left its set since, and its slot gone to another peer: such a try is not counted.
function _M.tries(tries, last, last_seconds, status)
    local connects = {}
    for connect in (ngx.var.upstream_connect_time or ""):gmatch("[^%s,:]+") do
        connects[#connects + 1] = connect
    end
    local earlier = tries and #tries or 0
    local count = last and earlier + 1 or earlier
    for i = 1, count do
        local slot, seconds
        if i <= earlier then
            local try = tries[i]
            slot, seconds = inflight.slot(try.key) == try.slot and try.slot, try.seconds
        else
            slot, seconds = last.slot, last_seconds
        end
        if slot then
            local refused = connects[i] == "-"
            if refused then
                connect_failure(slot)
            end
            if i == count then
                request(slot, status, seconds)
            elseif not refused then
                request(slot, 502, seconds)
            end
        end
    end
end

-- A peer's counters, space-separated: requests, server errors, connect failures, then the
-- latency buckets; zeros for a peer with no slot. Read from the last statistic to the first,
-- while a request adds its bucket before its error: a request under way is then never seen
-- with more server errors than requests (the buckets' sum).
function _M.read(key, rows)
    local slot = inflight.slot(key)
    local fields = {}
    for field = CONNECT_FAILURES, FIRST_BUCKET, -1 do
        fields[field + 1] = slot and inflight.stat(slot, field, rows) or 0
    end
    local requests = 0
    for field = FIRST_BUCKET, LAST_BUCKET do
        requests = requests + fields[field + 1]
    end
    return requests .. " " .. fields[SERVER_ERRORS + 1] .. " " .. fields[CONNECT_FAILURES + 1] .. " "
        .. table.concat(fields, " ", FIRST_BUCKET + 1, LAST_BUCKET + 1)
end

return _M
