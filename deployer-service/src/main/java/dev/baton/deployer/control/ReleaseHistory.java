package dev.baton.deployer.control;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;

/**
 * Each service's succeeded releases, newest last, as {@code deploy.steps} tells them: a
 * succeeded deploy adds its version (unless it is the newest already), a succeeded
 * rollback takes off the releases above the version it went back to. A rollback goes to
 * the release below the newest, so each one goes one release further back. Read back at
 * start-up and followed live, so a restarted deployer knows what a rollback goes to.
 */
public final class ReleaseHistory {

	/** Releases kept per service: enough to roll back through, bounded. */
	static final int KEPT = 50;

	private final Map<DeployId, Boolean> rollbacks = new HashMap<>();

	private final Map<ServiceName, Deque<Version>> releases = new HashMap<>();

	public synchronized void record(DeployStep step) {
		if (step instanceof DeployStarted started) {
			this.rollbacks.put(started.deployId(), started.rollback());
		}
		else if (step instanceof DeploySucceeded succeeded) {
			Deque<Version> releases = this.releases.computeIfAbsent(succeeded.service(),
					(service) -> new ArrayDeque<>());
			boolean rollback = Boolean.TRUE.equals(this.rollbacks.remove(succeeded.deployId()));
			if (rollback && releases.contains(succeeded.version())) {
				while (!releases.getLast().equals(succeeded.version())) {
					releases.removeLast();
				}
			}
			else if (releases.isEmpty() || !releases.getLast().equals(succeeded.version())) {
				releases.addLast(succeeded.version());
				if (releases.size() > KEPT) {
					releases.removeFirst();
				}
			}
		}
		else if (step instanceof DeployFailed failed) {
			this.rollbacks.remove(failed.deployId());
		}
	}

	/**
	 * @return the version of the service's newest succeeded release
	 */
	public synchronized Optional<Version> newest(ServiceName service) {
		Deque<Version> releases = this.releases.get(service);
		return (releases == null || releases.isEmpty()) ? Optional.empty() : Optional.of(releases.getLast());
	}

	/**
	 * @return the release before the newest, which a rollback deploys; empty when fewer
	 * than two releases succeeded
	 */
	public synchronized Optional<Version> rollbackTarget(ServiceName service) {
		Deque<Version> releases = this.releases.get(service);
		if (releases == null || releases.size() < 2) {
			return Optional.empty();
		}
		Iterator<Version> newestFirst = releases.descendingIterator();
		newestFirst.next();
		return Optional.of(newestFirst.next());
	}

}
