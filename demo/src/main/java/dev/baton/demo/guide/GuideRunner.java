package dev.baton.demo.guide;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.baton.demo.Await;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.LoadRun;
import dev.baton.demo.Runs;
import dev.baton.demo.Stack;
import dev.baton.demo.Timeline;
import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.report.ReportRenderer;
import dev.baton.loadgen.report.ScenarioResult;

/**
 * Runs a guide to putting Baton in front of an app as it is written, and fails loudly
 * when it does not do what it says. The four shell blocks of its "Run it" section run in
 * one terminal session ({@link Shell}), and steady load runs through nginx from the
 * moment every instance the first block registered is in rotation until after the third:
 * <ol>
 * <li>the start (Baton, the app's instances, their registration) exits 0;</li>
 * <li>the deploy exits 0 with {@code DeploySucceeded}, and {@code baton status} shows
 * every instance serving its version;</li>
 * <li>the broken release's deploy exits 1 with {@code DeployFailed}, every instance it
 * touched rolled back, and {@code baton status} shows every instance serving the version
 * before it again;</li>
 * <li>the stop exits 0, whatever happened before;</li>
 * </ol>
 * and not one request of the load fails. Exits 0 only when all of it held.
 */
public final class GuideRunner {

	private static final String SECTION = "Run it";

	private static final Duration IN_ROTATION = Duration.ofSeconds(60);

	/**
	 * A verdict reaches the registry's state a moment after the deploy that waited for
	 * it.
	 */
	private static final Duration STATUS_SETTLES = Duration.ofSeconds(30);

	private final Path guide;

	private final String path;

	private final DemoOptions options;

	private final PrintStream out;

	private final Verdicts verdicts;

	GuideRunner(Path guide, String path, DemoOptions options, PrintStream out) {
		this.guide = guide;
		this.path = path;
		this.options = options;
		this.out = out;
		this.verdicts = new Verdicts(out);
	}

	/**
	 * @param args the guide, the path the load GETs and POSTs, then the demo's options
	 * ({@code --service}, {@code --nginx}, ...)
	 */
	public static void main(String[] args) {
		Runs.exit((out) -> new GuideRunner(Path.of(args[0]), args[1],
				DemoOptions.parse(Arrays.copyOfRange(args, 2, args.length)), out)
			.run());
	}

	boolean run() throws IOException {
		List<String> blocks = Guide.read(this.guide).bashBlocks(SECTION);
		if (blocks.size() != 4) {
			this.out
				.printf("%s: %d shell blocks under \"%s\", expected 4: the start, a deploy, a broken release's deploy,"
						+ " the stop%n", this.guide, blocks.size(), SECTION);
			return false;
		}
		Stack stack = new Stack(this.options);
		Shell shell = new Shell(this.options.root(), this.out);
		Instant began = Instant.now();
		LoadRun load = null;
		Instant loadStarted = null;
		try {
			int started = shell.run(blocks.get(0));
			this.verdicts.require(started == 0, "the start: exit " + started + " (expected 0)");
			Set<Integer> ports = Registrations.portsSince(this.options, began);
			this.verdicts.require(!ports.isEmpty(), "instances of " + this.options.service() + " registered: " + ports);
			Await.until("every instance registered in rotation in nginx", IN_ROTATION,
					() -> ports.stream().allMatch((port) -> "up".equals(stack.peerState(port))));
			load = LoadRun.start(this.options, this.path, this.path);
			loadStarted = Instant.now();
			Await.steadyLoad(this.options.settle());
			String deployed = deploy(shell, blocks.get(1), began, stack);
			rollBack(shell, blocks.get(2), began, stack, deployed);
			Await.steadyLoad(this.options.settle());
		}
		catch (Verdicts.Unmet ex) {
			// its verdict is recorded; what follows it is not run
		}
		catch (IllegalStateException ex) {
			this.verdicts.record(false, ex.getMessage());
		}
		finally {
			finish(load, loadStarted, began, shell, blocks.get(3));
		}
		Files.createDirectories(this.options.reportDirectory());
		this.verdicts.write(this.options.reportDirectory().resolve("verdicts.txt"));
		this.out.printf("%nThe guide %s, run in %d s:%n", this.guide,
				Duration.between(began, Instant.now()).toSeconds());
		this.verdicts.lines().forEach((line) -> this.out.println("  " + line));
		this.out.println(this.verdicts.passed() ? "THE GUIDE DOES WHAT IT SAYS" : "THE GUIDE DOES NOT DO WHAT IT SAYS");
		return this.verdicts.passed();
	}

