-- A service's peer set as it is kept in shared memory: an optional first line
-- "slow-start <ms>" (left out while slow start is off), then one peer a line:
-- "host:port up|standby|down weight since". since is when the peer last came up, in milliseconds on
-- nginx's clock (0 while it is down): slow start ramps from it, and nginx stamps it itself, so
-- that pushing the same set again (a restarted nginx-control) does not restart a ramp. The slow
-- start is part of the set so that changing it is a new version, which every worker decodes
-- again, and no request has to read it.
-- A standby peer is one being drained for a restart: nginx chooses it only when no up peer is
-- left to choose (see baton.balancer), until the drain releases it (see baton.control).
-- Plain text, so that no JSON library is needed on a stock nginx.
local _M = {}

_M.STATES = { up = true, standby = true, down = true }

local LINE = "^(%S+:%d+) (%a+) (%d+) (%d+)$"
local SLOW_START = "^slow%-start (%d+)"

-- Calls fn(address, state, weight, since) for every peer of a stored set (the slow start line
-- matches no peer); state is "up", "standby" or "down".
function _M.each(raw, fn)
    for line in raw:gmatch("[^\n]+") do
        local address, state, weight, since = line:match(LINE)
        if address then
            fn(address, state, tonumber(weight), tonumber(since))
        end
    end
end

function _M.line(address, state, weight, since)
    return address .. " " .. state .. " " .. weight .. " " .. since
end

-- The slow start line of a stored set, slow_start in milliseconds (more than 0).
function _M.slow_start_line(slow_start)
    return "slow-start " .. slow_start
end

-- A stored set's slow start in milliseconds, 0 when off.
function _M.slow_start(raw)
    local millis = raw:match(SLOW_START)
    return millis and tonumber(millis) or 0
end

return _M
