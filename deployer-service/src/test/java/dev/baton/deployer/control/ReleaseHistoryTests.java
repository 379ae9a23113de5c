package dev.baton.deployer.control;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.deploy.DeploySucceeded;

import static org.assertj.core.api.Assertions.assertThat;

class ReleaseHistoryTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private final ReleaseHistory history = new ReleaseHistory();

	@Test
	void aRollbackGoesToTheReleaseBeforeTheNewestSucceededOne() {
		succeed("d-1", "v1", false);
		succeed("d-2", "v2", false);
		fail("d-3", "v3");

		assertThat(this.history.newest(ORDERS)).contains(Version.of("v2"));
		assertThat(this.history.rollbackTarget(ORDERS)).contains(Version.of("v1"));
	}

	@Test
	void eachSucceededRollbackGoesOneReleaseFurtherBack() {
		succeed("d-1", "v1", false);
		succeed("d-2", "v2", false);
		succeed("d-3", "v3", false);
		succeed("r-1", "v2", true);

		assertThat(this.history.newest(ORDERS)).contains(Version.of("v2"));
		assertThat(this.history.rollbackTarget(ORDERS)).contains(Version.of("v1"));
	}

	@Test
	void thereIsNothingToRollBackToBeforeTwoReleasesSucceeded() {
		assertThat(this.history.rollbackTarget(ORDERS)).isEmpty();
		succeed("d-1", "v1", false);
		succeed("d-2", "v1", false);

		assertThat(this.history.rollbackTarget(ORDERS)).isEmpty();
		assertThat(this.history.rollbackTarget(ServiceName.of("billing"))).isEmpty();
	}

	private void succeed(String deployId, String version, boolean rollback) {
		this.history.record(started(deployId, version, rollback));
		this.history.record(new DeploySucceeded(DeployId.of(deployId), ORDERS, Version.of(version), 10, Instant.now()));
	}

	private void fail(String deployId, String version) {
		this.history.record(started(deployId, version, false));
		this.history.record(new DeployFailed(DeployId.of(deployId), ORDERS, Version.of(version), "broken", List.of(),
				10, Instant.now()));
	}

	private static DeployStarted started(String deployId, String version, boolean rollback) {
		return new DeployStarted(DeployId.of(deployId), ORDERS, Version.of(version), List.of(), Map.of(), "ci",
				Instant.now(), DeployStrategy.ROLLING, 0, 0, rollback);
	}

}
