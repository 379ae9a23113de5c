package dev.baton.nginx;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import static org.assertj.core.api.Assertions.assertThat;

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

	/**
	 * No request of the load failed; if one did, the message shows the end of nginx's
	 * error log, read only then.
	 */
	static void assertNoneFailed(LoopingClients load, Path nginxWorkingDirectory) {
		assertThat(load.failures())
			.as(() -> "requests failed through nginx, whose error log ends with:\n"
					+ NginxProcesses.errorLogTail(nginxWorkingDirectory))
			.isEmpty();
	}

}
