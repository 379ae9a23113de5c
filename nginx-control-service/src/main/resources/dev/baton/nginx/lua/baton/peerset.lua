-- A service's peer set as it is kept in shared memory, one peer a line:
-- "host:port up|down weight since". since is when the peer last came up, in milliseconds on
-- nginx's clock (0 while it is down): slow start ramps from it, and nginx stamps it itself, so
-- that pushing the same set again (a restarted nginx-control) does not restart a ramp.
-- Plain text, so that no JSON library is needed on a stock nginx.
local _M = {}

local LINE = "^(%S+:%d+) (%a+) (%d+) (%d+)$"

-- Calls fn(address, up, weight, since) for every peer of a stored set.
function _M.each(raw, fn)
    for line in raw:gmatch("[^\n]+") do
        local address, state, weight, since = line:match(LINE)
        if address then
            fn(address, state == "up", tonumber(weight), tonumber(since))
        end
    end
end

function _M.line(address, up, weight, since)
    return address .. (up and " up " or " down ") .. weight .. " " .. since
end

return _M
