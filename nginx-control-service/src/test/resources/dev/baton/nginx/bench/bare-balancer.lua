-- The benchmark's bare balancer, the floor of any Lua balancer: it only sets a peer, with no
-- shared memory, no counting and no log phase. It takes the peers in turn, as nginx's static
-- round-robin and Baton's balancer do, so that at 1,000 peers every upstream of the benchmark
-- finds (or misses) nginx's cached keepalive connections alike.
--
-- Its ruler is the same balancer plus a loop of arithmetic that takes a known CPU time alone
-- (calibrate): what that much work per request reads as in the benchmark's table, where a
-- balancer's CPU per request over the bare one is measured in a closed loop on a shared
-- machine, and need not read as the work's own time.
local ffi = require "ffi"
local set_current_peer = require("ngx.balancer").set_current_peer

pcall(ffi.cdef, "struct timespec { long tv_sec; long tv_nsec; };")
pcall(ffi.cdef, "int clock_gettime(int clock, struct timespec *now);")

local CLOCK_THREAD_CPUTIME_ID = 3

local _M = {}

local turn = 0

-- first: the first peer's port on 127.0.0.1; count: how many consecutive ports.
function _M.balance(first, count)
    turn = turn % count + 1
    set_current_peer("127.0.0.1", first + turn - 1)
end

-- The ruler's loop: a chain of dependent multiply-adds, which touches no memory. Its result
-- is kept, so that the compiler cannot drop it.
local iterations, kept = 0, 0

local function work(n)
    local x = 1.0
    for _ = 1, n do
        x = x * 1.0000001 + 0.5
    end
    kept = x
end

function _M.ruler(first, count)
    work(iterations)
    _M.balance(first, count)
end

local now = ffi.new("struct timespec")

local function cpu_seconds()
    ffi.C.clock_gettime(CLOCK_THREAD_CPUTIME_ID, now)
    return tonumber(now.tv_sec) + tonumber(now.tv_nsec) / 1e9
end

-- Sets the ruler's loop to take the given CPU time per request on this machine, timed as the
-- fastest of 20 runs of a million iterations (the fastest is the one the machine's other work
-- weighed on least); returns the iterations.
function _M.calibrate(micros)
    local RUN = 1000000
    work(RUN)
    local fastest = math.huge
    for _ = 1, 20 do
        local start = cpu_seconds()
        work(RUN)
        fastest = math.min(fastest, cpu_seconds() - start)
    end
    iterations = math.floor(micros / 1e6 / fastest * RUN + 0.5)
    return iterations
end

-- Sets the ruler's loop to a number of iterations calibrated before (under callgrind, whose
-- slowed-down clock would time a loop wrongly).
function _M.set_iterations(n)
    iterations = n
    return n
end

return _M
