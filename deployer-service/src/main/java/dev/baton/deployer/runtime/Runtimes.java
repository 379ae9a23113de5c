package dev.baton.deployer.runtime;

import java.util.Map;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Each service's own runtime, as configured: a deploy acts on one runtime whatever kind
 * each service's is. It is also where a runtime's words leave the runtime: every result's
 * standard error and every crash a watch reports is capped and has its secrets redacted
 * ({@link OutputTail}) here, whichever runtime wrote it, before a deploy publishes,
 * audits or logs it.
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
	public RestartResult restart(ServiceName service, DeployTarget target, Version version)
			throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		return published((runtime != null) ? runtime.restart(service, target, version) : unknown(service));
	}

	@Override
	public ProcessWatch watch(ServiceName service, DeployTarget target) throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		return published((runtime != null) ? runtime.watch(service, target) : ProcessWatch.NONE);
	}

	@Override
	public RestartResult start(ServiceName service, DeployTarget target, Version version) throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		return published((runtime != null) ? runtime.start(service, target, version) : unknown(service));
	}

	@Override
	public RestartResult stop(ServiceName service, DeployTarget target) throws InterruptedException {
		InstanceRuntime runtime = this.byService.get(service);
		return published((runtime != null) ? runtime.stop(service, target) : unknown(service));
	}

	private static RestartResult unknown(ServiceName service) {
		return new RestartResult(CommandRunner.NOT_COMPLETED, "no runtime is configured for " + service);
	}

	private static RestartResult published(RestartResult result) {
		return new RestartResult(result.exitCode(), OutputTail.of(result.stderr()), published(result.watch()));
	}

	/** {@link ProcessWatch#NONE} stays itself: a wait on it needs no polling. */
	private static ProcessWatch published(ProcessWatch watch) {
		return (watch == ProcessWatch.NONE) ? watch : () -> watch.crashed().map(OutputTail::of);
	}

}
