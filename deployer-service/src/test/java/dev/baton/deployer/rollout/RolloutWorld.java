package dev.baton.deployer.rollout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.baton.clock.Ticker;
import dev.baton.contracts.DeployId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.contracts.deploy.InstanceReplaced;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.fleet.PeerReports;
import dev.baton.deployer.fleet.ServingInstances;
import dev.baton.deployer.rollout.answer.AnswerBoard;
import dev.baton.deployer.rollout.answer.InstanceArrivals;
import dev.baton.deployer.rollout.answer.RegistryFollower;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.run.DeployRuns;

/**
 * The world a deploy acts on, in memory: nginx nodes that answer gate commands at once, a
 * health-service that answers restarts with the version the runtime started, a registry
 * that registers the instances the runtime starts and follows the deployer's approvals
 * and deregistrations, and a runtime that records its calls. Everything a run publishes
 * is kept for assertions.
 */
public final class RolloutWorld implements DeployEvents, InstanceRuntime {

	public static final ServiceName ORDERS = ServiceName.of("orders");

	public final Clock clock = Clock.systemUTC();

	public final List<String> audits = Collections.synchronizedList(new ArrayList<>());

	/** The registry's word on every instance, as the deployer follows it. */
	public final KnownInstances fleet = new KnownInstances();

	/** The deployer's own state, made anew when it restarts. */
	public volatile NginxNodes nodes = newNodes();

	public volatile AnswerBoard board = new AnswerBoard();

	public volatile InstanceArrivals arrivals = new InstanceArrivals(this.fleet);

	/** The DEPLOY gates as the published commands leave them. */
	public final DeployGates deployGates = new DeployGates();

	/** What the nodes said of each peer, which a restarted deployer reads back. */
	public final PeerReports reports = new PeerReports();

	public volatile DeployRuns runs = newRuns();

	/** Every verdict health-service issued, which a restarted deployer reads again. */
	final List<VerdictIssued> verdicts = Collections.synchronizedList(new ArrayList<>());

	/** The nodes that sent a heartbeat, which a restarted deployer hears of again. */
	private final List<String> nodeNames = Collections.synchronizedList(new ArrayList<>());

	/** After this many steps on the record the deployer dies; -1 never. */
	public volatile int killAfterSteps = -1;

	private volatile boolean killed;

	/** Instances the runtime stopped while they were in rotation. */
	public final List<String> stoppedInRotation = Collections.synchronizedList(new ArrayList<>());

	/** What the deployer told the registry: "approve ID", "deregister ID". */
	public final List<String> registrations = Collections.synchronizedList(new ArrayList<>());

	/** The runtime's surge calls: "start PORT VERSION", "stop ID". */
	public final List<String> runtimeCalls = Collections.synchronizedList(new ArrayList<>());

	/** Fewest instances in rotation seen after any gate command or stop. */
	public volatile int leastInRotation = Integer.MAX_VALUE;

	/** The slow start the nodes report when a peer comes up, in milliseconds. */
	public volatile long slowStartMillis;

	/** Gate commands the nodes leave unanswered. */
	public volatile Predicate<SetPeerGate> unanswered = (command) -> false;

	public final List<DeployStep> steps = Collections.synchronizedList(new ArrayList<>());

	public final List<SetPeerGate> gates = Collections.synchronizedList(new ArrayList<>());

	/** Every audit record as {@code action: reason}. */
	public final List<String> auditReasons = Collections.synchronizedList(new ArrayList<>());

	public final List<String> restarts = Collections.synchronizedList(new ArrayList<>());

	public final Set<NodeId> answering = ConcurrentHashMap.newKeySet();

	public final Map<InstanceId, Version> running = new ConcurrentHashMap<>();

	public volatile Function<InstanceRestarted, VerdictIssued> health = (restarted) -> verdict(restarted,
			HealthStatus.HEALTHY, this.running.get(restarted.instanceId()));

	public volatile Runnable onRestart = () -> {
	};

	/**
	 * What the runtime says, while a verdict is awaited, about the process it restarted.
	 */
	public volatile Function<Version, ProcessWatch> watch = (version) -> ProcessWatch.NONE;

