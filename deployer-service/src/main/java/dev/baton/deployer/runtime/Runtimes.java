package dev.baton.deployer.runtime;

import java.util.Map;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
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
		return (runtime != null) ? runtime.restart(service, target, version) : unknown(service);
	}

	@Override
	public ProcessWatch watch(ServiceName service, Target target) throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		return (runtime != null) ? runtime.watch(service, target) : ProcessWatch.NONE;
	}

	@Override
	public RestartResult start(ServiceName service, Target target, Version version) throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		return (runtime != null) ? runtime.start(service, target, version) : unknown(service);
	}

	@Override
	public RestartResult stop(ServiceName service, Target target) throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		return (runtime != null) ? runtime.stop(service, target) : unknown(service);
	}

	private static RestartResult unknown(ServiceName service) {
		return new RestartResult(CommandRunner.NOT_COMPLETED, "no runtime is configured for " + service);
	}

}
