package dev.baton.nginx.sync;

import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.ServiceName;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;
import dev.baton.nginx.peers.PeerSet;

/**
 * Reads what nginx holds, for the sync to compare with what it should hold: a new epoch
 * means nginx restarted with empty shared memory, a differing peer set means drift.
 * Either way the sync pushes again.
 */
final class DriftCheck {

	private static final Logger logger = LoggerFactory.getLogger(DriftCheck.class);

	private final PeerControl control;

	private volatile String epoch = "";

	DriftCheck(PeerControl control) {
		this.control = control;
	}

	String epoch() {
		return this.epoch;
	}

	/**
	 * Reads the epoch.
	 * @return whether it is new (the first one read counts as new)
	 * @throws NginxUnreachableException when nginx does not answer
	 */
	boolean newEpoch() {
		String current = this.control.epoch();
		if (current.equals(this.epoch)) {
			return false;
		}
		if (this.epoch.isEmpty()) {
			logger.info("nginx epoch is {}: pushing every peer set", current);
		}
		else {
			logger.warn("nginx restarted (epoch {} -> {}): pushing every peer set again", this.epoch, current);
		}
		this.epoch = current;
		return true;
	}

	/**
	 * What nginx holds for an upstream.
	 * @param service the upstream
	 * @return its peer set in nginx; empty when nginx does not answer
	 */
	Optional<PeerSet> actual(ServiceName service) {
		try {
			return Optional.of(this.control.peers(service).peers());
		}
		catch (NginxUnreachableException | ControlRefusedException ex) {
			logger.debug("Cannot reconcile {}: {}", service, ex.getMessage());
			return Optional.empty();
		}
	}

}
