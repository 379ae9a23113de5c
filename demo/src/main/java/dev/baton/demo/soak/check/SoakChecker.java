package dev.baton.demo.soak.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Connection;
import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.Runs;

/**
 * Judges a soak from its evidence alone: the journal, the request logs, nginx's access
 * log and the broker's records. Its promises:
 * <ul>
 * <li>every request answered without a 5xx or a connection error, except those the
 * injected kills cut (counted per fault, never excused for any other fault);</li>
 * <li>no request reached an instance between its restart (or launch) starting and its
 * verification, nor was in flight on it when the restart started;</li>
 * <li>every deploy ended within its bound; a broken release never succeeded; afterwards
 * every instance answered, all on one version (the deployed one after a success), and the
 * stack was whole without the harness's help;</li>
 * <li>at most one deploy of a service ran at a time;</li>
 * <li>every WebSocket was closed by its client and every event stream completed, none
 * losing a message, but for those the injected kills cut.</li>
 * </ul>
 * Run on its own over a soak's run directory:
 * {@code SoakChecker --run DIR --kafka HOST:PORT}.
 */
public final class SoakChecker {

	/** How a client sees its connection cut: a timeout or a 5xx is never a cut. */
	private static final Set<String> CUT = Set.of("reset", "closed");

	private static final List<String> ENDINGS = List.of("DeploySucceeded", "DeployFailed", "DeployRejected");

	private final List<JournalEntry> deploys;

	private final long seed;

	private final List<Step> steps;

	private final Map<String, String> endpoints;

	private final Path directory;

	private final Path accessLog;

	private final List<Violation> violations = new ArrayList<>();

	private final Map<Integer, Tally> tallies = new LinkedHashMap<>();

	SoakChecker(Path directory, Path accessLog, long seed, List<JournalEntry> deploys, List<Step> steps,
			Map<String, String> endpoints) {
		this.directory = directory;
		this.accessLog = accessLog;
		this.seed = seed;
		this.deploys = deploys;
		this.steps = steps;
		this.endpoints = endpoints;
		deploys.forEach((deploy) -> this.tallies.put(deploy.number(), new Tally()));
	}

	public static void main(String[] args) {
		Runs.exit((out) -> {
			DemoOptions options = DemoOptions.parse(args);
			return judge(options, options.run().resolve("soak"), out);
		});
	}

	/**
	 * Reads a soak's evidence, checks it, prints the table and the violations and writes
	 * them to {@code report/soak.md}.
	 * @param options the stack's run directory and broker
	 * @param directory the soak's directory in it
	 * @param out where to print
	 * @return whether every promise held
	 * @throws IOException when the evidence cannot be read
	 */
	public static boolean judge(DemoOptions options, Path directory, PrintStream out) throws IOException {
		List<JsonNode> lines = Files.readAllLines(directory.resolve("journal.jsonl"))
			.stream()
			.map((line) -> Json.mapper().readTree(line))
			.toList();
		long seed = lines.get(0).path("seed").asLong();
		List<JournalEntry> deploys = lines.stream().skip(1).map(JournalEntry::of).toList();
		List<Step> steps = new ArrayList<>();
		Map<String, String> endpoints = new HashMap<>();
		try (Kafka kafka = new Kafka(Connection.of(options.kafka(), "baton."))) {
			for (ConsumerRecord<String, String> record : kafka.readToEnd("deploy.steps", null)) {
				JsonNode value = Kafka.json(record);
				if (value != null) {
					steps.add(new Step(record.timestamp(), value));
				}
			}
			for (ConsumerRecord<String, String> record : kafka.readToEnd("registry.state", null)) {
				JsonNode value = Kafka.json(record);
				if (value != null && value.has("host")) {
					endpoints.put(record.key(), value.path("host").asString() + ":" + value.path("port").asInt());
				}
			}
		}
		steps.sort(Comparator.comparingLong(Step::at));
		SoakChecker checker = new SoakChecker(directory, options.run().resolve("nginx/logs/access.log"), seed, deploys,
				steps, endpoints);
		checker.check();
		String report = checker.report();
		Path file = options.reportDirectory().resolve("soak.md");
		Files.createDirectories(file.getParent());
		Files.writeString(file, report);
		out.println();
		out.println(report);
		out.println("Report: " + file);
		return checker.violations.isEmpty();
	}

	void check() throws IOException {
		for (JournalEntry deploy : this.deploys) {
			checkEnding(deploy);
		}
		checkOneAtATime();
		Map<String, ClientRequest> failed = new HashMap<>();
		Map<String, Integer> failedIn = new HashMap<>();
		for (JournalEntry deploy : this.deploys) {
			for (ClientRequest request : requests(deploy)) {
				this.tallies.get(deploy.number()).requests++;
				if (request.failed()) {
					failed.put(request.id(), request);
					failedIn.put(request.id(), deploy.number());
				}
			}
		}
		for (JournalEntry deploy : this.deploys) {
			checkLongLived(deploy);
		}
		Map<String, ProxiedRequest> proxiedFailures = scanAccessLog(failed.keySet());
		for (Map.Entry<String, ClientRequest> entry : failed.entrySet()) {
			int number = failedIn.get(entry.getKey());
			JournalEntry deploy = this.deploys.stream().filter((d) -> d.number() == number).findFirst().orElseThrow();
			judgeFailure(deploy, entry.getValue(), proxiedFailures.get(entry.getKey()));
		}
	}

