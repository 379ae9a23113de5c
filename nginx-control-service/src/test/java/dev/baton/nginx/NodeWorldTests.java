package dev.baton.nginx;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the suites against a real nginx share: a {@link NodeWorld} per test, on the broker
 * the subclass chooses.
 */
abstract class NodeWorldTests {

	NodeWorld world;

	GateTopics topics;

	abstract String bootstrapServers();

	@BeforeEach
	void openWorld() {
		this.world = NodeWorld.open(bootstrapServers());
		this.topics = this.world.topics();
	}

	@AfterEach
	void closeWorld() throws Exception {
		if (this.world != null) {
			this.world.close();
		}
	}

	<T extends AutoCloseable> T closeLater(T resource) {
		return this.world.closeLater(resource);
	}

}
