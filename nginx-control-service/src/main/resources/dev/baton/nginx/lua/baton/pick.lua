-- How a peer is chosen among a service's up peers (an entry of baton.peer_cache).
local _M = {}

-- Smooth weighted round-robin, nginx's own algorithm, over groups of equally weighted peers:
-- each pick raises every group's current value by its weight, takes the highest and lowers it
-- by the total, so shares follow the weights and no group gets a run of picks. Within a group,
-- peers take turns. A pick costs the number of groups: one while every peer has the same
-- effective weight, two with a canary next to full peers.
function _M.round_robin(entry)
    local group = entry.groups[1]
    if entry.group_count > 1 then
        local groups = entry.groups
        for i = 1, entry.group_count do
            local other = groups[i]
            other.current = other.current + other.weight
            if other.current > group.current then
                group = other
            end
        end
        group.current = group.current - entry.total
    end
    local i = group.next + 1
    if i > group.n then
        i = 1
    end
    group.next = i
    return group.members[i]
end

-- A retry: the next peer in turn that this request has not tried, weights aside (a retry
-- follows a failure, and must find any peer left).
function _M.untried(entry, tried)
    local up, n = entry.up, entry.n
    for _ = 1, n do
        local i = entry.scan % n + 1
        entry.scan = i
        if not tried[up[i].key] then
            return up[i]
        end
    end
    return nil
end

-- No up peer is left to choose (none is up, or this request tried each and they failed): the
-- next standby peer in turn that this request has not tried. A standby is a peer being drained
-- for a restart, still running until its drain is released: better than answering 502.
function _M.standby(entry, tried)
    local standby, n = entry.standby, entry.standby_n
    for _ = 1, n do
        local i = entry.standby_scan % n + 1
        entry.standby_scan = i
        if not (tried and tried[standby[i].key]) then
            return standby[i]
        end
    end
    return nil
end

-- The fewest requests in flight on the node per unit of weight, as nginx's least_conn: ties
-- (every peer idle, at low load) go by smooth weighted round-robin among the tied peers, so
-- that weights hold at any load. Reads every up peer's count: its cost follows the peers.
-- inflight: baton.inflight, or anything with its rows() and count(slot, rows).
function _M.least_in_flight(entry, tried, inflight)
    local up, n, counts = entry.up, entry.n, entry.counts
    local rows = inflight.rows()
    local best, best_count, tied = nil, 0, 0
    for i = 1, n do
        local peer = up[i]
        if tried and tried[peer.key] then
            counts[i] = -1
        else
            local count = inflight.count(peer.slot, rows)
            counts[i] = count
            if not best or count * best.effective < best_count * peer.effective then
                best, best_count, tied = peer, count, 1
            elseif count * best.effective == best_count * peer.effective then
                tied = tied + 1
            end
        end
    end
    if tied < 2 then
        return best
    end
    local chosen, total = nil, 0
    for i = 1, n do
        local peer = up[i]
        if counts[i] >= 0 and counts[i] * best.effective == best_count * peer.effective then
            peer.current = peer.current + peer.effective
            total = total + peer.effective
            if not chosen or peer.current > chosen.current then
                chosen = peer
            end
        end
    end
    chosen.current = chosen.current - total
    return chosen
end

return _M
