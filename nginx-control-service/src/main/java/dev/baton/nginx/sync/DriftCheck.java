package dev.baton.nginx.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.ServiceName;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.peers.PeerSet;

/**
 * Compares what nginx holds with what it should hold: a new epoch means nginx restarted
 * with empty shared memory, a differing peer set means drift. Either way the sync pushes
 * again.
 */
final class DriftCheck {

	private static final Logger logger = LoggerFactory.getLogger(DriftCheck.class);

	private final Set<ServiceName> served;

	private final DesiredPeers desired;

	private final PeerControl control;

	private volatile String epoch = "";

	DriftCheck(Set<ServiceName> served, DesiredPeers desired, PeerControl control) {
		this.served = Set.copyOf(served);
		this.desired = desired;
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
	 * The upstreams whose peer set in nginx differs from the desired one. An upstream
	 * with a push queued is not drift: a command changed its desired set and the push
	 * that follows brings nginx there.
	 * @param pushQueued whether an upstream has a push queued
	 * @return those upstreams; none when nginx does not answer
	 */
	List<ServiceName> drifted(Predicate<ServiceName> pushQueued) {
		List<ServiceName> drifted = new ArrayList<>();
		for (ServiceName service : this.served) {
			try {
				PeerSet actual = this.control.peers(service).peers();
				if (!actual.equals(this.desired.peerSet(service)) && !pushQueued.test(service)) {
					logger.warn("Peers of {} drifted in nginx: pushing them again", service);
					drifted.add(service);
				}
			}
			catch (NginxUnreachableException | ControlRefusedException ex) {
				logger.debug("Cannot reconcile {}: {}", service, ex.getMessage());
			}
		}
		return drifted;
	}

}
