package dev.baton.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import tools.jackson.databind.JsonNode;

/**
 * {@code baton deploy SERVICE VERSION --strategy surge --wait}: the new version starts on
 * the spare ports beside the serving instances. nginx's peer state is sampled every 50 ms
 * throughout, and the scenario fails if fewer peers were up at any sample than before the
 * deploy. A good release is timed against the rolling deploy of the same run (target: at
 * most 0.6 times as long); a broken one must end with the old instances serving and no
 * new one running.
 */
final class SurgeScenario implements Scenario {

	static final Duration SAMPLE_INTERVAL = Duration.ofMillis(50);

	private static final double TARGET_RATIO = 0.6;

	private final String name;

	private final String version;

	private final int expectedExitCode;

	private final RollingBaseline baseline;

	private final List<Integer> sparePorts;

	SurgeScenario(String name, String version, int expectedExitCode, RollingBaseline baseline,
			List<Integer> sparePorts) {
		this.name = name;
		this.version = version;
		this.expectedExitCode = expectedExitCode;
		this.baseline = baseline;
		this.sparePorts = List.copyOf(sparePorts);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		String deployId = "demo-surge-" + this.version + "-" + Instant.now().toEpochMilli();
		int before = stack.peersUp();
		Stack.CliRun run;
		int least;
		try (Sampler sampler = new Sampler(stack, timeline)) {
			timeline.mark("baton deploy " + this.version + " --strategy surge (" + before + " up)");
			run = stack.deploy(timeline, deployId, this.version, "--strategy", "surge");
			least = sampler.least();
		}
		String capacity = "up in nginx never below " + least + " (before: " + before + ", sampled every "
				+ SAMPLE_INTERVAL.toMillis() + " ms)";
		boolean ok = run.code() == this.expectedExitCode && least >= before;
		String outcome = "exit " + run.code() + " (expected " + this.expectedExitCode + "); " + capacity;
		JsonNode failed = timeline.step("DeployFailed");
		if (!failed.isMissingNode()) {
			List<Integer> stillRunning = this.sparePorts.stream().filter(stack::answers).toList();
			return Act.of(ok && stillRunning.isEmpty() && stack.peersUp() == before,
					outcome + "; " + failed.path("reason").asString() + "; new instances still answering on "
							+ stillRunning + ", " + stack.peersUp() + " up after");
		}
		JsonNode succeeded = timeline.step("DeploySucceeded");
		if (succeeded.isMissingNode()) {
			return Act.of(false, outcome + "; " + run.out().strip() + " " + run.err().strip());
		}
		Duration took = Duration.ofMillis(succeeded.path("durationMillis").asLong());
		return Act.of(ok, outcome + "; " + this.baseline.compare(took, TARGET_RATIO));
	}

	/**
	 * Counts the peers nginx has up, every 50 ms, on a thread of its own; marks each
	 * change on the timeline.
	 */
	private static final class Sampler implements AutoCloseable {

		private final AtomicInteger least = new AtomicInteger(Integer.MAX_VALUE);

		private final Thread thread;

		private volatile boolean running = true;

		Sampler(Stack stack, Timeline timeline) {
			this.thread = new Thread(() -> {
				int last = -1;
				while (this.running) {
					int up = stack.peersUp();
					this.least.accumulateAndGet(up, Math::min);
					if (up != last) {
						timeline.mark(up + " up in nginx");
						last = up;
					}
					try {
						Thread.sleep(SAMPLE_INTERVAL.toMillis());
					}
					catch (InterruptedException ex) {
						return;
					}
				}
			}, "peers-sampler");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		int least() {
			return this.least.get();
		}

		@Override
		public void close() {
			this.running = false;
			this.thread.interrupt();
			try {
				this.thread.join(1000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
