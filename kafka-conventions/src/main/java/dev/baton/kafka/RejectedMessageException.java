package dev.baton.kafka;

/**
 * A well-formed message that can never be applied (an operator command for an unknown
 * instance, say): dead-lettered at once with this message as its reason, never retried.
 */
public class RejectedMessageException extends RuntimeException {

	public RejectedMessageException(String reason) {
		super(reason);
	}

}
