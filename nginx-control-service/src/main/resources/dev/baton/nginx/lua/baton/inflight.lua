-- Counters per peer in memory that every nginx process shares: requests in flight, and the
-- request statistics of baton.tally. A row of counters per worker process, a column per peer
-- (its slot, given by the control endpoint when the peer joins a set). A worker writes only its
-- own row, so counting a request is a plain add, with no lock, no walk down a tree of every
-- peer's keys and nothing to flush later: the shared dictionary's incr, which this replaces,
-- was most of what the balancer's per-request cost grew with the peers (BalancerBenchmark
-- measures it). A peer's count is the sum of its column over the rows.
--
-- The memory is a file that the master maps before it starts its workers, so that the workers
-- of a reload (which Baton never does, but a user of an attached nginx may) share it with the
-- old workers still finishing their requests.
--
-- A worker takes a free row when it starts, and first frees the rows of processes that are
-- gone, setting their in-flight counts to zero: a worker is gone only when nginx killed or lost
-- it (one that exits waits for its requests), and its requests went with it. So a worker killed
-- with requests in flight does not leave its peers in flight until the drain times out. Its
-- statistics stay: they count requests that ended, and the worker that takes the row counts on
-- from them, so a peer's statistics never go down while it is in its set.
--
-- The balancer counts a request on its own row and then reads the peer set's version from a
-- shared dictionary, whose lock is a full memory barrier: the count is visible to the control
-- side before the request can miss a newer set (see baton.balancer).
local ffi = require "ffi"

local ngx = ngx
local peers_dict = ngx.shared.baton_peers
local C = ffi.C

for _, declaration in ipairs({
    "void *mmap(void *addr, size_t length, int prot, int flags, int fd, long offset);",
    "int open(const char *pathname, int flags, int mode);",
    "int ftruncate(int fd, long length);",
    "int close(int fd);",
    "int kill(int pid, int sig);",
    "char *strerror(int errnum);",
}) do
    -- Another module may have declared the same function: LuaJIT refuses a second declaration.
    pcall(ffi.cdef, declaration)
end

local _M = {}

-- At most this many worker processes at once (those of a reload beside the old ones included),
-- and this many peers with a slot at once over every service of the node. The file is sparse:
-- only the rows of running workers take memory, 64 KiB of in-flight counts and 2 MiB of
-- statistics each.
local ROWS, SLOTS = 256, 16384
-- Statistics a slot has room for in a row: doubles, which count exactly up to 2^53 and which
-- LuaJIT adds to without boxing; 16 of them fill two cache lines.
local STATS = 16
_M.STATS = STATS
local O_RDWR, O_CREAT = 2, 64
local PROT_READ_WRITE, MAP_SHARED = 3, 1
local ESRCH = 3

local counters   -- int32_t[ROWS * SLOTS], shared by every process of this nginx
local statistics -- double[ROWS * SLOTS * STATS], after the counters in the same file
local mine       -- this worker's row of counters
local my_stats   -- and of statistics

local function failure(what, path)
    return "baton: cannot " .. what .. " " .. path .. ": " .. ffi.string(C.strerror(ffi.errno()))
end

-- Runs once in the master (init_by_lua), for every start and reload of nginx.
function _M.init(path)
    local fd = C.open(path, O_RDWR + O_CREAT, tonumber("600", 8))
    if fd < 0 then
        error(failure("open the in-flight counters", path))
    end
    local size = ROWS * SLOTS * 4 + ROWS * SLOTS * STATS * 8
    if C.ftruncate(fd, size) ~= 0 then
        local err = failure("size the in-flight counters", path)
        C.close(fd)
        error(err)
    end
    local address = C.mmap(nil, size, PROT_READ_WRITE, MAP_SHARED, fd, 0)
    C.close(fd)
    if ffi.cast("intptr_t", address) == -1 then
        error(failure("map the in-flight counters", path))
    end
    counters = ffi.cast("int32_t *", address)
    statistics = ffi.cast("double *", counters + ROWS * SLOTS)
end

local function alive(pid)
    return C.kill(pid, 0) == 0 or ffi.errno() ~= ESRCH
end

-- Rows up to the highest one claimed since nginx started. Rows are claimed lowest first, and
-- the count only grows (past the highest claim when two workers claim at once, which costs a
-- read of an empty row and nothing else).
local function claimed_rows()
    local rows = peers_dict:get("rows") or 0
    return rows < ROWS and rows or ROWS
end

_M.rows = claimed_rows

local function zero(row)
    ffi.fill(counters + row * SLOTS, SLOTS * 4)
end

-- A row's statistics are cleared when it is first taken since nginx started: the file outlives
-- nginx, and a row taken again holds this nginx's counts (see above).
local function take(row)
    zero(row)
    mine = counters + row * SLOTS
    my_stats = statistics + row * SLOTS * STATS
    if peers_dict:add("used:" .. row, true) then
        ffi.fill(my_stats, SLOTS * STATS * 8)
    end
    while (peers_dict:get("rows") or 0) < row + 1 do
        peers_dict:incr("rows", 1, 0)
    end
