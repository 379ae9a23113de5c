package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The account nginx's workers switch to when nginx starts as root: a user and the group
 * nginx must name with it. nginx takes a group named like the user when none is given,
 * and Debian has no group {@code nobody} ({@code nobody}'s group is {@code nogroup}), so
 * the user's own primary group is looked up and named.
 *
 * @param user the user name
 * @param group the name of the user's primary group
 */
public record WorkerAccount(String user, String group) {

	public WorkerAccount {
		Objects.requireNonNull(user, "user is required");
		Objects.requireNonNull(group, "group is required");
	}

	/**
	 * Looks a user up as the system knows it (local files, LDAP: {@code id} asks the name
	 * service).
	 * @param user the user name
	 * @return the account
	 * @throws IllegalArgumentException when the system has no such user
	 */
	public static WorkerAccount of(String user) {
		try {
			Process id = new ProcessBuilder(List.of("id", "-gn", "--", user)).redirectErrorStream(true).start();
			String said = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
			if (!id.waitFor(10, TimeUnit.SECONDS) || id.exitValue() != 0 || said.isEmpty()) {
				throw new IllegalArgumentException("no such user " + user + " (id: " + said + ")");
			}
			return new WorkerAccount(user, said);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot look up user " + user + " with id", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while looking up user " + user, ex);
		}
	}

	/**
	 * Whether this is the superuser, whose workers keep every right.
	 * @return true for root
	 */
	public boolean root() {
		return "root".equals(this.user);
	}

}
