package dev.baton.nginx.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import dev.baton.contracts.Endpoint;
import dev.baton.nginx.dataplane.Balancing;
import dev.baton.nginx.dataplane.Route;

/**
 * Configuration of one nginx-control node.
 *
 * @param nodeId names this node (and its nginx) in every answer
 * @param mode {@code managed}: run nginx; {@code attached}: drive an nginx that includes
 * the generated snippet
 * @param nginx how nginx is run and where its files go
 * @param routes service name to route
 * @param control the Lua control endpoint
 * @param drain how drains are watched
 * @param heartbeatInterval how often the node says it is alive
 * @param reconcileInterval how often whole peer sets are compared with the desired ones
 * @param epochCheckInterval how often nginx's epoch is read, to catch a restart
 * @param answerWindow how much older than its writer's newest command a command may be
 * and still be answered again on start when this node's answer to it is not on
 * {@code nginx.events}; answers are read back over the same window
 * @param stats how the peers' request statistics are read and published
 */
@Validated
@ConfigurationProperties("baton.nginx-control")
public record NginxControlProperties(
		@DefaultValue("local") @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9._:-]{0,127}") String nodeId,
		@DefaultValue("managed") @NotNull Mode mode, @DefaultValue @Valid Nginx nginx,
		Map<String, RouteSettings> routes, @DefaultValue @Valid Control control,
		@DefaultValue @Valid DrainSettings drain, @DefaultValue("2s") Duration heartbeatInterval,
		@DefaultValue("1s") Duration reconcileInterval, @DefaultValue("250ms") Duration epochCheckInterval,
		@DefaultValue("10m") Duration answerWindow, @DefaultValue @Valid Stats stats) {

	private static final Duration MAX_SLOW_START = Duration.ofHours(1);

	/**
	 * Idle connections count against a managed nginx's {@code worker_connections} (4096):
	 * half of them is the most one service may keep.
	 */
	private static final int MAX_KEEPALIVE = 2048;

	/** A day: a WebSocket that says nothing for longer is gone. */
	private static final Duration MAX_READ_TIMEOUT = Duration.ofDays(1);

	public NginxControlProperties {
		routes = (routes != null) ? Map.copyOf(routes) : Map.of();
		routes.keySet().forEach((service) -> PropertyChecks.serviceName("baton.nginx-control.routes", service));
		routes.forEach((service, route) -> {
			slowStart(routeProperty(service, "slow-start"), route.slowStart());
			keepalive(routeProperty(service, "keepalive"), route.keepalive());
			readTimeout(routeProperty(service, "read-timeout"), route.readTimeout());
		});
		PropertyChecks.positive("baton.nginx-control.heartbeat-interval", heartbeatInterval);
		PropertyChecks.positive("baton.nginx-control.reconcile-interval", reconcileInterval);
		PropertyChecks.positive("baton.nginx-control.epoch-check-interval", epochCheckInterval);
		PropertyChecks.positive("baton.nginx-control.answer-window", answerWindow);
	}

	private static void slowStart(String property, Duration slowStart) {
		if (slowStart.isNegative() || slowStart.compareTo(MAX_SLOW_START) > 0 || slowStart.getNano() % 1_000_000 != 0) {
			throw new IllegalArgumentException(
					property + " must be 0 (off) to 1h in whole milliseconds, got " + slowStart);
		}
	}

	private static String routeProperty(String service, String name) {
		return "baton.nginx-control.routes." + service + "." + name;
	}

	private static void readTimeout(String property, Duration readTimeout) {
		if (readTimeout.toSeconds() < 1 || readTimeout.toNanos() % 1_000_000_000L != 0
				|| readTimeout.compareTo(MAX_READ_TIMEOUT) > 0) {
			throw new IllegalArgumentException(property + " must be 1s to 24h in whole seconds, got " + readTimeout);
		}
	}

	private static void keepalive(String property, int keepalive) {
		if (keepalive < 1 || keepalive > MAX_KEEPALIVE) {
			throw new IllegalArgumentException(property + " must be 1 to " + MAX_KEEPALIVE + ", got " + keepalive);
		}
	}

	/** How this node gets its nginx. */
	public enum Mode {

		/** nginx-control writes a full nginx.conf, starts nginx and stops it. */
		MANAGED,

		/**
		 * An existing nginx includes the generated snippet; nginx-control only drives it.
		 */
		ATTACHED

	}

	/** What a clean stop of a managed node does to its nginx. */
	public enum OnStop {

		/** nginx quits (requests in flight finish), then the node says it left. */
		QUIT,

		/** nginx goes on serving, to be adopted by the node's next start. */
		KEEP

	}

	/**
	 * @param binary the nginx executable
	 * @param workingDirectory generated files and logs, private to nginx-control's user;
	 * defaults to {@code /var/lib/baton/nginx-control/<node-id>} for root,
	 * {@code ~/.local/state/baton/nginx-control/<node-id>} (or under
	 * {@code $XDG_STATE_HOME}) for anyone else
	 * @param tempDirectory where nginx's workers write request bodies and buffered
	 * answers; defaults to {@code temp} in the working directory, or to
	 * {@code <working-directory>-temp} beside it when the workers run as another user
	 * @param modulesInclude main-context include loading the Lua module (empty for
	 * OpenResty)
	 * @param modulesDirectory where relative {@code load_module} paths point
	 * @param workerProcesses nginx's {@code worker_processes}
	 * @param workerUser the user nginx's workers run as when nginx-control runs as root
	 * (nginx started by any other user cannot switch users); {@code root} keeps them root
	 * @param startTimeout how long nginx may take to answer after start, and to quit
	 * @param onStop what a clean stop of the node does to its nginx: {@code quit} it, or
	 * {@code keep} it serving the last peer sets for the node's next start to adopt, so
	 * that a restart of nginx-control (a new setting, an upgrade) costs no request
	 * @param accessLog whether nginx logs each proxied request (its time, peer, status
	 * and timings, the client's {@code X-Request-Id}) to {@code logs/access.log} in the
	 * working directory, for an outside judge of a deploy such as the soak's checker
	 */
	public record Nginx(@DefaultValue("/usr/sbin/nginx") Path binary, Path workingDirectory, Path tempDirectory,
			@DefaultValue("/etc/nginx/modules-enabled/*.conf") @Pattern(regexp = "[^;{}\"'\\s]*") String modulesInclude,
			@DefaultValue("/usr/share/nginx/modules") Path modulesDirectory,
			@DefaultValue("auto") @Pattern(regexp = "auto|[1-9][0-9]{0,2}") String workerProcesses,
			@DefaultValue("nobody") @Pattern(regexp = "[a-z_][a-z0-9_-]{0,31}") String workerUser,
			@DefaultValue("10s") Duration startTimeout, @DefaultValue("quit") OnStop onStop,
			@DefaultValue("false") boolean accessLog) {

		public Nginx {
			if (workingDirectory != null) {
				PropertyChecks.safePath("baton.nginx-control.nginx.working-directory", workingDirectory);
			}
			if (tempDirectory != null) {
				PropertyChecks.safePath("baton.nginx-control.nginx.temp-directory", tempDirectory);
			}
		}

	}

	/**
	 * @param listen where nginx listens for the service, {@code host:port}
	 * @param balancing how its peers are chosen
	 * @param slowStart how long a peer that comes up (its gates all open) takes to ramp
	 * from 10 % to 100 % of its weight; 0 for none. It is pushed with the peer sets, not
	 * written in nginx's files, so changing it restarts nginx-control only
	 * @param keepalive idle connections to the service's peers each nginx worker keeps
	 * for reuse; written in nginx's files, so changing it starts a managed nginx afresh
	 * @param readTimeout the longest nginx waits for the next bytes from a peer: an
	 * answer's, an event stream's or a WebSocket's (a WebSocket silent for longer is
	 * closed); whole seconds, written in nginx's files like {@code keepalive}
	 */
	public record RouteSettings(@NotBlank String listen, @DefaultValue("round-robin") Balancing balancing,
			@DefaultValue("0s") Duration slowStart, @DefaultValue("" + Route.DEFAULT_KEEPALIVE) int keepalive,
			@DefaultValue("60s") Duration readTimeout) {

		Endpoint listenEndpoint(String service) {
			return PropertyChecks.address(routeProperty(service, "listen"), this.listen);
		}

	}

	/**
	 * The control endpoint and its token, given as exactly one of {@code token} or
	 * {@code token-file}.
	 *
	 * @param address where the control endpoint listens; must be a loopback address
	 * @param token required in the {@code X-Baton-Token} header of every control request;
	 * empty counts as not set
	 * @param tokenFile a file holding the token, its owner's only (0600), read at
	 * start-up, so that the token is on no command line
	 */
	public record Control(@DefaultValue("127.0.0.1:7180") String address, String token, Path tokenFile) {

		public Control {
			Endpoint endpoint = PropertyChecks.address("baton.nginx-control.control.address", address);
			if (!isLoopback(endpoint.host())) {
				throw new IllegalArgumentException(
						"baton.nginx-control.control.address must be a loopback address, got " + address);
			}
			token = (token != null && !token.isEmpty()) ? token : null;
			if ((token == null) == (tokenFile == null)) {
				throw new IllegalArgumentException(
						"exactly one of " + ControlToken.PROPERTY + " and " + ControlToken.FILE_PROPERTY
								+ " must be set, " + ((token == null) ? "neither is" : "both are"));
			}
			if (token != null) {
				ControlToken.check(ControlToken.PROPERTY, token);
			}
		}

		Endpoint endpoint() {
			return PropertyChecks.address("baton.nginx-control.control.address", this.address);
		}

		/** The token stays out of logs and error messages. */
		@Override
		public String toString() {
			return "Control[address=" + this.address + ", token=" + ((this.token != null) ? "(set)" : "(none)")
					+ ", tokenFile=" + this.tokenFile + "]";
		}

		private static boolean isLoopback(String host) {
			try {
				return InetAddress.getByName(host).isLoopbackAddress();
			}
			catch (UnknownHostException ex) {
				return false;
			}
		}

	}

	/**
	 * @param interval how often the peers' statistics are read from nginx (and the
	 * Prometheus series updated), and the length of each published {@code PeerStats}
	 * interval
	 * @param publishFor how long after a gate of a service last changed (plus its slow
	 * start) its {@code PeerStats} are published; they are also published while a peer
	 * that is up has less than a full weight
	 */
	public record Stats(@DefaultValue("1s") Duration interval, @DefaultValue("2m") Duration publishFor) {

		public Stats {
			PropertyChecks.positive("baton.nginx-control.stats.interval", interval);
			PropertyChecks.positive("baton.nginx-control.stats.publish-for", publishFor);
		}

	}

	/**
	 * @param timeout no longer a setting: each closing command carries its drain's
	 * timeout, decided by its writer; set, it stops start-up saying so
	 * @param pollInterval the pause between two reads of in-flight counts while draining,
	 * at most 10 ms (while one upstream drains, nginx also checks every millisecond
	 * during each read)
	 */
	public record DrainSettings(Duration timeout, @DefaultValue("5ms") Duration pollInterval) {

		public DrainSettings {
			if (timeout != null) {
				throw new IllegalArgumentException("baton.nginx-control.drain.timeout is no longer read: each closing"
						+ " command carries its drain timeout (the deployer's baton.deployer.services.<name>.drain.timeout)");
			}
			PropertyChecks.positive("baton.nginx-control.drain.poll-interval", pollInterval);
			if (pollInterval.compareTo(Duration.ofMillis(10)) > 0) {
				throw new IllegalArgumentException(
						"baton.nginx-control.drain.poll-interval must be at most 10ms, got " + pollInterval);
			}
		}

	}

}
