package dev.baton.demo.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Connection;
import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.demo.Await;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.LoadRun;
import dev.baton.demo.Processes;
import dev.baton.demo.Runs;
import dev.baton.demo.Stack;
import dev.baton.demo.chaos.GateState;
import dev.baton.demo.chaos.Recovery;
import dev.baton.demo.chaos.StackCheck;
import dev.baton.demo.chaos.StackRepair;
import dev.baton.demo.soak.check.SoakChecker;
import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.live.LongLivedSettings;

/**
 * {@code ./baton soak [--deploys N] [--seed S]}: N deploys drawn from the seed, each
 * under the steady load with one fault at a random moment, each followed to its verdict
 * or its bound, then the stack made whole for the next. What happened is written down
 * (the journal, the load generator's request logs, nginx's access log; the broker keeps
 * the records) and handed to the {@link SoakChecker}, whose verdict is the command's.
 */
public final class SoakRunner {

	/**
	 * How long a deploy may take, whatever its fault, before it counts as one that never
	 * ended.
	 */
	static final Duration DEPLOY_BOUND = Duration.ofMinutes(4);

	private static final Duration SETTLE = Duration.ofSeconds(2);

	private static final int WEBSOCKETS = 4;

	private static final int EVENT_STREAMS = 2;

	private static final int LONG_LIVED_SECONDS = 5;

	private static final String STEPS = "deploy.steps";

	private static final String COMMANDS = "nginx.commands";

	private final DemoOptions options;

	private final long seed;

	private final int deploys;

	private final PrintStream out;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	/**
	 * Whether a deploy of this soak succeeded, as the runner saw it: one to roll back to.
	 */
	private boolean succeededYet;

	SoakRunner(DemoOptions options, long seed, int deploys, PrintStream out) {
		this.options = options;
		this.seed = seed;
		this.deploys = deploys;
		this.out = out;
	}

	public static void main(String[] args) {
		Runs.exit((out) -> {
			List<String> arguments = new ArrayList<>(Arrays.asList(args));
			int deploys = Integer.parseInt(take(arguments, "--deploys", "10"));
			long seed = Long.parseLong(take(arguments, "--seed", Long.toString(System.currentTimeMillis() % 100_000)));
			if (deploys < 1) {
				throw new IllegalArgumentException("--deploys must be at least 1, got " + deploys);
			}
			return new SoakRunner(DemoOptions.parse(arguments.toArray(String[]::new)), seed, deploys, out).run();
		});
	}

	private static String take(List<String> arguments, String name, String fallback) {
		int at = arguments.indexOf(name);
		if (at < 0) {
			return fallback;
		}
		if (at + 1 >= arguments.size()) {
			throw new IllegalArgumentException(name + " needs a value");
		}
		String value = arguments.remove(at + 1);
		arguments.remove(at);
		return value;
	}

	boolean run() throws IOException {
		Path directory = Files.createDirectories(this.options.run().resolve("soak"));
		// An earlier soak's logs must not be judged as this one's.
		try (Stream<Path> earlier = Files.list(directory)) {
			for (Path file : earlier.toList()) {
				Files.delete(file);
			}
		}
		List<PlannedDeploy> plan = SoakPlan.draw(this.seed, this.deploys);
		this.out.printf("== soak: %d deploys, seed %d (./baton soak --deploys %d --seed %d repeats it)%n", this.deploys,
				this.seed, this.deploys, this.seed);
		Stack stack = new Stack(this.options);
		Processes processes = new Processes(this.options.run());
		Connection connection = Connection.of(this.options.kafka(), "baton.");
		Map<String, Object> admin = Connection.of(this.options.run().resolve("secrets").resolve("admin.cli.properties"))
			.kafka();
		ExecutorService faults = Executors.newSingleThreadExecutor();
		try (Kafka kafka = new Kafka(connection);
				Kafka injectorKafka = new Kafka(connection);
				SoakInjector injector = new SoakInjector(stack, processes, injectorKafka, admin, "baton.");
				Journal journal = new Journal(directory.resolve("journal.jsonl"), this.seed)) {
			StackCheck check = new StackCheck(stack, processes, kafka, Instant.now());
			Recovery recovery = new Recovery(check, new StackRepair(check, processes, admin), Duration.ofSeconds(90));
			List<String> notes = new ArrayList<>();
			if (recovery.await(notes).isPresent()) {
				recovery.repair(List.of(), notes);
			}
			this.out.println("   before the first deploy: " + String.join("; ", notes));
			for (PlannedDeploy planned : plan) {
				journal.write(deploy(planned, stack, kafka, injector, faults, check, recovery, directory));
			}
		}
		finally {
			faults.shutdownNow();
		}
		return SoakChecker.judge(this.options, directory, this.out);
	}

