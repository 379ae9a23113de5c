package dev.baton.demo.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import dev.baton.contracts.Topic;

/**
 * Draws a soak from its seed: the same seed gives the same deploys, faults and moments,
 * so that a failure reproduces from the seed the checker prints.
 */
final class SoakPlan {

	/** Baton's four services, by the names the local stack gives their processes. */
	static final List<String> SERVICES = List.of("registry-service", "health-service", "nginx-control-service",
			"deployer-service");

	/** The topics whose records are commands someone acts on. */
	static final List<String> COMMAND_TOPICS = List.of(Topic.NGINX_COMMANDS.suffix(), Topic.DEPLOY_REQUESTS.suffix(),
			Topic.REGISTRATIONS.suffix(), Topic.OPERATIONS.suffix());

	/**
	 * The latest a fault comes after the request: most deploys of the stack are done in
	 * about this time, so faults land in every phase of them.
	 */
	static final Duration LATEST_FAULT = Duration.ofSeconds(12);

	private SoakPlan() {
	}

	static List<PlannedDeploy> draw(long seed, int deploys) {
		Random random = new Random(seed);
		DeployKind[] kinds = DeployKind.values();
		FaultKind[] faults = FaultKind.values();
		List<PlannedDeploy> plan = new ArrayList<>();
		for (int number = 1; number <= deploys; number++) {
			DeployKind kind = kinds[random.nextInt(kinds.length)];
			if (number == 1 && kind == DeployKind.ROLLBACK) {
				// Nothing to roll back to before a deploy has succeeded.
				kind = DeployKind.ROLLING;
			}
			boolean surge = random.nextBoolean();
			SoakFault fault = fault(faults[random.nextInt(faults.length)], random);
			Duration after = Duration.ofMillis(random.nextLong(LATEST_FAULT.toMillis() + 1));
			plan.add(new PlannedDeploy(number, kind, surge, fault, after));
		}
		return plan;
	}

	private static SoakFault fault(FaultKind kind, Random random) {
		return switch (kind) {
			case KILL_SERVICE -> new SoakFault(kind, pick(SERVICES, random), Duration.ZERO);
			case FREEZE_SERVICE -> new SoakFault(kind, pick(SERVICES, random), seconds(5, 20, random));
			case PAUSE_BROKER -> new SoakFault(kind, null, seconds(5, 30, random));
			case MALFORMED_RECORD -> new SoakFault(kind, pick(allTopics(), random), Duration.ZERO);
			case DUPLICATE_COMMAND -> new SoakFault(kind, pick(COMMAND_TOPICS, random), Duration.ZERO);
			case KILL_VERIFIED_INSTANCE, KILL_NGINX_WORKER -> new SoakFault(kind, null, Duration.ZERO);
		};
	}

	private static List<String> allTopics() {
		return java.util.Arrays.stream(Topic.values()).map(Topic::suffix).toList();
	}

	private static Duration seconds(int least, int most, Random random) {
		return Duration.ofSeconds(least + random.nextInt(most - least + 1));
	}

	private static <T> T pick(List<T> choices, Random random) {
		return choices.get(random.nextInt(choices.size()));
	}

}
