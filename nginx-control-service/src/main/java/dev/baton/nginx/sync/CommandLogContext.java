package dev.baton.nginx.sync;

import org.slf4j.MDC;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * Names the command a thread is working on in the SLF4J MDC ({@value #COMMAND_ID},
 * {@value #SERVICE}, {@value #PEER}) while it is handled and its answer published, so
 * every log line of that work, structured ECS logs included, can be found by command id.
 * Closing it removes those keys again: pooled threads carry no stale command.
 */
final class CommandLogContext implements AutoCloseable {

	static final String COMMAND_ID = "commandId";

	static final String SERVICE = "service";

	static final String PEER = "peer";

	private CommandLogContext() {
	}

	/**
	 * Puts a command into the MDC.
	 * @param commandId the command, or null for a tombstone, which has none
	 * @param service its upstream
	 * @param peer its peer
	 * @return the context to close once the work is done
	 */
	static CommandLogContext open(CommandId commandId, ServiceName service, Endpoint peer) {
		if (commandId != null) {
			MDC.put(COMMAND_ID, commandId.value());
		}
		MDC.put(SERVICE, service.value());
		MDC.put(PEER, peer.address());
		return new CommandLogContext();
	}

	@Override
	public void close() {
		MDC.remove(COMMAND_ID);
		MDC.remove(SERVICE);
		MDC.remove(PEER);
	}

}