	private Journal.Entry deploy(PlannedDeploy planned, Stack stack, Kafka kafka, SoakInjector injector,
			ExecutorService faults, StackCheck check, Recovery recovery, Path directory) {
		String service = this.options.service();
		String serving = check.servingVersion().orElse("v1");
		String deployId = "soak-" + this.seed + "-" + planned.number();
		List<String> command = planned.kind().command(service, deployId, serving, planned.surge());
		this.out.printf("%n== %d/%d %s (%s), fault: %s %s after the request%n", planned.number(), this.deploys,
				planned.kind().label(), String.join(" ", command), planned.fault().describe(),
				(planned.fault().kind() == FaultKind.KILL_VERIFIED_INSTANCE) ? "once it restarts, a moment"
						: planned.faultAfter().toMillis() + " ms");
		Path requests = directory.resolve(String.format("requests-%03d.tsv", planned.number()));
		Path connections = directory.resolve(String.format("connections-%03d.jsonl", planned.number()));
		LoadRun load = LoadRun.start(this.options, requests, longLived(connections));
		Await.steadyLoad(SETTLE);
		CompletableFuture<JsonNode> firstRestart = new CompletableFuture<>();
		CompletableFuture<JsonNode> firstVerified = new CompletableFuture<>();
		String verdict;
		Asked asked;
		long requestedAt;
		SoakInjector.Injected injected;
		try (KafkaConsumer<String, String> steps = kafka.reader(STEPS, false)) {
			requestedAt = System.currentTimeMillis();
			asked = ask(stack, planned, command, serving);
			PlannedDeploy done = asked.planned();
			CompletableFuture<SoakInjector.Injected> fault = CompletableFuture
				.supplyAsync(() -> injector.inject(done, firstRestart, firstVerified), faults);
			verdict = (asked.refusal() == null) ? follow(steps, deployId, firstRestart, firstVerified)
					: "request refused: " + asked.refusal();
			injected = fault
				.completeOnTimeout(new SoakInjector.Injected(false, 0, 0, "not ended within the deploy's bound", null),
						DEPLOY_BOUND.toSeconds(), TimeUnit.SECONDS)
				.join();
		}
		firstRestart.cancel(false);
		firstVerified.cancel(false);
		Await.steadyLoad(SETTLE);
		long loadEnded = System.currentTimeMillis();
		LoadResult result = load.stop();
		List<String> notes = new ArrayList<>();
		Optional<String> missing = recovery.await(notes);
		Map<String, String> versions = versions(stack);
		if (missing.isPresent()) {
			recovery.repair(GateState.closed(kafka.readToEnd(COMMANDS, null)), notes);
		}
		this.out.printf("   %s; fault: %s; %d requests, %d failed; instances %s; %s%n", verdict, injected.note(),
				result.requests(), result.failed(), versions, String.join("; ", notes));
		return new Journal.Entry(asked.planned(), deployId, asked.command(), requestedAt, loadEnded,
				requests.getFileName().toString(), connections.getFileName().toString(), injected, versions, verdict,
				asked.refusal(), missing.isPresent());
	}

