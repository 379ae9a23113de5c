-- The benchmark's baseline: Baton's balancer as it was before weights, slow start and
-- per-peer statistics (round-robin or least-in-flight, in-flight counting, retries), kept
-- unchanged below this comment so that one run compares it with the current one.
-- Baton's balancer: picks a peer of a service from the peer set nginx-control keeps in
-- shared memory, counts requests in flight per peer, and retries on another peer only when
-- nginx itself decides a retry is allowed (proxy_next_upstream without non_idempotent).
local ngx_balancer = require "ngx.balancer"

local ngx = ngx
local peers_dict = ngx.shared.baton_peers
local inflight = ngx.shared.baton_inflight

local MAX_MORE_TRIES = 2

-- What a balancer returns when no peer can be used: nginx logs "no live upstreams" and answers 502.
local NGX_BUSY = -3

local _M = {}

-- Per worker: service -> { version, up = { {host, port, key} ... }, next }
local cache = {}

-- Per worker: service -> "v:<service>", so no request builds the key again.
local version_keys = setmetatable({}, {
    __index = function(keys, service)
        local key = "v:" .. service
        keys[service] = key
        return key
    end,
})

local function decode(service, version, previous)
    local up = {}
    local raw = peers_dict:get("p:" .. service)
    if raw then
        for line in raw:gmatch("[^\n]+") do
            local address, state = line:match("^(%S+) (%a+)$")
            if address and state == "up" then
                local host, port = address:match("^(.*):(%d+)$")
                up[#up + 1] = {
                    host = host:gsub("^%[(.*)%]$", "%1"),
                    port = tonumber(port),
                    key = service .. "/" .. address,
                }
            end
        end
    end
    return { version = version, up = up, next = previous and previous.next or 0 }
end

local function current(service)
    local version = peers_dict:get(version_keys[service]) or 0
    local entry = cache[service]
    if not entry or entry.version ~= version then
        entry = decode(service, version, entry)
        cache[service] = entry
    end
    return entry
end

local function round_robin(entry, tried)
    local up = entry.up
    local n = #up
    for _ = 1, n do
        entry.next = entry.next % n + 1
        local peer = up[entry.next]
        if not tried or not tried[peer.key] then
            return peer
        end
    end
    return nil
end

local function least_in_flight(entry, tried)
    local best, best_count
    local up = entry.up
    local n = #up
    local start = entry.next % (n > 0 and n or 1)
    entry.next = entry.next + 1
    for i = 1, n do
        local peer = up[(start + i - 1) % n + 1]
        if not tried or not tried[peer.key] then
            local count = inflight:get(peer.key) or 0
            if not best or count < best_count then
                best, best_count = peer, count
            end
        end
    end
    return best
end

-- Chooses a peer and counts it in flight. The version is read again after counting, so a
-- peer set replaced in between is seen either by this request (which then chooses again)
-- or by the control side's drain poll (which then sees the count): never by neither.
local function choose(service, tried, least)
    for attempt = 1, 3 do
        local entry = current(service)
        local peer = least and least_in_flight(entry, tried) or round_robin(entry, tried)
        if not peer then
            return nil, entry
        end
        inflight:incr(peer.key, 1, 0)
        if attempt == 3 or (peers_dict:get(version_keys[service]) or 0) == entry.version then
            return peer, entry
        end
        inflight:incr(peer.key, -1, 0)
    end
end

function _M.balance(service, least)
    local ctx = ngx.ctx
    local previous = ctx.baton_peer
    local tried = ctx.baton_tried
    if previous then
        -- nginx is retrying: the request leaves the failed peer and moves to another one.
        inflight:incr(previous.key, -1, 0)
        ctx.baton_peer = nil
        tried = tried or {}
        tried[previous.key] = true
        ctx.baton_tried = tried
    end
    local peer, entry = choose(service, tried, least)
    if not peer then
        if previous then
            ngx.log(ngx.ERR, "baton: no other peer is up in upstream '", service, "' to retry on")
        else
            ngx.log(ngx.ERR, "baton: no peer is up in upstream '", service, "', answering 502")
        end
        return ngx.exit(NGX_BUSY)
    end
    ctx.baton_peer = peer
    local ok, err = ngx_balancer.set_current_peer(peer.host, peer.port)
    if not ok then
        ngx.log(ngx.ERR, "baton: could not use peer ", peer.key, ": ", err)
        return ngx.exit(NGX_BUSY)
    end
    if not previous then
        local more = #entry.up - 1
        if more > MAX_MORE_TRIES then
            more = MAX_MORE_TRIES
        end
        if more > 0 then
            ngx_balancer.set_more_tries(more)
        end
    end
end

-- Runs in the log phase, which nginx runs for every request, including client aborts and
-- upstream errors: the request is no longer in flight on its last peer.
function _M.log()
    local ctx = ngx.ctx
    local peer = ctx.baton_peer
    if peer then
        inflight:incr(peer.key, -1, 0)
        ctx.baton_peer = nil
    end
end

return _M
