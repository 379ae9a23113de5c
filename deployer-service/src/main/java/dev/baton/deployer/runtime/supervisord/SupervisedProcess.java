package dev.baton.deployer.runtime.supervisord;

import java.util.Map;
import java.util.Set;

/**
 * supervisord's record of one program: what {@code supervisor.getProcessInfo} answers.
 *
 * @param name the program's name
 * @param group its group (a program outside any group is its own group)
 * @param state {@code STOPPED STARTING RUNNING BACKOFF STOPPING EXITED FATAL UNKNOWN}
 * @param pid its process, 0 when none runs
 * @param exitStatus how its last process exited
 * @param spawnError why it could not be spawned, if so
 * @param description supervisord's own words about the state
 */
public record SupervisedProcess(String name, String group, String state, int pid, int exitStatus, String spawnError,
		String description) {

	private static final Set<String> RUNNING = Set.of("STARTING", "RUNNING", "BACKOFF");

	private static final Set<String> DEAD = Set.of("BACKOFF", "EXITED", "FATAL", "STOPPED");

	static SupervisedProcess of(Map<?, ?> info) {
		return new SupervisedProcess(text(info, "name"), text(info, "group"), text(info, "statename"),
				number(info, "pid"), number(info, "exitstatus"), text(info, "spawnerr"), text(info, "description"));
	}

	/** The name supervisord's calls take: {@code group:name}. */
	public String spec() {
		return this.group + ":" + this.name;
	}

	/** Whether supervisord runs it or keeps starting it. */
	public boolean running() {
		return RUNNING.contains(this.state);
	}

	/** Whether its process is gone: crashed, given up on, or stopped by someone else. */
	public boolean dead() {
		return DEAD.contains(this.state);
	}

	/** supervisord's words, as a reason: {@code BACKOFF (Exited too quickly ...)}. */
	public String words() {
		if (this.state.equals("EXITED")) {
			return this.state + " (exit status " + this.exitStatus + ")";
		}
		String details = this.spawnError.isBlank() ? this.description : this.spawnError;
		return details.isBlank() ? this.state : this.state + " (" + details + ")";
	}

	private static String text(Map<?, ?> info, String key) {
		Object value = info.get(key);
		return (value != null) ? value.toString() : "";
	}

	private static int number(Map<?, ?> info, String key) {
		return (info.get(key) instanceof Number number) ? number.intValue() : 0;
	}

}
