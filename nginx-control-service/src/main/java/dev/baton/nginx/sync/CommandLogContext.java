package dev.baton.nginx.sync;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.logging.LogContext;

/**
 * Names the command a thread is working on in the logging context ({@value #COMMAND_ID},
 * {@value LogContext#SERVICE}, {@value #PEER}) while it is handled and its answer
 * published, so every log line of that work, structured ECS logs included, can be found
 * by command id.
 */
final class CommandLogContext {

	static final String COMMAND_ID = "commandId";

	static final String PEER = "peer";

	private CommandLogContext() {
	}

	/**
	 * Puts a command into the logging context.
	 * @param commandId the command, or null for a tombstone, which has none
	 * @param service its upstream
	 * @param peer its peer
	 * @return the context to close once the work is done
	 */
	static LogContext open(CommandId commandId, ServiceName service, Endpoint peer) {
		return LogContext.empty()
			.put(COMMAND_ID, (commandId != null) ? commandId.value() : null)
			.put(LogContext.SERVICE, service.value())
			.put(PEER, peer.address());
	}

}
