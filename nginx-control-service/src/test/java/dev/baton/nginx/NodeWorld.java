package dev.baton.nginx;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * What every test against a real nginx needs: topics of its own on the broker, and the
 * nodes, apps and load it starts, closed in reverse order when the test ends.
 */
final class NodeWorld implements AutoCloseable {

	private final List<AutoCloseable> resources = new ArrayList<>();

	private final String bootstrapServers;

	private final String prefix;

	private final TestKafka kafka;

	private final GateTopics topics;

	private NodeWorld(String bootstrapServers) {
		this.bootstrapServers = bootstrapServers;
		this.prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + ".";
		this.kafka = new TestKafka(bootstrapServers);
		this.topics = new GateTopics(this.kafka, this.prefix);
	}

	/**
	 * Opens a world on the broker, or skips the test when nginx with Lua is missing.
	 * @param bootstrapServers the broker
	 * @return the world
	 */
	static NodeWorld open(String bootstrapServers) {
		assumeThat(Files.isExecutable(AttachedNginx.BINARY))
			.as("tests against nginx need /usr/sbin/nginx (Debian: nginx, libnginx-mod-http-lua, lua-resty-core); "
					+ "it is missing, so they are skipped")
			.isTrue();
		return new NodeWorld(bootstrapServers);
	}

	String prefix() {
		return this.prefix;
	}

	TestKafka kafka() {
		return this.kafka;
	}

	GateTopics topics() {
		return this.topics;
	}

	<T extends AutoCloseable> T closeLater(T resource) {
		this.resources.add(resource);
		return resource;
	}

	RunningNode node(String nodeId, String mode, List<String> services, String... properties) {
		return closeLater(RunningNode.start(this.bootstrapServers, this.prefix, nodeId, mode, services, properties));
	}

	@Override
	public void close() throws Exception {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			this.resources.get(i).close();
		}
		this.kafka.close();
	}

}
