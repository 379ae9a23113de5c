-- Per worker: each service's up peers (and its standby peers, see baton.peerset), decoded
-- from shared memory only when the set's version changes, with the set's slow start (in
-- seconds), their effective weights and the round-robin state. While a peer slow-starts, the
-- weights are computed again at most every 100 ms. The balancer reads the version once per
-- request, after counting the peer it picked from the cached set (see baton.balancer), and
-- asks for a fresh entry when it changed.
local inflight = require "baton.inflight"
local peerset = require "baton.peerset"
local weights = require "baton.weights"

local ngx = ngx
local peers_dict = ngx.shared.baton_peers

local _M = {}

-- service -> entry { version, up = { peer... }, n, standby = { peer... }, standby_n, groups,
-- group_count, total, scan, standby_scan, counts, slow_start, ramp_until, reweigh_at };
-- peer = { host, port, key, slot, weight, since, effective, current, standby }
local cache = {}

-- service -> "v:<service>", so that no request builds the key again.
local version_keys = setmetatable({}, {
    __index = function(keys, service)
        local key = "v:" .. service
        keys[service] = key
        return key
    end,
})

function _M.version(service)
    return peers_dict:get(version_keys[service]) or 0
end

local function peer(key, address, slot, weight, since)
    local host, port = address:match("^(.*):(%d+)$")
    return {
        host = host:gsub("^%[(.*)%]$", "%1"),
        port = tonumber(port),
        key = key,
        slot = slot,
        weight = weight,
        since = since / 1000,
        effective = weight,
        current = 0,
    }
end

local function decode(service, version, previous)
    local up, standby = {}, {}
    local raw = peers_dict:get("p:" .. service) or ""
    peerset.each(raw, function(address, state, weight, since)
        if state == "down" then
            return
        end
        local key = service .. "/" .. address
        -- The control endpoint gives a peer its slot before it stores the set.
        local slot = inflight.slot(key)
        if not slot then
            ngx.log(ngx.ERR, "baton: peer ", key, " has no in-flight slot, so it is not used")
        elseif state == "up" then
            up[#up + 1] = peer(key, address, slot, weight, since)
        else
            local spare = peer(key, address, slot, weight, since)
            spare.standby = true
            standby[#standby + 1] = spare
        end
    end)
    local entry = {
        version = version,
        up = up,
        n = #up,
        standby = standby,
        standby_n = #standby,
        scan = previous and previous.scan or 0,
        standby_scan = previous and previous.standby_scan or 0,
        counts = {},
        slow_start = peerset.slow_start(raw) / 1000,
    }
    weights.reweigh(entry, ngx.now(), previous and previous.groups)
    return entry
end

-- The entry this worker holds for the service, decoded on first use and re-weighed when a ramp
-- is due; it may be of an older version.
function _M.cached(service)
    local entry = cache[service]
    if not entry then
        return _M.refresh(service, _M.version(service))
    end
    if entry.ramp_until > 0 then
        local now = ngx.now()
        if now >= entry.reweigh_at then
            weights.reweigh(entry, now, entry.groups)
        end
    end
    return entry
end

-- Decodes the service's set again, now at the given version.
function _M.refresh(service, version)
    local entry = decode(service, version, cache[service])
    cache[service] = entry
    return entry
end

return _M
