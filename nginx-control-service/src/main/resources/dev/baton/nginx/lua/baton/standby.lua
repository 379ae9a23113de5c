-- When a standby peer (see baton.peerset) may leave its set's last resort. A drain for a restart
-- ends with nothing in flight, and a standby peer can take a request at any moment while no up
-- peer is left (the instance that was verified just before was killed, say): one that took a
-- request within the last HOLD seconds still stands in for the service, and its drain is not
-- released. So the restart that follows a drain never leaves a service with no instance
-- running while another is on its way back; the drain waits, or runs out and fails safe.
local ngx = ngx
local peers_dict = ngx.shared.baton_peers

local _M = {}

_M.HOLD = 1

-- The shared key stamped with the last time the peer took a request as a standby.
function _M.key(peer_key)
    return "b:" .. peer_key
end

-- Whether the peer took a request as a standby within the last HOLD seconds.
function _M.standing_in(peer_key, now)
    local last = peers_dict:get(_M.key(peer_key))
    return last ~= nil and now - last < _M.HOLD
end

-- Forgets the peer's last request as a standby, once it left standby.
function _M.forget(peer_key)
    peers_dict:delete(_M.key(peer_key))
end

return _M
