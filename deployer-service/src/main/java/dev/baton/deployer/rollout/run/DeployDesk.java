package dev.baton.deployer.rollout.run;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.CancelDeploy;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.PauseDeploy;
import dev.baton.contracts.deploy.ResumeDeploy;
import dev.baton.contracts.deploy.RollbackDeploy;
import dev.baton.deployer.control.ControlDesk;
import dev.baton.deployer.control.DeployControls;
import dev.baton.deployer.control.ReleaseHistory;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.DeployLogContext;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.PlanPreview;
import dev.baton.deployer.rollout.plan.Refusal;
import dev.baton.deployer.rollout.plan.RolloutPlanner;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.logging.LogContext;

/**
 * Takes deploy requests: rejects what cannot be deployed, plans and starts the rest (or
 * only answers with the plan, for a dry run), one deploy per service at a time, turns a
 * rollback into a deploy of the release before the last succeeded one, and passes pauses,
 * resumes and cancels on to the running deploy's controls. A request for a service that
 * is already being deployed is rejected rather than queued, so CI learns at once and
 * decides itself whether to retry; a queue would hide a stuck deploy behind a waiting
 * one. A request whose deploy id was seen before is a redelivery and is ignored; an id
 * counts as seen once its start or rejection is published, so a request whose answer
 * could not be published is handled again when redelivered. Whatever is logged while a
 * request is handled or a deploy runs carries the deploy's id and service
 * ({@link DeployLogContext}).
 */
public final class DeployDesk {

	private static final Logger logger = LoggerFactory.getLogger(DeployDesk.class);

	private final KnownInstances fleet;

	private final NginxNodes nodes;

	private final Function<ServiceName, Optional<ServicePolicy>> policies;

	private final DeployRuns runs;

	private final DeployEvents events;

	private final Executor executor;

	private final Clock clock;

	private final RolloutPlanner planner = new RolloutPlanner();

	private final ControlDesk controls;

	private final ReleaseHistory releases;

	private final Map<ServiceName, DeployRun> running = new ConcurrentHashMap<>();

	private final Set<DeployId> seen = ConcurrentHashMap.newKeySet();

	public DeployDesk(KnownInstances fleet, NginxNodes nodes, Function<ServiceName, Optional<ServicePolicy>> policies,
			DeployRuns runs, DeployEvents events, Executor executor, Clock clock) {
		this(fleet, nodes, policies, runs, events, executor, clock, new ControlDesk(events::audit),
				new ReleaseHistory());
	}

	/**
	 * @param controls takes pauses, resumes and cancels
	 * @param releases the succeeded releases a rollback goes back through
	 */
	public DeployDesk(KnownInstances fleet, NginxNodes nodes, Function<ServiceName, Optional<ServicePolicy>> policies,
			DeployRuns runs, DeployEvents events, Executor executor, Clock clock, ControlDesk controls,
			ReleaseHistory releases) {
		this.controls = controls;
		this.releases = releases;
		this.fleet = fleet;
		this.nodes = nodes;
		this.policies = policies;
		this.runs = runs;
		this.events = events;
		this.executor = executor;
		this.clock = clock;
	}

	public void handle(DeployRequest request) {
		try (LogContext context = DeployLogContext.deploy(request.deployId(), request.service())) {
			if (request instanceof DeployRequested requested) {
				request(requested, false);
			}
			else if (request instanceof RollbackDeploy rollback) {
				rollback(rollback);
			}
			else if (request instanceof CancelDeploy cancel) {
				this.controls.cancel(cancel, controlsOf(cancel.service(), cancel.deployId()));
			}
			else if (request instanceof PauseDeploy pause) {
				this.controls.pause(pause, controlsOf(pause.service(), pause.deployId()));
			}
			else if (request instanceof ResumeDeploy resume) {
				this.controls.resume(resume, controlsOf(resume.service(), resume.deployId()));
			}
		}
	}

	/**
	 * Rejects a request that could not even be read, so that CI waiting on its deploy id
	 * learns why.
	 */
	public void rejectUnreadable(DeployId deployId, ServiceName service, String reason) {
		try (LogContext context = DeployLogContext.deploy(deployId, service)) {
			if (this.seen.add(deployId)) {
				this.events
					.step(new DeployRejected(deployId, service, "unreadable request: " + reason, this.clock.instant()));
			}
		}
	}

	public boolean isRunning(ServiceName service) {
		return this.running.containsKey(service);
	}

	public void remember(DeployId deployId) {
		this.seen.add(deployId);
	}

