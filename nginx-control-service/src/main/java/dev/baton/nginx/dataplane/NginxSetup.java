package dev.baton.nginx.dataplane;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;

/**
 * Everything the generated nginx files depend on.
 *
 * @param nodeId the node, named in the generated files
 * @param workingDirectory where the files, logs and nginx's temp files go
 * @param modulesInclude the main-context include that loads the Lua module, or empty
 * (OpenResty)
 * @param modulesDirectory what relative {@code load_module} paths resolve to
 * @param workerProcesses nginx's {@code worker_processes}
 * @param workers the account nginx switches its workers to, which it does only when it
 * starts as root; {@code null} when it does not
 * @param tempDirectory where nginx's workers write request bodies and buffered answers:
 * theirs to write
 * @param control where the control endpoint listens
 * @param token the control token
 * @param routes the services served
 * @param accessLog whether nginx logs every proxied request, with its peer and timings,
 * to {@code access.log} in the log directory: off unless asked, since at a thousand
 * requests a second it is a disk's worth a day
 */
public record NginxSetup(NodeId nodeId, Path workingDirectory, String modulesInclude, Path modulesDirectory,
		String workerProcesses, WorkerAccount workers, Path tempDirectory, Endpoint control, String token,
		List<Route> routes, boolean accessLog) {

	public NginxSetup {
		Objects.requireNonNull(nodeId, "nodeId is required");
		workingDirectory = workingDirectory.toAbsolutePath().normalize();
		tempDirectory = tempDirectory.toAbsolutePath().normalize();
		routes = List.copyOf(routes);
	}

	public Path snippet() {
		return this.workingDirectory.resolve("baton.conf");
	}

	public Path mainConfig() {
		return this.workingDirectory.resolve("nginx.conf");
	}

	public Path luaDirectory() {
		return this.workingDirectory.resolve("lua");
	}

	public Path tokenFile() {
		return this.workingDirectory.resolve("control.token");
	}

	/**
	 * The requests in flight per peer, which nginx maps into every one of its processes
	 * (see {@code baton/inflight.lua}).
	 * @return the file
	 */
	public Path countersFile() {
		return this.workingDirectory.resolve("inflight.counters");
	}

	public Path pidFile() {
		return this.workingDirectory.resolve("nginx.pid");
	}

	/**
	 * The node's own record of the nginx it started ({@code nginx.pid} is nginx's).
	 * @return the file
	 */
	public Path managedRecord() {
		return this.workingDirectory.resolve("managed-nginx.pid");
	}

	public Path logDirectory() {
		return this.workingDirectory.resolve("logs");
	}

	public Path accessLogFile() {
		return logDirectory().resolve("access.log");
	}

	/** The token stays out of logs and error messages. */
	@Override
	public String toString() {
		return "NginxSetup[nodeId=" + this.nodeId + ", workingDirectory=" + this.workingDirectory + ", workers="
				+ this.workers + ", tempDirectory=" + this.tempDirectory + ", control=" + this.control + ", routes="
				+ this.routes + ", accessLog=" + this.accessLog + "]";
	}

}