	/** The deploy's block: succeeded, and every instance serves its version. */
	private String deploy(Shell shell, String block, Instant began, Stack stack) {
		int code = shell.run(block);
		List<RecordedDeploy> deploys = RecordedDeploy.since(this.options, began);
		RecordedDeploy deploy = deploys.isEmpty() ? null : deploys.get(deploys.size() - 1);
		this.verdicts.require(code == 0 && deploy != null && deploy.succeeded(), "the deploy: exit " + code
				+ " (expected 0); " + ((deploy != null) ? deploy.describe() : "no deploy on record"));
		serving(stack, deploy.version(), "after the deploy");
		return deploy.version();
	}

	/**
	 * The broken release's block: failed, rolled back, every instance on the version
	 * before.
	 */
	private void rollBack(Shell shell, String block, Instant began, Stack stack, String previous) {
		int code = shell.run(block);
		List<RecordedDeploy> deploys = RecordedDeploy.since(this.options, began);
		RecordedDeploy deploy = (deploys.size() > 1) ? deploys.get(deploys.size() - 1) : null;
		this.verdicts.require(code == 1 && deploy != null && deploy.rolledBack(), "the broken release: exit " + code
				+ " (expected 1); " + ((deploy != null) ? deploy.describe() : "no second deploy on record"));
		serving(stack, previous, "after the rollback");
	}

	private void serving(Stack stack, String version, String when) {
		try {
			Await.until("every instance serving " + version, STATUS_SETTLES,
					() -> ServiceStatus.of(stack).allServing(version));
			this.verdicts.record(true, "baton status " + when + ": " + ServiceStatus.of(stack).describe());
		}
		catch (IllegalStateException ex) {
			this.verdicts.require(false, "baton status " + when + ": " + ServiceStatus.of(stack).describe()
					+ " (expected every instance ONLINE, HEALTHY on " + version + ", DEPLOY open)");
		}
	}

	/**
	 * Stops the load and reads what it saw while the stack runs, then runs the stop
	 * block.
	 */
	private void finish(LoadRun load, Instant loadStarted, Instant began, Shell shell, String stop) throws IOException {
		try {
			if (load != null) {
				loaded(load.stop(), began, Duration.between(loadStarted, Instant.now()));
			}
		}
		finally {
			int stopped = shell.run(stop);
			this.verdicts.record(stopped == 0, "the stop: exit " + stopped + " (expected 0)");
		}
	}

	/**
	 * The load's verdict, the deploys' figures and a chart of the load around them, read
	 * while the stack still runs.
	 */
	private void loaded(LoadResult result, Instant began, Duration underLoad) throws IOException {
		this.verdicts.record(result.requests() > 0 && result.failed() == 0,
				String.format("load through nginx: %d requests (GET %d, POST %d), %d failed (GET %d, POST %d)",
						result.requests(), result.get().requests(), result.post().requests(), result.failed(),
						result.get().failed(), result.post().failed()));
		Timeline timeline = new Timeline();
		timeline.addServiceSteps(this.options, began);
		List<RecordedDeploy> deploys = RecordedDeploy.of(timeline.steps());
		deploys.forEach((deploy) -> this.verdicts.note("deploy " + deploy.describe()));
		Duration rollback = deploys.stream()
			.map(RecordedDeploy::rollback)
			.filter(Objects::nonNull)
			.findFirst()
			.orElse(null);
		ReportRenderer.RenderedReport report = ReportRenderer.render(
				List.of(new ScenarioResult("the guide's deploys", result, timeline.events(), underLoad, rollback)),
				this.options.reportDirectory());
		this.verdicts.note("report: " + report.markdown());
	}

}
