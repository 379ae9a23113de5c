-- Effective weights: a peer's weight (100 = a full peer, less for a canary), ramped from 10 %
-- to 100 % of it in a straight line over the set's slow start once the peer comes up.
-- Effective weights are whole numbers (1-100), so peers fall into few groups of equal weight,
-- and round-robin picks among groups (see baton.pick): its cost per request follows the number
-- of distinct weights, not the number of peers. No nginx API here: pure functions, tested
-- through a real nginx location.
local floor = math.floor

local _M = {}

-- A ramp is re-weighed at most this often per worker (seconds): a slow start of 30 s moves in
-- 300 steps of at most 1 % of the weight each.
_M.REWEIGH_INTERVAL = 0.1

local START = 0.1

-- The weight a peer gets now. since and now in seconds, slow_start in seconds (0: off).
function _M.effective(weight, since, now, slow_start)
    if slow_start <= 0 or since <= 0 then
        return weight
    end
    local elapsed = now - since
    if elapsed >= slow_start then
        return weight
    end
    if elapsed < 0 then
        elapsed = 0
    end
    local ramped = floor(weight * (START + (1 - START) * elapsed / slow_start) + 0.5)
    return ramped < 1 and 1 or ramped
end

-- Sets every up peer's effective weight and groups the peers by it. The groups' round-robin
-- state is carried over from the previous groups of the same weight, so that re-weighing every
-- 100 ms does not send each window's first request to the same peer.
-- entry: { up = {peers}, n, slow_start }; previous: the groups before, or nil.
function _M.reweigh(entry, now, previous)
    local carried = {}
    if previous then
        for i = 1, #previous do
            carried[previous[i].each] = previous[i]
        end
    end
    local groups, by_weight, total, ramp_until = {}, {}, 0, 0
    local slow_start = entry.slow_start
    for i = 1, entry.n do
        local peer = entry.up[i]
        local weight = _M.effective(peer.weight, peer.since, now, slow_start)
        peer.effective = weight
        if slow_start > 0 and peer.since > 0 and now < peer.since + slow_start then
            ramp_until = math.max(ramp_until, peer.since + slow_start)
        end
        local group = by_weight[weight]
        if not group then
            local before = carried[weight]
            group = { each = weight, weight = 0, members = {}, n = 0,
                      next = before and before.next or 0, current = before and before.current or 0 }
            by_weight[weight] = group
            groups[#groups + 1] = group
        end
        group.n = group.n + 1
        group.members[group.n] = peer
        group.weight = group.weight + weight
        total = total + weight
    end
    entry.groups, entry.group_count, entry.total = groups, #groups, total
    entry.ramp_until = ramp_until
    entry.reweigh_at = now + _M.REWEIGH_INTERVAL
end

return _M
