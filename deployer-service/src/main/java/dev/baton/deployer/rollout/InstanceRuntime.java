package dev.baton.deployer.rollout;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * Puts a version on an instance and restarts it, however the service is run (systemd,
 * supervisord, ssh, docker).
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
	RestartResult restart(ServiceName service, Target target, Version version) throws InterruptedException;

}
