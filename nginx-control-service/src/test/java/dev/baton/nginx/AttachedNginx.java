package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * An nginx an operator runs, with its own nginx.conf that includes the snippet an
 * attached node wrote: started, killed and started again by the test itself.
 */
public final class AttachedNginx implements AutoCloseable {

	public static final Path BINARY = Path.of("/usr/sbin/nginx");

	private final Path directory;

	private Process process;

	public AttachedNginx(Path directory, Path snippet) {
		this.directory = directory;
		try {
			Files.createDirectories(directory.resolve("logs"));
			Files.createDirectories(directory.resolve("temp"));
			if (!Files.exists(directory.resolve("modules"))) {
				Files.createSymbolicLink(directory.resolve("modules"), Path.of("/usr/share/nginx/modules"));
			}
			String user = "root".equals(System.getProperty("user.name")) ? "user root;\n" : "";
			Files.writeString(conf(), "daemon off;\nworker_processes 2;\n" + user + "pid "
					+ directory.resolve("nginx.pid") + ";\nerror_log " + directory.resolve("logs/error.log")
					+ " warn;\n" + "include /etc/nginx/modules-enabled/*.conf;\nevents { worker_connections 1024; }\n"
					+ "http {\n    access_log off;\n    client_body_temp_path " + directory.resolve("temp") + ";\n"
					+ "    proxy_temp_path " + directory.resolve("temp") + ";\n" + "    include " + snippet + ";\n}\n");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private Path conf() {
		return this.directory.resolve("nginx.conf");
	}

	public void start() {
		try {
			this.process = new ProcessBuilder(BINARY.toString(), "-p", this.directory + "/", "-c", conf().toString())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.directory.resolve("logs/nginx.out").toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Stops nginx (SIGTERM to the master, which takes its workers and shared memory with
	 * it).
	 */
	public void kill() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process != null && this.process.isAlive()) {
			kill();
		}
	}

}
