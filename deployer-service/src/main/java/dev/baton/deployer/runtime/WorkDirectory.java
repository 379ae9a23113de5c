package dev.baton.deployer.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The deployer's own working directory, where it keeps what must survive a kill of its
 * process (the restart hooks it left running): private to the user that runs it, since it
 * decides which processes a restarted deployer stops.
 */
public final class WorkDirectory {

	private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

	private WorkDirectory() {
	}

	/**
	 * Creates the directory if needed and makes it private.
	 * @param directory the directory
	 * @return the directory
	 */
	public static Path prepare(Path directory) {
		try {
			boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
			if (!Files.isDirectory(directory)) {
				Files.createDirectories(directory.toAbsolutePath().getParent());
				if (posix) {
					Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(PRIVATE));
				}
				else {
					Files.createDirectory(directory);
				}
			}
			if (posix) {
				Files.setPosixFilePermissions(directory, PRIVATE);
			}
			return directory;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot prepare the deployer's working directory " + directory, ex);
		}
	}

}
