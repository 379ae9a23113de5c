package dev.baton.console.view;

import java.time.Instant;
import java.util.List;

/**
 * One nginx node as the page shows it.
 *
 * @param nodeId the node
 * @param services the services it routes
 * @param lastHeartbeat its last heartbeat
 * @param intervalMillis how often it beats
 * @param left why it left, or null while it is there
 */
public record NodeRow(String nodeId, List<String> services, Instant lastHeartbeat, long intervalMillis, String left) {

}
