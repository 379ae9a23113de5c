package dev.baton.deployer.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The deployer's own working directory, where it keeps what must survive a kill of its
 * process (the restart hooks it left running): private to the user that runs it, since it
 * decides which processes a restarted deployer stops. A missing one is created 0700. An
 * existing one must already be private, a real directory and its user's: it is refused,
 * never tightened, because pid files someone else could write there would name the
 * processes the deployer kills.
 */
public final class WorkDirectory {

	private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

	private static final Set<PosixFilePermission> OPEN = EnumSet.of(PosixFilePermission.GROUP_READ,
			PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
			PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

	private WorkDirectory() {
	}

	/**
	 * Creates the directory, private, or checks that the existing one is.
	 * @param directory the directory
	 * @return the directory
	 * @throws IllegalArgumentException when an existing one is not a directory, belongs
	 * to another user or is open to group or others
	 */
	public static Path prepare(Path directory) {
		try {
			boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
			if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
				Files.createDirectories(directory.toAbsolutePath().getParent());
				if (!posix) {
					return Files.createDirectory(directory);
				}
				Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(PRIVATE));
				// the umask may have taken more than the group's and others' rights
				Files.setPosixFilePermissions(directory, PRIVATE);
			}
			if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
				throw new IllegalArgumentException(directory + " is not a directory"
						+ (Files.isSymbolicLink(directory) ? " but a symbolic link" : ""));
			}
			if (posix) {
				checkPrivate(directory);
			}
			return directory;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot prepare the deployer's working directory " + directory + ": " + ex,
					ex);
		}
	}

	private static void checkPrivate(Path directory) throws IOException {
		PosixFileAttributes attributes = Files.readAttributes(directory, PosixFileAttributes.class,
				LinkOption.NOFOLLOW_LINKS);
		String user = ProcessHandle.current().info().user().orElse(null);
		if (user != null && !attributes.owner().getName().equals(user)) {
			throw new IllegalArgumentException(
					directory + " belongs to " + attributes.owner().getName() + ", not to " + user);
		}
		Set<PosixFilePermission> open = EnumSet.copyOf(OPEN);
		open.retainAll(attributes.permissions());
		if (!open.isEmpty()) {
			throw new IllegalArgumentException(
					directory + " is open to others (" + PosixFilePermissions.toString(attributes.permissions())
							+ "); it must be private to its user: chmod 700 it after checking what it holds");
		}
	}

}
