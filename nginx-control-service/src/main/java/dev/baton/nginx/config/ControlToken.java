package dev.baton.nginx.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The control token, from its property or, so that it is on no command line (any local
 * user can read {@code /proc/<pid>/cmdline}), from a file read once at start-up. The
 * token never appears in an error: only its length, when it is too short or too long.
 */
final class ControlToken {

	static final String PROPERTY = "baton.nginx-control.control.token";

	static final String FILE_PROPERTY = "baton.nginx-control.control.token-file";

	private static final int MIN_LENGTH = 16;

	private static final int MAX_LENGTH = 256;

	private static final Set<PosixFilePermission> OPEN = EnumSet.of(PosixFilePermission.GROUP_READ,
			PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
			PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

	private ControlToken() {
	}

	/**
	 * The token the control endpoint will require.
	 * @param control the control settings, with exactly one of a token or a token file
	 * @return the token
	 */
	static String of(NginxControlProperties.Control control) {
		return (control.tokenFile() != null) ? read(control.tokenFile()) : control.token();
	}

	/**
	 * Checks a token's form: printable ASCII without spaces, 16 to 256 characters.
	 * @param property where it came from, named in the error
	 * @param token the token
	 */
	static void check(String property, String token) {
		if (token.length() < MIN_LENGTH || token.length() > MAX_LENGTH) {
			throw new IllegalArgumentException(property + " must hold a token of " + MIN_LENGTH + " to " + MAX_LENGTH
					+ " characters, it has " + token.length());
		}
		if (!token.chars().allMatch((c) -> c >= '!' && c <= '~')) {
			throw new IllegalArgumentException(
					property + " must hold a token of printable ASCII characters without spaces");
		}
	}

	/**
	 * Reads a token file: its owner's only, one token, surrounding whitespace (the final
	 * newline) stripped.
	 * @param file the file
	 * @return the token
	 */
	static String read(Path file) {
		try {
			if (!Files.isRegularFile(file)) {
				throw new IllegalArgumentException(FILE_PROPERTY + ": " + file
						+ (Files.exists(file) ? " is not a regular file" : " does not exist"));
			}
			Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
			Set<PosixFilePermission> open = EnumSet.copyOf(OPEN);
			open.retainAll(permissions);
			if (!open.isEmpty()) {
				throw new IllegalArgumentException(FILE_PROPERTY + ": " + file + " is open to group or others ("
						+ PosixFilePermissions.toString(permissions) + "); it must be its owner's only: chmod 600 it");
			}
			if (Files.size(file) > 4 * MAX_LENGTH) {
				throw new IllegalArgumentException(
						FILE_PROPERTY + ": " + file + " must hold one token of at most " + MAX_LENGTH + " characters");
			}
			// every byte a character, so that a stray one is told apart, never echoed
			String token = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).strip();
			if (token.isEmpty()) {
				throw new IllegalArgumentException(FILE_PROPERTY + ": " + file + " is empty");
			}
			check(FILE_PROPERTY + " (" + file + ")", token);
			return token;
		}
		catch (IOException ex) {
			throw new IllegalArgumentException(FILE_PROPERTY + ": cannot read " + file + ": " + ex, ex);
		}
	}

}
