package dev.baton.nginx.dataplane;

import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * One service nginx serves on this node: where clients reach it and how its peers are
 * chosen.
 *
 * @param service the service, which names the upstream
 * @param listen the address nginx listens on for it
 * @param balancing how peers are chosen
 */
public record Route(ServiceName service, Endpoint listen, Balancing balancing) {

	public Route {
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(listen, "listen is required");
		Objects.requireNonNull(balancing, "balancing is required");
	}

}
