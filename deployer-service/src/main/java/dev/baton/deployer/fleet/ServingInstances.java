package dev.baton.deployer.fleet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * The instances of a service serving now, which is what {@code min-healthy} counts:
 * online, every gate open (ADMIN and HEALTH as the registry's snapshot says, DEPLOY as
 * this deployer wrote it), and held out of rotation by no live nginx node of the service.
 * A count taken when a deploy was planned says nothing about an instance that failed its
 * health check or was taken offline since.
 */
public final class ServingInstances {

	private final KnownInstances fleet;

	private final DeployGates gates;

	private final NginxNodes nodes;

	private final PeerReports reports;

	public ServingInstances(KnownInstances fleet, DeployGates gates, NginxNodes nodes, PeerReports reports) {
		this.fleet = fleet;
		this.gates = gates;
		this.nodes = nodes;
		this.reports = reports;
	}

	/**
	 * @param service the service
	 * @return its instances serving now, in instance id order
	 */
	public List<InstanceId> of(ServiceName service) {
		Set<NodeId> live = this.nodes.nodesOf(service);
		List<InstanceId> serving = new ArrayList<>();
		for (InstanceSnapshot instance : this.fleet.instancesOf(service)) {
			if (instance.adminGateOpen() && instance.healthGateOpen()
					&& !this.gates.closed().contains(new GateKey(service, instance.endpoint(), Gate.DEPLOY))
					&& this.reports.holdingOut(service, instance.endpoint(), live).isEmpty()) {
				serving.add(instance.instanceId());
			}
		}
		return serving;
	}

	/**
	 * The future the next change of what {@link #of} may answer completes: a snapshot
	 * from the registry, a node's new word on a peer, a node leaving. Take it before
	 * counting.
	 * @return the future
	 */
	public CompletableFuture<Void> nextChange() {
		return CompletableFuture.anyOf(this.fleet.changes().next(), this.reports.changes().next())
			.thenApply((ignored) -> null);
	}

	/**
	 * When the first live node of the service that holds one of its peers out leaves the
	 * set of nodes by expiry, unless it is heard from again: a change no event announces.
	 * @param service the service
	 * @return the time until then, or empty when no node holds a peer out
	 */
	public Optional<Duration> untilNextExpiry(ServiceName service) {
		Set<NodeId> live = this.nodes.nodesOf(service);
		Optional<Duration> first = Optional.empty();
		for (InstanceSnapshot instance : this.fleet.instancesOf(service)) {
			for (NodeId node : this.reports.holdingOut(service, instance.endpoint(), live)) {
				Optional<Duration> expiry = this.nodes.untilExpiry(node);
				if (expiry.isPresent() && (first.isEmpty() || expiry.get().compareTo(first.get()) < 0)) {
					first = expiry;
				}
			}
		}
		return first;
	}

}
