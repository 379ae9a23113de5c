package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.dataplane.ActualPeers;
import dev.baton.nginx.dataplane.ControlClient;
import dev.baton.kafka.testing.FreePorts;

/**
 * An nginx-control node started for real (its own Spring application), with its nginx
 * (managed mode) or the snippet for one (attached mode), on random loopback ports.
 */
public final class RunningNode implements AutoCloseable {

	public static final String TOKEN = "integration-test-control-token";

	private final ConfigurableApplicationContext context;

	private final Path workingDirectory;

	private final Endpoint control;

	private final Map<String, Integer> listenPorts;

	private RunningNode(ConfigurableApplicationContext context, Path workingDirectory, Endpoint control,
			Map<String, Integer> listenPorts) {
		this.context = context;
		this.workingDirectory = workingDirectory;
		this.control = control;
		this.listenPorts = listenPorts;
	}

	public static RunningNode start(String bootstrapServers, String topicPrefix, String nodeId, String mode,
			List<String> services, String... extraProperties) {
		Arguments arguments = Arguments.of(bootstrapServers, topicPrefix, nodeId, mode, services, extraProperties);
		ConfigurableApplicationContext context = new SpringApplicationBuilder(NginxControlApplication.class)
			.run(arguments.commandLine().toArray(String[]::new));
		return new RunningNode(context, arguments.workingDirectory(), arguments.control(), arguments.listenPorts());
	}

	/**
	 * A node's command line, on random loopback ports, with a working directory of its
	 * own (see {@link NodeDirectories}); an extra property replaces the default one.
	 *
	 * @param commandLine the {@code --property=value} arguments
	 * @param workingDirectory the node's working directory
	 * @param control its control endpoint
	 * @param listenPorts where nginx listens, per service
	 */
	public record Arguments(List<String> commandLine, Path workingDirectory, Endpoint control,
			Map<String, Integer> listenPorts) {

		public static Arguments of(String bootstrapServers, String topicPrefix, String nodeId, String mode,
				List<String> services, String... extraProperties) {
			// the node creates its working directory itself, private
			Path work = NodeDirectories.BASE.resolve(topicPrefix + nodeId);
			Endpoint control = new Endpoint("127.0.0.1", FreePorts.next());
			Map<String, Integer> ports = new LinkedHashMap<>();
			List<String> arguments = new ArrayList<>(List.of("--spring.kafka.bootstrap-servers=" + bootstrapServers,
					"--server.port=0", "--spring.main.banner-mode=off", "--baton.kafka.topic-prefix=" + topicPrefix,
					"--baton.nginx-control.node-id=" + nodeId, "--baton.nginx-control.mode=" + mode,
					"--baton.nginx-control.nginx.working-directory=" + work,
					"--baton.nginx-control.nginx.worker-processes=2",
					"--baton.nginx-control.control.address=" + control.address(),
					"--baton.nginx-control.control.token=" + TOKEN));
			for (String service : services) {
				ports.put(service, FreePorts.next());
				arguments.add("--baton.nginx-control.routes." + service + ".listen=127.0.0.1:" + ports.get(service));
			}
			return new Arguments(override(arguments, extraProperties), work, control, Map.copyOf(ports));
		}

		/**
		 * The same node (working directory, ports) with other properties, as an operator
		 * restarts it with a changed configuration.
		 * @param properties {@code property=value}, each replacing the one before
		 * @return the arguments
		 */
		public Arguments with(String... properties) {
			return new Arguments(override(new ArrayList<>(this.commandLine), properties), this.workingDirectory,
					this.control, this.listenPorts);
		}

		private static List<String> override(List<String> arguments, String... properties) {
			for (String property : properties) {
				String key = "--" + property.substring(0, property.indexOf('=') + 1);
				arguments.removeIf((argument) -> argument.startsWith(key));
				arguments.add("--" + property);
			}
			return List.copyOf(arguments);
		}

		public ControlClient controlClient() {
			return new ControlClient(this.control, TOKEN);
		}

	}

	public ControlClient control() {
		return new ControlClient(this.control, TOKEN);
	}

	public Endpoint controlEndpoint() {
		return this.control;
	}

	public int listenPort(String service) {
		return this.listenPorts.get(service);
	}

	public Path workingDirectory() {
		return this.workingDirectory;
	}

	/**
	 * A GET on the node's own web server (Actuator).
	 * @param path the path, e.g. {@code /actuator/health}
	 * @return the answer
	 */
	public HttpResponse<String> get(String path) {
		int port = Integer.parseInt(this.context.getEnvironment().getProperty("local.server.port"));
		try {
			return HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
						HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The peers nginx serves for a service and whether each is up.
	 */
	public Map<Endpoint, Boolean> peers(String service) {
		ActualPeers actual = control().peers(ServiceName.of(service));
		Map<Endpoint, Boolean> peers = new LinkedHashMap<>();
		actual.peers().peers().forEach((peer) -> peers.put(peer.endpoint(), peer.up()));
		return peers;
	}

	/**
	 * The managed nginx's master pid, from its pid file.
	 */
	public long nginxMasterPid() {
		try {
			return Long.parseLong(Files.readString(this.workingDirectory.resolve("nginx.pid")).trim());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The managed nginx's master pid and its workers' pids.
	 */
	public Set<Long> nginxPids() {
		long master = nginxMasterPid();
		Set<Long> pids = ProcessHandle.of(master)
			.orElseThrow()
			.children()
			.map(ProcessHandle::pid)
			.collect(Collectors.toCollection(TreeSet::new));
		pids.add(master);
		return pids;
	}

	@Override
	public void close() {
		this.context.close();
	}

}
