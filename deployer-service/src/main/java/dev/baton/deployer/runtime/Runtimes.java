package dev.baton.deployer.runtime;

import java.util.Map;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.Target;

/**
 * Each service's own runtime, as configured: a deploy acts on one runtime whatever kind
 * each service's is.
 */
public final class Runtimes implements InstanceRuntime {

	private final Map<ServiceName, InstanceRuntime> byService;

	/**
	 * @param byService per service, its runtime
	 */
	public Runtimes(Map<ServiceName, InstanceRuntime> byService) {
		this.byService = Map.copyOf(byService);
	}

	@Override
	public RestartResult restart(ServiceName service, Target target, Version version) throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		if (runtime == null) {
			return new RestartResult(CommandRunner.NOT_COMPLETED, "no runtime is configured for " + service);
		}
		return runtime.restart(service, target, version);
	}

}
