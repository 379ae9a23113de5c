package dev.baton.deployer.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;

import dev.baton.deployer.runtime.supervisord.SupervisedProcess;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;
import dev.baton.kafka.testing.FreePorts;

/**
 * A real supervisord of a test's own, in a temporary directory: its loopback HTTP server
 * behind a password and its unix socket. Its instances run a small Python app whose
 * behaviour is the release their {@code release} link points to: {@code serve} answers
 * HTTP, {@code crash} exits at once, {@code once} answers one request then exits,
 * {@code hang} never listens and never exits.
 */
public final class RealSupervisord implements AutoCloseable {

	private static final String APP = """
			import http.server, sys, time
			port, release = int(sys.argv[1]), sys.argv[2]
			mode = open(release).read().strip()
			if mode == 'crash':
			    sys.exit(3)
			while mode == 'hang':
			    time.sleep(60)
			class Handler(http.server.BaseHTTPRequestHandler):
			    def do_GET(self):
			        self.send_response(200)
			        self.send_header('Content-Length', str(len(mode)))
			        self.end_headers()
			        self.wfile.write(mode.encode())
			        self.server.answered = True
			    def log_message(self, *args):
			        pass
			server = http.server.HTTPServer(('127.0.0.1', port), Handler)
			server.answered = False
			while not (mode == 'once' and server.answered):
			    server.handle_request()
			sys.exit(4)
			""";

	private final Path dir;

	private final int httpPort;

	private final Process process;

	private RealSupervisord(Path dir, int httpPort, Process process) {
		this.dir = dir;
		this.httpPort = httpPort;
		this.process = process;
	}

	/**
	 * Starts supervisord with the instances, each on the {@code serve} release.
	 * @param dir a directory of the test's own
	 * @param instances the instances it runs
	 * @return once every instance runs
	 */
	public static RealSupervisord start(Path dir, List<Instance> instances) throws IOException {
		int httpPort = FreePorts.next();
		String password = UUID.randomUUID().toString();
		Files.writeString(dir.resolve("app.py"), APP);
		Files.createDirectories(dir.resolve("releases"));
		for (String mode : List.of("serve", "crash", "once", "hang")) {
			Files.writeString(dir.resolve("releases").resolve(mode), mode + "\n");
		}
		Files.writeString(dir.resolve("credentials"), "Basic "
				+ Base64.getEncoder().encodeToString(("baton:" + password).getBytes(StandardCharsets.UTF_8)) + "\n");
		StringBuilder config = new StringBuilder("""
				[unix_http_server]
				file=%1$s/supervisor.sock
				[inet_http_server]
				port=127.0.0.1:%2$d
				username=baton
				password=%3$s
				[supervisord]
				logfile=%1$s/supervisord.log
				pidfile=%1$s/supervisord.pid
				childlogdir=%1$s
				[rpcinterface:supervisor]
				supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface
				""".formatted(dir, httpPort, password));
		for (Instance instance : instances) {
			Path instanceDir = Files.createDirectories(dir.resolve("instances").resolve(instance.id()));
			Files.createSymbolicLink(instanceDir.resolve("release"), dir.resolve("releases").resolve("serve"));
			List<String> programs = instance.pair() ? List.of(instance.id() + "-a", instance.id() + "-b")
					: List.of(instance.id());
			if (instance.pair()) {
				config.append("[group:%s]\nprograms=%s\n".formatted(instance.id(), String.join(",", programs)));
			}
			for (String program : programs) {
				config.append("""
						[program:%s]
						command=python3 -u %s/app.py %d %s/release
						autostart=%s
						autorestart=true
						startsecs=1
						startretries=2
						stopwaitsecs=5
						""".formatted(program, dir, instance.port(), instanceDir, program.equals(programs.get(0))));
			}
		}
		Files.writeString(dir.resolve("supervisord.conf"), config);
		Process process = new ProcessBuilder("supervisord", "--nodaemon", "--configuration",
				dir.resolve("supervisord.conf").toString())
			.redirectErrorStream(true)
			.redirectOutput(dir.resolve("supervisord.out").toFile())
			.start();
		RealSupervisord supervisord = new RealSupervisord(dir, httpPort, process);
		SupervisorClient client = supervisord.unixClient();
		Awaitility.await("supervisord runs every instance")
			.atMost(Duration.ofSeconds(60))
			.ignoreExceptions()
			.until(() -> client.processes()
				.stream()
				.filter((program) -> !program.name().endsWith("-b"))
				.allMatch((program) -> program.state().equals("RUNNING")));
		return supervisord;
	}

	public String httpUrl() {
		return "http://127.0.0.1:" + this.httpPort;
	}

	public String unixUrl() {
		return "unix://" + this.dir.resolve("supervisor.sock");
	}

	public Path credentials() {
		return this.dir.resolve("credentials");
	}

	public SupervisorClient unixClient() {
		return SupervisorClient.of(unixUrl(), Optional.empty());
	}

	/** What activates a release: the link the instance's programs read. */
	public List<String> activate() {
		return List.of("ln", "-sfn", this.dir.resolve("releases") + "/{version}",
				this.dir.resolve("instances") + "/{instanceId}/release");
	}

	public SupervisedProcess program(String spec) throws Exception {
		return unixClient().process(spec);
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.descendants().forEach(ProcessHandle::destroyForcibly);
			this.process.destroyForcibly();
		}
	}

	/**
	 * One instance: one program named after it, or a group of two programs that take
	 * turns.
	 *
	 * @param id its instance id
	 * @param port where it listens
	 * @param pair whether it is a group of {@code <id>-a} and {@code <id>-b}
	 */
	public record Instance(String id, int port, boolean pair) {

	}

}