end

-- Frees the rows of processes that are gone, their in-flight counts set to zero first. A gone
-- process's row is freed by at most one worker: the first to add the key naming that row and
-- that process.
local function free_rows_of_gone()
    for row = 0, claimed_rows() - 1 do
        local key = "row:" .. row
        local owner = peers_dict:get(key)
        if owner and not alive(owner) and peers_dict:add("gone:" .. row .. ":" .. owner, true, 3600) then
            zero(row)
            peers_dict:delete(key)
        end
    end
end

-- Runs in every worker (init_worker_by_lua): frees the rows of workers that are gone, which is
-- when nginx starts a worker in place of a killed one, and takes the first free row.
function _M.start()
    free_rows_of_gone()
    local pid = ngx.worker.pid()
    for row = 0, ROWS - 1 do
        if peers_dict:add("row:" .. row, pid) then
            return take(row)
        end
    end
    ngx.log(ngx.EMERG, "baton: more than ", ROWS, " nginx workers at once: this one cannot count requests")
end

-- This worker's row, indexed by slot; nil when the worker could not claim one.
function _M.row()
    return mine
end

-- This worker's row of statistics, indexed by slot * STATS + statistic (0 to STATS - 1); nil
-- when the worker could not claim a row.
function _M.stats_row()
    return my_stats
end

-- A peer's statistic on the whole node. rows: as for count.
function _M.stat(slot, statistic, rows)
    local sum, at = 0, slot * STATS + statistic
    for row = 0, (rows or claimed_rows()) - 1 do
        sum = sum + statistics[row * SLOTS * STATS + at]
    end
    return sum
end

-- A slot given to a peer starts its statistics from zero, in every row taken so far (a row
-- taken later is cleared whole). Nothing but a retired slot's last requests, which are the
-- same peer's, counts on it meanwhile.
local function clear_stats(slot)
    for row = 0, claimed_rows() - 1 do
        ffi.fill(statistics + (row * SLOTS + slot) * STATS, STATS * 8)
    end
end

-- A peer's requests in flight on the whole node. rows: what rows() gave, read once for many
-- counts, or nil.
function _M.count(slot, rows)
    local sum = 0
    for row = 0, (rows or claimed_rows()) - 1 do
        sum = sum + counters[row * SLOTS + slot]
    end
    return sum
end

-- Slots, kept beside the peer sets: "s:<service>/<host:port>" holds a peer's slot while the
-- peer is in its set, and retired(slot) after it left with requests still in flight (listed
-- under "retired"), so that its drain is still read; a slot is given again only once nothing
-- is in flight on it.

-- A slot held as retired, and back: retired(retired(slot)) == slot, and retired slots are
-- negative (slot 0 too).
local function retired(slot)
    return -slot - 1
end

local function free(key, slot)
    peers_dict:delete("s:" .. key)
    peers_dict:lpush("free", slot)
end

-- The slot of a peer joining (or still in) a set: its own, or a free one, or a new one. A peer
-- that joins counts its statistics from zero, as nginx-control expects of a peer that was not
-- in the set it read before.
function _M.join(key)
    local held = peers_dict:get("s:" .. key)
    if held and held >= 0 then
        return held
    end
    local slot = held and retired(held) or peers_dict:rpop("free")
    if not slot then
        slot = peers_dict:incr("slots", 1, 0) - 1
        if slot >= SLOTS then
            peers_dict:incr("slots", -1)
            return nil, "more than " .. SLOTS .. " peers at once"
        end
    end
    local ok, err = peers_dict:set("s:" .. key, slot)
    if not ok then
        return nil, err
    end
    clear_stats(slot)
    return slot
end

-- A peer left its set: its slot is free once nothing is in flight on it.
function _M.leave(key)
    local slot = peers_dict:get("s:" .. key)
    if not slot or slot < 0 then
        return
    end
    if _M.count(slot) <= 0 then
        free(key, slot)
    else
        peers_dict:set("s:" .. key, retired(slot))
        peers_dict:lpush("retired", key)
    end
end

-- Frees the slots of retired peers that have nothing left in flight (a peer that joined a set
-- again holds its slot once more, and leaves the list).
function _M.sweep()
    for _ = 1, peers_dict:llen("retired") or 0 do
        local key = peers_dict:rpop("retired")
        local held = key and peers_dict:get("s:" .. key)
        if held and held < 0 then
            if _M.count(retired(held)) <= 0 then
                free(key, retired(held))
            else
                peers_dict:lpush("retired", key)
            end
        end
    end
end

-- The slot a peer's in-flight count is read from, retired or not; nil for a peer with none.
function _M.slot(key)
    local held = peers_dict:get("s:" .. key)
    if not held then
        return nil
    end
    return held >= 0 and held or retired(held)
end

return _M
