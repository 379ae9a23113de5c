package dev.baton.deployer.rollout;

import java.util.List;
import java.util.Set;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.deploy.InstanceLaunched;

/**
 * How far a surge deploy got, as {@code deploy.steps} tells it to a restarted deployer.
 *
 * @param launched the new instances it may have started, oldest first
 * @param replaced the old instances whose replacement is finished
 * @param resumed whether the deploy is found unfinished after a restart
 */
record SurgeProgress(List<InstanceLaunched> launched, Set<InstanceId> replaced, boolean resumed) {

	SurgeProgress {
		launched = List.copyOf(launched);
		replaced = Set.copyOf(replaced);
	}

	static SurgeProgress fresh() {
		return new SurgeProgress(List.of(), Set.of(), false);
	}

}
