package dev.baton.kafka.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;

import static org.awaitility.Awaitility.await;

/**
 * A real Kafka broker, launched from the test's class path, that authenticates every
 * client and authorizes by ACL the way the local stack's broker does: SCRAM-SHA-512 on
 * the clients' listener, PLAIN for the broker itself and an administrator on an internal
 * one, no access where no ACL allows it.
 */
public final class SecuredBroker implements AutoCloseable {

	private static final String ADMIN_PASSWORD = "admin-" + UUID.randomUUID();

	private final ServiceProcess process;

	private final int clientsPort;

	private final int adminPort;

	private SecuredBroker(ServiceProcess process, int clientsPort, int adminPort) {
		this.process = process;
		this.clientsPort = clientsPort;
		this.adminPort = adminPort;
	}

	/**
	 * Starts a broker in a JVM of its own, storage in a directory of the test's.
	 * @param directory where its configuration, data and log go
	 * @return the broker, once it answers its administrator
	 */
	public static SecuredBroker start(Path directory) throws IOException, InterruptedException {
		int clients = FreePorts.next();
		int controller = FreePorts.next();
		int internal = FreePorts.next();
		String broker = "broker-" + UUID.randomUUID();
		Path config = directory.resolve("kafka.properties");
		Files.writeString(config, String.join("\n", "process.roles=broker,controller", "node.id=1",
				"controller.quorum.voters=1@127.0.0.1:" + controller,
				"listeners=CLIENTS://127.0.0.1:" + clients + ",CONTROLLER://127.0.0.1:" + controller
						+ ",INTERNAL://127.0.0.1:" + internal,
				"advertised.listeners=CLIENTS://127.0.0.1:" + clients + ",INTERNAL://127.0.0.1:" + internal,
				"controller.listener.names=CONTROLLER", "inter.broker.listener.name=INTERNAL",
				"listener.security.protocol.map=CLIENTS:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT,INTERNAL:SASL_PLAINTEXT",
				"listener.name.clients.sasl.enabled.mechanisms=SCRAM-SHA-512",
				"listener.name.clients.scram-sha-512.sasl.jaas.config="
						+ "org.apache.kafka.common.security.scram.ScramLoginModule required;",
				"sasl.mechanism.controller.protocol=PLAIN", "sasl.mechanism.inter.broker.protocol=PLAIN",
				"listener.name.controller.sasl.enabled.mechanisms=PLAIN",
				"listener.name.controller.plain.sasl.jaas.config="
						+ plain("broker", broker) + " user_broker=\"" + broker + "\";",
				"listener.name.internal.sasl.enabled.mechanisms=PLAIN",
				"listener.name.internal.plain.sasl.jaas.config=" + plain("broker", broker) + " user_broker=\"" + broker
						+ "\" user_baton-admin=\"" + ADMIN_PASSWORD + "\";",
				"authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer",
				"super.users=User:broker;User:baton-admin", "allow.everyone.if.no.acl.found=false",
				"log.dirs=" + directory.resolve("data"), "num.partitions=1", "offsets.topic.replication.factor=1",
				"transaction.state.log.replication.factor=1", "transaction.state.log.min.isr=1",
				"group.initial.rebalance.delay.ms=0", ""));
		format(config, directory);
		ServiceProcess process = ServiceProcess.start("secured-kafka", kafka.Kafka.class, directory,
				List.of(config.toString()));
		SecuredBroker started = new SecuredBroker(process, clients, internal);
		// the test's class path may bind SLF4J to no logger: the broker is up when it
		// answers its administrator, not when it says so
		await().atMost(Duration.ofSeconds(90))
			.pollInterval(Duration.ofMillis(250))
			.alias("the secured broker answering its administrator")
			.until(started::answers);
		return started;
	}

	private boolean answers() {
		if (!this.process.isAlive()) {
			throw new IllegalStateException("the secured broker exited");
		}
		Map<String, Object> settings = new HashMap<>(admin());
		settings.put("request.timeout.ms", 2000);
		settings.put("default.api.timeout.ms", 2000);
		try (Admin admin = Admin.create(settings)) {
			return !admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty();
		}
		catch (ExecutionException | TimeoutException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private static void format(Path config, Path directory) throws IOException, InterruptedException {
		Process format = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), "kafka.tools.StorageTool", "format", "-c", config.toString(),
				"-t", "q1Sh-9_ISia_zwGINzRvyQ")
			.redirectErrorStream(true)
			.redirectOutput(directory.resolve("format.log").toFile())
			.start();
		if (!format.waitFor(60, TimeUnit.SECONDS) || format.exitValue() != 0) {
			throw new IllegalStateException(
					"formatting the broker's storage failed: " + Files.readString(directory.resolve("format.log")));
		}
	}

	private static String plain(String user, String password) {
		return "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + user + "\" password=\""
				+ password + "\"";
	}

	/**
	 * The clients' listener, where every client authenticates with SCRAM.
	 * @return its bootstrap servers
	 */
	public String clients() {
		return "127.0.0.1:" + this.clientsPort;
	}

	/**
	 * The administrator's settings, on the internal listener.
	 * @return Kafka client settings
	 */
	public Map<String, Object> admin() {
		return settings("127.0.0.1:" + this.adminPort, "PLAIN", plain("baton-admin", ADMIN_PASSWORD) + ";");
	}

	/**
	 * A SCRAM user's settings, on the clients' listener.
	 * @param user the user name
	 * @param password its password
	 * @return Kafka client settings
	 */
	public Map<String, Object> scram(String user, String password) {
		return settings(clients(), "SCRAM-SHA-512", "org.apache.kafka.common.security.scram.ScramLoginModule required "
				+ "username=\"" + user + "\" password=\"" + password + "\";");
	}

	/**
	 * Creates or changes a SCRAM-SHA-512 user, as an administrator would.
	 * @param user the user name
	 * @param password its password
	 */
	public void user(String user, String password) {
		try (Admin admin = Admin.create(admin())) {
			admin
				.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(user,
						new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), password)))
				.all()
				.get(30, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not set the credential of " + user, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static Map<String, Object> settings(String bootstrap, String mechanism, String jaas) {
		Map<String, Object> settings = new HashMap<>();
		settings.put("bootstrap.servers", bootstrap);
		settings.put("security.protocol", "SASL_PLAINTEXT");
		settings.put("sasl.mechanism", mechanism);
		settings.put("sasl.jaas.config", jaas);
		return settings;
	}

	@Override
	public void close() {
		this.process.kill();
	}

}
