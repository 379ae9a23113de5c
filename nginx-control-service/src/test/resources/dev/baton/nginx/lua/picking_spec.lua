-- Checks of the balancer's pure functions (baton.weights, baton.pick, baton.peerset), run by a
-- real nginx location: each check returns a failure message or nil, and the location answers
-- "ok" or the failures, one a line.
local weights = require "baton.weights"
local pick = require "baton.pick"
local peerset = require "baton.peerset"

local checks = {}

local function equal(actual, expected, what)
    if actual ~= expected then
        return what .. ": expected " .. tostring(expected) .. ", got " .. tostring(actual)
    end
end

local function peers(...)
    local up = {}
    for i, weight in ipairs({ ... }) do
        up[i] = { key = "orders/127.0.0.1:" .. (9000 + i), slot = i, weight = weight, since = 0,
                  effective = weight, current = 0 }
    end
    return up
end

local function entry(up, slow_start, now)
    local e = { up = up, n = #up, scan = 0, counts = {}, slow_start = slow_start or 0 }
    weights.reweigh(e, now or 1000, nil)
    return e
end

-- picks n times, counting picks per peer key, and the longest run of picks of one key
local function picks(e, n, choose)
    local counts, run, longest, last = {}, 0, {}, nil
    for _ = 1, n do
        local peer = choose(e)
        counts[peer.key] = (counts[peer.key] or 0) + 1
        run = (peer.key == last) and run + 1 or 1
        last = peer.key
        longest[peer.key] = math.max(longest[peer.key] or 0, run)
    end
    return counts, longest
end

checks[#checks + 1] = function()
    return equal(weights.effective(100, 1000, 1000, 30), 10, "weight as the peer comes up")
        or equal(weights.effective(100, 1000, 1015, 30), 55, "halfway through the slow start")
        or equal(weights.effective(100, 1000, 1030, 30), 100, "once the slow start is over")
        or equal(weights.effective(25, 1000, 1000, 30), 3, "a canary coming up (2.5 rounded)")
        or equal(weights.effective(1, 1000, 1000, 30), 1, "never below 1")
        or equal(weights.effective(100, 1000, 1001, 0), 100, "without slow start")
        or equal(weights.effective(100, 1000, 990, 30), 10, "a clock behind the peer's since")
end

checks[#checks + 1] = function()
    local e = entry(peers(100, 100, 25))
    local counts, longest = picks(e, 900, pick.round_robin)
    return equal(e.group_count, 2, "groups of equal weight")
        or equal(counts["orders/127.0.0.1:9001"], 400, "picks of a full peer")
        or equal(counts["orders/127.0.0.1:9003"], 100, "picks of the canary at 25")
        or equal(longest["orders/127.0.0.1:9003"], 1, "the canary never gets two picks in a row")
        or equal(longest["orders/127.0.0.1:9001"], 1, "equal peers take turns")
end

checks[#checks + 1] = function()
    local up = peers(100, 100)
    up[2].since = 1000
    local e = entry(up, 10, 1005)
    local ramping = equal(up[2].effective, 55, "effective weight halfway through")
        or equal(e.ramp_until, 1010, "when the ramp ends")
        or equal(e.reweigh_at, 1005 + weights.REWEIGH_INTERVAL, "the next re-weighing")
    if ramping then
        return ramping
    end
    local counts = picks(e, 155, pick.round_robin)
    local during = equal(counts["orders/127.0.0.1:9002"], 55, "picks of the ramping peer")
    weights.reweigh(e, 1010, e.groups)
    return during or equal(e.ramp_until, 0, "no ramp once it is over")
        or equal(e.group_count, 1, "one group again")
end

checks[#checks + 1] = function()
    local e = entry(peers(100, 100, 100))
    pick.round_robin(e)
    weights.reweigh(e, 1000, e.groups)
    return equal(pick.round_robin(e).key, "orders/127.0.0.1:9002", "turns go on across a re-weighing")
end

checks[#checks + 1] = function()
    local e = entry(peers(100, 25))
    local idle = { rows = function() return 2 end, count = function() return 0 end }
    local counts = picks(e, 125, function(x) return pick.least_in_flight(x, nil, idle) end)
    -- peer 9001 has slot 1
    local busy = { rows = function() return 2 end, count = function(slot) return slot == 1 and 5 or 1 end }
    return equal(counts["orders/127.0.0.1:9002"], 25, "idle peers share by weight")
        or equal(pick.least_in_flight(e, nil, busy).key, "orders/127.0.0.1:9002",
            "fewest in flight per weight (1/25 < 5/100)")
        or equal(pick.least_in_flight(e, { ["orders/127.0.0.1:9002"] = true }, busy).key,
            "orders/127.0.0.1:9001", "a tried peer is never chosen again")
end

checks[#checks + 1] = function()
    local e = entry(peers(100, 100, 100))
    local tried = { ["orders/127.0.0.1:9001"] = true, ["orders/127.0.0.1:9002"] = true }
    return equal(pick.untried(e, tried).key, "orders/127.0.0.1:9003", "a retry finds the peer left")
        or equal(pick.untried(e, { ["orders/127.0.0.1:9001"] = true, ["orders/127.0.0.1:9002"] = true,
            ["orders/127.0.0.1:9003"] = true }), nil, "no peer left")
end

checks[#checks + 1] = function()
    local e = { standby = peers(100, 100), standby_n = 2, standby_scan = 0 }
    local first, second = pick.standby(e, nil), pick.standby(e, nil)
    return equal(first.key, "orders/127.0.0.1:9001", "standby peers take turns")
        or equal(second.key, "orders/127.0.0.1:9002", "the next standby")
        or equal(pick.standby(e, { ["orders/127.0.0.1:9001"] = true }).key, "orders/127.0.0.1:9002",
            "a retry skips the standby it tried")
        or equal(pick.standby(e, { ["orders/127.0.0.1:9001"] = true, ["orders/127.0.0.1:9002"] = true }), nil,
            "no standby left")
        or equal(pick.standby({ standby = {}, standby_n = 0, standby_scan = 0 }, nil), nil, "no standby at all")
end

checks[#checks + 1] = function()
    local raw = peerset.slow_start_line(8500) .. "\n" .. peerset.line("127.0.0.1:9001", "up", 100, 1000)
        .. "\n" .. peerset.line("127.0.0.1:9002", "down", 25, 0)
        .. "\n" .. peerset.line("127.0.0.1:9003", "standby", 100, 0)
    local seen = {}
    peerset.each(raw, function(address, state, weight, since)
        seen[#seen + 1] = address .. " " .. state .. " " .. weight .. " " .. since
    end)
    return equal(peerset.slow_start(raw), 8500, "a stored set's slow start, in ms")
        or equal(peerset.slow_start(peerset.line("127.0.0.1:9001", "up", 100, 1000)), 0,
            "a set stored without slow start")
        or equal(peerset.slow_start(""), 0, "no set")
        or equal(#seen, 3, "peers of a set with a slow start")
        or equal(seen[1], "127.0.0.1:9001 up 100 1000", "its first peer")
        or equal(seen[2], "127.0.0.1:9002 down 25 0", "its second peer")
        or equal(seen[3], "127.0.0.1:9003 standby 100 0", "its standby peer")
end

return {
    run = function()
        local failures = {}
        for i, check in ipairs(checks) do
            local ok, failure = pcall(check)
            if not ok or failure then
                failures[#failures + 1] = "check " .. i .. ": " .. tostring(failure)
            end
        end
        ngx.say(#failures == 0 and "ok" or table.concat(failures, "\n"))
    end,
}
