package dev.baton.nginx.sync;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * A command that is answered once the peer set it changed has reached nginx.
 *
 * @param commandId the command
 * @param service its upstream
 * @param endpoint its peer
 * @param closing whether it closed a gate, which also asks for a drain answer
 */
record PendingAnswer(CommandId commandId, ServiceName service, Endpoint endpoint, boolean closing) {
}
