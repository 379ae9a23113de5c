package dev.baton.nginx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One nginx process of the benchmark, from a config the benchmark writes: the backend
 * (answers on many ports) or the front (static upstreams next to the Lua snippet).
 */
final class BenchNginx implements AutoCloseable {

	private static final String HEAD = "daemon off;\nworker_processes 1;\nerror_log %s/error.log warn;\npid %s/nginx.pid;\n%s"
			+ "include /etc/nginx/modules-enabled/*.conf;\nevents {\n    worker_connections 8192;\n}\n";

	private final Path directory;

	private Process process;

	private BenchNginx(Path directory) {
		this.directory = directory;
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
	 * Static upstreams on their own ports, and the Lua routes from the node's snippet.
	 */
	static BenchNginx front(Path directory, Path snippet, int staticTwoPort, List<Integer> two, int staticThousandPort,
			List<Integer> thousand, int bareTwoPort) {
		StringBuilder http = new StringBuilder("http {\n    access_log off;\n    keepalive_requests 100000;\n");
		staticUpstream(http, "static_two", staticTwoPort, two);
		staticUpstream(http, "static_thousand", staticThousandPort, thousand);
		bareLuaUpstream(http, bareTwoPort, two);
		http.append("    include ").append(snippet).append(";\n}\n");
		return write(directory, http.toString());
	}

	private static void staticUpstream(StringBuilder http, String name, int listen, List<Integer> ports) {
		http.append("    upstream ").append(name).append(" {\n");
		ports.forEach((port) -> http.append("        server 127.0.0.1:").append(port).append(";\n"));
		proxyTo(http.append("        keepalive 256;\n        keepalive_timeout 10s;\n    }\n"), name, listen);
	}

	/**
	 * The floor of any Lua balancer: {@code balancer_by_lua} that only picks one of two
	 * fixed peers at random, with no shared memory, no counting and no log phase.
	 */
	private static void bareLuaUpstream(StringBuilder http, int listen, List<Integer> ports) {
		http.append("    upstream bare_two {\n        server 0.0.0.1;\n        balancer_by_lua_block {\n")
			.append("            require(\"ngx.balancer\").set_current_peer(\"127.0.0.1\", math.random(2) == 1 and ")
			.append(ports.get(0))
			.append(" or ")
			.append(ports.get(1))
			.append(")\n        }\n        keepalive 256;\n        keepalive_timeout 10s;\n    }\n");
		proxyTo(http, "bare_two", listen);
	}

	private static void proxyTo(StringBuilder http, String name, int listen) {
		http.append("    server {\n        listen 127.0.0.1:")
			.append(listen)
			.append(";\n        location / {\n            proxy_pass http://")
			.append(name)
			.append(";\n            proxy_http_version 1.1;\n            proxy_set_header Connection \"\";\n")
			.append("            proxy_set_header Host $http_host;\n        }\n    }\n");
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
		try {
			this.process = new ProcessBuilder("/usr/sbin/nginx", "-p", this.directory + "/", "-c",
					this.directory.resolve("nginx.conf").toString())
				.redirectErrorStream(true)
				.redirectOutput(this.directory.resolve("nginx.out").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * CPU time its worker used so far (one worker), in clock ticks of 10 ms.
	 */
	long workerCpuTicks() {
		try {
			long master = Long.parseLong(Files.readString(this.directory.resolve("nginx.pid")).trim());
			long worker = ProcessHandle.of(master).orElseThrow().children().findFirst().orElseThrow().pid();
			String stat = Files.readString(Path.of("/proc", String.valueOf(worker), "stat"));
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
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
