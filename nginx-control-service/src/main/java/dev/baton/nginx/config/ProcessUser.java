package dev.baton.nginx.config;

/**
 * The user this process runs as, as the system reports it (not the {@code user.name}
 * property, which a command line can set): it decides whether nginx may switch its
 * workers to another user, and who owns the private directories.
 */
final class ProcessUser {

	private ProcessUser() {
	}

	static String name() {
		return ProcessHandle.current()
			.info()
			.user()
			.orElseThrow(() -> new IllegalStateException("cannot tell which user this process runs as"));
	}

	static boolean root() {
		return "root".equals(name());
	}

}
