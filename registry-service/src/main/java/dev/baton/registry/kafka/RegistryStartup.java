package dev.baton.registry.kafka;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.membership.Registry;
import dev.baton.registry.membership.Registry.GateRecord;

/**
 * Rebuilds the registry from its compacted topics before any message is consumed: its own
 * snapshots from {@code registry.state} and the gates it published from
 * {@code nginx.commands}. Only then do the listeners start, so a restarted registry
 * decides exactly as the stopped one would have.
 */
public class RegistryStartup implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(RegistryStartup.class);

	private final CompactedTopicReader reader;

	private final Registry registry;

	private final KafkaListenerEndpointRegistry listeners;

	private volatile boolean running;

	public RegistryStartup(CompactedTopicReader reader, Registry registry, KafkaListenerEndpointRegistry listeners) {
		this.reader = reader;
		this.registry = registry;
		this.listeners = listeners;
	}

	@Override
	public void start() {
		List<InstanceSnapshot> snapshots = new ArrayList<>();
		this.reader.readToEnd(Topic.REGISTRY_STATE, (key, value) -> {
			if (value instanceof InstanceSnapshot snapshot) {
				snapshots.add(snapshot);
			}
		});
		List<GateRecord> gates = new ArrayList<>();
		// A key that names no gate never gets here: the reader dead-letters it, as a live
		// listener would.
		this.reader.readToEnd(Topic.NGINX_COMMANDS, (key, value) -> gates
			.add(new GateRecord(GateKey.parse(key), (value instanceof SetPeerGate gate) ? gate.open() : null)));
		List<GateChange> repairs = this.registry.rebuild(snapshots, gates);
		logger.info("Rebuilt {} instances; repaired {} gates", snapshots.size(), repairs.size());
		this.listeners.getListenerContainer(RegistryListeners.REGISTRATIONS).start();
		this.listeners.getListenerContainer(RegistryListeners.VERDICTS).start();
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