	private void checkEnding(JournalEntry deploy) {
		Step end = this.steps.stream()
			.filter((step) -> step.deployId().equals(deploy.deployId()) && ENDINGS.contains(step.type()))
			.findFirst()
			.orElse(null);
		Tally tally = this.tallies.get(deploy.number());
		if (deploy.refused() != null) {
			tally.ending = "not asked";
			violate(deploy, "every deploy asked for", "the baton command refused: " + deploy.refused());
			return;
		}
		if (end == null || end.at() > deploy.requestedAt() + deploy.boundMillis()) {
			tally.ending = "no end";
			violate(deploy, "ended within its bound",
					(end == null) ? "no DeploySucceeded, DeployFailed or DeployRejected"
							: "ended " + (end.at() - deploy.requestedAt()) + " ms after its request");
			return;
		}
		tally.ending = end.type().replace("Deploy", "").toLowerCase();
		Set<String> versions = new HashSet<>(deploy.versions().values());
		if (deploy.mustFail() && end.type().equals("DeploySucceeded")) {
			violate(deploy, "a broken release never succeeds", "its deploy reported success");
		}
		if (deploy.versions().isEmpty() || versions.size() != 1 || versions.contains("down")) {
			violate(deploy, "every instance on one version afterwards", "instances reported " + deploy.versions());
		}
		else if (end.type().equals("DeploySucceeded") && !versions.contains(end.value().path("version").asString())) {
			violate(deploy, "a success puts its version on every instance",
					"deployed " + end.value().path("version").asString() + ", instances reported " + deploy.versions());
		}
		if (deploy.repaired()) {
			violate(deploy, "the stack whole again after the deploy",
					"the harness had to repair it (see the soak's output)");
		}
	}

	private void checkOneAtATime() {
		Map<String, long[]> spans = new LinkedHashMap<>();
		Map<String, String> services = new HashMap<>();
		for (Step step : this.steps) {
			if (step.type().equals("DeployStarted")) {
				spans.put(step.deployId(), new long[] { step.at(), Long.MAX_VALUE });
				services.put(step.deployId(), step.value().path("service").asString());
			}
			else if (step.ends() && spans.containsKey(step.deployId())) {
				spans.get(step.deployId())[1] = Math.min(spans.get(step.deployId())[1], step.at());
			}
		}
		List<String> ids = new ArrayList<>(spans.keySet());
		for (int i = 0; i < ids.size(); i++) {
			for (int j = i + 1; j < ids.size(); j++) {
				long[] a = spans.get(ids.get(i));
				long[] b = spans.get(ids.get(j));
				if (services.get(ids.get(i)).equals(services.get(ids.get(j))) && a[0] < b[1] && b[0] < a[1]) {
					this.violations.add(new Violation(0, "one deploy of a service at a time",
							ids.get(i) + " and " + ids.get(j) + " ran at once"));
				}
			}
		}
	}

	private List<ClientRequest> requests(JournalEntry deploy) throws IOException {
		Path log = this.directory.resolve(deploy.requests());
		if (!Files.exists(log)) {
			violate(deploy, "every request accounted for", "no request log " + deploy.requests());
			return List.of();
		}
		try (BufferedReader reader = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
			return reader.lines().filter((line) -> !line.isBlank()).map(ClientRequest::parse).toList();
		}
	}

