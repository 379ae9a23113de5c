package dev.baton.deployer.runtime.supervisord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The supervisord calls the deployer makes, as {@code supervisorctl} makes them. Calls
 * never wait on a process ({@code wait=false}): the deployer polls, so that it can act
 * the moment something changes.
 */
public final class SupervisorClient {

	private final Transport transport;

	private SupervisorClient(Transport transport) {
		this.transport = transport;
	}

	/**
	 * A client of one supervisord.
	 * @param url {@code http://127.0.0.1:PORT} (loopback only) or
	 * {@code unix:///path/to/supervisor.sock}
	 * @param credentialsFile a file holding the Authorization header's value (for
	 * instance {@code Basic dXNlcjpwYXNz}), if supervisord asks for one
	 * @return the client
	 * @throws IllegalArgumentException for another address
	 * @throws UncheckedIOException when the file cannot be read
	 */
	public static SupervisorClient of(String url, Optional<Path> credentialsFile) {
		Optional<String> authorization = credentialsFile.map(SupervisorClient::authorization);
		return new SupervisorClient(Transport.of(url, authorization));
	}

	/**
	 * Checks an address without connecting.
	 * @param url the address
	 * @throws IllegalArgumentException when it is neither a loopback http URL nor a unix
	 * socket
	 */
	public static void check(String url) {
		Transport.of(url, Optional.empty());
	}

	/** Every program supervisord runs. */
	public List<SupervisedProcess> processes() throws IOException, SupervisorFault, InterruptedException {
		return ((List<?>) call("supervisor.getAllProcessInfo")).stream()
			.map((info) -> SupervisedProcess.of((Map<?, ?>) info))
			.toList();
	}

	/**
	 * @param spec {@code group:name}
	 */
	public SupervisedProcess process(String spec) throws IOException, SupervisorFault, InterruptedException {
		return SupervisedProcess.of((Map<?, ?>) call("supervisor.getProcessInfo", spec));
	}

	/**
	 * Asks a program to stop, without waiting for its process to exit.
	 * @return false when it was not running
	 */
	public boolean stop(String spec) throws IOException, SupervisorFault, InterruptedException {
		try {
			call("supervisor.stopProcess", spec, false);
			return true;
		}
		catch (SupervisorFault fault) {
			if (fault.code() == SupervisorFault.NOT_RUNNING) {
				return false;
			}
			throw fault;
		}
	}

	/**
	 * Starts a program, without waiting for it to be up; one already started is left as
	 * it is.
	 * @return false when supervisord could not spawn it
	 */
	public boolean start(String spec) throws IOException, SupervisorFault, InterruptedException {
		try {
			call("supervisor.startProcess", spec, false);
			return true;
		}
		catch (SupervisorFault fault) {
			if (fault.code() == SupervisorFault.ALREADY_STARTED) {
				return true;
			}
			if (fault.code() == SupervisorFault.SPAWN_ERROR) {
				return false;
			}
			throw fault;
		}
	}

	private Object call(String method, Object... parameters) throws IOException, SupervisorFault, InterruptedException {
		return XmlRpc.answer(this.transport.post(XmlRpc.call(method, parameters)));
	}

	private static String authorization(Path file) {
		try {
			String value = Files.readString(file, StandardCharsets.UTF_8).strip();
			if (value.isEmpty() || value.contains("\n") || value.contains("\r")) {
				throw new IllegalArgumentException(
						"runtime.supervisord.credentials-file " + file + " must hold one line, the Authorization"
								+ " header's value (for instance Basic dXNlcjpwYXNz)");
			}
			return value;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read runtime.supervisord.credentials-file " + file, ex);
		}
	}

	@Override
	public String toString() {
		return this.transport.toString();
	}

}
