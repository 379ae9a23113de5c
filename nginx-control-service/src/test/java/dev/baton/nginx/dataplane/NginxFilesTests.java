package dev.baton.nginx.dataplane;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

class NginxFilesTests {

	private static final Path NGINX = Path.of("/usr/sbin/nginx");

	@TempDir
	Path directory;

	@ParameterizedTest(name = "access log {0}")
	@ValueSource(booleans = { false, true })
	void generatedManagedConfigPassesNginxsOwnCheck(boolean accessLog) throws Exception {
		assumeThat(Files.isExecutable(NGINX)).as("/usr/sbin/nginx is missing: cannot check the config").isTrue();
		NginxSetup setup = setup(null, this.directory.resolve("temp"), Duration.ofMillis(30_500), accessLog);

		Path conf = new NginxFiles(setup).writeManaged();
		Process check = new ProcessBuilder(NGINX.toString(), "-t", "-p", setup.workingDirectory() + "/", "-c",
				conf.toString())
			.redirectErrorStream(true)
			.start();

		assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(new String(check.getInputStream().readAllBytes())).contains("syntax is ok", "test is successful");
	}

	@Test
	void snippetNeverLetsNginxRetryANonIdempotentRequestAndKeepsTheTokenPrivate() throws Exception {
		NginxSetup setup = setup();

		String snippet = Files.readString(new NginxFiles(setup).writeSnippet());

		assertThat(snippet)
			.contains("proxy_next_upstream error timeout;", "balancer_by_lua_block", "listen 127.0.0.1:18080;",
					"deny all;")
			.doesNotContain("non_idempotent", "a-long-enough-token");
		assertThat(Files.getPosixFilePermissions(setup.tokenFile())).hasSize(2);
		assertThat(snippet.indexOf("balancer_by_lua_block")).isLessThan(snippet.indexOf("keepalive 1024;"));
	}

	@Test
	void everyRouteLogsItsRequestsWithTheirPeerAndTimingsOnlyWhenAsked() throws Exception {
		String quiet = Files.readString(new NginxFiles(setup()).writeSnippet());
		String logged = Files
			.readString(new NginxFiles(setup(null, this.directory.resolve("temp"), Duration.ofMillis(30_500), true))
				.writeSnippet());

		assertThat(quiet).doesNotContain("baton_timing");
		assertThat(logged).contains("log_format baton_timing '$msec $request_time $status", "$upstream_addr",
				"$http_x_request_id");
		String log = "access_log " + this.directory.resolve("logs/access.log") + " baton_timing;";
		assertThat(orders(logged)).contains(log);
		assertThat(payments(logged)).contains(log);
	}

	@Test
	void eachRouteKeepsItsOwnNumberOfIdleConnections() throws Exception {
		String snippet = Files.readString(new NginxFiles(setup()).writeSnippet());

		String orders = orders(snippet);
		String payments = payments(snippet);
		assertThat(orders).contains("keepalive 1024;").doesNotContain("keepalive 256;");
		assertThat(payments).as("a route that names none keeps the default")
			.contains("keepalive 256;")
			.doesNotContain("keepalive 1024;");
	}

	@Test
	void everyRoutePassesWebSocketUpgradesOnAndWaitsForAPeerAsLongAsItsReadTimeout() throws Exception {
		String snippet = Files.readString(new NginxFiles(setup()).writeSnippet());

		String orders = orders(snippet);
		String payments = payments(snippet);
		assertThat(snippet).contains("map $http_upgrade $baton_connection {").doesNotContain("Connection \"\"");
		for (String route : List.of(orders, payments)) {
			assertThat(route).contains("proxy_set_header Upgrade $http_upgrade;",
					"proxy_set_header Connection $baton_connection;");
		}
		assertThat(orders).contains("proxy_read_timeout 75s;");
		assertThat(payments).as("a route that names none waits as long as nginx does by default")
			.contains("proxy_read_timeout 60s;");
	}

