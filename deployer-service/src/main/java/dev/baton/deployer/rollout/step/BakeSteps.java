package dev.baton.deployer.rollout.step;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.deploy.BakeEnded;
import dev.baton.contracts.deploy.BakeStarted;
import dev.baton.contracts.deploy.CanaryPromoted;
import dev.baton.contracts.deploy.CanaryShare;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.canary.CanaryAnalysis;
import dev.baton.deployer.canary.CanaryWatch;
import dev.baton.deployer.canary.CanaryWeight;
import dev.baton.contracts.nginx.Figures;
import dev.baton.deployer.canary.Judgement;
import dev.baton.deployer.canary.PeerStatsBoard;
import dev.baton.deployer.canary.StatsWindow;
import dev.baton.deployer.control.DeployControls;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.RolloutPlanner;

/**
 * What a deploy does once a batch is back in rotation on the new version: a plain bake
 * waits its time before the next batch; the first batch of a canary deploy, enabled at
 * the weight that gives it its share of the traffic, bakes while the nginx nodes' figures
 * of its peers are compared with the old version's, and is then promoted (raised to full
 * weight, every node confirming) or fails the deploy with its figures. A cancel ends a
 * bake at once; a pause holds a promotion, never a bake's clock.
 */
public final class BakeSteps {

	private final GateSteps gates;

	private final PeerStatsBoard stats;

	private final KnownInstances fleet;

	private final DeployEvents events;

	private final Clock clock;

	public BakeSteps(GateSteps gates, PeerStatsBoard stats, KnownInstances fleet, DeployEvents events, Clock clock) {
		this.gates = gates;
		this.stats = stats;
		this.fleet = fleet;
		this.events = events;
		this.clock = clock;
	}

	/**
	 * The canary's share and weight: its peers are the given instances, the full peers
	 * every other instance of the service in rotation.
	 * @throws DeployFailure when no other instance serves beside the canary
	 */
	public CanaryShare share(DeployPlan plan, List<DeployTarget> canary) throws DeployFailure {
		Set<Endpoint> canaryPeers = endpoints(canary);
		int fullPeers = (int) this.fleet.instancesOf(plan.service())
			.stream()
			.filter((instance) -> !canaryPeers.contains(instance.endpoint()))
			.filter((instance) -> instance.adminGateOpen() && instance.healthGateOpen())
			.count();
		if (fullPeers == 0) {
			throw new DeployFailure("no other instance of " + plan.service() + " serves beside the canary "
					+ ids(canary) + ", so it cannot be given a share of the traffic");
		}
		return CanaryWeight.of(plan.policy().canaryPercent(), canary.size(), fullPeers);
	}

	/**
	 * Bakes a batch that is back in rotation, unless a deployer before this one finished
	 * its bake: a canary batch always (promoting it, or only raising what a promotion
	 * left below full weight), any other but the last when the deploy has a bake or the
	 * nginx nodes ramp the batch's peers up by slow start. The bake then lasts at least
	 * the ramp, so that the next batch leaves rotation only once this one takes its full
	 * share of the requests.
	 * @param canary the canary's share when it was enabled now, or null when it was
	 * enabled by a deployer before this one, or is not the canary
	 */
	public void afterBatch(DeployPlan plan, List<DeployTarget> batch, boolean canaryBatch, boolean last,
			CanaryShare canary, DeployControls controls, Progress progress) throws DeployFailure, InterruptedException {
		if (canaryBatch && !progress.baked(batch)) {
			bakeCanary(plan, batch, (canary != null) ? canary : progress.opened(share(plan, batch), batch), controls);
		}
		else if (canaryBatch && progress.belowFullWeight(batch)) {
			promote(plan, batch);
		}
		else if (!canaryBatch && !last && !progress.baked(batch)) {
			Duration bake = longest(plan.policy().bake(), progress.ramp());
			if (!bake.isZero()) {
				bake(plan, batch, bake, controls);
			}
		}
		progress.bakedNow(batch);
	}

	private static Duration longest(Duration one, Duration other) {
		return (one.compareTo(other) >= 0) ? one : other;
	}

	private void bake(DeployPlan plan, List<DeployTarget> batch, Duration bake, DeployControls controls)
			throws DeployFailure, InterruptedException {
		this.events.step(new BakeStarted(plan.deployId(), plan.service(), plan.version(), ids(batch), bake.toMillis(),
				null, this.clock.instant()));
		if (controls.cancelledWithin(bake)) {
			throw new DeployFailure("cancelled: " + controls.cancelled());
		}
		this.events
			.step(new BakeEnded(plan.deployId(), plan.service(), plan.version(), ids(batch), this.clock.instant()));
	}

