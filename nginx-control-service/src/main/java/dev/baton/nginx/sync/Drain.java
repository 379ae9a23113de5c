package dev.baton.nginx.sync;

import java.time.Instant;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * A closing command waiting for its peer's in-flight count to reach 0.
 *
 * @param commandId the command answered
 * @param service the upstream
 * @param endpoint the peer
 * @param appliedAt when nginx stopped choosing the peer
 */
record Drain(CommandId commandId, ServiceName service, Endpoint endpoint, Instant appliedAt) {
}
