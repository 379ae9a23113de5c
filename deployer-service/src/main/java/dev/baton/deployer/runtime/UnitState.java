package dev.baton.deployer.runtime;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code systemctl show -p ActiveState,SubState,NRestarts,ExecMainPID} says about a
 * unit, and whether that means its process crashed since an earlier look.
 *
 * @param activeState {@code active}, {@code activating}, {@code failed}, ...
 * @param subState {@code running}, {@code auto-restart}, ...
 * @param restarts how often systemd restarted the unit on its own; -1 when this systemd
 * does not count them
 * @param mainPid the unit's main process, 0 when none runs
 */
record UnitState(String activeState, String subState, long restarts, long mainPid) {

	/** The properties asked for, as {@code systemctl show -p} takes them. */
	static final String PROPERTIES = "ActiveState,SubState,NRestarts,ExecMainPID";

	static UnitState parse(String output) {
		Map<String, String> values = new HashMap<>();
		output.lines().forEach((line) -> {
			int equals = line.indexOf('=');
			if (equals > 0) {
				values.put(line.substring(0, equals).strip(), line.substring(equals + 1).strip());
			}
		});
		if (!values.containsKey("ActiveState")) {
			throw new IllegalArgumentException("systemctl show gave no ActiveState: " + output.strip());
		}
		return new UnitState(values.get("ActiveState"), values.getOrDefault("SubState", ""),
				number(values.get("NRestarts"), -1), number(values.get("ExecMainPID"), 0));
	}

	/**
	 * @param after the restart, as systemd then told it
	 * @return systemd's words when the process the restart started is no longer the one
	 * running
	 */
	Optional<String> crashedSince(UnitState after) {
		String state = "ActiveState=" + this.activeState + ", SubState=" + this.subState;
		if (this.activeState.equals("failed") || this.activeState.equals("inactive")
				|| this.activeState.equals("deactivating")) {
			return Optional.of("systemd says " + state);
		}
		if (after.restarts >= 0 && this.restarts > after.restarts) {
			return Optional.of("systemd says NRestarts=" + this.restarts + " (was " + after.restarts + "), " + state);
		}
		if (this.mainPid != after.mainPid) {
			return Optional.of("systemd says ExecMainPID=" + this.mainPid + " (was " + after.mainPid + "), " + state);
		}
		return Optional.empty();
	}

	private static long number(String value, long otherwise) {
		try {
			return (value == null || value.isEmpty()) ? otherwise : Long.parseLong(value);
		}
		catch (NumberFormatException ex) {
			return otherwise;
		}
	}

}
