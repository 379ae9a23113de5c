package dev.baton.deployer.rollout.plan;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.CanaryShare;
import dev.baton.contracts.deploy.DeployPlanned;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.deployer.canary.CanaryThresholds;
import dev.baton.deployer.canary.CanaryWeight;

/**
 * What a planned deploy would do, for a dry run: its batches and, one line each, the
 * steps of each batch as the step machines take them. The canary's weight is the one its
 * share gives against the service's other instances now; the deploy itself counts those
 * in rotation when it opens the canary's gates.
 */
public final class PlanPreview {

	private PlanPreview() {
	}

	public static DeployPlanned planned(DeployPlan plan, Set<NodeId> nodes, Instant now) {
		CanaryShare canary = canary(plan);
		Map<InstanceId, Version> previous = new LinkedHashMap<>();
		plan.targets().forEach((target) -> previous.put(target.instanceId(), target.previousVersion()));
		return new DeployPlanned(plan.deployId(), plan.service(), plan.version(), plan.strategy(), ids(plan), previous,
				List.copyOf(nodes), plan.policy().bake().toMillis(), canary, steps(plan, nodes, canary),
				plan.requestedBy(), now);
	}

	public static List<List<InstanceId>> ids(DeployPlan plan) {
		return plan.batches().stream().map((batch) -> batch.stream().map(DeployTarget::instanceId).toList()).toList();
	}

	private static CanaryShare canary(DeployPlan plan) {
		if (!plan.policy().hasCanary()) {
			return null;
		}
		int canaryPeers = plan.batches().get(0).size();
		int others = plan.targets().size() - ((plan.strategy() == DeployStrategy.SURGE) ? 0 : canaryPeers);
		return CanaryWeight.of(plan.policy().canaryPercent(), canaryPeers, Math.max(1, others));
	}

	private static List<String> steps(DeployPlan plan, Set<NodeId> nodes, CanaryShare canary) {
		ServicePolicy policy = plan.policy();
		String confirming = nodes.stream().map(NodeId::value).collect(Collectors.joining(", "));
		List<String> lines = new ArrayList<>();
		List<List<DeployTarget>> batches = plan.batches();
		for (int i = 0; i < batches.size(); i++) {
			List<DeployTarget> batch = batches.get(i);
			String instances = batch.stream()
				.map((target) -> target.instanceId() + " (on " + target.previousVersion() + ")")
				.collect(Collectors.joining(", "));
			String weight = (i == 0 && canary != null) ? " at weight " + canary.weight() + " (canary: "
					+ canary.percent() + "% of the traffic beside " + canary.fullPeers() + " full peer(s))" : "";
			String drain = "wait until every nginx node (" + confirming + ") reports %s drained (within "
					+ brief(policy.drainTimeout()) + ")";
			if (plan.strategy() == DeployStrategy.SURGE) {
				lines.add("batch " + (i + 1) + " of " + batches.size() + ": replace " + instances
						+ " with new instances on " + plan.version() + " on spare ports " + policy.sparePorts());
				lines.add("  start each new instance, wait until it registers and is HEALTHY on " + plan.version()
						+ " (within " + brief(policy.healthTimeout()) + ")");
				lines.add("  approve it, open its DEPLOY gate" + weight + ", wait until every node reports it up"
						+ " (within " + brief(policy.enableTimeout()) + ")");
				bake(lines, plan, i, canary);
				lines.add("  close the old instances' DEPLOY gates, " + String.format(drain, "them")
						+ ", stop and deregister them");
			}
			else {
				lines.add("batch " + (i + 1) + " of " + batches.size() + ": " + instances);
				lines.add("  close the DEPLOY gate, " + String.format(drain, "it"));
				lines.add("  restart on " + plan.version() + ", wait until it is HEALTHY on " + plan.version()
						+ " (within " + brief(policy.healthTimeout()) + ")");
				lines.add("  open the DEPLOY gate" + weight + ", wait until every node reports it up (within "
						+ brief(policy.enableTimeout()) + ")");
				bake(lines, plan, i, canary);
			}
		}
		lines.add("then DeploySucceeded; a failure (or a cancel) rolls back what the deploy touched");
		return lines;
	}

	private static void bake(List<String> lines, DeployPlan plan, int batch, CanaryShare canary) {
		Duration bake = plan.policy().bake();
		if (batch == 0 && canary != null) {
			CanaryThresholds judged = plan.policy().canary();
			lines.add("  bake " + brief(bake) + " judging the canary against the old version (at least "
					+ judged.minRequests() + " requests, at most " + judged.maxAddedErrorPercent()
					+ " points more errors, a p99 at most " + judged.maxP99Ratio()
					+ " times), then raise it to weight 100, or roll back");
		}
		else if (!bake.isZero() && batch < plan.batches().size() - 1) {
			lines.add("  bake " + brief(bake));
		}
	}

	static String brief(Duration duration) {
		long millis = duration.toMillis();
		if (millis % 1000 != 0) {
			return millis + "ms";
		}
		long seconds = millis / 1000;
		return (seconds < 60 || seconds % 60 != 0) ? seconds + "s" : (seconds / 60) + "m";
	}

}
