-- Baton's control endpoint: nginx-control replaces a service's whole peer set, reads it back
-- with in-flight counts, reads each peer's request statistics, and reads the epoch that tells
-- it whether nginx restarted. Plain text, one peer per line, so no JSON library is needed on a
-- stock nginx.
local inflight = require "baton.inflight"
local peerset = require "baton.peerset"
local standby = require "baton.standby"
local tally = require "baton.tally"

local ngx = ngx
local peers_dict = ngx.shared.baton_peers

local _M = {}

local token

local SERVICE = "^[a-z0-9][a-z0-9-]*$"
-- A pushed peer: "host:port up|standby|down [weight]", the weight 1-100 (100 when left out).
local PEER = "^(%S+:%d+) (%a+)$"
local WEIGHTED_PEER = "^(%S+:%d+) (%a+) (%d+)$"
-- The optional first line of a pushed set: "slow-start <seconds>", 0 (off) to 3600, to the
-- millisecond.
local SLOW_START_LINE = "^slow%-start[^\n]*"
local SLOW_START = "^slow%-start (%d+)%.?(%d*)$"
local MAX_SLOW_START_MS = 3600 * 1000

-- In flight on a peer's slot, on the whole node; 0 for a peer with no slot. rows: as
-- inflight.rows() gave it, read once for all the peers of an answer.
local function in_flight(slot, rows)
    return slot and inflight.count(slot, rows) or 0
end

-- Runs once in the master when nginx starts: a new shared memory zone gets a new epoch,
-- which the restart of nginx (not a reload, which Baton never does) creates. The in-flight
-- counters are mapped from counters_file (see baton.inflight).
function _M.init(token_file, counters_file)
    inflight.init(counters_file)
    local file, err = io.open(token_file, "r")
    if not file then
        error("baton: cannot read the control token file " .. token_file .. ": " .. tostring(err))
    end
    token = file:read("*l")
    file:close()
    if not token or #token == 0 then
        error("baton: the control token file " .. token_file .. " is empty")
    end
    math.randomseed(ngx.now() * 1000 + ngx.worker.pid())
    peers_dict:add("epoch", string.format("%d-%d-%d", ngx.now() * 1000, ngx.worker.pid(),
        math.random(1, 1000000000)))
end

local function reply(status, body)
    ngx.status = status
    ngx.header["Content-Type"] = "text/plain"
    ngx.header["Content-Length"] = #body
    ngx.print(body)
    return ngx.exit(status)
end

local function service_arg()
    local service = ngx.req.get_uri_args()["service"]
    if type(service) ~= "string" or not service:match(SERVICE) then
        return nil
    end
    return service
end

-- Milliseconds as the seconds a push gives them in: 1500 -> "1.5".
local function seconds(millis)
    return (string.format("%.3f", millis / 1000):gsub("%.?0+$", ""))
end

