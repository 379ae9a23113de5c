package dev.baton.nginx.bench;

import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.baton.contracts.Endpoint;
import dev.baton.kafka.testing.TestKafka;
import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadSettings;
import dev.baton.loadgen.OpenLoad;
import dev.baton.nginx.GateTopics;
import dev.baton.nginx.NodeProcess;
import dev.baton.nginx.RunningNode;
import dev.baton.nginx.UpstreamServer;

/**
 * Not one request lost while everything around nginx moves: kept-alive clients send GETs
 * and POSTs at a fixed rate (the load generator's open model) through a managed nginx to
 * three apps while, without pause, one app at a time is drained (DEPLOY gate closed, its
 * {@code PeerDrained} awaited) and brought back (its {@code PeerApplied} awaited), and
 * nginx-control is killed with SIGKILL and started again every 45 s, adopting the nginx
 * it left serving. A real broker (embedded KRaft), a real nginx, real processes. Prints
 * the load's totals and failures by cause, the gate changes and the restarts, and exits
 * with status 1 when any request failed. Run with
 * {@code ./mvnw -q -B -pl nginx-control-service test-compile exec:java
 * -Dexec.mainClass=dev.baton.nginx.bench.RestartsUnderLoad [-Dexec.args="600 1000"]}
 * (seconds, requests per second).
 */
public final class RestartsUnderLoad {

	private static final String PREFIX = "soak.";

	private static final Duration RESTART_EVERY = Duration.ofSeconds(45);

	/** Long enough for a node that is down to come back and answer what it missed. */
	private static final Duration ANSWER_WITHIN = Duration.ofSeconds(60);

	private RestartsUnderLoad() {
	}

	public static void main(String[] args) throws Exception {
		Duration duration = Duration.ofSeconds((args.length > 0) ? Long.parseLong(args[0]) : 600);
		double rate = (args.length > 1) ? Double.parseDouble(args[1]) : 1000;
		if (!Files.isExecutable(Path.of("/usr/sbin/nginx"))) {
			throw new IllegalStateException("the soak needs /usr/sbin/nginx with libnginx-mod-http-lua");
		}
		nodeClassPath();
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 3);
		broker.afterPropertiesSet();
		RunningNode.Arguments arguments = RunningNode.Arguments.of(broker.getBrokersAsString(), PREFIX, "node-a",
				"managed", List.of("orders"));
		List<UpstreamServer> apps = List.of(new UpstreamServer(), new UpstreamServer(), new UpstreamServer());
		int exit;
		try (TestKafka kafka = new TestKafka(broker.getBrokersAsString());
				NodeProcess node = new NodeProcess("node-a", arguments)) {
			node.start();
			// the node declares nginx.events: the watcher reads it from then on
			node.awaitOutput("rebuilt its desired state");
			try (EventWatcher events = new EventWatcher(broker.getBrokersAsString(), PREFIX + "nginx.events")) {
				GateTopics topics = new GateTopics(kafka, kafka::send, PREFIX);
				for (UpstreamServer app : apps) {
					for (String gate : List.of("ADMIN", "HEALTH", "DEPLOY")) {
						events.await("PeerApplied", topics.gate("orders", app.endpoint(), gate, true), ANSWER_WITHIN);
					}
				}
				exit = soak(node, topics, events, apps,
						LoadSettings.defaults(URI.create("http://127.0.0.1:" + arguments.listenPorts().get("orders")))
							.withRate(rate)
							.withDuration(duration)
							.withQuiet(true));
			}
		}
		finally {
			apps.forEach(UpstreamServer::close);
			broker.destroy();
		}
		System.exit(exit);
	}

	/**
	 * exec:java runs this in Maven's JVM, the project's class path in a class loader of
	 * its own; the node's JVM is started with {@code java.class.path}, so it is set to
	 * that class path.
	 */
	private static void nodeClassPath() throws Exception {
		if (Thread.currentThread().getContextClassLoader() instanceof URLClassLoader loader) {
			List<String> entries = new ArrayList<>();
			for (URL url : loader.getURLs()) {
				entries.add(Path.of(url.toURI()).toString());
			}
			System.setProperty("java.class.path", String.join(File.pathSeparator, entries));
		}
	}

	private static int soak(NodeProcess node, GateTopics topics, EventWatcher events, List<UpstreamServer> apps,
			LoadSettings settings) throws Exception {
		OpenLoad generator = new OpenLoad(settings);
		CompletableFuture<LoadResult> result = CompletableFuture.supplyAsync(generator::run);
		AtomicBoolean running = new AtomicBoolean(true);
		result.whenComplete((done, failure) -> running.set(false));
		Gates gates = new Gates(topics, events, apps);
		CompletableFuture<Void> gateChanges = CompletableFuture.runAsync(() -> gates.cycle(running));
		int restarts = 0;
		int adopted = 0;
		while (!loadEndsWithin(result, RESTART_EVERY)) {
			node.kill();
			node.start();
			node.awaitOutput("rebuilt its desired state");
			restarts++;
			adopted += node.output().contains("Adopted nginx") ? 1 : 0;
		}
		LoadResult load = result.get();
		gateChanges.get(ANSWER_WITHIN.toSeconds() * 2, TimeUnit.SECONDS);
		System.out.printf("%n%d s at %.0f requests/s through nginx: %d requests, %d failed (GET %s, POST %s)%n",
				(long) load.durationSeconds(), load.rate(), load.requests(), load.failed(), failures(load.get()),
				failures(load.post()));
		System.out.printf("latency ms: p50 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n", load.latency().p50(),
				load.latency().p99(), load.latency().p999(), load.latency().max());
		System.out.printf("gate changes: %d drains confirmed by PeerDrained, %d returns confirmed by PeerApplied%n",
				gates.drains(), gates.returns());
		System.out.printf("nginx-control killed (SIGKILL) and started again: %d times; nginx adopted: %d times%n",
				restarts, adopted);
		boolean passed = load.failed() == 0 && load.requests() > 0 && adopted == restarts;
		System.out.println(passed ? "PASS: not one request lost" : "FAIL");
		return passed ? 0 : 1;
	}

	private static boolean loadEndsWithin(CompletableFuture<LoadResult> result, Duration wait) throws Exception {
		try {
			result.get(wait.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
	}

	private static String failures(LoadResult.MethodTotals totals) {
		return totals.failed() + " " + totals.statuses() + " " + totals.errors();
	}

	/** Drains one app at a time and brings it back, each step confirmed by the node. */
	private static final class Gates {

		private final GateTopics topics;

		private final EventWatcher events;

		private final List<UpstreamServer> apps;

		private int drains;

		private int returns;

		Gates(GateTopics topics, EventWatcher events, List<UpstreamServer> apps) {
			this.topics = topics;
			this.events = events;
			this.apps = apps;
		}

		void cycle(AtomicBoolean running) {
			try {
				for (int i = 0; running.get(); i++) {
					Endpoint app = this.apps.get(i % this.apps.size()).endpoint();
					this.events.await("PeerDrained", this.topics.gate("orders", app, "DEPLOY", false), ANSWER_WITHIN);
					this.drains++;
					this.events.await("PeerApplied", this.topics.gate("orders", app, "DEPLOY", true), ANSWER_WITHIN);
					this.returns++;
				}
			}
			catch (Exception ex) {
				throw new IllegalStateException("a gate change was not answered within " + ANSWER_WITHIN, ex);
			}
		}

		int drains() {
			return this.drains;
		}

		int returns() {
			return this.returns;
		}

	}

}
