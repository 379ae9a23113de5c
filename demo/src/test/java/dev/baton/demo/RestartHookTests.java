package dev.baton.demo;

import java.io.IOException;
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

	@TempDir
	Path dir;

	private Process supervisord;

	private int appPort;

	private int supervisorPort;

	@BeforeEach
	void startSupervisord() throws Exception {
		assumeTrue(Files.isExecutable(Path.of("/usr/bin/supervisord")), "needs supervisord (Debian's supervisor)");
		assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "needs curl");
		this.appPort = freePort();
		this.supervisorPort = freePort();
		Files.createDirectories(this.dir.resolve("releases/good/www"));
		Files.writeString(this.dir.resolve("releases/good/www/health"), "ok\n");
		script(this.dir.resolve("releases/good/run"),
				"cd \"$(dirname \"$0\")/www\" && exec python3 -m http.server " + this.appPort + " --bind 127.0.0.1");
		Files.createDirectories(this.dir.resolve("releases/broken"));
		// Like a JVM still starting up, it does not act on SIGTERM.
		script(this.dir.resolve("releases/broken/run"), "trap '' TERM; sleep 3; echo 'broken release' >&2; exit 1");
		activate("good");
		Files.writeString(this.dir.resolve("supervisord.conf"), """
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
				[program:app-1]
				command=%1$s/current/run
				autorestart=true
				startsecs=1
				startretries=1000
				stopwaitsecs=10
				stdout_logfile=%1$s/app-1.log
				redirect_stderr=true
				""".formatted(this.dir, this.supervisorPort, sha1(PASSWORD)));
		writeCredentials(this.dir.resolve("credentials"), PASSWORD);
		this.supervisord = new ProcessBuilder("supervisord", "-n", "-c",
				this.dir.resolve("supervisord.conf").toString())
			.redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("supervisord.out").toFile())
			.start();
		awaitTrue("the app answers", () -> answers());
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
		String before = pid();

		Result result = hook("http://127.0.0.1:" + this.supervisorPort, this.dir.resolve("credentials"));

		assertThat(result.code()).as(result.err()).isZero();
		assertThat(result.err()).matches(
				"app-1: asked to stop after \\d+ ms, exited after \\d+ ms, stopped after \\d+ ms; answering /health \\d+ ms after its start\\s*");
		assertThat(pid()).isNotEqualTo(before);
		assertThat(answers()).isTrue();
	}

	@Test
	void restartsOverTheUnixSocket() throws Exception {
		String before = pid();

		Result result = hook(this.dir.resolve("supervisor.sock").toString(), null);

		assertThat(result.code()).as(result.err()).isZero();
		assertThat(pid()).isNotEqualTo(before);
		assertThat(answers()).isTrue();
	}

	@Test
	void reportsAReleaseThatCrashesAtStartAndRollsItBack() throws Exception {
		activate("broken");
		Result broken = hook("http://127.0.0.1:" + this.supervisorPort, this.dir.resolve("credentials"));

		assertThat(broken.code()).isEqualTo(1);
		assertThat(broken.err()).contains("app-1 crashed during start-up");

		// supervisord keeps starting the broken release again: the rollback
		// stops whichever process it finds and starts the previous release.
		String crashed = broken.err().replaceAll("(?s).*\\(pid (\\d+) exited\\).*", "$1");
		awaitTrue("the broken release started again, past its trap", () -> running(crashed));
		activate("good");
		Result rollback = hook("http://127.0.0.1:" + this.supervisorPort, this.dir.resolve("credentials"));

		assertThat(rollback.code()).as(rollback.err()).isZero();
		assertThat(answers()).isTrue();
		assertThat(supervisordLog()).as("an instance still starting is killed, not waited for")
			.contains("terminated by SIGKILL");
	}

	@Test
	void refusesToGoOnWithoutTheRightCredentials() throws Exception {
		String before = pid();
		writeCredentials(this.dir.resolve("wrong"), "not-the-password");

		Result result = hook("http://127.0.0.1:" + this.supervisorPort, this.dir.resolve("wrong"));

		assertThat(result.code()).isEqualTo(1);
		assertThat(result.err()).contains("401");
		assertThat(pid()).isEqualTo(before);
	}

	private Result hook(String supervisor, Path credentials) throws Exception {
		List<String> command = new ArrayList<>(
				List.of(HOOK.toString(), supervisor, "app-1", "127.0.0.1", String.valueOf(this.appPort), "30"));
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

	private String pid() throws Exception {
		return supervisorctl("pid", "app-1").trim();
	}

	/** Whether supervisord shows app-1 running under another pid than the one given. */
	private boolean running(String otherThan) {
		try {
			String status = supervisorctl("status", "app-1");
			return status.contains("RUNNING") && !status.contains("pid " + otherThan + ",");
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** What supervisorctl prints for the given command. */
	private String supervisorctl(String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(
				List.of("supervisorctl", "-c", this.dir.resolve("supervisord.conf").toString()));
		command.addAll(List.of(args));
		Process process = new ProcessBuilder(command).start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		process.waitFor(10, TimeUnit.SECONDS);
		return out;
	}

	private boolean answers() {
		try {
			HttpURLConnection connection = (HttpURLConnection) URI
				.create("http://127.0.0.1:" + this.appPort + "/health")
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
