package dev.baton.deployer.rollout.answer;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.fleet.KnownInstances;

/**
 * Lets a surge deploy wait for what the registry says of an instance it started: that it
 * registered on its spare endpoint, that it is online. A wait ends the moment the
 * snapshot arrives on {@code registry.state}, or at once when the fleet already holds it.
 */
public final class InstanceArrivals {

	private final Map<CompletableFuture<InstanceSnapshot>, Predicate<InstanceSnapshot>> waiting = new ConcurrentHashMap<>();

	private final KnownInstances fleet;

	public InstanceArrivals(KnownInstances fleet) {
		this.fleet = fleet;
	}

	/**
	 * The first snapshot, held or to come, that matches. Cancel the future to give up.
	 * @param matches what the snapshot must show
	 * @return completed with the snapshot
	 */
	public CompletableFuture<InstanceSnapshot> expect(Predicate<InstanceSnapshot> matches) {
		CompletableFuture<InstanceSnapshot> future = new CompletableFuture<>();
		this.waiting.put(future, matches);
		future.whenComplete((snapshot, failure) -> this.waiting.remove(future));
		this.fleet.all().stream().filter(matches).findFirst().ifPresent(future::complete);
		return future;
	}

	/**
	 * Hands a snapshot the fleet took to every wait it ends.
	 * @param snapshot the registry's latest word on one instance
	 */
	public void offer(InstanceSnapshot snapshot) {
		this.waiting.forEach((future, matches) -> {
			if (matches.test(snapshot)) {
				future.complete(snapshot);
			}
		});
	}

}
