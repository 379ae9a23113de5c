package dev.baton.deployer.rollout;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Puts a version on an instance and restarts it, however the service is run (systemd,
 * supervisord, ssh, docker); for surge deploys, also starts new instances on spare
 * endpoints and stops old ones.
 */
public interface InstanceRuntime {

	/**
	 * Activates a version on an instance and restarts it.
	 * @param service the service
	 * @param target the instance
	 * @param version the version to run
	 * @return the outcome of the commands, with a watch on the process they started
	 * @throws InterruptedException when the deployer is stopping
	 */
	RestartResult restart(ServiceName service, DeployTarget target, Version version) throws InterruptedException;

	/**
	 * A watch on whatever process runs the instance now: for a restart a restarted
	 * deployer resumed, whose own watch ended with the process that started it.
	 * @param service the service
	 * @param target the instance
	 * @return the watch; {@link ProcessWatch#NONE} when the runtime cannot tell
	 * @throws InterruptedException when the deployer is stopping
	 */
	default ProcessWatch watch(ServiceName service, DeployTarget target) throws InterruptedException {
		return ProcessWatch.NONE;
	}

	/**
	 * Starts a new instance of a service on a spare endpoint, for a surge deploy.
	 * @param service the service
	 * @param target the new instance: the id it is proposed, its spare endpoint
	 * @param version the version it runs
	 * @return the outcome of the commands, with a watch on the process they started
	 * @throws InterruptedException when the deployer is stopping
	 */
	default RestartResult start(ServiceName service, DeployTarget target, Version version) throws InterruptedException {
		return new RestartResult(1, "the runtime of " + service + " cannot start new instances");
	}

	/**
	 * Stops an instance for good: the old instance a surge deploy replaced, or a new one
	 * a failed surge deploy removes. Stopping one that does not run succeeds.
	 * @param service the service
	 * @param target the instance
	 * @return the outcome of the commands
	 * @throws InterruptedException when the deployer is stopping
	 */
	default RestartResult stop(ServiceName service, DeployTarget target) throws InterruptedException {
		return new RestartResult(1, "the runtime of " + service + " cannot stop instances");
	}

}
