package dev.baton.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import picocli.CommandLine.Option;

/**
 * Where Baton runs and how to reach it: flags first, then environment variables, then a
 * properties file, then the local defaults. Any {@code kafka.*} entry of the file is
 * handed to the Kafka clients as is (SASL, TLS, ...).
 */
public class Connection {

	@Option(names = "--bootstrap-servers", description = "Kafka bootstrap servers (env BATON_KAFKA)")
	private String bootstrapServers;

	@Option(names = "--topic-prefix", description = "Topic prefix (env BATON_TOPIC_PREFIX, default baton.)")
	private String topicPrefix;

	@Option(names = "--registry", description = "registry-service URL (env BATON_REGISTRY_URL)")
	private String registryUrl;

	@Option(names = "--token", description = "registry admin token (env BATON_REGISTRY_TOKEN)")
	private String token;

	@Option(names = "--connect-timeout", description = "how long to wait for Kafka to answer before giving up with"
			+ " exit 4 (env BATON_CONNECT_TIMEOUT, default 15s)")
	private Duration connectTimeout;

	@Option(names = "--config", description = "properties file (env BATON_CONFIG, default ~/.baton/cli.properties)")
	private Path config;

	private Properties file;

	/**
	 * The connection to one installation, for programs that use the CLI's clients
	 * directly.
	 * @param bootstrapServers Kafka bootstrap servers
	 * @param topicPrefix the installation's topic prefix
	 * @return the connection
	 */
	public static Connection of(String bootstrapServers, String topicPrefix) {
		Connection connection = new Connection();
		connection.bootstrapServers = bootstrapServers;
		connection.topicPrefix = topicPrefix;
		return connection;
	}

	/**
	 * The connection a properties file describes, for programs that use the CLI's clients
	 * directly.
	 * @param config the file
	 * @return the connection
	 */
	public static Connection of(Path config) {
		Connection connection = new Connection();
		connection.config = config;
		return connection;
	}

	public String bootstrapServers() {
		return pick(this.bootstrapServers, "BATON_KAFKA", "bootstrap-servers", "127.0.0.1:9092");
	}

	/**
	 * How long a command waits for Kafka to answer at all.
	 * @return the timeout
	 */
	public Duration connectTimeout() {
		if (this.connectTimeout != null) {
			return this.connectTimeout;
		}
		return Durations.parse(pick(null, "BATON_CONNECT_TIMEOUT", "connect-timeout", "15s"));
	}

	String topic(String suffix) {
		return pick(this.topicPrefix, "BATON_TOPIC_PREFIX", "topic-prefix", "baton.") + suffix;
	}

	String registryUrl() {
		return pick(this.registryUrl, "BATON_REGISTRY_URL", "registry-url", "http://127.0.0.1:7101");
	}

	String token() {
		return pick(this.token, "BATON_REGISTRY_TOKEN", "registry-token", "");
	}

	/**
	 * Kafka client settings for this installation.
	 * @return bootstrap servers plus every {@code kafka.*} entry of the file, prefix
	 * removed
	 */
	public Map<String, Object> kafka() {
		Map<String, Object> settings = new HashMap<>();
		file().stringPropertyNames()
			.stream()
			.filter((name) -> name.startsWith("kafka."))
			.forEach((name) -> settings.put(name.substring("kafka.".length()), file().getProperty(name)));
		settings.put("bootstrap.servers", bootstrapServers());
		return settings;
	}

	private String pick(String flag, String environment, String fileKey, String fallback) {
		if (flag != null) {
			return flag;
		}
		String fromEnvironment = System.getenv(environment);
		if (fromEnvironment != null && !fromEnvironment.isBlank()) {
			return fromEnvironment;
		}
		return file().getProperty(fileKey, fallback);
	}

	private Properties file() {
		if (this.file == null) {
			this.file = new Properties();
			Path path = (this.config != null) ? this.config : defaultConfig();
			if (Files.isReadable(path)) {
				try (InputStream in = Files.newInputStream(path)) {
					this.file.load(in);
				}
				catch (IOException ex) {
					throw new IllegalArgumentException("cannot read " + path + ": " + ex.getMessage());
				}
			}
		}
		return this.file;
	}

	private static Path defaultConfig() {
		String fromEnvironment = System.getenv("BATON_CONFIG");
		return (fromEnvironment != null) ? Path.of(fromEnvironment)
				: Path.of(System.getProperty("user.home"), ".baton", "cli.properties");
	}

}
