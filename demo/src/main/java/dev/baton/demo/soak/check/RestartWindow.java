package dev.baton.demo.soak.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The time between an instance's restart (or a new instance's launch) starting and its
 * verification on the new version, as the records' broker timestamps place them: no
 * request may reach the instance then, nor be in flight on it when it starts.
 *
 * @param deploy the deploy's number in the soak
 * @param peer the instance's address
 * @param from when the restart or launch step was appended
 * @param to when the verification was appended; the deploy's end when there was none
 */
record RestartWindow(int deploy, String peer, long from, long to) {

	/**
	 * nginx's {@code $msec} is its cached time, updated once per turn of its event loop:
	 * a request's times may be off by a few milliseconds either way.
	 */
	static final long SLACK_MILLIS = 5;

	/**
	 * The windows of the soak's deploys.
	 * @param steps every step of the soak, in the order of their timestamps
	 * @param deploys each soak deploy's id and number
	 * @param endpoints each instance id's address, as the registry's snapshots gave it
	 * @return the windows, by address
	 */
	static Map<String, List<RestartWindow>> of(List<Step> steps, Map<String, Integer> deploys,
			Map<String, String> endpoints) {
		Map<String, List<RestartWindow>> windows = new HashMap<>();
		for (int i = 0; i < steps.size(); i++) {
			Step start = steps.get(i);
			Integer deploy = deploys.get(start.deployId());
			boolean restart = start.type().equals("InstanceRestartStarted");
			if (deploy == null || !(restart || start.type().equals("InstanceLaunched"))) {
				continue;
			}
			String peer = start.address();
			long to = Long.MAX_VALUE;
			for (Step later : steps.subList(i + 1, steps.size())) {
				if (!later.deployId().equals(start.deployId())) {
					continue;
				}
				boolean verifies = later.type().equals("InstanceVerified") && (restart
						? later.value().path("stepId").asString("").equals(start.value().path("stepId").asString())
						: peer.equals(endpoints.get(later.value().path("instanceId").asString())));
				// A restart that never verified (a broken release) is followed by the
				// rollback's restart of the same instance, which opens a window of its
				// own.
				boolean restartsAgain = peer.equals(later.address())
						&& (later.type().equals("InstanceRestartStarted") || later.type().equals("InstanceLaunched"));
				if (verifies || restartsAgain || later.ends()) {
					to = later.at();
					break;
				}
			}
			windows.computeIfAbsent(peer, (key) -> new ArrayList<>())
				.add(new RestartWindow(deploy, peer, start.at(), to));
		}
		return windows;
	}

	/**
	 * What the request did wrong in this window, if anything.
	 * @param request a request nginx sent to this window's peer
	 * @return the wrong, or null
	 */
	String wrongedBy(ProxiedRequest request) {
		if (request.startedAt() > this.from + SLACK_MILLIS && request.startedAt() < this.to - SLACK_MILLIS) {
			return "request " + request.id() + " reached " + this.peer + " " + (request.startedAt() - this.from)
					+ " ms after its restart began, before its verification";
		}
		if (request.startedAt() < this.from - SLACK_MILLIS && request.endedAt() > this.from + SLACK_MILLIS) {
			return "request " + request.id() + " was in flight on " + this.peer + " when its restart began ("
					+ (request.endedAt() - this.from) + " ms more)";
		}
		return null;
	}

}
