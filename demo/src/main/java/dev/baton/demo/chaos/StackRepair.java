package dev.baton.demo.chaos;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;

import dev.baton.cli.Json;
import dev.baton.contracts.CommandId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.demo.Processes;

/**
 * What the suite does when a fault left the stack broken past its bound, so the next
 * fault starts from a whole stack: services that are not ready are killed and started
 * again, nginx-control too when nginx does not serve, the deployer when a deploy never
 * ends, and a DEPLOY gate left closed with no deploy running is reopened as an operator
 * would. Every action is named in the report.
 */
public final class StackRepair {

	private final StackCheck check;

	private final Processes processes;

	/**
	 * The administrator's Kafka settings: only the registry and the deployer may write
	 * gates.
	 */
	private final Map<String, Object> kafka;

	public StackRepair(StackCheck check, Processes processes, Map<String, Object> kafka) {
		this.check = check;
		this.processes = processes;
		this.kafka = Map.copyOf(kafka);
	}

	List<String> repair(List<String> closedGates) {
		List<String> done = new ArrayList<>();
		this.processes.pid(FaultTarget.BROKER.process()).ifPresent((pid) -> Processes.signal("CONT", List.of(pid)));
		boolean deployRunning = !this.check.runningDeploys().isEmpty();
		for (FaultTarget service : FaultTarget.SERVICES) {
			boolean restart = !this.check.ready(service) || (service == FaultTarget.DEPLOYER && deployRunning);
			if (restart) {
				restart(service);
				done.add("restarted " + service.process());
			}
		}
		if (!deployRunning) {
			for (String key : closedGates) {
				if (key.endsWith("/" + Gate.DEPLOY.name())) {
					reopen(GateKey.parse(key));
					done.add("reopened " + key);
				}
			}
		}
		return done;
	}

	private void restart(FaultTarget service) {
		List<Long> pids = new ArrayList<>();
		this.processes.pid(service.process()).ifPresent(pids::add);
		if (service == FaultTarget.NGINX_CONTROL) {
			this.processes.nginxMaster().ifPresent((master) -> pids.addAll(Processes.withChildren(master)));
		}
		if (!pids.isEmpty()) {
			Processes.signal("KILL", pids);
		}
		this.processes.relaunch(service.process());
	}

	private void reopen(GateKey key) {
		SetPeerGate open = new SetPeerGate(CommandId.random(), key.service(), key.endpoint().host(),
				key.endpoint().port(), Gate.DEPLOY, true, "baton-chaos",
				"chaos suite: reopened a gate a failed fault left closed", Instant.now());
		Map<String, Object> settings = new HashMap<>(this.kafka);
		settings.put(ProducerConfig.ACKS_CONFIG, "all");
		try (KafkaProducer<String, String> producer = new KafkaProducer<>(settings, new StringSerializer(),
				new StringSerializer())) {
			String topic = "baton." + PhaseTrigger.COMMANDS;
			// On the peer's partition, where Baton's services write every gate of a peer
			// (their PeerPartitioner): on another, a reader could apply it before or
			// after
			// the peer's other gate commands, and so bring back a peer they removed.
			byte[] peer = (key.service().value() + "/" + key.endpoint().address()).getBytes(StandardCharsets.UTF_8);
			int partition = Utils.toPositive(Utils.murmur2(peer)) % producer.partitionsFor(topic).size();
			producer
				.send(new ProducerRecord<>(topic, partition, key.toString(), Json.mapper().writeValueAsString(open)))
				.get(30, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not reopen " + key + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
