package dev.baton.contracts.audit;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * One entry of the audit trail.
 *
 * @param id identifies the entry, so a replayed entry can be recognised
 * @param subject what it is about: an instance id, a deploy id, a topic
 * @param action what happened ({@code lifecycle.PRE_ONLINE}, {@code operator.APPROVE},
 * {@code dead-letter}, ...)
 * @param actor who did it: a person, CI, or a service
 * @param reason why
 * @param source the service that recorded it
 * @param details anything else worth keeping, as text
 * @param at when
 */
public record AuditRecorded(String id, String subject, String action, String actor, String reason, String source,
		Map<String, String> details, Instant at) implements AuditMessage {

	public AuditRecorded {
		Objects.requireNonNull(subject, "subject is required");
		Objects.requireNonNull(action, "action is required");
		Objects.requireNonNull(source, "source is required");
		id = (id != null) ? id : UUID.randomUUID().toString();
		actor = (actor != null) ? actor : source;
		reason = (reason != null) ? reason : "";
		details = (details != null) ? Map.copyOf(details) : Map.of();
		at = (at != null) ? at : Instant.now();
	}

}
