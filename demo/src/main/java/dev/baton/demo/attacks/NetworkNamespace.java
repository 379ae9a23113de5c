package dev.baton.demo.attacks;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A host of the suite's own, in a network namespace it makes and removes: linked to this
 * machine by a veth pair, so it reaches this machine at a non-loopback address, as any
 * other host on a network would. Needs root and iproute2. Every command is an argv, never
 * a shell.
 */
final class NetworkNamespace implements AutoCloseable {

	/** This machine's address as the namespace sees it. */
	static final String HOST_ADDRESS = "10.213.77.1";

	private static final String NAMESPACE_ADDRESS = "10.213.77.2";

	private final String name;

	private final String link;

	private NetworkNamespace(String name, String link) {
		this.name = name;
		this.link = link;
	}

	static boolean available() {
		return "root".equals(System.getProperty("user.name")) && exists("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip");
	}

	static NetworkNamespace create() throws IOException {
		String suffix = Long.toString(ProcessHandle.current().pid());
		NetworkNamespace namespace = new NetworkNamespace("baton-attack-" + suffix, "bta" + suffix);
		try {
			namespace.ip("netns", "add", namespace.name);
			namespace.ip("link", "add", namespace.link, "type", "veth", "peer", "name", namespace.link + "n");
			namespace.ip("link", "set", namespace.link + "n", "netns", namespace.name);
			namespace.ip("addr", "add", HOST_ADDRESS + "/30", "dev", namespace.link);
			namespace.ip("link", "set", namespace.link, "up");
			namespace.inside("ip", "addr", "add", NAMESPACE_ADDRESS + "/30", "dev", namespace.link + "n");
			namespace.inside("ip", "link", "set", namespace.link + "n", "up");
			namespace.inside("ip", "link", "set", "lo", "up");
			return namespace;
		}
		catch (IOException | RuntimeException ex) {
			namespace.close();
			throw ex;
		}
	}

	/**
	 * Whether a TCP connection from the namespace to this machine's address on a port is
	 * accepted.
	 * @param port the port
	 * @return true when something accepted it, false when it was refused or timed out
	 */
	boolean connects(int port) throws IOException {
		// curl's exit code 7 is "could not connect", 28 a timeout; any other means the
		// connection was made (whatever the protocol then said)
		int code = run(List.of("ip", "netns", "exec", this.name, "curl", "-sS", "-o", "/dev/null", "-m", "3",
				"http://" + HOST_ADDRESS + ":" + port + "/"))
			.exitCode();
		return code != 7 && code != 28;
	}

	/**
	 * Proves the namespace reaches this machine at all, so that refusals mean something:
	 * a listener on this machine's address in the link accepts its connection.
	 * @return whether the probe listener was reached
	 */
	boolean reachesThisMachine() throws IOException {
		try (ServerSocket listener = new ServerSocket()) {
			listener.bind(new InetSocketAddress(InetAddress.getByName(HOST_ADDRESS), 0));
			Thread accept = new Thread(() -> {
				try {
					listener.accept().close();
				}
				catch (IOException ex) {
					// closed with the listener
				}
			}, "netns-probe");
			accept.setDaemon(true);
			accept.start();
			return connects(listener.getLocalPort());
		}
	}

	private void inside(String... command) throws IOException {
		List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", this.name));
		argv.addAll(List.of(command));
		check(argv);
	}

	private void ip(String... arguments) throws IOException {
		List<String> argv = new ArrayList<>(List.of("ip"));
		argv.addAll(List.of(arguments));
		check(argv);
	}

	private static void check(List<String> argv) throws IOException {
		Result result = run(argv);
		if (result.exitCode() != 0) {
			throw new IOException(String.join(" ", argv) + " failed: " + result.output());
		}
	}

	private static Result run(List<String> argv) throws IOException {
		Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
		try {
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(20, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IOException(argv + " did not finish");
			}
			return new Result(process.exitValue(), output.strip());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", ex);
		}
	}

	private static boolean exists(String... paths) {
		for (String path : paths) {
			if (Files.isExecutable(Path.of(path))) {
				return true;
			}
		}
		return false;
	}

	@Override
	public void close() {
		try {
			run(List.of("ip", "link", "del", this.link));
			run(List.of("ip", "netns", "del", this.name));
		}
		catch (IOException ex) {
			// nothing left to remove
		}
	}

	private record Result(int exitCode, String output) {

	}

}
