package dev.baton.nginx.observability;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import dev.baton.contracts.Endpoint;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;

/**
 * Health contributor {@code nginx}: a node whose nginx does not answer its control
 * endpoint (nginx down, a wrong token) cannot apply a command or report a drain, so it is
 * DOWN with the reason; UP carries the epoch of the nginx it drives. Each check asks
 * nginx, with the node's token.
 */
public class NginxHealthIndicator implements HealthIndicator {

	private final PeerControl control;

	private final Endpoint endpoint;

	public NginxHealthIndicator(PeerControl control, Endpoint endpoint) {
		this.control = control;
		this.endpoint = endpoint;
	}

	@Override
	public Health health() {
		try {
			String epoch = this.control.epoch();
			return Health.up().withDetail("epoch", epoch).withDetail("control", this.endpoint.address()).build();
		}
		catch (NginxUnreachableException | ControlRefusedException ex) {
			return Health.down()
				.withDetail("reason", ex.getMessage())
				.withDetail("control", this.endpoint.address())
				.build();
		}
	}

}
