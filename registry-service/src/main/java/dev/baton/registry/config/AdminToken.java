package dev.baton.registry.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The admin API's bearer token, from exactly one of {@code baton.registry.admin.token}
 * and {@code baton.registry.admin.token-file}. A file keeps the token off command lines,
 * where anyone on the host can read it with {@code ps}; it is read once, at start-up, and
 * must be readable by its owner only, as ssh insists for a private key. No message here
 * quotes the token.
 */
final class AdminToken {

	static final String TOKEN = "baton.registry.admin.token";

	static final String TOKEN_FILE = "baton.registry.admin.token-file";

	static final int MIN_LENGTH = 16;

	private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
			PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
			PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

	private AdminToken() {
	}

	/**
	 * @param token the token property; blank counts as not set
	 * @param file the token-file property, or null
	 * @return the token
	 * @throws IllegalStateException naming the property at fault
	 */
	static String resolve(String token, Path file) {
		boolean hasToken = token != null && !token.isBlank();
		if (hasToken && file != null) {
			throw new IllegalStateException(TOKEN + " and " + TOKEN_FILE + " are both set: set only one");
		}
		if (!hasToken && file == null) {
			throw new IllegalStateException("set one of " + TOKEN + " and " + TOKEN_FILE
					+ " (a file readable by its owner only): the admin API has no default token");
		}
		String resolved = hasToken ? token : read(file);
		if (resolved.length() < MIN_LENGTH) {
			throw new IllegalStateException(
					(hasToken ? TOKEN + " must be" : TOKEN_FILE + " " + file + " must hold a token of") + " at least "
							+ MIN_LENGTH + " characters");
		}
		return resolved;
	}

	private static String read(Path file) {
		try {
			Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
			if (permissions.stream().anyMatch(GROUP_OR_OTHERS::contains)) {
				throw new IllegalStateException(TOKEN_FILE + " " + file + " is open to its group or to others ("
						+ PosixFilePermissions.toString(permissions)
						+ "): make it readable by its owner only (chmod 600)");
			}
			String token = Files.readString(file, StandardCharsets.UTF_8).strip();
			if (token.isEmpty()) {
				throw new IllegalStateException(TOKEN_FILE + " " + file + " is empty");
			}
			return token;
		}
		catch (NoSuchFileException ex) {
			throw new IllegalStateException(TOKEN_FILE + " " + file + " does not exist", ex);
		}
		catch (UnsupportedOperationException ex) {
			throw new IllegalStateException(TOKEN_FILE + " " + file + " is on a file system without POSIX"
					+ " permissions, so nobody can tell who else may read it", ex);
		}
		catch (IOException ex) {
			throw new IllegalStateException(TOKEN_FILE + " " + file + " cannot be read: " + ex.getMessage(), ex);
		}
	}

}