	public volatile Consumer<SetPeerGate> onClose = (command) -> {
	};

	/**
	 * Told of each call the deployer makes before it takes effect ({@code close 9001},
	 * {@code open 9001}, {@code restart orders-1 v1}, {@code stop new-9101},
	 * {@code step verified orders-1
	 * ROLLBACK}, {@code audit rollback.kept-out}): a test throws from it to make that
	 * call fail.
	 */
	public volatile Consumer<String> beforeCall = (call) -> {
	};

	public void node(String node, boolean answers) {
		this.nodeNames.add(node);
		this.nodes.follow(new NodeHeartbeat(NodeId.of(node), "e", List.of(ORDERS), 1000, Instant.now()));
		if (answers) {
			this.answering.add(NodeId.of(node));
		}
	}

	private DeployRuns newRuns() {
		return new DeployRuns(this.board, this.nodes, this, this.arrivals, this.fleet, serving(), this, this.clock);
	}

	/** What the deployer counts as serving, as it knows the world now. */
	public ServingInstances serving() {
		return new ServingInstances(this.fleet, this.deployGates, this.nodes, this.reports);
	}

	private NginxNodes newNodes() {
		return new NginxNodes(Ticker.SYSTEM, Duration.ofMinutes(10),
				(node, action, reason) -> this.audits.add(action + " " + node));
	}

	/**
	 * The deployer was killed and starts again: its answers, nodes and runs are new, the
	 * nodes' heartbeats are heard again; the fleet, the gates and the record are what the
	 * topics hold.
	 */
	public void restartDeployer() {
		Thread.interrupted();
		this.killed = false;
		this.killAfterSteps = -1;
		this.nodes = newNodes();
		synchronized (this.nodeNames) {
			this.nodeNames.forEach((node) -> this.nodes
				.follow(new NodeHeartbeat(NodeId.of(node), "e", List.of(ORDERS), 1000, Instant.now())));
		}
		this.board = new AnswerBoard();
		this.arrivals = new InstanceArrivals(this.fleet);
		this.runs = newRuns();
	}

	/** The restarted deployer's reader of verdicts reads them all again. */
	public void replayVerdicts() {
		synchronized (this.verdicts) {
			this.verdicts.forEach(this.board::onVerdict);
		}
	}

	/** A killed deployer does nothing more: every call it would make fails. */
	private void dieIfKilled() {
		if (this.killed) {
			Thread.currentThread().interrupt();
			throw new DeployerKilled();
		}
	}

	/** How a deployer killed in a test stops: its thread interrupted, mid-call. */
	public static final class DeployerKilled extends RuntimeException {

		DeployerKilled() {
			super("killed", null, false, false);
		}

	}

	public static DeployTarget target(int i) {
		return new DeployTarget(InstanceId.of("orders-" + i), new Endpoint("127.0.0.1", 9000 + i), Version.of("v1"));
	}

