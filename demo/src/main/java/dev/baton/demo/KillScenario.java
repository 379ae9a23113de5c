package dev.baton.demo;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * {@code kill -9} of one instance: supervisord restarts it, health-service takes it out
 * of rotation (unless it is back before three probes in a row failed) and puts it back.
 * It may lose only what was in flight on the killed instance. nginx itself counts those:
 * every request cut by the kill is one error-log line (connection reset, or closed before
 * the response) for that peer, so the allowance is measured, not estimated.
 */
final class KillScenario implements Scenario {

	private final String instance;

	private final int port;

	KillScenario(String instance, int port) {
		this.instance = instance;
		this.port = port;
	}

	@Override
	public String name() {
		return "kill -9 " + this.instance;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		String pid = stack.pid(this.instance)
			.orElseThrow(() -> new IllegalStateException(this.instance + " is not running"));
		Path errorLog = stack.options().run().resolve("nginx/logs/error.log");
		long logOffset = errorLog.toFile().length();
		timeline.mark("kill -9 " + this.instance);
		stack.kill9(Long.parseLong(pid));
		Instant killed = Instant.now();
		Await.until(this.instance + " restarted by supervisord", Duration.ofSeconds(60),
				() -> stack.pid(this.instance).filter((current) -> !current.equals(pid)).isPresent());
		timeline.mark("supervisord restarted " + this.instance);
		// Back once its new process answers and nginx sends it requests again.
		// health-service takes it out after 3 failed probes in a row; one back
		// sooner is never taken out (nginx retried the GETs it refused).
		boolean[] takenOut = { false };
		Await.until(this.instance + " serving again", Duration.ofSeconds(120), () -> {
			boolean inRotation = "up".equals(stack.peerState(this.port));
			takenOut[0] |= !inRotation;
			return inRotation && stack.answers(this.port);
		});
		timeline.mark(this.instance + " serving again");
		long cut = cutRequests(errorLog, logOffset);
		return new Act(true,
				"requests cut in flight on " + this.instance + " by the kill (nginx error log): " + cut + "; back in "
						+ DeployScenario.seconds(Duration.between(killed, Instant.now()))
						+ (takenOut[0] ? ", after health-service took it out of rotation"
								: ", before health-service took it out of rotation"),
				cut, null);
	}

	private long cutRequests(Path errorLog, long from) {
		Pattern cut = Pattern.compile("(Connection reset by peer|upstream prematurely closed connection)"
				+ ".*upstream: \"http://127\\.0\\.0\\.1:" + this.port + "/");
		try (RandomAccessFile file = new RandomAccessFile(errorLog.toFile(), "r")) {
			file.seek(from);
			byte[] added = new byte[(int) (file.length() - from)];
			file.readFully(added);
			return new String(added, StandardCharsets.UTF_8).lines().filter((line) -> cut.matcher(line).find()).count();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read nginx's error log " + errorLog, ex);
		}
	}

}
