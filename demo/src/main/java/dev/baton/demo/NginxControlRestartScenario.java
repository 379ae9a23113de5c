package dev.baton.demo;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * An operator changes a setting of nginx-control and restarts it: a clean stop (SIGTERM),
 * then a start with the new setting. The stack's node keeps its nginx serving when it
 * stops ({@code nginx.on-stop=keep}) and its next start adopts it, so the restart must
 * lose no request, and the same nginx master must serve after it.
 */
final class NginxControlRestartScenario implements Scenario {

	private static final String PROCESS = "nginx-control-service";

	private static final Duration WITHIN = Duration.ofSeconds(90);

	private final String setting;

	/**
	 * @param setting the new setting, {@code property=value}
	 */
	NginxControlRestartScenario(String setting) {
		this.setting = setting;
	}

	@Override
	public String name() {
		return "nginx-control restarted with " + this.setting;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		Processes processes = new Processes(stack.options().run());
		Optional<Long> master = processes.nginxMaster();
		timeline.mark("nginx-control stopped (SIGTERM)");
		if (!processes.stop(PROCESS, WITHIN)) {
			return Act.of(false, "nginx-control did not stop within " + WITHIN.toSeconds() + " s");
		}
		Optional<Long> whileStopped = processes.nginxMaster();
		timeline.mark("nginx-control started with " + this.setting);
		Optional<Duration> back = processes.relaunchAndAwait(PROCESS, List.of("--" + this.setting),
				"rebuilt its desired state", WITHIN);
		Optional<Long> after = processes.nginxMaster();
		boolean adopted = master.isPresent() && master.equals(whileStopped) && master.equals(after);
		String note = "nginx master " + master.map(String::valueOf).orElse("none") + " while nginx-control stopped: "
				+ whileStopped.map(String::valueOf).orElse("none") + ", after: "
				+ after.map(String::valueOf).orElse("none")
				+ back.map((took) -> "; back at work " + DeployScenario.seconds(took) + " after its start")
					.orElse("; not back at work within " + WITHIN.toSeconds() + " s");
		return Act.of(adopted && back.isPresent(), note);
	}

}
