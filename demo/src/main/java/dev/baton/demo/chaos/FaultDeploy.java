package dev.baton.demo.chaos;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.demo.Await;
import dev.baton.demo.LoadRun;
import dev.baton.demo.PeerSampler;
import dev.baton.demo.Stack;
import dev.baton.loadgen.LoadResult;

/**
 * One deploy of the suite under the steady load, with or without a fault: requests it
 * (alternating versions, so every instance really restarts), fires the fault on its
 * trigger, follows it to its verdict or its bound, then waits for the stack to be whole
 * again (repairing it when it is not) and reads the gates.
 */
final class FaultDeploy {

	private static final Duration SETTLE = Duration.ofSeconds(2);

	private final Stack stack;

	private final Kafka kafka;

	private final StackCheck check;

	private final Recovery recovery;

	private final FaultInjector injector;

	private final PrintStream out;

	FaultDeploy(Stack stack, Kafka kafka, StackCheck check, Recovery recovery, FaultInjector injector,
			PrintStream out) {
		this.stack = stack;
		this.kafka = kafka;
		this.check = check;
		this.recovery = recovery;
		this.injector = injector;
		this.out = out;
	}

	/**
	 * Steady load with nothing happening, which warms the freshly started JVMs as the
	 * demo's baseline does.
	 * @param duration how long
	 */
	void warmUp(Duration duration) {
		this.out.printf("== warm-up: %s of steady load%n", ChaosTable.seconds(duration));
		LoadRun load = LoadRun.start(this.stack.options());
		Await.steadyLoad(duration);
		LoadResult result = load.stop();
		this.out.printf("   %d requests, %d failed%n", result.requests(), result.failed());
	}

	/**
	 * Waits for the stack to be whole before the first deploy, repairing it if it is not.
	 */
	void ready() {
		List<String> notes = new ArrayList<>();
		if (this.recovery.await(notes).isPresent()) {
			this.recovery.repair(List.of(), notes);
		}
		this.out.println("   before the first deploy: " + String.join("; ", notes));
	}

	/**
	 * Runs one fault's deploy; one that could not finish is a failed result, and the
	 * stack is repaired for the next.
	 * @param fault the fault
	 * @param bound how long its deploy may take before it counts as one with no verdict
	 * @return its result
	 */
	FaultResult runToTheEnd(Fault fault, Duration bound) {
		try {
			return run(fault, bound);
		}
		catch (RuntimeException ex) {
			List<String> notes = new ArrayList<>(List.of("did not finish: " + ex.getMessage()));
			this.recovery.repair(List.of(), notes);
			this.out.println("   " + String.join("; ", notes));
			return new FaultResult(fault, "—", "—", Outcome.NO_VERDICT, "", bound, 0, 0, List.of(), List.of(),
					List.of(), List.of(), null, "unknown", String.join("; ", notes), Duration.ZERO);
		}
	}

	/**
	 * Runs one deploy.
	 * @param fault the fault, or null for the undisturbed deploy
	 * @param bound how long the deploy may take before it counts as one with no verdict
	 * @return its result
	 */
	FaultResult run(Fault fault, Duration bound) {
		String service = this.stack.options().service();
		String version = "v1".equals(this.check.servingVersion().orElse("v2")) ? "v2" : "v1";
		boolean surge = fault != null && fault.surge();
		String name = (fault != null) ? fault.action() + " during " + fault.phaseLabel() : "undisturbed deploy";
		String deployId = "chaos-" + ((fault != null) ? fault.idPart() : "undisturbed") + "-"
				+ System.currentTimeMillis();
		this.out.printf("%n== %s: deploy %s %s (%s)%n", name, service, version, deployId);
		List<String> notes = new ArrayList<>();
		LoadRun load = LoadRun.start(this.stack.options());
		Await.steadyLoad(SETTLE);
		FaultInjector.Injected[] injected = { null };
		DeployWatch.Followed followed;
		Instant requested = Instant.now();
		long start = System.nanoTime();
		int upBefore = this.stack.peersUp();
		int leastUp;
		try (DeployWatch watch = new DeployWatch(this.kafka);
				PeerSampler sampler = surge ? new PeerSampler(this.stack, (change) -> {
				}) : null) {
			PhaseTrigger trigger = (fault != null) ? new PhaseTrigger(fault.phase(), deployId, service, requested)
					: null;
			Stack.CliRun request = this.stack.baton("deploy", service, version, "--deploy-id", deployId, "--strategy",
					surge ? "surge" : "rolling");
			if (request.code() != 0) {
				notes.add("request not published: " + (request.out() + " " + request.err()).strip());
			}
			followed = watch.follow(deployId, trigger, () -> injected[0] = this.injector.inject(fault), bound);
			leastUp = surge ? sampler.least() : upBefore;
		}
		Duration duration = followed.ended() ? Duration.ofNanos(System.nanoTime() - start) : bound;
		Await.steadyLoad(SETTLE);
		LoadResult requests = load.stop();
		if (injected[0] != null) {
			notes.add(fault.action() + ": " + injected[0].note() + " at " + followed.faultFired() + ", "
					+ ended(injected[0]));
		}
		Optional<String> missing = this.recovery.await(notes);
		List<String> closedGates = GateState.closed(this.kafka.readToEnd(PhaseTrigger.COMMANDS, null));
		if (missing.isPresent()) {
			this.recovery.repair(closedGates, notes);
		}
		DeploySteps all = new DeploySteps(stepsSince(deployId, requested));
		if (!followed.ended()) {
			notes.add("no verdict within " + bound.toSeconds() + " s" + ((all.outcome() != Outcome.NO_VERDICT)
					? "; later: " + all.outcome().label() + " " + all.reason() : ""));
		}
		if (surge) {
			notes.add("up in nginx never below " + leastUp + " (" + upBefore + " before, sampled every "
					+ PeerSampler.INTERVAL.toMillis() + " ms)");
		}
		DeploySteps seen = new DeploySteps(followed.steps());
		FaultResult result = new FaultResult(fault, deployId, version, seen.outcome(), seen.reason(), duration,
				requests.get().failed(), requests.post().failed(), closedGates, all.undrained(), all.restarted(),
				surge ? all.restartedInPlace() : List.of(), surge ? new FaultResult.Capacity(upBefore, leastUp) : null,
				(fault != null) ? all.landed(fault.phase(), followed.faultFired()) : "—", String.join("; ", notes),
				(injected[0] != null) ? absence(injected[0]) : Duration.ZERO);
		this.out.printf("   %s %s in %s; failed GET %d, POST %d; gates %s; %s%n", result.outcome().label(),
				result.reason(), ChaosTable.seconds(duration), result.failedGet(), result.failedPost(),
				closedGates.isEmpty() ? "all open" : "closed " + closedGates, result.notes());
		return result;
	}

	/** Known once the fault's end is done (see {@link #ended}), which waited for it. */
	private static Duration absence(FaultInjector.Injected injected) {
		return injected.absence().completeOnTimeout(Duration.ZERO, 5, TimeUnit.SECONDS).join();
	}

	private String ended(FaultInjector.Injected injected) {
		try {
			return injected.ended().get(FaultInjector.PAUSE.toSeconds() + 30, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			return "its end failed: " + ex.getMessage();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted";
		}
	}

	private List<JsonNode> stepsSince(String deployId, Instant since) {
		return this.kafka.readToEnd(PhaseTrigger.STEPS, since.minusSeconds(1))
			.stream()
			.filter((record) -> record.value() != null)
			.map((record) -> Json.mapper().readTree(record.value()))
			.filter((step) -> deployId.equals(step.path("deployId").asString()))
			.toList();
	}

}
