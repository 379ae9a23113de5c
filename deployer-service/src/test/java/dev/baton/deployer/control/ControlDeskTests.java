package dev.baton.deployer.control;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.CancelDeploy;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.PauseDeploy;
import dev.baton.contracts.deploy.ResumeDeploy;

import static org.assertj.core.api.Assertions.assertThat;

class ControlDeskTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private final List<String> audits = new ArrayList<>();

	private final List<DeployStep> steps = new ArrayList<>();

	private final ControlDesk desk = new ControlDesk(
			(subject, action, reason, details) -> this.audits.add(subject + " " + action + " " + reason));

	private final DeployControls running = new DeployControls(DeployId.of("d-1"), ORDERS, Version.of("v2"),
			this.steps::add, Clock.systemUTC(), null, null);

	@Test
	void aRequestForAServiceWithNothingRunningIsAuditedAsIgnored() {
		this.desk.pause(new PauseDeploy(null, ORDERS, "ops", "", null), null);
		this.desk.cancel(new CancelDeploy(DeployId.of("d-9"), ORDERS, "ops", "", null), null);

		assertThat(this.audits).containsExactly("orders deploy.pause-ignored no deploy of orders is running",
				"d-9 deploy.cancel-ignored deploy d-9 is not running");
		assertThat(this.steps).isEmpty();
	}

	@Test
	void aRequestNamingOnlyTheServiceControlsWhicheverDeployRuns() {
		assertThat(ControlDesk.meant(null, DeployId.of("d-1"))).isTrue();
		assertThat(ControlDesk.meant(DeployId.of("d-1"), DeployId.of("d-1"))).isTrue();
		assertThat(ControlDesk.meant(DeployId.of("d-0"), DeployId.of("d-1"))).isFalse();
	}

	@Test
	void aRepeatedRequestIsAuditedAsRepeatedAndPutsNothingMoreOnTheRecord() {
		this.desk.pause(new PauseDeploy(null, ORDERS, "ops", "dashboards", null), this.running);
		this.desk.pause(new PauseDeploy(null, ORDERS, "ops", "again", null), this.running);
		this.desk.resume(new ResumeDeploy(null, ORDERS, "ops", "", null), this.running);
		this.desk.resume(new ResumeDeploy(null, ORDERS, "ops", "", null), this.running);

		assertThat(this.audits).containsExactly("d-1 deploy.pause-requested dashboards",
				"d-1 deploy.pause-repeated it is paused already or being cancelled", "d-1 deploy.resume-requested ",
				"d-1 deploy.resume-repeated it is not paused");
		assertThat(this.steps).hasSize(2);
	}

}
