-- Baton's balancer: picks a peer of a service from the peer set nginx-control keeps in
-- shared memory (by weight, with the set's slow start; a standby peer only when no up peer is
-- left, see baton.peerset), counts requests in flight per peer,
-- retries on another peer only when nginx itself decides a retry is allowed
-- (proxy_next_upstream without non_idempotent), and counts every try's outcome per peer in the
-- log phase.
local ngx_balancer = require "ngx.balancer"
local base = require "resty.core.base"
local ffi = require "ffi"
local inflight = require "baton.inflight"
local peer_cache = require "baton.peer_cache"
local pick = require "baton.pick"
local standby = require "baton.standby"
local tally = require "baton.tally"

local ngx = ngx
local now = ngx.now
local get_request = base.get_request
local get_last_failure = ngx_balancer.get_last_failure
local cast = ffi.cast
local tonumber = tonumber

local MAX_MORE_TRIES = 2

local peers_dict = ngx.shared.baton_peers
local standby_keys = setmetatable({}, {
    __index = function(keys, peer_key)
        local key = standby.key(peer_key)
        keys[peer_key] = key
        return key
    end,
})

-- What a balancer returns when no peer can be used: nginx logs "no live upstreams" and answers 502.
local NGX_BUSY = -3

local _M = {}

-- What the balancer tells the log phase about each request under way in this worker, by the
-- address of its nginx request: the peer it is on, when it went there and, for a retried
-- request only, { tried, tries }. Not ngx.ctx, and no table per request: ngx.ctx's table,
-- registry reference and cleanup handler cost more than the in-flight counting does (the CPU per
-- request is BalancerBenchmark's). A request's address is not reused while it is under way, the
-- log phase, which nginx runs for every request the balancer saw, takes its peer out, and a
-- first try (nginx reports no failure before it) writes fresh entries. The tables keep one key
-- per address a request has had, which nginx's allocator reuses; a start is left in place
-- (overwritten by the next request there), as clearing it too costs more than the rest of the
-- log phase.
local peers, starts, retries = {}, {}, {}

local function request_id()
    return tonumber(cast("uintptr_t", get_request()))
end

-- This worker's row of in-flight counters (see baton.inflight), by the peer's slot.
local counts

local function pick_from(entry, tried, least)
    if least then
        return pick.least_in_flight(entry, tried, inflight)
    elseif tried then
        return pick.untried(entry, tried)
    end
    return pick.round_robin(entry)
end

-- Chooses a peer from the worker's cached set and counts it in flight, then reads the set's
-- version: the peer is used only if the set it came from is still the current one. So a peer
-- set replaced at any time before is seen by this request (which then chooses again from the
-- new set), and one replaced later by the control side's drain poll (which then sees the
-- count): never by neither. One shared-memory read per request, after the count: the
-- dictionary's lock is the memory barrier that makes the count visible first.
local function choose(service, tried, least)
    local entry = peer_cache.cached(service)
    for attempt = 1, 3 do
        local peer = entry.n > 0 and pick_from(entry, tried, least) or nil
        if not peer and entry.standby_n > 0 then
            peer = pick.standby(entry, tried)
        end
        if peer then
            counts[peer.slot] = counts[peer.slot] + 1
        end
        local version = peer_cache.version(service)
        if version == entry.version or attempt == 3 then
            return peer, entry
        end
        if peer then
            counts[peer.slot] = counts[peer.slot] - 1
        end
        entry = peer_cache.refresh(service, version)
    end
end

-- nginx is retrying: the request leaves the failed peer, which it must not try again, and the
-- failed try is kept for the log phase to count.
local function leave(id, previous)
    counts[previous.slot] = counts[previous.slot] - 1
    peers[id] = nil
    local retry = retries[id]
    if not retry then
        retry = { tried = {}, tries = {} }
        retries[id] = retry
    end
    retry.tried[previous.key] = true
    retry.tries[#retry.tries + 1] = { key = previous.key, slot = previous.slot, seconds = now() - starts[id] }
    return retry.tried
end

-- A standby peer took a request: its drain is not released while it stands in (see
-- baton.control). Costs a shared-memory write, only on a request no up peer could take.
local function stood_in(peer)
    peers_dict:set(standby_keys[peer.key], now())
end

-- least: whether the route balances by least in flight (round-robin otherwise). The slow start
-- comes with the peer set (see baton.peerset).
function _M.balance(service, least)
    if not counts then
        counts = inflight.row()
        if not counts then
            ngx.log(ngx.ERR, "baton: this worker has no row of in-flight counters, answering 502")
            return ngx.exit(NGX_BUSY)
        end
    end
    local id = request_id()
    local retrying = get_last_failure() ~= nil
    local previous = retrying and peers[id] or nil
    local tried = previous and leave(id, previous)
    if not retrying then
        retries[id] = nil
    end
    local peer, entry = choose(service, tried, least)
    peers[id], starts[id] = peer, now()
    if not peer then
        if previous then
            ngx.log(ngx.ERR, "baton: no other peer is up in upstream '", service, "' to retry on")
        else
            ngx.log(ngx.ERR, "baton: no peer is up in upstream '", service, "', answering 502")
        end
        return ngx.exit(NGX_BUSY)
    end
    if peer.standby then
        stood_in(peer)
    end
    local ok, err = ngx_balancer.set_current_peer(peer.host, peer.port)
    if not ok then
        ngx.log(ngx.ERR, "baton: could not use peer ", peer.key, ": ", err)
        return ngx.exit(NGX_BUSY)
    end
    if not retrying then
        local more = entry.n + entry.standby_n - 1
        if more > MAX_MORE_TRIES then
            more = MAX_MORE_TRIES
        end
        if more > 0 then
            ngx_balancer.set_more_tries(more)
        end
    end
end

-- Runs in the log phase, which nginx runs for every request, including client aborts and
-- upstream errors: the request is no longer in flight on its last peer, and its tries are
-- counted. Only a retried request or a 5xx reads nginx's list of tries.
function _M.log()
    local id = request_id()
    local peer, retry, start = peers[id], retries[id], starts[id]
    local tries = retry and retry.tries
    peers[id] = nil
    if retry then
        retries[id] = nil
    end
    if not peer and not tries then
        return
    end
    -- Counted before the request leaves its peer: a slot with nothing in flight may go to
    -- another peer (see baton.inflight).
    local status = ngx.status
    if tries or status >= 500 then
        tally.tries(tries, peer, peer and now() - start, status)
    else
        tally.request(peer.slot, status, now() - start)
    end
    if peer then
        counts[peer.slot] = counts[peer.slot] - 1
    end
end

return _M
