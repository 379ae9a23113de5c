-- The benchmark's bare balancer, the floor of any Lua balancer: it only sets a peer, with no
-- shared memory, no counting and no log phase. It takes the peers in turn, as nginx's static
-- round-robin and Baton's balancer do, so that at 1,000 peers every upstream of the benchmark
-- finds (or misses) nginx's cached keepalive connections alike.
local set_current_peer = require("ngx.balancer").set_current_peer

local turn = 0

-- first: the first peer's port on 127.0.0.1; count: how many consecutive ports.
return function(first, count)
    turn = turn % count + 1
    set_current_peer("127.0.0.1", first + turn - 1)
end