	/**
	 * Every WebSocket and event stream ended by its client or completed, none lost a
	 * message, unless the deploy's kill cut it.
	 */
	private void checkLongLived(JournalEntry deploy) throws IOException {
		Path log = this.directory.resolve(deploy.connections());
		if (deploy.connections().isEmpty() || !Files.exists(log)) {
			violate(deploy, "every long-lived connection accounted for", "no connection log " + deploy.connections());
			return;
		}
		Tally tally = this.tallies.get(deploy.number());
		for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
			if (line.isBlank()) {
				continue;
			}
			LongLivedConnection connection = LongLivedConnection.of(Json.mapper().readTree(line));
			tally.connections++;
			String wrong = connection.wrong();
			if (wrong != null && deploy.cutByKill(connection)) {
				tally.excused++;
			}
			else if (wrong != null) {
				violate(deploy, "no long-lived connection ended but by its client or its drain policy", wrong);
			}
		}
	}

	/**
	 * Reads nginx's access log once: checks every request against the restart windows and
	 * keeps the lines of the failed requests.
	 */
	private Map<String, ProxiedRequest> scanAccessLog(Set<String> failed) throws IOException {
		Map<String, Integer> numbers = new HashMap<>();
		this.deploys.forEach((deploy) -> numbers.put(deploy.deployId(), deploy.number()));
		Map<String, List<RestartWindow>> windows = RestartWindow.of(this.steps, numbers, this.endpoints);
		Map<String, ProxiedRequest> found = new HashMap<>();
		if (!Files.exists(this.accessLog)) {
			this.violations.add(new Violation(0, "every request accounted for", "no access log " + this.accessLog));
			return found;
		}
		try (BufferedReader reader = Files.newBufferedReader(this.accessLog, StandardCharsets.UTF_8)) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				ProxiedRequest request = ProxiedRequest.parse(line);
				if (failed.contains(request.id())) {
					found.put(request.id(), request);
				}
				for (String peer : request.peers()) {
					for (RestartWindow window : windows.getOrDefault(peer, List.of())) {
						String wrong = window.wrongedBy(request);
						if (wrong != null) {
							this.violations.add(
									new Violation(window.deploy(), "no request on an instance being restarted", wrong));
						}
					}
				}
			}
		}
		return found;
	}

	/**
	 * A failed request is excused only when the deploy's fault was a kill that cut it: in
	 * flight on the killed instance at the kill (nginx's log names the peer), or a
	 * connection of the killed nginx worker (reset or closed without an answer, in flight
	 * at the kill or sent on one of its connections in the second after).
	 */
	private void judgeFailure(JournalEntry deploy, ClientRequest request, ProxiedRequest proxied) {
		Tally tally = this.tallies.get(deploy.number());
		tally.failed++;
		boolean cutByInstanceKill = deploy.faultIs("KILL_VERIFIED_INSTANCE") && proxied != null
				&& proxied.reached(deploy.killedInstance()) && request.inFlightAt(deploy.faultAt());
		boolean cutByWorkerKill = deploy.faultIs("KILL_NGINX_WORKER") && CUT.contains(request.cause())
				&& request.endedAt() >= deploy.faultAt() && request.sentAt() <= deploy.faultAt() + 1000;
		if (cutByInstanceKill || cutByWorkerKill) {
			tally.excused++;
			return;
		}
		violate(deploy, "every request answered",
				request.method() + " " + request.id() + " " + request.outcome() + ((proxied != null)
						? " (nginx: " + proxied.status() + " from " + proxied.peers() + ")" : " (not in nginx's log)"));
	}

	List<Violation> violations() {
		return List.copyOf(this.violations);
	}

	private void violate(JournalEntry deploy, String promise, String detail) {
		this.violations.add(new Violation(deploy.number(), promise, detail));
	}

	String report() {
		Map<String, Tally> byFault = new LinkedHashMap<>();
		for (JournalEntry deploy : this.deploys) {
			String fault = deploy.faultDone() ? deploy.fault() : deploy.fault() + " (not done)";
			Tally tally = byFault.computeIfAbsent(fault, (key) -> new Tally());
			Tally one = this.tallies.get(deploy.number());
			tally.deploys++;
			tally.requests += one.requests;
			tally.connections += one.connections;
			tally.failed += one.failed;
			tally.excused += one.excused;
			tally.endings.merge(one.ending, 1, Integer::sum);
		}
		Map<Integer, String> faultOf = new HashMap<>();
		this.deploys.forEach((deploy) -> faultOf.put(deploy.number(),
				deploy.faultDone() ? deploy.fault() : deploy.fault() + " (not done)"));
		this.violations.forEach((violation) -> {
			if (violation.deploy() > 0) {
				byFault.get(faultOf.get(violation.deploy())).violations++;
			}
		});
		StringBuilder text = new StringBuilder("# Soak: ").append(this.deploys.size())
			.append(" deploys, seed ")
			.append(this.seed)
			.append("\n\n| fault | deploys | ended | requests | failed | WebSockets and streams | cut by the kill | violations |\n")
			.append("|---|---:|---|---:|---:|---:|---:|---:|\n");
		byFault.forEach((fault, tally) -> text.append("| ")
			.append(fault.toLowerCase().replace('_', ' '))
			.append(" | ")
			.append(tally.deploys)
			.append(" | ")
			.append(tally.endings)
			.append(" | ")
			.append(tally.requests)
			.append(" | ")
			.append(tally.failed)
			.append(" | ")
			.append(tally.connections)
			.append(" | ")
			.append(tally.excused)
			.append(" | ")
			.append(tally.violations)
			.append(" |\n"));
		text.append('\n');
		if (this.violations.isEmpty()) {
			text.append("Every promise held.\n");
		}
		else {
			text.append(this.violations.size())
				.append(" violations (reproduce with --seed ")
				.append(this.seed)
				.append("):\n");
			this.violations.stream().limit(50).forEach((violation) -> text.append("- ").append(violation).append('\n'));
		}
		return text.toString();
	}

	private static final class Tally {

		int deploys;

		long requests;

		long failed;

		long connections;

		long excused;

		int violations;

		String ending = "—";

		final Map<String, Integer> endings = new java.util.TreeMap<>();

	}

}
