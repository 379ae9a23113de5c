package dev.baton.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.BatonCommand;
import dev.baton.cli.Json;

/**
 * The running local stack as the scenarios touch it: the {@code baton} CLI, supervisord,
 * the registry's admin API, and the instances themselves.
 */
public final class Stack {

	private static final Pattern RUNNING = Pattern.compile("\\sRUNNING\\s+pid (\\d+),");

	private final DemoOptions options;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final Map<String, String> secrets = new HashMap<>();

	public Stack(DemoOptions options) {
		this.options = options;
	}

	public DemoOptions options() {
		return this.options;
	}

	/**
	 * Runs a {@code baton} command as a user would, against this stack.
	 * @param args the command's arguments
	 * @return its exit code and output
	 */
	public CliRun baton(String... args) {
		List<String> all = new ArrayList<>(List.of(args));
		all.addAll(List.of("--bootstrap-servers", this.options.kafka()));
		if (List.of("approve", "offline", "online").contains(args[0])) {
			all.addAll(List.of("--token", secret("registry")));
		}
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = BatonCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
		return new CliRun(code, out.toString(), err.toString());
	}

	/**
	 * {@code baton deploy SERVICE VERSION [OPTIONS] --wait}, as CI runs it, with the
	 * deploy's steps added to the timeline.
	 * @param timeline where the steps go
	 * @param deployId the deploy's id
	 * @param version the version
	 * @param options more options ({@code --strategy surge})
	 * @return the command's outcome
	 */
	CliRun deploy(Timeline timeline, String deployId, String version, String... options) {
		Instant start = Instant.now();
		List<String> args = new ArrayList<>(List.of("deploy", this.options.service(), version));
		args.addAll(List.of(options));
		args.addAll(List.of("--wait", "--timeout", "5m", "--deploy-id", deployId));
		CliRun run = baton(args.toArray(String[]::new));
		timeline.addSteps(this.options, deployId, start.minusSeconds(5));
		return run;
	}

	private String supervisor(String... args) {
		List<String> command = new ArrayList<>(
				List.of("supervisorctl", "-c", this.options.run().resolve("demo/supervisord.conf").toString()));
		command.addAll(List.of(args));
		return run(command);
	}

	/**
	 * The process running an instance. supervisord runs each instance as a group of two
	 * programs that take turns (the restart hook starts one as the other stops).
	 * @param instance the instance, the group's name
	 * @return the pid of the program running it, or empty while none does
	 */
	public Optional<String> pid(String instance) {
		Matcher running = RUNNING.matcher(supervisor("status", instance + ":*"));
		return running.find() ? Optional.of(running.group(1)) : Optional.empty();
	}

	/**
	 * Starts an instance that runs nowhere, on the first of its two programs.
	 * @param instance the instance, the group's name
	 */
	public void start(String instance) {
		supervisor("start", instance + ":" + instance + "-a");
	}

	/**
	 * Stops an instance, whichever of its programs runs it.
	 * @param instance the instance, the group's name
	 */
	public void stop(String instance) {
		supervisor("stop", instance + ":*");
	}

	void kill9(long pid) {
		run(List.of("kill", "-9", Long.toString(pid)));
	}

	/**
	 * The registry's view of one instance.
	 * @param instanceId the instance
	 * @return its JSON, or a missing node when unknown
	 */
	public JsonNode instance(String instanceId) {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:7101/api/instances/" + instanceId))
			.header("Authorization", "Bearer " + secret("registry"))
			.timeout(Duration.ofSeconds(5))
			.build();
		String body = send(request);
		return (body != null) ? Json.mapper().readTree(body) : Json.mapper().missingNode();
	}

	/**
	 * How many requests an instance has served on a path, from its own metrics.
	 * @param port the instance's port
	 * @return the count, or 0 when the instance does not answer
	 */
	long served(int port) {
		String body = send(HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/metrics/http.server.requests?tag=uri:/work"))
			.timeout(Duration.ofSeconds(5))
			.build());
		return (body != null) ? Json.mapper().readTree(body).path("measurements").path(0).path("value").asLong(0) : 0;
	}

	/**
	 * Whether an instance's own process answers its health endpoint.
	 * @param port the instance's port
	 * @return true on a 200
	 */
	boolean answers(int port) {
		return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
			.timeout(Duration.ofSeconds(2))
			.build()) != null;
	}

	/**
	 * Requests in flight on an instance, as nginx counts them (the control endpoint of
	 * the local nginx node).
	 * @param port the instance's port
	 * @return the count, or -1 when nginx does not answer
	 */
	long inFlight(int port) {
		String body = control("/baton/inflight?service=" + this.options.service() + "&peer=127.0.0.1:" + port);
		return (body != null) ? Long.parseLong(body.trim().split("\\s+")[1]) : -1;
	}

	/**
	 * Whether nginx picks an instance for new requests.
	 * @param port the instance's port
	 * @return {@code up}, {@code down}, or {@code absent}
	 */
	public String peerState(int port) {
		return peers().getOrDefault("127.0.0.1:" + port, "absent");
	}

	/**
	 * How many peers of the service nginx picks for new requests.
	 * @return the count, or 0 when nginx does not answer
	 */
	public int peersUp() {
		return (int) peers().values().stream().filter("up"::equals).count();
	}

	/**
	 * nginx's peers of the service and their state, from the local node's control
	 * endpoint: {@code address state in-flight} per peer, after the peer set's version.
	 * @return state by address; empty when nginx does not answer
	 */
	public Map<String, String> peers() {
		String body = control("/baton/peers?service=" + this.options.service());
		Map<String, String> peers = new HashMap<>();
		if (body != null) {
			body.lines()
				.map((line) -> line.split("\\s+"))
				.filter((fields) -> fields.length > 1 && fields[0].contains(":"))
				.forEach((fields) -> peers.put(fields[0], fields[1]));
		}
		return peers;
	}

	private String control(String path) {
		return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:7180" + path))
			.header("X-Baton-Token", secret("nginx-control"))
			.timeout(Duration.ofSeconds(5))
			.build());
	}

	Path log(String name) {
		return this.options.run().resolve("logs").resolve(name + ".log");
	}

	private String send(HttpRequest request) {
		try {
			HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200) ? response.body() : null;
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	private String secret(String name) {
		return this.secrets.computeIfAbsent(name, this::readSecret);
	}

	private String readSecret(String name) {
		try {
			return Files.readString(this.options.run().resolve(name + ".token")).trim();
		}
		catch (IOException ex) {
			throw new IllegalStateException("no " + name + " token in " + this.options.run(), ex);
		}
	}

	private static String run(List<String> command) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException(command + " did not finish");
			}
			return output.trim();
		}
		catch (IOException ex) {
			throw new IllegalStateException("could not run " + command, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	public record CliRun(int code, String out, String err) {

	}

}
