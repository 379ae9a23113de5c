package dev.baton.nginx.config;

import java.nio.file.Path;

/**
 * Where nginx-control keeps its files when no directory is configured: a place only its
 * user may write, never the system's temporary directory (anyone may create a directory
 * there first, or read what a careless mode leaves open). Root gets
 * {@code /var/lib/baton}; any other user the XDG state directory
 * ({@code $XDG_STATE_HOME}, or {@code ~/.local/state}) followed by {@code baton}.
 */
final class NginxControlStateHome {

	private static final Path SYSTEM = Path.of("/var/lib/baton");

	private NginxControlStateHome() {
	}

	/**
	 * @param root whether this process runs as root
	 * @param xdgStateHome the {@code XDG_STATE_HOME} variable, ignored unless it is an
	 * absolute path (as the XDG specification says)
	 * @param userHome the user's home directory
	 * @return the directory that holds each Baton service's state directory
	 */
	static Path of(boolean root, String xdgStateHome, String userHome) {
		if (root) {
			return SYSTEM;
		}
		if (xdgStateHome != null && Path.of(xdgStateHome).isAbsolute()) {
			return Path.of(xdgStateHome, "baton");
		}
		return Path.of(userHome, ".local", "state", "baton");
	}

	static Path current(boolean root) {
		return of(root, System.getenv("XDG_STATE_HOME"), System.getProperty("user.home"));
	}

}