	private void bakeCanary(DeployPlan plan, List<DeployTarget> canary, CanaryShare share, DeployControls controls)
			throws DeployFailure, InterruptedException {
		Duration bake = plan.policy().bake();
		Instant start = this.clock.instant();
		this.events.step(new BakeStarted(plan.deployId(), plan.service(), plan.version(), ids(canary), bake.toMillis(),
				share, start));
		StatsWindow window = this.stats
			.open(new StatsWindow(plan.service(), endpoints(canary), baseline(plan, canary)::contains));
		Judgement judgement;
		try {
			judgement = new CanaryWatch(new CanaryAnalysis(plan.policy().canary()), this.clock).watch(window,
					start.plus(bake), controls::cancelledWithin);
		}
		finally {
			this.stats.close(window);
		}
		if (judgement.outcome() == Judgement.CanaryDecision.CANCELLED) {
			throw new DeployFailure("cancelled: " + controls.cancelled());
		}
		this.events.audit(plan.deployId().value(), "canary.judged", judgement.reason(), details(judgement));
		if (judgement.outcome() == Judgement.CanaryDecision.ROLL_BACK) {
			throw new DeployFailure(
					"canary " + ids(canary) + " on " + plan.version() + " failed: " + judgement.reason());
		}
		controls.checkpoint();
		if (controls.cancelled() != null) {
			throw new DeployFailure("cancelled: " + controls.cancelled());
		}
		this.events.step(new CanaryPromoted(plan.deployId(), plan.service(), plan.version(), ids(canary),
				judgement.canary().toPeerFigures(), judgement.baseline().toPeerFigures(), judgement.reason(),
				this.clock.instant()));
		promote(plan, canary);
	}

	/**
	 * Raises a canary's peers to full weight, every node confirming.
	 */
	private void promote(DeployPlan plan, List<DeployTarget> canary) throws DeployFailure, InterruptedException {
		Map<DeployTarget, GateSteps.Pending> raising = new LinkedHashMap<>();
		for (DeployTarget target : canary) {
			raising.put(target, this.gates.open(plan, target, DeployPhase.ROLLOUT, SetPeerGate.FULL_WEIGHT));
		}
		for (GateSteps.Pending pending : raising.values()) {
			this.gates.enable(plan, pending, DeployPhase.ROLLOUT, true);
		}
	}

	/**
	 * The peers of the old version: the service's other instances not on the new one.
	 */
	private Set<Endpoint> baseline(DeployPlan plan, List<DeployTarget> canary) {
		Set<Endpoint> canaryPeers = endpoints(canary);
		return this.fleet.instancesOf(plan.service())
			.stream()
			.filter((instance) -> !canaryPeers.contains(instance.endpoint()))
			.filter((instance) -> !plan.version().equals(RolloutPlanner.target(instance).previousVersion()))
			.map(InstanceSnapshot::endpoint)
			.collect(Collectors.toSet());
	}

	private static Map<String, String> details(Judgement judgement) {
		Map<String, String> details = new LinkedHashMap<>();
		details.put("outcome", judgement.outcome().name());
		put(details, "canary", judgement.canary());
		put(details, "baseline", judgement.baseline());
		return details;
	}

	private static void put(Map<String, String> details, String group, Figures figures) {
		details.put(group + "Requests", String.valueOf(figures.attempts()));
		details.put(group + "Failures", String.valueOf(figures.failures()));
		details.put(group + "P99Millis", String.valueOf(Math.round(figures.p99Millis())));
	}

	private static Set<Endpoint> endpoints(List<DeployTarget> targets) {
		return targets.stream().map(DeployTarget::endpoint).collect(Collectors.toSet());
	}

	private static List<InstanceId> ids(List<DeployTarget> targets) {
		return targets.stream().map(DeployTarget::instanceId).toList();
	}

	/**
	 * Which batches' bakes ended, and the weight each instance's gate opened at: as the
	 * record shows them for a resumed deploy, kept up as the deploy bakes; and the slow
	 * start of the batch enabled last, which a resumed deploy does not know.
	 */
	public static final class Progress {

		private final Set<InstanceId> baked;

		private final Map<InstanceId, Integer> weights;

		private Duration ramp = Duration.ZERO;

		public Progress(Set<InstanceId> baked, Map<InstanceId, Integer> weights) {
			this.baked = new HashSet<>(baked);
			this.weights = Map.copyOf(weights);
		}

		boolean baked(List<DeployTarget> batch) {
			return this.baked.containsAll(ids(batch));
		}

		boolean belowFullWeight(List<DeployTarget> batch) {
			return batch.stream()
				.anyMatch((target) -> this.weights.getOrDefault(target.instanceId(),
						SetPeerGate.FULL_WEIGHT) < SetPeerGate.FULL_WEIGHT);
		}

		/**
		 * The share as the canary's gates were opened by a deployer before this one: at
		 * the weight on the record, beside the full peers there are now.
		 */
		CanaryShare opened(CanaryShare now, List<DeployTarget> batch) {
			Integer weight = this.weights.get(batch.get(0).instanceId());
			return (weight == null) ? now : new CanaryShare(now.percent(), weight, now.canaryPeers(), now.fullPeers());
		}

		/** A peer of the batch being enabled ramps up over the given slow start. */
		public void ramping(Duration slowStart) {
			this.ramp = longest(this.ramp, slowStart);
		}

		Duration ramp() {
			return this.ramp;
		}

		void bakedNow(List<DeployTarget> batch) {
			this.baked.addAll(ids(batch));
			this.ramp = Duration.ZERO;
		}

	}

}
