package dev.baton.nginx;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.nginx.dataplane.Balancing;
import dev.baton.nginx.dataplane.NginxFiles;
import dev.baton.nginx.dataplane.NginxSetup;
import dev.baton.nginx.dataplane.Route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * The control endpoint's peer set protocol, in a real nginx running the generated
 * snippet, without a node: what a push with a slow start stores, and what it refuses.
 */
class ControlEndpointTests {

	private static final String TOKEN = "control-endpoint-test-token";

	private static final String PEER = "127.0.0.1:9001";

	@TempDir
	Path directory;

	private AttachedNginx nginx;

	@AfterEach
	void stopNginx() throws InterruptedException {
		if (this.nginx != null) {
			this.nginx.close();
		}
	}

	@Test
	void slowStartComesWithThePeerSetAsANewVersionThatKeepsEveryPeersSinceAndAMalformedOneChangesNothing() {
		ControlRequests control = startNginx();
		assertThat(control.put("orders", "slow-start 8\n" + PEER + " up\n").body()).isEqualTo("version 1\n");
		String first = control.get("orders");
		long since = since(first);
		assertThat(first).startsWith("version 1\nslow-start 8\n" + PEER + " up 0 100 ");
		assertThat(since).isPositive();

		assertThat(control.put("orders", "slow-start 8.000\n" + PEER + " up\n").body())
			.as("the same slow start written otherwise: the same set")
			.isEqualTo("version 1\n");
		assertThat(control.put("orders", "slow-start 2.5\n" + PEER + " up\n").body()).isEqualTo("version 2\n");
		assertThat(control.get("orders")).startsWith("version 2\nslow-start 2.5\n" + PEER + " up 0 100 " + since);

		for (String malformed : List.of("slow-start 2.5004", "slow-start 3600.001", "slow-start -1", "slow-start 1e3",
				"slow-start", "slow-start  2")) {
			HttpResponse<String> refused = control.put("orders", malformed + "\n" + PEER + " down\n");
			assertThat(refused.statusCode()).as(malformed).isEqualTo(400);
			assertThat(refused.body()).as(malformed)
				.contains("bad slow start line '" + malformed + "'", "slow-start <seconds");
		}
		assertThat(control.get("orders")).as("after the refused pushes")
			.startsWith("version 2\nslow-start 2.5\n" + PEER + " up 0 100 " + since);

		assertThat(control.put("orders", PEER + " up\n").body()).isEqualTo("version 3\n");
		assertThat(control.put("orders", "slow-start 0\n" + PEER + " up\n").body()).as("slow start 0 is no slow start")
			.isEqualTo("version 3\n");
		assertThat(control.get("orders")).isEqualTo("version 3\nslow-start 0\n" + PEER + " up 0 100 " + since + "\n");
		assertThat(control.put("orders", "slow-start 3600\n").body()).isEqualTo("version 4\n");
		assertThat(control.get("orders")).isEqualTo("version 4\nslow-start 3600\n");
	}

	@Test
	void aPeerBecomesAStandbyOnlyFromUpAndADrainsReleaseTakesItDownForGood() {
		ControlRequests control = startNginx();
		String other = "127.0.0.1:9002";
		control.put("orders", PEER + " down\n" + other + " up\n");
		control.put("orders", PEER + " standby\n" + other + " up\n");
		assertThat(control.get("orders")).as("a peer down (restarting, say) is pushed as standby: it stays down")
			.contains(PEER + " down 0 100 0");

		control.put("orders", PEER + " up\n" + other + " up\n");
		control.put("orders", PEER + " standby\n" + other + " up\n");
		assertThat(control.get("orders")).contains(PEER + " standby 0 100 0");
		assertThat(control.inFlight("orders", PEER, "idle").body()).as("idle, and no request needed it: released")
			.isEqualTo(PEER + " 0\n");
		control.put("orders", PEER + " standby\n" + other + " up\n");
		assertThat(control.get("orders")).as("pushed again as standby (a restarted nginx-control): still down")
			.contains(PEER + " down 0 100 0");
		assertThat(control.inFlight("orders", PEER, "now").statusCode()).isEqualTo(400);
	}

	@Test
	void slowStartLineAnywhereButFirstIsABadPeerLine() {
		ControlRequests control = startNginx();

		HttpResponse<String> refused = control.put("orders", PEER + " up\nslow-start 8\n");

		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.body()).contains("bad peer line 'slow-start 8'");
		assertThat(control.get("orders")).isEqualTo("version 0\nslow-start 0\n");
	}

	private ControlRequests startNginx() {
		assumeThat(Files.isExecutable(AttachedNginx.BINARY)).as("/usr/sbin/nginx is missing").isTrue();
		Endpoint endpoint = new Endpoint("127.0.0.1", FreePorts.next());
		Path work = this.directory.resolve("node");
		NginxSetup setup = new NginxSetup(NodeId.of("node-1"), work, "/etc/nginx/modules-enabled/*.conf",
				Path.of("/usr/share/nginx/modules"), "1", null, work.resolve("temp"), endpoint, TOKEN,
				List.of(new Route(ServiceName.of("orders"), new Endpoint("127.0.0.1", FreePorts.next()),
						Balancing.ROUND_ROBIN)),
				false);
		this.nginx = new AttachedNginx(this.directory.resolve("nginx"), new NginxFiles(setup).writeSnippet());
		this.nginx.start();
		ControlRequests control = new ControlRequests(endpoint, TOKEN);
		await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> control.get("orders") != null);
		return control;
	}

	private static long since(String peers) {
		return Long
			.parseLong(peers.lines().filter((line) -> line.startsWith(PEER)).findFirst().orElseThrow().split(" ")[4]);
	}

}
