package dev.baton.nginx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One nginx process of the benchmark, from a config the benchmark writes: the backend
 * (answers on many ports) or the front (static upstreams, bare Lua balancers and the
 * baseline balancer next to the node's Lua snippet).
 */
final class BenchNginx implements AutoCloseable {

	private static final String HEAD = "daemon off;\nworker_processes 1;\nerror_log %s/error.log warn;\npid %s/nginx.pid;\n%s"
			+ "include /etc/nginx/modules-enabled/*.conf;\nevents {\n    worker_connections 8192;\n}\n";

	private final Path directory;

	private Process process;

	private BenchNginx(Path directory) {
		this.directory = directory;
	}

	/**
	 * Idle connections an upstream of so many peers keeps: one for every peer, and more
	 * than nginx-control's default at 1,000 peers. Otherwise wrk's requests in turn over
	 * 1,000 peers would find no connection to reuse and each open one, and the benchmark
	 * would measure connecting (tens of µs, from run to run by several) rather than
	 * balancing.
	 */
	static int keepalive(int peers) {
		return Math.max(256, peers + 24);
	}

	/** Answers {@code ok} on every port. */
	static BenchNginx backend(Path directory, List<Integer> ports) {
		StringBuilder http = new StringBuilder(
				"http {\n    access_log off;\n    keepalive_requests 100000;\n" + "    server {\n");
		ports.forEach((port) -> http.append("        listen 127.0.0.1:").append(port).append(";\n"));
		http.append("        location / {\n            return 200 \"ok\\n\";\n        }\n    }\n}\n");
		return write(directory, http.toString());
	}

	/**
	 * Where the front nginx serves what, besides the node's routes from its snippet.
	 *
	 * @param staticTwo static upstream of the 2 peers
	 * @param staticThousand static upstream of the 1,000 peers
	 * @param bareTwo bare Lua balancer over the 2 peers
	 * @param bareThousand bare Lua balancer over the 1,000 peers
	 * @param rulerTwo the bare balancer plus a known CPU time of work, over the 2 peers
	 * @param rulerThousand the same over the 1,000 peers
	 * @param baselineTwo the baseline balancer over the 2 peers (service
	 * {@code base-two})
	 * @param baselineThousand the baseline balancer over the 1,000 peers
	 * ({@code base-thousand})
	 * @param baselinePeers where the benchmark stores the baseline's peer sets and sets
	 * the ruler's work
	 */
	record FrontPorts(int staticTwo, int staticThousand, int bareTwo, int bareThousand, int rulerTwo, int rulerThousand,
			int baselineTwo, int baselineThousand, int baselinePeers) {
	}

	/**
	 * Static upstreams, bare Lua balancers and the baseline balancer on their own ports,
	 * and the node's Lua routes from its snippet. The peers are consecutive ports.
	 */
	static BenchNginx front(Path directory, Path snippet, FrontPorts ports, List<Integer> two, List<Integer> thousand) {
		// The baseline counts in flight in a shared dictionary of its own, as Baton's
		// balancer did.
		StringBuilder http = new StringBuilder(
				"http {\n    access_log off;\n    keepalive_requests 100000;\n    lua_shared_dict baton_inflight 8m;\n");
		staticUpstream(http, "static_two", ports.staticTwo(), two);
		staticUpstream(http, "static_thousand", ports.staticThousand(), thousand);
		luaUpstream(http, "bare_two", ports.bareTwo(), bare("balance", two), "", two.size());
		luaUpstream(http, "bare_thousand", ports.bareThousand(), bare("balance", thousand), "", thousand.size());
		luaUpstream(http, "ruler_two", ports.rulerTwo(), bare("ruler", two), "", two.size());
		luaUpstream(http, "ruler_thousand", ports.rulerThousand(), bare("ruler", thousand), "", thousand.size());
		String log = "log_by_lua_block { require(\"baseline.balancer\").log() }";
		luaUpstream(http, "base_two", ports.baselineTwo(),
				"require(\"baseline.balancer\").balance(\"base-two\", false)", log, two.size());
		luaUpstream(http, "base_thousand", ports.baselineThousand(),
				"require(\"baseline.balancer\").balance(\"base-thousand\", false)", log, thousand.size());
		baselinePeers(http, ports.baselinePeers());
		http.append("    include ").append(snippet).append(";\n}\n");
		return write(directory, http.toString());
	}

	private static String bare(String function, List<Integer> ports) {
		return "require(\"baseline.bare\")." + function + "(" + ports.get(0) + ", " + ports.size() + ")";
	}

	private static void staticUpstream(StringBuilder http, String name, int listen, List<Integer> ports) {
		http.append("    upstream ").append(name).append(" {\n");
		ports.forEach((port) -> http.append("        server 127.0.0.1:").append(port).append(";\n"));
		proxyTo(http.append("        keepalive ")
			.append(keepalive(ports.size()))
			.append(";\n        keepalive_timeout 10s;\n    }\n"), name, listen, "");
	}

	/**
	 * A {@code balancer_by_lua} upstream: bare (only sets the peers in turn, with no
	 * shared memory, no counting and no log phase: the floor of any Lua balancer) or the
	 * baseline.
	 */
	private static void luaUpstream(StringBuilder http, String name, int listen, String balancer, String log,
			int peers) {
		http.append("    upstream ")
			.append(name)
			.append(" {\n        server 0.0.0.1;\n        balancer_by_lua_block { ")
			.append(balancer)
			.append(" }\n        keepalive ")
			.append(keepalive(peers))
			.append(";\n        keepalive_timeout 10s;\n    }\n");
		proxyTo(http, name, listen, log);
	}

	/**
	 * Stores a peer set for the baseline balancer as it reads them, {@code host:port up}
	 * lines under {@code p:<service>} and a version under {@code v:<service>}; and sets
	 * the ruler's work, calibrated to {@code micros} of CPU time or to {@code iterations}
	 * calibrated before.
	 */
	private static void baselinePeers(StringBuilder http, int listen) {
		http.append("    server {\n        listen 127.0.0.1:")
			.append(listen)
			.append(";\n        location = /bench/baseline-peers {\n")
			.append("            client_body_buffer_size 1m;\n            client_max_body_size 1m;\n")
			.append("            content_by_lua_block {\n                ngx.req.read_body()\n")
			.append("                local peers = ngx.shared.baton_peers\n")
			.append("                peers:set(\"p:\" .. ngx.var.arg_service, ngx.req.get_body_data())\n")
			.append("                peers:incr(\"v:\" .. ngx.var.arg_service, 1, 0)\n")
			.append("                ngx.say(\"ok\")\n            }\n        }\n")
			.append("        location = /bench/ruler {\n            content_by_lua_block {\n")
			.append("                local bare, iterations = require(\"baseline.bare\"), ngx.var.arg_iterations\n")
			.append("                ngx.say(iterations and bare.set_iterations(tonumber(iterations))\n")
			.append("                    or bare.calibrate(tonumber(ngx.var.arg_micros)))\n")
			.append("            }\n        }\n    }\n");
	}

	private static void proxyTo(StringBuilder http, String name, int listen, String log) {
		http.append("    server {\n        listen 127.0.0.1:")
			.append(listen)
			.append(";\n        location / {\n            proxy_pass http://")
			.append(name)
			.append(";\n            proxy_http_version 1.1;\n            proxy_set_header Connection \"\";\n")
			.append("            proxy_set_header Host $http_host;\n            proxy_next_upstream error timeout;\n");
		if (!log.isEmpty()) {
			http.append("            ").append(log).append("\n");
		}
		http.append("        }\n    }\n");
	}

	private static BenchNginx write(Path directory, String http) {
		try {
			Files.createDirectories(directory.resolve("temp"));
			if (!Files.exists(directory.resolve("modules"))) {
				Files.createSymbolicLink(directory.resolve("modules"), Path.of("/usr/share/nginx/modules"));
			}
			String user = "root".equals(System.getProperty("user.name")) ? "user root;\n" : "";
			Files.writeString(directory.resolve("nginx.conf"),
					String.format(HEAD, directory, directory, user)
							+ http.replace("http {\n", "http {\n    client_body_temp_path " + directory.resolve("temp")
									+ ";\n    proxy_temp_path " + directory.resolve("temp") + ";\n"));
			return new BenchNginx(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	void start() {
		start(List.of());
	}

	/**
	 * Stops this nginx and starts it again under another program.
	 * @param wrapper that program's command line, which nginx's follows
	 */
	void restartUnder(List<String> wrapper) throws InterruptedException {
		close();
		start(wrapper);
	}

	private void start(List<String> wrapper) {
		List<String> command = new ArrayList<>(wrapper);
		command.addAll(List.of("/usr/sbin/nginx", "-p", this.directory + "/", "-c",
				this.directory.resolve("nginx.conf").toString()));
		try {
			this.process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(this.directory.resolve("nginx.out").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * CPU time its worker used so far (one worker).
	 *
	 * @param nanos from the scheduler's accounting ({@code /proc/<pid>/schedstat}), finer
	 * than the clock ticks
	 * @param userTicks 10 ms clock ticks it ran in user space ({@code /proc/<pid>/stat})
	 * @param kernelTicks and in the kernel: coarse, but the only split of its CPU time by
	 * where it went
	 */
	record WorkerCpu(long nanos, long userTicks, long kernelTicks) {

		/**
		 * The share of the CPU time since an earlier reading that the kernel ran, in %.
		 */
		double kernelShareSince(WorkerCpu earlier) {
			long user = this.userTicks - earlier.userTicks;
			long kernel = this.kernelTicks - earlier.kernelTicks;
			return (user + kernel > 0) ? 100.0 * kernel / (user + kernel) : 0;
		}

		/**
		 * The CPU time since an earlier reading that ran in user space, in ns: the
		 * scheduler's time split by the clock ticks' shares.
		 */
		double userNanosSince(WorkerCpu earlier) {
			return (this.nanos - earlier.nanos) * (1 - kernelShareSince(earlier) / 100);
		}

	}

	/** Its worker's CPU time so far, both files read for one pid. */
	WorkerCpu workerCpu() {
		Path proc = Path.of("/proc", String.valueOf(workerPid()));
		try {
			String schedstat = Files.readString(proc.resolve("schedstat"));
			String stat = Files.readString(proc.resolve("stat"));
			// the fields after the command's name, which may hold spaces, start at the
			// third
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			return new WorkerCpu(Long.parseLong(schedstat.substring(0, schedstat.indexOf(' '))),
					Long.parseLong(fields[11]), Long.parseLong(fields[12]));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Its one worker's pid. */
	long workerPid() {
		try {
			long master = Long.parseLong(Files.readString(this.directory.resolve("nginx.pid")).trim());
			return ProcessHandle.of(master).orElseThrow().children().findFirst().orElseThrow().pid();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process != null) {
			this.process.destroy();
			this.process.waitFor(10, TimeUnit.SECONDS);
		}
	}

}