	@Test
	void snippetGivesEachRouteItsBalancingAndEachWorkerItsRowOfCountersAndNoStatisticsTimer() throws Exception {
		NginxSetup setup = setup();
		String snippet = Files.readString(new NginxFiles(setup).writeSnippet());

		assertThat(snippet).contains("balance(\"orders\", false)", "balance(\"pay-ments\", true)",
				"log_by_lua_block { require(\"baton.balancer\").log() }",
				"init(\"" + setup.tokenFile() + "\", \"" + setup.countersFile() + "\")");
		assertThat(snippet.substring(snippet.indexOf("init_worker_by_lua_block {")))
			.startsWith("init_worker_by_lua_block {\n    require(\"baton.inflight\").start()\n}\n");
		assertThat(snippet).as("statistics are counted in the rows of counters, not in a dictionary of their own")
			.doesNotContain("baton_stats");
		assertThat(this.directory.resolve("lua/baton")).isDirectoryContaining("glob:**/weights.lua")
			.isDirectoryContaining("glob:**/tally.lua")
			.isDirectoryContaining("glob:**/inflight.lua");
	}

	@Test
	void aRoutesSlowStartLeavesTheFilesAndTheirDigestAsTheyWereSoTheRunningNginxIsAdopted() {
		NginxSetup slowStartOff = setup(Duration.ZERO);
		NginxSetup slowStartOn = setup(Duration.ofSeconds(8));

		assertThat(new NginxFiles(slowStartOn).digest()).isEqualTo(new NginxFiles(slowStartOff).digest());
		assertThat(new SnippetTemplate(slowStartOn).render()).isEqualTo(new SnippetTemplate(slowStartOff).render());
	}

	@Test
	void managedConfigSwitchesTheWorkersToTheirUserAndGroupAndPointsTheirTempPathsOutside() throws Exception {
		NginxSetup setup = setup(new WorkerAccount("nobody", "nogroup"), this.directory.resolve("workers"));

		String conf = Files.readString(new NginxFiles(setup).writeManaged());

		assertThat(conf).contains("user nobody nogroup;\n",
				"client_body_temp_path " + this.directory.resolve("workers/body") + ";",
				"proxy_temp_path " + this.directory.resolve("workers/proxy") + ";");
	}

	@Test
	void managedConfigNamesNoUserWhenNginxCannotSwitchUsers() throws Exception {
		String conf = Files.readString(new NginxFiles(setup()).writeManaged());

		assertThat(conf).doesNotContain("\nuser ")
			.contains("client_body_temp_path " + this.directory.resolve("temp/body") + ";");
	}

	private NginxSetup setup() {
		return setup(Duration.ofMillis(30_500));
	}

	private NginxSetup setup(Duration ordersSlowStart) {
		return setup(null, this.directory.resolve("temp"), ordersSlowStart);
	}

	/** The orders route's upstream and server blocks. */
	private static String orders(String snippet) {
		return snippet.substring(snippet.indexOf("upstream baton_orders {"),
				snippet.indexOf("upstream baton_pay_ments {"));
	}

	/** The pay-ments route's upstream and server blocks, and what follows them. */
	private static String payments(String snippet) {
		return snippet.substring(snippet.indexOf("upstream baton_pay_ments {"));
	}

	private NginxSetup setup(WorkerAccount workers, Path temp) {
		return setup(workers, temp, Duration.ofMillis(30_500));
	}

	private NginxSetup setup(WorkerAccount workers, Path temp, Duration ordersSlowStart) {
		return setup(workers, temp, ordersSlowStart, false);
	}

	private NginxSetup setup(WorkerAccount workers, Path temp, Duration ordersSlowStart, boolean accessLog) {
		return new NginxSetup(NodeId.of("node-1"), this.directory, "/etc/nginx/modules-enabled/*.conf",
				Path.of("/usr/share/nginx/modules"), "1", workers, temp, new Endpoint("127.0.0.1", 18180),
				"a-long-enough-token",
				List.of(new Route(ServiceName.of("orders"), new Endpoint("127.0.0.1", 18080), Balancing.ROUND_ROBIN,
						ordersSlowStart, 1024, Duration.ofSeconds(75)),
						new Route(ServiceName.of("pay-ments"), new Endpoint("127.0.0.1", 18081),
								Balancing.LEAST_IN_FLIGHT)),
				accessLog);
	}

}
