-- Baton's balancer: picks a peer of a service from the peer set nginx-control keeps in
-- shared memory (by weight, with the set's slow start), counts requests in flight per peer,
-- retries on another peer only when nginx itself decides a retry is allowed
-- (proxy_next_upstream without non_idempotent), and counts every try's outcome per peer in the
-- log phase.
local ngx_balancer = require "ngx.balancer"
local peer_cache = require "baton.peer_cache"
local pick = require "baton.pick"
local tally = require "baton.tally"

local ngx = ngx
local now = ngx.now
local inflight = ngx.shared.baton_inflight

local MAX_MORE_TRIES = 2

-- What a balancer returns when no peer can be used: nginx logs "no live upstreams" and answers 502.
local NGX_BUSY = -3

local _M = {}

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
-- count): never by neither. One shared-memory read per request, after the count.
local function choose(service, tried, least)
    local entry = peer_cache.cached(service)
    for attempt = 1, 3 do
        local peer = entry.n > 0 and pick_from(entry, tried, least) or nil
        if peer then
            inflight:incr(peer.key, 1, 0)
        end
        local version = peer_cache.version(service)
        if version == entry.version or attempt == 3 then
            return peer, entry
        end
        if peer then
            inflight:incr(peer.key, -1, 0)
        end
        entry = peer_cache.refresh(service, version)
    end
end

-- nginx is retrying: the request leaves the failed peer, which it must not try again, and the
-- failed try is kept for the log phase to count.
local function leave(ctx, previous)
    inflight:incr(previous.key, -1, 0)
    ctx.baton_peer = nil
    local tried = ctx.baton_tried or {}
    tried[previous.key] = true
    ctx.baton_tried = tried
    local tries = ctx.baton_tries or {}
    tries[#tries + 1] = { key = previous.key, seconds = now() - ctx.baton_at }
    ctx.baton_tries = tries
    return tried
end

-- least: whether the route balances by least in flight (round-robin otherwise). The slow start
-- comes with the peer set (see baton.peerset).
function _M.balance(service, least)
    local ctx = ngx.ctx
    local previous = ctx.baton_peer
    local tried = previous and leave(ctx, previous)
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
    ctx.baton_at = now()
    local ok, err = ngx_balancer.set_current_peer(peer.host, peer.port)
    if not ok then
        ngx.log(ngx.ERR, "baton: could not use peer ", peer.key, ": ", err)
        return ngx.exit(NGX_BUSY)
    end
    if not previous then
        local more = entry.n - 1
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
    local ctx = ngx.ctx
    local peer = ctx.baton_peer
    local tries = ctx.baton_tries
    if peer then
        inflight:incr(peer.key, -1, 0)
    elseif not tries then
        return
    end
    local status = ngx.status
    if tries or status >= 500 then
        tally.tries(tries, peer, peer and now() - ctx.baton_at, status)
    else
        tally.request(peer.key, status, now() - ctx.baton_at)
    end
end

return _M
