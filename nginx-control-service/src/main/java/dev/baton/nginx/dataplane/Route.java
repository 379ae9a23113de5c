package dev.baton.nginx.dataplane;

import java.time.Duration;
import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * One service nginx serves on this node: where clients reach it, how its peers are
 * chosen, how long a peer that comes up takes to reach its full share, and how many idle
 * connections to its peers each nginx worker keeps.
 *
 * @param service the service, which names the upstream
 * @param listen the address nginx listens on for it
 * @param balancing how peers are chosen
 * @param slowStart how long a peer's share ramps from 10 % to 100 % of its weight once it
 * comes up; zero for none
 * @param keepalive idle connections to the peers each worker keeps for reuse (nginx's
 * {@code keepalive}); a service with more peers than this opens a connection for most
 * requests
 */
public record Route(ServiceName service, Endpoint listen, Balancing balancing, Duration slowStart, int keepalive) {

	/** What nginx-control has always written; enough for up to a few hundred peers. */
	public static final int DEFAULT_KEEPALIVE = 256;

	public Route {
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(listen, "listen is required");
		Objects.requireNonNull(balancing, "balancing is required");
		Objects.requireNonNull(slowStart, "slowStart is required");
		if (slowStart.isNegative()) {
			throw new IllegalArgumentException("slowStart must not be negative, got " + slowStart);
		}
		if (keepalive < 1) {
			throw new IllegalArgumentException("keepalive must be at least 1, got " + keepalive);
		}
	}

	/**
	 * A route without slow start, keeping the default idle connections.
	 * @param service the service, which names the upstream
	 * @param listen the address nginx listens on for it
	 * @param balancing how peers are chosen
	 */
	public Route(ServiceName service, Endpoint listen, Balancing balancing) {
		this(service, listen, balancing, Duration.ZERO, DEFAULT_KEEPALIVE);
	}

}
