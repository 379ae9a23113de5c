package dev.baton.demo.attacks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Attacks on the hosts Baton runs on: its control endpoints called without the token or
 * from another host, and its secrets looked for where any local user can read.
 */
final class HostAttacks {

	/** The loopback endpoints that act on the fleet or on nginx, by what they are. */
	private static final Map<String, Integer> CONTROL_PORTS = endpoints();

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

	private HostAttacks() {
	}

	static List<Attack> all() {
		return List.of(
				new Attack("control endpoints called without the token, and with a wrong one", "a local user",
						HostAttacks::withoutToken),
				new Attack("control endpoints and the broker called from a non-loopback address",
						"another host (a network namespace)", HostAttacks::fromAnotherHost),
				new Attack("a password or token looked for in every process's command line, the services' logs and"
						+ " the audit trail", "a local user", HostAttacks::secretsInSight));
	}

	private static Map<String, Integer> endpoints() {
		Map<String, Integer> ports = new LinkedHashMap<>();
		ports.put("registry admin API", 7101);
		ports.put("nginx control endpoint", 7180);
		ports.put("supervisord API", 7109);
		ports.put("Kafka's clients' listener", 9092);
		ports.put("Kafka's administrator listener", 9094);
		return ports;
	}

	private static Attempt withoutToken(AttackSurface surface) throws Exception {
		List<String> answers = new ArrayList<>();
		boolean refused = true;
		for (String header : new String[] { null, "wrong-token-0123456789" }) {
			int registry = status(get("http://127.0.0.1:7101/api/instances", "Authorization",
					(header != null) ? "Bearer " + header : null));
			int nginx = status(
					get("http://127.0.0.1:7180/baton/peers?service=" + surface.service(), "X-Baton-Token", header));
			refused &= isRefusal(registry) && isRefusal(nginx);
			answers
				.add(((header == null) ? "no token" : "wrong token") + ": registry " + registry + ", nginx " + nginx);
		}
		return refused ? Attempt.refused("registry, nginx-control", String.join("; ", answers))
				: Attempt.accepted(String.join("; ", answers));
	}

	private static Attempt fromAnotherHost(AttackSurface surface) throws IOException {
		if (!NetworkNamespace.available()) {
			return Attempt.accepted("not tried: making a network namespace needs root and iproute2");
		}
		try (NetworkNamespace other = NetworkNamespace.create()) {
			if (!other.reachesThisMachine()) {
				return Attempt.accepted("not tried: the namespace does not reach " + NetworkNamespace.HOST_ADDRESS);
			}
			List<String> reached = new ArrayList<>();
			for (Map.Entry<String, Integer> endpoint : CONTROL_PORTS.entrySet()) {
				if (other.connects(endpoint.getValue())) {
					reached.add(endpoint.getKey() + " (" + endpoint.getValue() + ")");
				}
			}
			if (!reached.isEmpty()) {
				return Attempt.accepted("reached from " + NetworkNamespace.HOST_ADDRESS + ": " + reached);
			}
			return Attempt.refused("the host (bound to 127.0.0.1)", "a listener on " + NetworkNamespace.HOST_ADDRESS
					+ " was reached, but " + CONTROL_PORTS.keySet() + " refused the connection");
		}
	}

	/**
	 * The stack's passwords and tokens are in files readable by their owner only; none
	 * may be where another user (or whoever reads the logs or the audit trail) sees it.
	 */
	private static Attempt secretsInSight(AttackSurface surface) throws IOException {
		Map<String, String> secrets = secrets(surface);
		int processes = 0;
		List<String> found = new ArrayList<>();
		try (Stream<Path> proc = Files.list(Path.of("/proc"))) {
			for (Path process : proc.filter((path) -> path.getFileName().toString().matches("\\d+")).toList()) {
				String commandLine = read(process.resolve("cmdline")).replace('\0', ' ');
				processes++;
				found.addAll(holders(secrets, commandLine, "the command line of pid " + process.getFileName()));
			}
		}
		List<Path> logs = new ArrayList<>();
		for (Path directory : List.of(surface.stack().options().run().resolve("logs"),
				surface.stack().options().run().resolve("nginx").resolve("logs"))) {
			if (Files.isDirectory(directory)) {
				try (Stream<Path> files = Files.list(directory)) {
					logs.addAll(files.filter(Files::isRegularFile).toList());
				}
			}
		}
		for (Path log : logs) {
			found.addAll(holders(secrets, read(log), log.getFileName().toString()));
		}
		int records = 0;
		for (String topic : List.of("audit", "deploy.steps")) {
			for (ConsumerRecord<String, String> record : surface.kafka().readToEnd(topic, null)) {
				records++;
				found.addAll(holders(secrets, String.valueOf(record.value()), topic));
			}
		}
		String looked = secrets.size() + " secrets looked for in " + processes + " command lines, " + logs.size()
				+ " log files and " + records + " audit and deploy records";
		return found.isEmpty() ? Attempt.refused("files readable by their owner only", "none found: " + looked)
				: Attempt.accepted(found.size() + " found ("
						+ String.join(", ", found.subList(0, Math.min(3, found.size()))) + "): " + looked);
	}

	/** Every password and token of the stack, by the file it is kept in. */
	private static Map<String, String> secrets(AttackSurface surface) throws IOException {
		Map<String, String> secrets = new LinkedHashMap<>();
		List<Path> files = new ArrayList<>();
		try (Stream<Path> passwords = Files.list(surface.secrets())) {
			files.addAll(passwords.filter((file) -> file.toString().endsWith(".password")).toList());
		}
		try (Stream<Path> tokens = Files.list(surface.stack().options().run())) {
			files.addAll(tokens.filter((file) -> file.toString().endsWith(".token")).toList());
		}
		for (Path file : files) {
			String value = read(file).strip();
			if (value.length() >= 16) {
				secrets.put(file.getFileName().toString(), value);
			}
		}
		return secrets;
	}

	private static List<String> holders(Map<String, String> secrets, String text, String where) {
		return secrets.entrySet()
			.stream()
			.filter((secret) -> text.contains(secret.getValue()))
			.map((secret) -> secret.getKey() + " in " + where)
			.toList();
	}

	private static String read(Path file) {
		try {
			return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			// a process that ended meanwhile
			return "";
		}
	}

	private static HttpRequest get(String uri, String header, String value) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(5));
		if (value != null) {
			request.header(header, value);
		}
		return request.build();
	}

	private static int status(HttpRequest request) throws IOException, InterruptedException {
		return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
	}

	private static boolean isRefusal(int status) {
		return status == 401 || status == 403;
	}

}
