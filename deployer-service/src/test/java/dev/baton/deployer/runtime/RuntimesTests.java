package dev.baton.deployer.runtime;

import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;

import static org.assertj.core.api.Assertions.assertThat;

class RuntimesTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final DeployTarget TARGET = new DeployTarget(InstanceId.of("orders-1"),
			new Endpoint("127.0.0.1", 9001), Version.of("v1"));

	@Test
	void everyRuntimesWordsLeaveRedactedAndCappedWhateverRuntimeWroteThem() throws Exception {
		Runtimes runtimes = new Runtimes(Map.of(ORDERS,
				new Saying("x\n".repeat(100) + "orders-1: supervisord at http://ops:hunter2@127.0.0.1:9001 refused",
						() -> Optional.of("check exited with 1: --api-key=abcd1234 rejected"))));

		RestartResult restarted = runtimes.restart(ORDERS, TARGET, Version.of("v2"));

		assertThat(restarted.stderr()).startsWith(OutputTail.CUT)
			.endsWith("orders-1: supervisord at http://ops:[redacted]@127.0.0.1:9001 refused")
			.doesNotContain("hunter2");
		assertThat(restarted.stderr().lines()).hasSizeLessThanOrEqualTo(OutputTail.MAX_LINES + 1);
		assertThat(restarted.watch().crashed()).hasValue("check exited with 1: --api-key=[redacted] rejected");
		assertThat(runtimes.stop(ORDERS, TARGET).stderr()).doesNotContain("hunter2");
		assertThat(runtimes.start(ORDERS, TARGET, Version.of("v2")).stderr()).doesNotContain("hunter2");
		assertThat(runtimes.watch(ORDERS, TARGET).crashed())
			.hasValue("check exited with 1: --api-key=[redacted] rejected");
	}

	@Test
	void aRuntimeThatCannotWatchStillNeedsNoPolling() throws Exception {
		Runtimes runtimes = new Runtimes(Map.of(ORDERS, new Saying("", ProcessWatch.NONE)));

		assertThat(runtimes.restart(ORDERS, TARGET, Version.of("v2")).watch()).isSameAs(ProcessWatch.NONE);
		assertThat(runtimes.watch(ORDERS, TARGET)).isSameAs(ProcessWatch.NONE);
	}

	/** A runtime that always says the same. */
	private record Saying(String stderr, ProcessWatch watch) implements InstanceRuntime {

		@Override
		public RestartResult restart(ServiceName service, DeployTarget target, Version version) {
			return new RestartResult(1, this.stderr, this.watch);
		}

		@Override
		public ProcessWatch watch(ServiceName service, DeployTarget target) {
			return this.watch;
		}

		@Override
		public RestartResult start(ServiceName service, DeployTarget target, Version version) {
			return restart(service, target, version);
		}

		@Override
		public RestartResult stop(ServiceName service, DeployTarget target) {
			return new RestartResult(1, this.stderr);
		}

	}

}
