package dev.baton.deployer.rollout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.NginxNodes;

/**
 * The world a deploy acts on, in memory: nginx nodes that answer gate commands at once, a
 * health-service that answers restarts with the version the runtime started, and a
 * runtime that records its calls. Everything a run publishes is kept for assertions.
 */
final class RolloutWorld implements DeployEvents, InstanceRuntime {

	static final ServiceName ORDERS = ServiceName.of("orders");

	final Clock clock = Clock.systemUTC();

	final NginxNodes nodes = new NginxNodes(this.clock, Duration.ofMinutes(10),
			(node, action, reason) -> this.audits.add(action + " " + node));

	final AnswerBoard board = new AnswerBoard();

	final DeployRuns runs = new DeployRuns(this.board, this.nodes, this, this, this.clock);

	final List<DeployStep> steps = Collections.synchronizedList(new ArrayList<>());

	final List<SetPeerGate> gates = Collections.synchronizedList(new ArrayList<>());

	/** The DEPLOY gates as the published commands leave them. */
	final DeployGates deployGates = new DeployGates();

	final List<String> audits = Collections.synchronizedList(new ArrayList<>());

	final List<String> restarts = Collections.synchronizedList(new ArrayList<>());

	final Set<NodeId> answering = ConcurrentHashMap.newKeySet();

	final Map<InstanceId, Version> running = new ConcurrentHashMap<>();

	volatile Function<InstanceRestarted, VerdictIssued> health = (restarted) -> verdict(restarted, HealthStatus.HEALTHY,
			this.running.get(restarted.instanceId()));

	volatile Runnable onRestart = () -> {
	};

	/**
	 * What the runtime says, while a verdict is awaited, about the process it restarted.
	 */
	volatile Function<Version, ProcessWatch> watch = (version) -> ProcessWatch.NONE;

	volatile Consumer<SetPeerGate> onClose = (command) -> {
	};

	void node(String node, boolean answers) {
		this.nodes.follow(new NodeHeartbeat(NodeId.of(node), "e", List.of(ORDERS), 1000, Instant.now()));
		if (answers) {
			this.answering.add(NodeId.of(node));
		}
	}

	static Target target(int i) {
		return new Target(InstanceId.of("orders-" + i), new Endpoint("127.0.0.1", 9000 + i), Version.of("v1"));
	}

	static ServicePolicy policy() {
		return new ServicePolicy(1, 1, Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), false);
	}

	DeployPlan plan(String version, ServicePolicy policy, List<List<Target>> batches) {
		batches.forEach((batch) -> batch.forEach((t) -> this.running.put(t.instanceId(), t.previousVersion())));
		return new DeployPlan(DeployId.of("d-1"), ORDERS, Version.of(version), batches, policy, "test", Instant.now());
	}

	static VerdictIssued verdict(InstanceRestarted restarted, HealthStatus status, Version version) {
		return new VerdictIssued(restarted.instanceId(), restarted.service(), restarted.host(), restarted.port(),
				status, version, "", 1, 1, 0, Instant.now(), restarted.stepId());
	}

	List<String> describedSteps() {
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
		return step.getClass().getSimpleName();
	}

	@Override
	public void step(DeployStep step) {
		this.steps.add(step);
		if (step instanceof InstanceRestarted restarted && restarted.exitCode() == 0) {
			VerdictIssued verdict = this.health.apply(restarted);
			if (verdict != null) {
				this.board.onVerdict(verdict);
			}
		}
	}

	@Override
	public void gate(SetPeerGate command) {
		this.gates.add(command);
		this.deployGates.observe(command.key(), command);
		if (!command.open()) {
			this.onClose.accept(command);
		}
		for (NodeId node : this.answering) {
			this.board.onNginxEvent(command.open()
					? new PeerApplied(node, command.commandId(), command.service(), command.host(), command.port(),
							true, Instant.now())
					: new PeerDrained(node, command.commandId(), command.service(), command.host(), command.port(), 1,
							Instant.now()));
		}
	}

	/** Delivers an nginx event as the listener would. */
	void nginxEvent(NginxEvent event) {
		this.nodes.follow(event);
		this.board.onNginxEvent(event);
	}

	@Override
	public void removeGate(GateKey key) {
		this.audits.add("removed " + key);
	}

	@Override
	public void audit(String subject, String action, String reason, Map<String, String> details) {
		this.audits.add(action + " " + details.getOrDefault("node", ""));
	}

	@Override
	public RestartResult restart(ServiceName service, Target target, Version version) {
		this.restarts.add(target.instanceId() + " " + version);
		this.onRestart.run();
		if (version.value().contains("broken")) {
			return new RestartResult(3, "cannot start\n");
		}
		this.running.put(target.instanceId(), version);
		return new RestartResult(0, "", this.watch.apply(version));
	}

}
