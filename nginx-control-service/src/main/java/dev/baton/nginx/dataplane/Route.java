package dev.baton.nginx.dataplane;

import java.time.Duration;
import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * One service nginx serves on this node: where clients reach it, how its peers are
 * chosen, and how long a peer that comes up takes to reach its full share.
 *
 * @param service the service, which names the upstream
 * @param listen the address nginx listens on for it
 * @param balancing how peers are chosen
 * @param slowStart how long a peer's share ramps from 10 % to 100 % of its weight once it
 * comes up; zero for none
 */
public record Route(ServiceName service, Endpoint listen, Balancing balancing, Duration slowStart) {

	public Route {
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(listen, "listen is required");
		Objects.requireNonNull(balancing, "balancing is required");
		Objects.requireNonNull(slowStart, "slowStart is required");
		if (slowStart.isNegative()) {
			throw new IllegalArgumentException("slowStart must not be negative, got " + slowStart);
		}
	}

	/**
	 * A route without slow start.
	 * @param service the service, which names the upstream
	 * @param listen the address nginx listens on for it
	 * @param balancing how peers are chosen
	 */
	public Route(ServiceName service, Endpoint listen, Balancing balancing) {
		this(service, listen, balancing, Duration.ZERO);
	}

}
