package dev.baton.state;

import java.nio.file.Path;

/**
 * Where a Baton service keeps its state when no directory is configured: a place only its
 * user may write, never the system's temporary directory (anyone may create a directory
 * there first, fill it with pid files a service would act on, or read what a careless
 * mode leaves open). Root gets {@code /var/lib/baton}; any other user the XDG state
 * directory ({@code $XDG_STATE_HOME}, or {@code ~/.local/state}) followed by
 * {@code baton}. Each service keeps its own directory below it.
 */
public final class StateHome {

	private static final Path SYSTEM = Path.of("/var/lib/baton");

	private StateHome() {
	}

	/**
	 * @param root whether this process runs as root
	 * @param xdgStateHome the {@code XDG_STATE_HOME} variable, ignored unless it is an
	 * absolute path (as the XDG specification says)
	 * @param userHome the user's home directory
	 * @return the directory that holds each Baton service's state directory
	 */
	public static Path of(boolean root, String xdgStateHome, String userHome) {
		if (root) {
			return SYSTEM;
		}
		if (xdgStateHome != null && Path.of(xdgStateHome).isAbsolute()) {
			return Path.of(xdgStateHome, "baton");
		}
		return Path.of(userHome, ".local", "state", "baton");
	}

	/**
	 * The state home of this process's user, as the system reports the user (not the
	 * {@code user.name} property, which a command line can set).
	 * @return the directory
	 */
	public static Path current() {
		return current(ProcessHandle.current().info().user().map("root"::equals).orElse(false));
	}

	/**
	 * The state home of this process's user, whether it runs as root already known.
	 * @param root whether this process runs as root
	 * @return the directory
	 */
	public static Path current(boolean root) {
		return of(root, System.getenv("XDG_STATE_HOME"), System.getProperty("user.home"));
	}

}
