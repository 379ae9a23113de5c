package dev.baton.registry.membership;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * REST callers waiting for the message they published to be applied, matched by the
 * message's id, never by time.
 */
public final class PendingCommands {

	private final Map<CommandId, CompletableFuture<InstanceSnapshot>> waiting = new ConcurrentHashMap<>();

	/**
	 * Starts waiting for a message; call before publishing it.
	 * @param id the message's id
	 * @return completes with the instance after the message, or with the reason it was
	 * refused
	 */
	public CompletableFuture<InstanceSnapshot> expect(CommandId id) {
		return this.waiting.computeIfAbsent(id, (key) -> new CompletableFuture<>());
	}

	public void forget(CommandId id) {
		this.waiting.remove(id);
	}

	void applied(CommandId id, InstanceSnapshot instance) {
		CompletableFuture<InstanceSnapshot> future = this.waiting.remove(id);
		if (future != null) {
			future.complete(instance);
		}
	}

	void refused(CommandId id, RuntimeException reason) {
		CompletableFuture<InstanceSnapshot> future = this.waiting.remove(id);
		if (future != null) {
			future.completeExceptionally(reason);
		}
	}

}
