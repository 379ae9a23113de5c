package dev.baton.deployer.runtime;

import java.io.IOException;
import java.util.Optional;

import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.runtime.supervisord.SupervisedProcess;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;
import dev.baton.deployer.runtime.supervisord.SupervisorFault;

/**
 * Asks supervisord about the process the restart started: gone, or replaced by another
 * pid, it crashed.
 */
final class SupervisordWatch implements ProcessWatch {

	private final SupervisorClient supervisor;

	private final SupervisedProcess started;

	private boolean told;

	SupervisordWatch(SupervisorClient supervisor, SupervisedProcess started) {
		this.supervisor = supervisor;
		this.started = started;
	}

	@Override
	public Optional<String> crashed() throws InterruptedException {
		SupervisedProcess now;
		try {
			now = this.supervisor.process(this.started.spec());
		}
		catch (IOException | SupervisorFault ex) {
			this.told = WatchLog.cannotAsk(this.started.spec(), ex, this.told);
			return Optional.empty();
		}
		if (now.dead()) {
			return Optional.of("supervisord says " + now.words());
		}
		if (now.pid() != this.started.pid()) {
			return Optional.of("supervisord says " + now.words() + ", pid " + now.pid() + " instead of "
					+ this.started.pid() + " (restarted)");
		}
		return Optional.empty();
	}

}
