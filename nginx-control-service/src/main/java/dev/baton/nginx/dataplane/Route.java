package dev.baton.nginx.dataplane;

import java.time.Duration;
import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * One service nginx serves on this node: where clients reach it, how its peers are
 * chosen, how long a peer that comes up takes to reach its full share, how many idle
 * connections to its peers each nginx worker keeps, and how long an answer (or, on a
 * WebSocket, the next message) may take.
 *
 * @param service the service, which names the upstream
 * @param listen the address nginx listens on for it
 * @param balancing how peers are chosen
 * @param slowStart how long a peer's share ramps from 10 % to 100 % of its weight once it
 * comes up; zero for none
 * @param keepalive idle connections to the peers each worker keeps for reuse (nginx's
 * {@code keepalive}); a service with more peers than this opens a connection for most
 * requests
 * @param readTimeout the longest nginx waits for the next bytes from a peer (nginx's
 * {@code proxy_read_timeout}): an answer's, an event stream's or a WebSocket's; whole
 * seconds
 */
public record Route(ServiceName service, Endpoint listen, Balancing balancing, Duration slowStart, int keepalive,
		Duration readTimeout) {

	/** What nginx-control has always written; enough for up to a few hundred peers. */
	public static final int DEFAULT_KEEPALIVE = 256;

	/** nginx's own default. */
	public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(60);

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
		Objects.requireNonNull(readTimeout, "readTimeout is required");
		if (readTimeout.toSeconds() < 1 || readTimeout.toNanos() % 1_000_000_000L != 0) {
			throw new IllegalArgumentException("readTimeout must be a positive number of seconds, got " + readTimeout);
		}
	}

	/**
	 * A route without slow start, keeping the default idle connections and read timeout.
	 * @param service the service, which names the upstream
	 * @param listen the address nginx listens on for it
	 * @param balancing how peers are chosen
	 */
	public Route(ServiceName service, Endpoint listen, Balancing balancing) {
		this(service, listen, balancing, Duration.ZERO, DEFAULT_KEEPALIVE, DEFAULT_READ_TIMEOUT);
	}

}