local function read_peers(service)
    local raw = peers_dict:get("p:" .. service) or ""
    local lines = { "version " .. (peers_dict:get("v:" .. service) or 0),
                    "slow-start " .. seconds(peerset.slow_start(raw)) }
    local rows = inflight.rows()
    peerset.each(raw, function(address, state, weight, since)
        local count = in_flight(inflight.slot(service .. "/" .. address), rows)
        lines[#lines + 1] = address .. " " .. state .. " " .. count .. " " .. weight .. " " .. since
    end)
    return reply(200, table.concat(lines, "\n") .. "\n")
end

-- The state of each peer in the stored set, and the time each peer up came up.
local function states_of(raw)
    local states, since = {}, {}
    peerset.each(raw, function(address, state, _, at)
        states[address] = state
        if state == "up" then
            since[address] = at
        end
    end)
    return states, since
end

-- The slow start of a pushed line in milliseconds, or nil when the line is malformed.
local function slow_start_millis(line)
    local whole, fraction = line:match(SLOW_START)
    if not whole or #fraction > 3 then
        return nil
    end
    local millis = tonumber(whole) * 1000 + tonumber(fraction .. string.rep("0", 3 - #fraction))
    return millis <= MAX_SLOW_START_MS and millis or nil
end

-- Replaces the peer set and its slow start; the same set again changes nothing, so pushes are
-- idempotent. A peer that was up keeps the time it came up, also when only the slow start
-- changes; one that comes up now is stamped now, which starts its slow start. A peer that joins
-- the set counts its statistics from zero (see baton.inflight). A peer becomes a standby only
-- from up (or stays one): pushed as standby while down (its drain was released, or it is new
-- to this nginx), it stays down, so a restarted nginx-control that pushes its sets again can
-- never hand requests to an instance that is restarting.
local function store_peers(service, body)
    local lines, addresses, kept = {}, {}, {}
    local first = body:match(SLOW_START_LINE)
    if first then
        local slow_start = slow_start_millis(first)
        if not slow_start then
            return 400, "bad slow start line '" .. first .. "': expected 'slow-start <seconds 0-3600, to the millisecond>'\n"
        end
        if slow_start > 0 then
            lines[1] = peerset.slow_start_line(slow_start)
        end
        body = body:sub(#first + 2)
    end
    local stored = peers_dict:get("p:" .. service) or ""
    local states, since = states_of(stored)
    local now = math.floor(ngx.now() * 1000)
    for line in body:gmatch("[^\n]+") do
        local address, state, weight = line:match(WEIGHTED_PEER)
        if not address then
            address, state = line:match(PEER)
        end
        weight = tonumber(weight) or 100
        if not address or not peerset.STATES[state] or weight < 1 or weight > 100 then
            return 400, "bad peer line '" .. line .. "': expected 'host:port up|standby|down [weight 1-100]'\n"
        end
        if state == "standby" and states[address] ~= "up" and states[address] ~= "standby" then
            state = "down"
        end
        local up = state == "up"
        lines[#lines + 1] = peerset.line(address, state, weight, up and (since[address] or now) or 0)
        addresses[#addresses + 1] = address
        kept[address] = true
    end
    local wanted = table.concat(lines, "\n")
    if stored ~= wanted then
        inflight.sweep()
        for _, address in ipairs(addresses) do
            local ok, err = inflight.join(service .. "/" .. address)
            if not ok then
                return 507, "cannot count the requests of " .. service .. "/" .. address .. ": " .. err .. "\n"
            end
        end
        local ok, err = peers_dict:set("p:" .. service, wanted)
        if not ok then
            return 507, "cannot store the peers of " .. service .. ": " .. err .. "\n"
        end
        peers_dict:incr("v:" .. service, 1, 0)
        peerset.each(stored, function(address)
            if not kept[address] then
                inflight.leave(service .. "/" .. address)
            end
        end)
    end
    return 200, "version " .. (peers_dict:get("v:" .. service) or 0) .. "\n"
end

-- A service's stored set is read, changed and written back by one request at a time (a push
-- and a drain's release come on different connections, so maybe in different workers): a
-- lock in the shared dictionary, which expires should its holder die.
local LOCK_SECONDS = 1

local function locked(service, fn, ...)
    local key = "lock:" .. service
    while not peers_dict:add(key, true, LOCK_SECONDS) do
        ngx.sleep(0.001)
    end
    local ok, status, body = pcall(fn, service, ...)
    peers_dict:delete(key)
    if not ok then
        error(status)
    end
    return status, body
end

local function replace_peers(service)
    ngx.req.read_body()
    return reply(locked(service, store_peers, ngx.req.get_body_data() or ""))
end

-- Takes standby peers down, one new version of the set for all of them. The balancer counts a
-- request before it reads the version (see baton.balancer), so a count read after this sees
-- every request that may still have chosen them.
local function take_down(service, released)
    local raw = peers_dict:get("p:" .. service) or ""
    local lines, changed = {}, false
    local first = raw:match(SLOW_START_LINE)
    if first then
        lines[1] = first
    end
    peerset.each(raw, function(address, state, weight, since)
        if released[address] and state == "standby" then
            state, changed = "down", true
            standby.forget(service .. "/" .. address)
        end
        lines[#lines + 1] = peerset.line(address, state, weight, since)
    end)
    if changed then
        peers_dict:set("p:" .. service, table.concat(lines, "\n"))
        peers_dict:incr("v:" .. service, 1, 0)
    end
    return changed
end

-- Every peer's statistics since nginx started (or since the peer joined the set): the epoch,
-- then "host:port requests server-errors connect-failures" and the latency buckets per peer.
local function read_stats(service)
    local lines = { "epoch " .. peers_dict:get("epoch") }
    local rows = inflight.rows()
    peerset.each(peers_dict:get("p:" .. service) or "", function(address)
        lines[#lines + 1] = address .. " " .. tally.read(service .. "/" .. address, rows)
    end)
    return reply(200, table.concat(lines, "\n") .. "\n")
end

local MAX_WAIT_MS = 1000

-- Each peer's state in the service's stored set, decoded again only when its version moved
-- (a held read checks every millisecond).
local function current_states(service, known)
    local version = peers_dict:get("v:" .. service) or 0
    if known and known.version == version then
        return known
    end
    return { version = version, of = states_of(peers_dict:get("p:" .. service) or "") }
end

-- Reads in-flight counts: "host:port count" per peer, "host:port count standby" for a peer still
-- on standby. With wait_ms, the answer waits here until one of the peers is idle or the wait runs
-- out, checking every millisecond: the drain is seen within a millisecond of its last request's
-- end, and the node makes one request per wait instead of one per check.
-- With release=idle (a drain's read), a standby peer that is idle, nothing in flight and not
-- standing in for the service (see baton.standby), is taken down before the counts are read;
-- with release=all (a drain that ran out), every standby peer read is. Idle means released.
local function read_inflight(service)
    local args = ngx.req.get_uri_args(0)
    local peers = args["peer"]
    if type(peers) == "string" then
        peers = { peers }
    elseif type(peers) ~= "table" then
        peers = {}
    end
    local wait = tonumber(args["wait_ms"]) or 0
    if wait < 0 or wait > MAX_WAIT_MS then
        return reply(400, "wait_ms must be 0.." .. MAX_WAIT_MS .. "\n")
    end
    local release = args["release"]
    if release ~= nil and release ~= "idle" and release ~= "all" then
        return reply(400, "release must be idle or all\n")
    end
    -- A slot does not change while its peer has requests in flight, and the answer comes as
    -- soon as one has none: the slots are looked up once, not at every check.
    local slots, keys = {}, {}
    for i, address in ipairs(peers) do
        if type(address) ~= "string" or not address:match("^%S+:%d+$") then
            return reply(400, "bad peer '" .. tostring(address) .. "': expected host:port\n")
        end
        keys[i] = service .. "/" .. address
        slots[i] = inflight.slot(keys[i])
    end
    local deadline = ngx.now() + wait / 1000
    local states
    while true do
        states = current_states(service, states)
        local lines, idle, rows, now = {}, false, inflight.rows(), ngx.now()
        local releasable, any = {}, false
        for i = 1, #peers do
            local count = in_flight(slots[i], rows)
            local standing = states.of[peers[i]] == "standby"
            if standing and (release == "all"
                    or (release == "idle" and count <= 0 and not standby.standing_in(keys[i], now))) then
                releasable[peers[i]], any = true, true
            end
            lines[i] = peers[i] .. " " .. count .. (standing and " standby" or "")
            idle = idle or (count <= 0 and (not standing or releasable[peers[i]]))
        end
        if any and locked(service, take_down, releasable) then
            rows = inflight.rows()
            states = current_states(service, states)
            for i = 1, #peers do
                lines[i] = peers[i] .. " " .. in_flight(slots[i], rows)
                    .. (states.of[peers[i]] == "standby" and " standby" or "")
            end
        end
        if idle or #peers == 0 or ngx.now() >= deadline then
            return reply(200, table.concat(lines, "\n") .. "\n")
        end
        ngx.sleep(0.001)
        ngx.update_time()
    end
end

function _M.handle()
    local given = ngx.req.get_headers()["X-Baton-Token"]
    if not token or type(given) ~= "string" or given ~= token then
        return reply(401, "a valid X-Baton-Token header is required\n")
    end
    local uri = ngx.var.uri
    local method = ngx.req.get_method()
    if uri == "/baton/epoch" and method == "GET" then
        return reply(200, peers_dict:get("epoch") .. "\n")
    end
    local service = service_arg()
    if not service then
        return reply(400, "query parameter 'service' must match [a-z0-9][a-z0-9-]*\n")
    end
    if uri == "/baton/peers" and method == "GET" then
        return read_peers(service)
    elseif uri == "/baton/peers" and method == "PUT" then
        return replace_peers(service)
    elseif uri == "/baton/inflight" and method == "GET" then
        return read_inflight(service)
    elseif uri == "/baton/stats" and method == "GET" then
        return read_stats(service)
    end
    return reply(404, "unknown control request " .. method .. " " .. uri .. "\n")
end

return _M