	public static ServicePolicy policy() {
		return new ServicePolicy(1, 1, Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5),
				DrainDeadline.OnTimeout.PROCEED);
	}

	/**
	 * The default policy for a plan that takes every instance out of rotation at some
	 * point, as only a request that accepted downtime may.
	 */
	public static ServicePolicy downtimeAccepted() {
		return policy().withMinHealthy(0);
	}

	public DeployPlan plan(String version, ServicePolicy policy, List<List<DeployTarget>> batches) {
		batches.forEach((batch) -> batch.forEach((t) -> {
			this.running.put(t.instanceId(), t.previousVersion());
			if (this.fleet.instance(t.instanceId()).isEmpty()) {
				registry(t.instanceId(), t.endpoint(), t.previousVersion(), Lifecycle.ONLINE, true);
			}
		}));
		return new DeployPlan(DeployId.of("d-1"), ORDERS, Version.of(version), batches, policy, "test", Instant.now());
	}

	public static VerdictIssued verdict(InstanceRestarted restarted, HealthStatus status, Version version) {
		return new VerdictIssued(restarted.instanceId(), restarted.service(), restarted.host(), restarted.port(),
				status, version, "", 1, 1, 0, Instant.now(), restarted.stepId());
	}

	public List<String> describedSteps() {
		List<String> described = new ArrayList<>();
		synchronized (this.steps) {
			for (DeployStep step : this.steps) {
				described.add(describe(step));
			}
		}
		return described;
	}

	static String describe(DeployStep step) {
		if (step instanceof InstanceDrained drained) {
			return "drained " + drained.instanceId() + " " + drained.phase();
		}
		if (step instanceof InstanceRestartStarted started) {
			return "restart started " + started.instanceId() + " " + started.phase() + " " + started.version();
		}
		if (step instanceof InstanceRestarted restarted) {
			return "restarted " + restarted.instanceId() + " " + restarted.phase() + " " + restarted.version();
		}
		if (step instanceof InstanceVerified verified) {
			return "verified " + verified.instanceId() + " " + verified.phase();
		}
		if (step instanceof InstanceEnabled enabled) {
			return "enabled " + enabled.instanceId() + " " + enabled.phase();
		}
		if (step instanceof InstanceLaunched launched) {
			return "launched " + launched.port() + " for " + launched.replaces();
		}
		if (step instanceof InstanceReplaced replaced) {
			return "replaced " + replaced.instanceId() + " by " + replaced.replacedBy();
		}
		return step.getClass().getSimpleName();
	}

	@Override
	public void step(DeployStep step) {
		dieIfKilled();
		this.beforeCall.accept("step " + describe(step));
		this.steps.add(step);
		if (step instanceof InstanceRestarted restarted && restarted.exitCode() == 0) {
			VerdictIssued verdict = this.health.apply(restarted);
			if (verdict != null) {
				this.verdicts.add(verdict);
			}
			Optional<InstanceSnapshot> registered = this.fleet.instance(restarted.instanceId());
			if (verdict != null && verdict.healthy() && registered.isPresent()
					&& registered.get().lifecycle() == Lifecycle.REGISTERED) {
				registry(restarted.instanceId(), restarted.endpoint(), verdict.version(), Lifecycle.PRE_ONLINE, true);
			}
			if (verdict != null) {
				this.board.onVerdict(verdict);
			}
		}
		if (this.steps.size() == this.killAfterSteps) {
			this.killed = true;
			dieIfKilled();
		}
	}

	@Override
	public void gate(SetPeerGate command) {
		dieIfKilled();
		this.beforeCall.accept((command.open() ? "open " : "close ") + command.port());
		this.gates.add(command);
		this.deployGates.observe(command.key(), command);
		countInRotation();
		if (!command.open()) {
			this.onClose.accept(command);
		}
		if (this.unanswered.test(command)) {
			return;
		}
		for (NodeId node : this.answering) {
			answer(command.open()
					? new PeerApplied(node, command.commandId(), command.service(), command.host(), command.port(),
							true, Instant.now(), this.slowStartMillis)
					: new PeerDrained(node, command.commandId(), command.service(), command.host(), command.port(), 1,
							Instant.now()));
		}
	}

	/** Delivers an nginx event as the listener would. */
	public void nginxEvent(NginxEvent event) {
		this.nodes.follow(event);
		answer(event);
	}

	private void answer(NginxEvent event) {
		this.reports.observe(event);
		this.board.onNginxEvent(event);
	}

	/**
	 * Registers instances as online and running their version, as before a surge deploy.
	 */
	public void online(DeployTarget... targets) {
		for (DeployTarget target : targets) {
			this.running.put(target.instanceId(), target.previousVersion());
			registry(target.instanceId(), target.endpoint(), target.previousVersion(), Lifecycle.ONLINE, true);
		}
	}

	/**
	 * The registry publishes a snapshot of an instance, and the deployer follows it.
	 */
	public void registry(DeployTarget target, Lifecycle lifecycle, boolean healthy) {
		registry(target.instanceId(), target.endpoint(),
				this.running.getOrDefault(target.instanceId(), target.previousVersion()), lifecycle, healthy);
	}

	/** The registry publishes a snapshot, and the deployer follows it. */
	void registry(InstanceId id, Endpoint endpoint, Version version, Lifecycle lifecycle, boolean healthy) {
		long revision = this.fleet.instance(id).map(InstanceSnapshot::revision).orElse(0L) + 1;
		InstanceSnapshot snapshot = new InstanceSnapshot(id, ORDERS, endpoint.host(), endpoint.port(), version,
				"/health", lifecycle,
				healthy ? new ObservedHealth(HealthStatus.HEALTHY, version, "", Instant.now()) : null, "", revision,
				Instant.now());
		new RegistryFollower(this.fleet, this.deployGates, this, this.arrivals).onSnapshot(snapshot);
	}

	/** Instances online, running, and with their DEPLOY gate open. */
	public int inRotation() {
		int count = 0;
		for (InstanceSnapshot instance : this.fleet.instancesOf(ORDERS)) {
			boolean gateOpen = !this.deployGates.closed()
				.contains(new GateKey(ORDERS, instance.endpoint(), Gate.DEPLOY));
			if (instance.lifecycle() == Lifecycle.ONLINE && gateOpen
					&& this.running.containsKey(instance.instanceId())) {
				count++;
			}
		}
		return count;
	}

	private void countInRotation() {
		this.leastInRotation = Math.min(this.leastInRotation, inRotation());
	}

	@Override
	public void operation(OperationMessage message) {
		dieIfKilled();
		OperateInstance approve = (OperateInstance) message;
		this.registrations.add("approve " + approve.instanceId());
		InstanceSnapshot instance = this.fleet.instance(approve.instanceId()).orElseThrow();
		registry(instance.instanceId(), instance.endpoint(), instance.version(), Lifecycle.ONLINE, true);
		countInRotation();
	}

	@Override
	public void registration(RegistrationMessage message) {
		dieIfKilled();
		if (message instanceof InstanceDeregistered deregistered) {
			this.registrations.add("deregister " + deregistered.instanceId());
			this.fleet.instance(deregistered.instanceId())
				.ifPresent((instance) -> registry(instance.instanceId(), instance.endpoint(), instance.version(),
						Lifecycle.DEREGISTERED, false));
		}
		countInRotation();
	}

	/**
	 * Starts a new instance, which registers itself at once under an id of its own; a
	 * broken version does not start.
	 */
	@Override
	public RestartResult start(ServiceName service, DeployTarget target, Version version) {
		dieIfKilled();
		this.runtimeCalls.add("start " + target.endpoint().port() + " " + version);
		if (version.value().contains("broken")) {
			return new RestartResult(3, "cannot start\n");
		}
		InstanceId id = InstanceId.of("new-" + target.endpoint().port());
		this.running.put(id, version);
		registry(id, target.endpoint(), version, Lifecycle.REGISTERED, false);
		return new RestartResult(0, "", this.watch.apply(version));
	}

	@Override
	public RestartResult stop(ServiceName service, DeployTarget target) {
		dieIfKilled();
		this.beforeCall.accept("stop " + target.instanceId());
		this.runtimeCalls.add("stop " + target.instanceId());
		boolean gateOpen = !this.deployGates.closed().contains(new GateKey(ORDERS, target.endpoint(), Gate.DEPLOY));
		boolean online = this.fleet.instance(target.instanceId())
			.map((instance) -> instance.lifecycle() == Lifecycle.ONLINE)
			.orElse(false);
		if (gateOpen && online && this.running.containsKey(target.instanceId())) {
			this.stoppedInRotation.add(target.instanceId().value());
		}
		this.running.remove(target.instanceId());
		countInRotation();
		return new RestartResult(0, "");
	}

	@Override
	public void removeGate(GateKey key) {
		this.audits.add("removed " + key);
	}

	@Override
	public void audit(String subject, String action, String reason, Map<String, String> details) {
		this.beforeCall.accept("audit " + action);
		this.audits.add(action + " " + details.getOrDefault("node", ""));
		this.auditReasons.add(action + ": " + reason);
	}

	@Override
	public RestartResult restart(ServiceName service, DeployTarget target, Version version) {
		dieIfKilled();
		this.beforeCall.accept("restart " + target.instanceId() + " " + version);
		this.restarts.add(target.instanceId() + " " + version);
		this.onRestart.run();
		if (version.value().contains("broken")) {
			return new RestartResult(3, "cannot start\n");
		}
		this.running.put(target.instanceId(), version);
		return new RestartResult(0, "", this.watch.apply(version));
	}

}