	/**
	 * Asks for the deploy with {@code baton}. Baton decides what a rollback goes back to
	 * (the release before the last succeeded deploy, never the one running): when it
	 * finds none, the deploy drawn goes ahead as a rolling deploy instead.
	 */
	private Asked ask(Stack stack, PlannedDeploy planned, List<String> command, String serving) {
		Stack.CliRun request = stack.baton(command.toArray(String[]::new));
		if (request.code() != 0 && planned.kind() == DeployKind.ROLLBACK) {
			this.out.println("   " + (request.out() + " " + request.err()).strip() + ": a rolling deploy instead");
			PlannedDeploy rolling = new PlannedDeploy(planned.number(), DeployKind.ROLLING, planned.surge(),
					planned.fault(), planned.faultAfter());
			List<String> instead = rolling.kind()
				.command(this.options.service(), command.get(command.indexOf("--deploy-id") + 1), serving, false);
			return ask(stack, rolling, instead, serving);
		}
		String refusal = (request.code() != 0) ? (request.out() + " " + request.err()).strip() : null;
		return new Asked(planned, command, refusal);
	}

	/**
	 * A deploy as asked for.
	 *
	 * @param planned the deploy
	 * @param command the command that asked for it
	 * @param refusal why the command refused, or null
	 */
	private record Asked(PlannedDeploy planned, List<String> command, String refusal) {

	}

	/**
	 * WebSockets and event streams beside the requests, each ended by its client (or its
	 * stream's end) well within the stack's drain timeout, so that a drain that waits for
	 * them (the {@code fail} policy, the default) ends and restarts nothing with one
	 * open.
	 */
	private LongLivedSettings longLived(Path log) {
		return LongLivedSettings.defaults(this.options.nginx())
			.withWebSockets(WEBSOCKETS)
			.withWebSocketLifetime(Duration.ofSeconds(LONG_LIVED_SECONDS))
			.withEventStreams(EVENT_STREAMS, LONG_LIVED_SECONDS)
			.withLog(log);
	}

	/**
	 * Follows the deploy's steps to its verdict or its bound, completing the futures of
	 * the first restart and the first verification for the instance kill.
	 */
	private String follow(KafkaConsumer<String, String> steps, String deployId,
			CompletableFuture<JsonNode> firstRestart, CompletableFuture<JsonNode> firstVerified) {
		long deadline = System.nanoTime() + DEPLOY_BOUND.toNanos();
		while (System.nanoTime() < deadline) {
			for (ConsumerRecord<String, String> record : steps.poll(Duration.ofMillis(100))) {
				JsonNode step = Kafka.json(record);
				if (step == null || !deployId.equals(step.path("deployId").asString())) {
					continue;
				}
				String type = step.path("type").asString();
				if ("InstanceRestartStarted".equals(type) || "InstanceLaunched".equals(type)) {
					firstRestart.complete(step);
				}
				if ("InstanceVerified".equals(type)) {
					firstVerified.complete(step);
				}
				if (List.of("DeploySucceeded", "DeployFailed", "DeployRejected").contains(type)) {
					return type + " " + step.path("reason").asString("");
				}
			}
		}
		return "no verdict within " + DEPLOY_BOUND.toSeconds() + " s";
	}

	/**
	 * The version every peer nginx knows reports on its own health endpoint, asked
	 * directly: the checker compares them without taking Baton's word for them.
	 */
	private Map<String, String> versions(Stack stack) {
		Map<String, String> versions = new TreeMap<>();
		for (String address : stack.peers().keySet()) {
			versions.put(address, version(address));
		}
		return versions;
	}

	private String version(String address) {
		try {
			HttpResponse<String> response = this.http
				.send(HttpRequest.newBuilder(URI.create("http://" + address + "/health"))
					.timeout(Duration.ofSeconds(3))
					.build(), HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200)
					? Json.mapper().readTree(response.body()).path("version").asString("?")
					: "status " + response.statusCode();
		}
		catch (IOException ex) {
			return "down";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "down";
		}
	}

}
