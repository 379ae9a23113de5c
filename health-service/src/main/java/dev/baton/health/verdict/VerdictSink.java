package dev.baton.health.verdict;

import dev.baton.contracts.health.VerdictIssued;

/**
 * Where verdicts go: Kafka in the service, a list in tests.
 */
@FunctionalInterface
public interface VerdictSink {

	void publish(VerdictIssued verdict);

}
