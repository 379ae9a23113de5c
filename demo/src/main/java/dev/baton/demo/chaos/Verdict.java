package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The acceptance for one fault. A service kill or the broker pause passes when the deploy
 * succeeds within {@link #SLACK} of the undisturbed deploy, plus the time the fault holds
 * everything up by its nature: the pause itself, during which nothing can move, or the
 * killed service's absence until it is back at work, whose JVM start-up the machine's
 * load sets (the table shows it beside the deploy's time). It also loses no request,
 * leaves every gate open and records no drain that no node confirmed; a surge deploy must
 * also restart no instance in place and never have fewer peers up in nginx than before
 * it. nginx's death loses requests by nature: it passes when the deploy ends and every
 * gate is open. A node lost past the drain timeout passes when the deploy fails for the
 * drain it did not confirm, restarts nothing, loses no request and every gate is open
 * once the node is back.
 *
 * @param pass whether the fault passed
 * @param failures why not, one line each
 */
record Verdict(boolean pass, List<String> failures) {

	static final Duration SLACK = Duration.ofSeconds(15);

	static Verdict of(FaultResult result, Duration undisturbed) {
		List<String> failures = new ArrayList<>();
		if (result.fault() != null && result.fault().failsTheDeploy()) {
			if (result.outcome() != Outcome.FAILED || !result.reason().contains("not confirmed drained")) {
				failures.add("ended " + result.outcome().label() + ", not failed for a drain no node confirmed");
			}
			if (!result.restarted().isEmpty()) {
				failures.add("restarted " + String.join(", ", result.restarted()));
			}
			if (result.failed() > 0) {
				failures.add(result.failed() + " failed requests (GET " + result.failedGet() + ", POST "
						+ result.failedPost() + ")");
			}
		}
		else if (result.fault() != null && result.fault().losesRequestsByNature()) {
			if (result.outcome() == Outcome.NO_VERDICT) {
				failures.add("the deploy did not end");
			}
		}
		else {
			if (result.outcome() != Outcome.SUCCEEDED) {
				failures.add("ended " + result.outcome().label()
						+ (result.reason().isEmpty() ? "" : ": " + result.reason()));
			}
			if (undisturbed == null) {
				failures.add("no undisturbed deploy to compare with");
			}
			else if (result.duration().compareTo(undisturbed.plus(allowance(result))) > 0) {
				failures.add(String.format(Locale.ROOT, "took %s, more than %s over the undisturbed %s",
						ChaosTable.seconds(result.duration()), allowanceText(result), ChaosTable.seconds(undisturbed)));
			}
			if (result.failed() > 0) {
				failures.add(result.failed() + " failed requests (GET " + result.failedGet() + ", POST "
						+ result.failedPost() + ")");
			}
			if (!result.undrained().isEmpty()) {
				failures.add("InstanceDrained with no node: " + String.join(", ", result.undrained()));
			}
			if (!result.restartedInPlace().isEmpty()) {
				failures.add("a surge deploy restarted " + String.join(", ", result.restartedInPlace()) + " in place");
			}
			if (result.capacity() != null && !result.capacity().kept()) {
				failures.add("only " + result.capacity().least() + " up in nginx at a sample, "
						+ result.capacity().before() + " before");
			}
		}
		if (!result.closedGates().isEmpty()) {
			failures.add("gates closed at the end: " + String.join(", ", result.closedGates()));
		}
		return new Verdict(failures.isEmpty(), List.copyOf(failures));
	}

	private static Duration allowance(FaultResult result) {
		return ((result.fault() != null) ? SLACK.plus(result.fault().stall()) : SLACK).plus(result.absence());
	}

	private static String allowanceText(FaultResult result) {
		String slack = allowance(result).minus(result.absence()).toSeconds() + " s";
		return result.absence().isZero() ? slack
				: slack + " and the service's " + ChaosTable.seconds(result.absence()) + " away";
	}

}
