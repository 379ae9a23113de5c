package dev.baton.nginx.sync;

import java.time.Instant;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.DrainDeadline;

/**
 * A command that is answered once the peer set it changed has reached nginx.
 *
 * @param commandId the command
 * @param service its upstream
 * @param endpoint its peer
 * @param drain for a command that closed a gate, which also asks for a drain answer, its
 * deadline; null for one that opened a gate
 * @param writtenAt the command record's Kafka timestamp, or null for a replayed command
 * (not measured)
 */
record PendingAnswer(CommandId commandId, ServiceName service, Endpoint endpoint, DrainDeadline drain,
		Instant writtenAt) {

	boolean closing() {
		return this.drain != null;
	}

	boolean live() {
		return this.writtenAt != null;
	}

}