	private void request(DeployRequested request, boolean rollback) {
		if (this.seen.contains(request.deployId())) {
			logger.info("Ignoring redelivered deploy request {}", request.deployId());
			return;
		}
		try {
			DeployPlan plan = plan(request, rollback);
			if (request.dryRun()) {
				this.events.step(PlanPreview.planned(plan, this.nodes.nodesOf(plan.service()), this.clock.instant()));
				this.seen.add(request.deployId());
				return;
			}
			DeployRun run = this.runs.fresh(plan);
			this.events.step(new DeployStarted(plan.deployId(), plan.service(), plan.version(), PlanPreview.ids(plan),
					previousVersions(plan), plan.requestedBy(), plan.startedAt(), plan.strategy(),
					plan.policy().bake().toMillis(), plan.policy().canaryPercent(), plan.rollback()));
			this.seen.add(request.deployId());
			start(run);
		}
		catch (Refusal ex) {
			reject(request.deployId(), request.service(), ex.getMessage());
		}
	}

	/**
	 * A rollback is a deploy of the release before the newest succeeded one, with neither
	 * bake nor canary: that release ran before.
	 */
	private void rollback(RollbackDeploy rollback) {
		if (this.seen.contains(rollback.deployId())) {
			logger.info("Ignoring redelivered rollback request {}", rollback.deployId());
			return;
		}
		Optional<Version> target = this.releases.rollbackTarget(rollback.service());
		if (target.isEmpty()) {
			reject(rollback.deployId(), rollback.service(),
					"nothing to roll back to: " + this.releases.newest(rollback.service())
						.map((newest) -> newest + " is the only release of " + rollback.service() + " that succeeded")
						.orElse("no deploy of " + rollback.service() + " succeeded yet"));
			return;
		}
		request(new DeployRequested(rollback.deployId(), rollback.service(), target.get(), null, null, null, false,
				rollback.requestedBy(), rollback.at(), null, Duration.ZERO, 0, false), true);
	}

	private void reject(DeployId deployId, ServiceName service, String reason) {
		this.events.step(new DeployRejected(deployId, service, reason, this.clock.instant()));
		this.seen.add(deployId);
	}

	private DeployControls controlsOf(ServiceName service, DeployId named) {
		DeployRun run = this.running.get(service);
		return (run != null && ControlDesk.meant(named, run.deployId())) ? run.controls() : null;
	}

	private DeployPlan plan(DeployRequested request, boolean rollback) throws Refusal {
		ServicePolicy policy = this.policies.apply(request.service())
			.orElseThrow(() -> new Refusal("unknown service " + request.service()
					+ ": no runtime is configured for it (baton.deployer.services." + request.service() + ")"));
		if (this.running.containsKey(request.service())) {
			throw new Refusal("deploy " + this.running.get(request.service()).deployId() + " is already running for "
					+ request.service() + "; requests are rejected, not queued");
		}
		DeployPlan plan = this.planner.plan(request, this.fleet.instancesOf(request.service()), policy,
				this.clock.instant(), rollback);
		if (this.nodes.nodesOf(request.service()).isEmpty()) {
			throw new Refusal("no nginx node serves " + request.service()
					+ ", so nobody can confirm that its instances are drained");
		}
		return plan;
	}

	private static Map<InstanceId, Version> previousVersions(DeployPlan plan) {
		Map<InstanceId, Version> versions = new LinkedHashMap<>();
		plan.targets().forEach((target) -> versions.put(target.instanceId(), target.previousVersion()));
		return versions;
	}

	/**
	 * Starts deploys a restarted deployer carries on; they count as running from now on.
	 * @param runs the deploys
	 */
	public void resume(List<DeployRun> runs) {
		runs.forEach(this::start);
	}

	void start(DeployRun run) {
		this.running.put(run.service(), run);
		this.executor.execute(() -> {
			try (LogContext context = DeployLogContext.deploy(run.deployId(), run.service())) {
				runToEnd(run);
			}
		});
	}

	private void runToEnd(DeployRun run) {
		try {
			run.run();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			logger.info("Deploy {} interrupted; a restarted deployer carries on from its last step", run.deployId());
		}
		catch (RuntimeException ex) {
			if (Thread.currentThread().isInterrupted()) {
				logger.info("Deploy {} stopped with the deployer; a restarted deployer carries on from its last step",
						run.deployId());
			}
			else {
				logger.error("Deploy {} stopped; a restarted deployer carries on from its last step", run.deployId(),
						ex);
			}
		}
		finally {
			this.running.remove(run.service(), run);
		}
	}

}
