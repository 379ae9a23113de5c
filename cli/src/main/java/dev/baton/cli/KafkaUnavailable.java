package dev.baton.cli;

import java.time.Duration;

/**
 * Kafka could not be reached, or refused the CLI's credentials, before the command
 * published anything: the command did not run, which a pipeline must tell apart from a
 * deploy that ran and failed.
 */
final class KafkaUnavailable extends RuntimeException {

	private final int exitCode;

	private KafkaUnavailable(String message, Throwable cause, int exitCode) {
		super(message, cause);
		this.exitCode = exitCode;
	}

	/**
	 * No broker answered.
	 * @param bootstrapServers where the command looked
	 * @param timeout how long it waited, or null when it could not even start to
	 * @param cause why
	 * @return the exception
	 */
	static KafkaUnavailable unreachable(String bootstrapServers, Duration timeout, Throwable cause) {
		String within = (timeout == null) ? ""
				: " within " + ((timeout.toMillis() < 1000) ? timeout.toMillis() + "ms" : Durations.brief(timeout));
		return new KafkaUnavailable("could not reach Kafka at " + bootstrapServers + within
				+ ": nothing was published (" + cause.getMessage() + ")", cause, ExitCode.UNREACHABLE);
	}

	/**
	 * A broker answered and refused the credentials.
	 * @param bootstrapServers where the command looked
	 * @param cause the broker's answer
	 * @return the exception
	 */
	static KafkaUnavailable refused(String bootstrapServers, Throwable cause) {
		return new KafkaUnavailable(
				"authentication to Kafka at " + bootstrapServers + " failed: nothing was published ("
						+ cause.getMessage()
						+ "); check the kafka.sasl.* / kafka.ssl.* settings of the CLI's configuration",
				cause, ExitCode.REJECTED);
	}

	int exitCode() {
		return this.exitCode;
	}

}
