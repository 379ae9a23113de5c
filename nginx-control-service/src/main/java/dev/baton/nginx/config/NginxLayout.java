package dev.baton.nginx.config;

import java.nio.file.Path;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.config.NginxControlProperties.Mode;
import dev.baton.nginx.dataplane.NginxSetup;
import dev.baton.nginx.dataplane.Route;
import dev.baton.nginx.dataplane.WorkerAccount;
import dev.baton.state.StateHome;

/**
 * Where a node's nginx keeps its files, and who its workers run as. The working directory
 * (generated config, Lua code, token, logs) is private to nginx-control's user. nginx
 * started as root switches its workers to the configured user, who cannot enter it: their
 * temp paths then go to a directory of theirs beside it. nginx started by any other user
 * runs its workers as that user, with their temp paths inside.
 */
final class NginxLayout {

	private static final Logger logger = LoggerFactory.getLogger(NginxLayout.class);

	private static final String WORKING_DIRECTORY = "baton.nginx-control.nginx.working-directory";

	private static final String WORKER_USER = "baton.nginx-control.nginx.worker-user";

	private static final String TEMP_DIRECTORY = "baton.nginx-control.nginx.temp-directory";

	private NginxLayout() {
	}

	/**
	 * Prepares the directories and finds the workers' account.
	 * @param properties the node's configuration
	 * @param token the control token
	 * @param root whether this process, and so nginx, runs as root
	 * @return what the generated files depend on
	 */
	static NginxSetup setup(NginxControlProperties properties, String token, boolean root) {
		NginxControlProperties.Nginx nginx = properties.nginx();
		Path work = workingDirectory(properties, root);
		boolean managed = properties.mode() == Mode.MANAGED;
		WorkerAccount workers = (managed && root) ? account(nginx.workerUser()) : null;
		boolean apart = workers != null && !workers.root();
		Path temp = (nginx.tempDirectory() != null) ? nginx.tempDirectory().toAbsolutePath().normalize()
				: apart ? work.resolveSibling(work.getFileName() + "-temp") : work.resolve("temp");
		if (managed && !root) {
			logger.info("nginx-control does not run as root: nginx's workers run as {} ({} does not apply)",
					ProcessUser.name(), WORKER_USER);
		}
		if (apart && temp.startsWith(work)) {
			throw new IllegalArgumentException(TEMP_DIRECTORY + " must be outside the working directory " + work
					+ ": nginx's workers (user " + workers.user() + ") cannot enter it");
		}
		if (managed && !temp.startsWith(work)) {
			if (apart) {
				PrivateDirectory.prepareFor(temp, workers, TEMP_DIRECTORY);
			}
			else {
				PrivateDirectory.prepare(temp, TEMP_DIRECTORY);
			}
		}
		return new NginxSetup(NodeId.of(properties.nodeId()), work, nginx.modulesInclude(), nginx.modulesDirectory(),
				nginx.workerProcesses(), workers, temp, properties.control().endpoint(), token, routes(properties),
				nginx.accessLog());
	}

	/**
	 * The configured working directory, or the default one, private either way.
	 */
	private static Path workingDirectory(NginxControlProperties properties, boolean root) {
		Path configured = properties.nginx().workingDirectory();
		Path work = ((configured != null) ? configured
				: StateHome.current(root).resolve("nginx-control").resolve(properties.nodeId()))
			.toAbsolutePath()
			.normalize();
		PropertyChecks.safePath(WORKING_DIRECTORY, work);
		return PrivateDirectory.prepare(work, WORKING_DIRECTORY);
	}

	private static WorkerAccount account(String user) {
		try {
			return WorkerAccount.of(user);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(WORKER_USER + ": " + ex.getMessage(), ex);
		}
	}

	private static List<Route> routes(NginxControlProperties properties) {
		return properties.routes()
			.entrySet()
			.stream()
			.map((entry) -> new Route(ServiceName.of(entry.getKey()), entry.getValue().listenEndpoint(entry.getKey()),
					entry.getValue().balancing(), entry.getValue().slowStart(), entry.getValue().keepalive(),
					entry.getValue().readTimeout()))
			.toList();
	}

}
