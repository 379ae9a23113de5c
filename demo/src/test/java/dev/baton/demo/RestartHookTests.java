package dev.baton.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The demo's runtime hook against a real supervisord, with a tiny HTTP server as the app
 * and a release that crashes at start: the same calls the deployer makes in a deploy and
 * in a rollback, over both of the hook's ways to reach supervisord.
 */
class RestartHookTests {

	private static final Path HOOK = Path.of("runtime", "restart-instance").toAbsolutePath();

	private static final String PASSWORD = "hook-test-password";

	/**
	 * The app: serves its directory until SIGTERM, then closes its port and exits after
	 * LINGER_SECONDS.
	 */
	private static final String APP = """
			import http.server, os, signal, sys, threading, time
			server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), http.server.SimpleHTTPRequestHandler)
			signal.signal(signal.SIGTERM, lambda signum, frame: threading.Thread(target=server.shutdown).start())
			server.serve_forever(poll_interval=0.05)
			server.server_close()
			time.sleep(float(os.environ.get("LINGER_SECONDS", "0")))
			""";

	@TempDir
	Path dir;

	private Process supervisord;

	private int appPort;

	private int pairPort;

	private int supervisorPort;

	@BeforeEach
	void startSupervisord() throws Exception {
		assumeTrue(Files.isExecutable(Path.of("/usr/bin/supervisord")), "needs supervisord (Debian's supervisor)");
		assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "needs curl");
		this.appPort = freePort();
		this.pairPort = freePort();
		this.supervisorPort = freePort();
		Files.writeString(this.dir.resolve("app.py"), APP);
		Files.createDirectories(this.dir.resolve("releases/good/www"));
		Files.writeString(this.dir.resolve("releases/good/www/health"), "ok\n");
		script(this.dir.resolve("releases/good/run"),
				"cd \"$(dirname \"$0\")/www\" && exec python3 " + this.dir.resolve("app.py") + " \"$1\"");
		Files.createDirectories(this.dir.resolve("releases/broken"));
		// Like a JVM still starting up, it does not act on SIGTERM.
		script(this.dir.resolve("releases/broken/run"), "trap '' TERM; sleep 3; echo 'broken release' >&2; exit 1");
		activate("good");
		StringBuilder conf = new StringBuilder("""
				[unix_http_server]
				file=%1$s/supervisor.sock
				[inet_http_server]
				port=127.0.0.1:%2$d
				username=baton
				password={SHA}%3$s
				[supervisord]
				logfile=%1$s/supervisord.log
				pidfile=%1$s/supervisord.pid
				[rpcinterface:supervisor]
				supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface
				[supervisorctl]
				serverurl=unix://%1$s/supervisor.sock
				[group:pair-1]
				programs=pair-1-a,pair-1-b
				""".formatted(this.dir, this.supervisorPort, sha1(PASSWORD)));
		// app-1 is restarted in place; pair-1's two programs take turns. pair-1's app
		// lingers for a while after it closed its port, as a JVM finishing its shutdown.
		conf.append(program("app-1", this.appPort, true, 0));
		conf.append(program("pair-1-a", this.pairPort, true, 1.5));
		conf.append(program("pair-1-b", this.pairPort, false, 1.5));
		Files.writeString(this.dir.resolve("supervisord.conf"), conf);
		writeCredentials(this.dir.resolve("credentials"), PASSWORD);
		this.supervisord = new ProcessBuilder("supervisord", "-n", "-c",
				this.dir.resolve("supervisord.conf").toString())
			.redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("supervisord.out").toFile())
			.start();
		awaitTrue("the apps answer", () -> answers(this.appPort) && answers(this.pairPort));
	}

	private String program(String name, int port, boolean autostart, double lingerSeconds) {
		return """
				[program:%1$s]
				command=%2$s/current/run %3$d
				environment=LINGER_SECONDS="%5$s"
				autostart=%4$s
				autorestart=true
				startsecs=1
				startretries=1000
				stopwaitsecs=10
				stdout_logfile=%2$s/%1$s.log
				redirect_stderr=true
				""".formatted(name, this.dir, port, autostart, lingerSeconds);
	}

	@AfterEach
	void stopSupervisord() throws Exception {
		if (this.supervisord != null) {
			this.supervisord.destroy();
			this.supervisord.waitFor(20, TimeUnit.SECONDS);
		}
	}

	@Test
	void restartsAServingInstanceOverLoopbackHttpAndSaysWhereTheTimeWent() throws Exception {
		String before = pid("app-1");

		Result result = hook("app-1", this.appPort, overHttp(), this.dir.resolve("credentials"));

		assertThat(result.code()).as(result.err()).isZero();
		assertThat(result.err()).matches("app-1: asked app-1 to stop after \\d+ ms, its port free after \\d+ ms, "
				+ "started app-1 after \\d+ ms; answering /health \\d+ ms after its start; app-1 exited after \\d+ ms\\s*");
		assertThat(pid("app-1")).isNotEqualTo(before);
		assertThat(answers(this.appPort)).isTrue();
	}

	@Test
	void restartsOverTheUnixSocket() throws Exception {
		String before = pid("app-1");

		Result result = hook("app-1", this.appPort, this.dir.resolve("supervisor.sock").toString(), null);

		assertThat(result.code()).as(result.err()).isZero();
		assertThat(pid("app-1")).isNotEqualTo(before);
		assertThat(answers(this.appPort)).isTrue();
	}

	@Test
	void startsTheOtherProgramOfAPairOnceTheOldProcessNoLongerListensWithoutWaitingForItsExit() throws Exception {
		String before = pid("pair-1:pair-1-a");

		Result result = hook("pair-1", this.pairPort, overHttp(), this.dir.resolve("credentials"));

		assertThat(result.code()).as(result.err()).isZero();
		Matcher times = Pattern
			.compile("pair-1: asked pair-1-a to stop after \\d+ ms, its port free after (\\d+) ms, "
					+ "started pair-1-b after (\\d+) ms; answering /health \\d+ ms after its start; "
					+ "pair-1-a exited after (?:more than )?(\\d+) ms\\s*")
			.matcher(result.err());
		assertThat(times.matches()).as(result.err()).isTrue();
		assertThat(Long.parseLong(times.group(2))).as("pair-1-b started before pair-1-a exited")
			.isLessThan(Long.parseLong(times.group(3)))
			.isGreaterThanOrEqualTo(Long.parseLong(times.group(1)));
		awaitTrue("pair-1-a exits", () -> supervisorctl("status", "pair-1:pair-1-a").contains("STOPPED"));
		String log = supervisordLog();
		assertThat(log.indexOf("spawned: 'pair-1-b'")).as("supervisord started pair-1-b while pair-1-a still ran")
			.isPositive()
			.isLessThan(log.indexOf("stopped: pair-1-a"));
		assertThat(pid("pair-1:pair-1-b")).isNotEqualTo("0");
		assertThat(answers(this.pairPort)).isTrue();

		Result back = hook("pair-1", this.pairPort, overHttp(), this.dir.resolve("credentials"));

		assertThat(back.code()).as(back.err()).isZero();
		assertThat(back.err()).contains("asked pair-1-b to stop").contains("started pair-1-a");
		assertThat(pid("pair-1:pair-1-a")).isNotIn("0", before);
		awaitTrue("pair-1-b exits", () -> supervisorctl("status", "pair-1:pair-1-b").contains("STOPPED"));
	}

	@Test
	void reportsAReleaseThatCrashesAtStartAndRollsItBack() throws Exception {
		Result rollback = crashThenRollBack("app-1", "app-1", this.appPort);

		assertThat(rollback.code()).as(rollback.err()).isZero();
		assertThat(answers(this.appPort)).isTrue();
		assertThat(supervisordLog()).as("an instance still starting is killed, not waited for")
			.contains("terminated by SIGKILL");
	}

	@Test
	void rollsBackAPairWhoseNewProgramCrashesAtStart() throws Exception {
		Result rollback = crashThenRollBack("pair-1", "pair-1:pair-1-b", this.pairPort);

		assertThat(rollback.code()).as(rollback.err()).isZero();
		assertThat(rollback.err()).contains("asked pair-1-b to stop").contains("started pair-1-a");
		assertThat(answers(this.pairPort)).isTrue();
		awaitTrue("the broken release stopped, not started again",
				() -> supervisorctl("status", "pair-1:pair-1-b").contains("STOPPED"));
	}

	/**
	 * Deploys the release that crashes at start, checks the hook reports it, then rolls
	 * back to the good one while supervisord keeps starting the broken one again.
	 * @param instance the instance
	 * @param program the program the broken release runs in
	 * @param port the instance's port
	 * @return the rollback's outcome
	 */
	private Result crashThenRollBack(String instance, String program, int port) throws Exception {
		activate("broken");
		Result broken = hook(instance, port, overHttp(), this.dir.resolve("credentials"));

		assertThat(broken.code()).isEqualTo(1);
		assertThat(broken.err()).contains(instance + " crashed during start-up");

		String crashed = broken.err().replaceAll("(?s).*\\(pid (\\d+) exited\\).*", "$1");
		awaitTrue("the broken release started again, past its trap", () -> running(program, crashed));
		activate("good");
		return hook(instance, port, overHttp(), this.dir.resolve("credentials"));
	}

	@Test
	void refusesToGoOnWithoutTheRightCredentials() throws Exception {
		String before = pid("app-1");
		writeCredentials(this.dir.resolve("wrong"), "not-the-password");

		Result result = hook("app-1", this.appPort, overHttp(), this.dir.resolve("wrong"));

		assertThat(result.code()).isEqualTo(1);
		assertThat(result.err()).contains("401");
		assertThat(pid("app-1")).isEqualTo(before);
	}

	private String overHttp() {
		return "http://127.0.0.1:" + this.supervisorPort;
	}

	private Result hook(String instance, int port, String supervisor, Path credentials) throws Exception {
		List<String> command = new ArrayList<>(
				List.of(HOOK.toString(), supervisor, instance, "127.0.0.1", String.valueOf(port), "30"));
		if (credentials != null) {
			command.add(credentials.toString());
		}
		Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
		String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the hook returns").isTrue();
		return new Result(process.exitValue(), err);
	}

	private String supervisordLog() throws IOException {
		return Files.readString(this.dir.resolve("supervisord.log"));
	}

	private void activate(String release) throws IOException {
		Path link = this.dir.resolve("current");
		Files.deleteIfExists(link);
		Files.createSymbolicLink(link, this.dir.resolve("releases").resolve(release));
	}

	private String pid(String program) {
		return supervisorctl("pid", program).trim();
	}

	/**
	 * Whether supervisord shows the program running under another pid than the one given.
	 */
	private boolean running(String program, String otherThan) {
		String status = supervisorctl("status", program);
		return status.contains("RUNNING") && !status.contains("pid " + otherThan + ",");
	}

	/** What supervisorctl prints for the given command. */
	private String supervisorctl(String... args) {
		List<String> command = new ArrayList<>(
				List.of("supervisorctl", "-c", this.dir.resolve("supervisord.conf").toString()));
		command.addAll(List.of(args));
		try {
			Process process = new ProcessBuilder(command).start();
			String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			process.waitFor(10, TimeUnit.SECONDS);
			return out;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static boolean answers(int port) {
		try {
			HttpURLConnection connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/health")
				.toURL()
				.openConnection();
			connection.setConnectTimeout(1000);
			connection.setReadTimeout(1000);
			return connection.getResponseCode() == 200;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void script(Path path, String body) throws IOException {
		Files.createDirectories(path.getParent());
		Files.writeString(path, "#!/usr/bin/env bash\n" + body + "\n");
		Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
	}

	private static void writeCredentials(Path path, String password) throws IOException {
		String basic = Base64.getEncoder().encodeToString(("baton:" + password).getBytes(StandardCharsets.UTF_8));
		Files.writeString(path, "Basic " + basic + "\n");
	}

	private static String sha1(String text) throws NoSuchAlgorithmException {
		return HexFormat.of()
			.formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	private static void awaitTrue(String what, java.util.function.BooleanSupplier condition)
			throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime() < deadline).as(what + " within 30 s").isTrue();
			Thread.sleep(50);
		}
	}

	private record Result(int code, String err) {

	}

}
