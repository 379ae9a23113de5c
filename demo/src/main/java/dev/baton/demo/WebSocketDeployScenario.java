package dev.baton.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import tools.jackson.databind.JsonNode;

import dev.baton.loadgen.live.ConnectionRecord;
import dev.baton.loadgen.live.LongLivedClients;
import dev.baton.loadgen.live.LongLivedSettings;
import dev.baton.loadgen.live.LongLivedSummary;

/**
 * A deploy while WebSocket clients hold connections through nginx to every instance, with
 * a drain deadline shorter than they live:
 * <ul>
 * <li>{@code --drain-on-timeout fail}: the first instance's drain runs out with
 * connections open, so the deploy fails naming the node and how many, nothing is
 * restarted, the gate is reopened, and every WebSocket is still open and echoing;</li>
 * <li>{@code --drain-on-timeout proceed}: each instance is restarted at the deadline, the
 * app closes its WebSockets with 1001, and each client reconnects to another
 * instance.</li>
 * </ul>
 * The HTTP load runs throughout, and must lose nothing.
 */
final class WebSocketDeployScenario implements Scenario {

	private static final int CLIENTS = 4;

	private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(3);

	private static final Duration WAIT = Duration.ofSeconds(60);

	private final String version;

	private final boolean proceed;

	/**
	 * @param version the version deployed
	 * @param proceed {@code proceed} rather than {@code fail} when a drain runs out
	 */
	WebSocketDeployScenario(String version, boolean proceed) {
		this.version = version;
		this.proceed = proceed;
	}

	@Override
	public String name() {
		return CLIENTS + " WebSockets open through a deploy to " + this.version + ", drain timeout "
				+ DRAIN_TIMEOUT.toSeconds() + " s, on timeout " + policy();
	}

	private String policy() {
		return this.proceed ? "proceed" : "fail";
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		LongLivedSettings settings = LongLivedSettings.defaults(stack.options().nginx())
			.withWebSockets(CLIENTS)
			.withLog(stack.options().reportDirectory().resolve("websockets-" + policy() + ".jsonl"));
		try (LongLivedClients clients = onBothInstances(settings)) {
			timeline.mark("WebSockets open on ports " + ports(clients.openNow()));
			String deployId = "demo-ws-" + policy() + "-" + Instant.now().toEpochMilli();
			Stack.CliRun run = stack.deploy(timeline, deployId, this.version, "--drain-timeout",
					DRAIN_TIMEOUT.toSeconds() + "s", "--drain-on-timeout", policy());
			return this.proceed ? proceeded(run, clients, timeline) : failed(run, clients, timeline);
		}
	}

	/**
	 * Clients whose WebSockets reached both instances, so that the deploy's first drain
	 * meets open connections whichever instance it takes first. nginx spreads them round
	 * robin among the load's requests, so now and then all land on one instance: then
	 * those clients stop and others start.
	 */
	private static LongLivedClients onBothInstances(LongLivedSettings settings) {
		for (int attempt = 1;; attempt++) {
			LongLivedClients clients = start(settings);
			Await.until(CLIENTS + " WebSockets open through nginx, echoing", WAIT,
					() -> clients.openNow().size() == CLIENTS
							&& clients.openNow().stream().allMatch((open) -> open.received() > 0));
			if (ports(clients.openNow()).size() > 1 || attempt == 5) {
				return clients;
			}
			clients.stop();
		}
	}

	private static LongLivedClients start(LongLivedSettings settings) {
		try {
			return LongLivedClients.start(settings);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private Act failed(Stack.CliRun run, LongLivedClients clients, Timeline timeline) {
		List<String> problems = new ArrayList<>();
		JsonNode failed = timeline.step("DeployFailed");
		String reason = failed.path("reason").asString("");
		if (run.code() != 1 || !reason.toLowerCase(Locale.ROOT).contains("connection(s) still open on nginx node")
				|| !reason.contains("not restarted")) {
			problems.add("expected exit 1 and a DeployFailed naming the node and the connections open, got exit "
					+ run.code() + ": " + (reason.isEmpty() ? run.out().strip() : reason));
		}
		if (!failed.path("keptOut").isMissingNode() && !failed.path("keptOut").isEmpty()) {
			problems.add("instances kept out of rotation: " + failed.path("keptOut"));
		}
		if (!timeline.rolloutRestarts().isEmpty()) {
			problems.add("instances restarted: " + timeline.rolloutRestarts());
		}
		// A restart would have closed the WebSockets on its instance (or cut them): each
		// is still open, and answers again after the deploy failed.
		long received = clients.openNow().stream().mapToLong(ConnectionRecord::received).sum();
		Await.until("every WebSocket echoing after the failed deploy", WAIT, () -> clients.openNow().size() == CLIENTS
				&& clients.openNow().stream().mapToLong(ConnectionRecord::received).sum() >= received + 2 * CLIENTS);
		problems.addAll(WebSocketJudge.untouched(clients.ended()));
		LongLivedSummary summary = clients.stop();
		return Act.of(problems.isEmpty(), verdict(problems, summary, reason));
	}

	private Act proceeded(Stack.CliRun run, LongLivedClients clients, Timeline timeline) {
		List<String> problems = new ArrayList<>();
		if (run.code() != 0) {
			problems.add("expected the deploy to succeed, got exit " + run.code() + ": "
					+ timeline.step("DeployFailed").path("reason").asString(run.out().strip()));
		}
		Await.until(CLIENTS + " WebSockets open again after the deploy", WAIT,
				() -> clients.openNow().size() == CLIENTS);
		problems.addAll(WebSocketJudge.closedGoingAwayAndReconnectedElsewhere(clients.ended(), clients.openNow()));
		LongLivedSummary summary = clients.stop();
		return Act.of(problems.isEmpty(), verdict(problems, summary, "closed by the app " + summary.serverCloses()));
	}

	private static String verdict(List<String> problems, LongLivedSummary summary, String what) {
		return what + "; WebSockets: " + summary + (problems.isEmpty() ? "" : "; PROBLEMS: " + problems);
	}

	private static Set<Integer> ports(List<ConnectionRecord> connections) {
		return connections.stream().map(ConnectionRecord::port).collect(Collectors.toSet());
	}

}
