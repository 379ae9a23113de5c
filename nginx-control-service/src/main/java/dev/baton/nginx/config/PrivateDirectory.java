package dev.baton.nginx.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.EnumSet;
import java.util.Set;

import dev.baton.nginx.dataplane.WorkerAccount;

/**
 * A directory only one user may enter (0700): nginx-control's own working directory, or
 * the directory nginx's workers write their temp files to when they run as another user.
 * A missing one is created so; an existing one must already be private, a real directory
 * and its user's, or start-up stops naming the property. It is never tightened: what a
 * directory others could write holds (a Lua file, a module link, a config nginx loads as
 * root) cannot be trusted, and a directory given by mistake ({@code /tmp},
 * {@code /var/lib}) must not have its mode changed.
 */
final class PrivateDirectory {

	private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

	private static final Set<PosixFilePermission> OPEN = EnumSet.of(PosixFilePermission.GROUP_READ,
			PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
			PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

	private PrivateDirectory() {
	}

	/**
	 * Makes sure the directory exists and is this process's user's only.
	 * @param directory the directory
	 * @param property the property that names it, for the error
	 * @return the directory
	 */
	static Path prepare(Path directory, String property) {
		try {
			if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
				create(directory);
			}
			check(directory, property, ProcessUser.name());
			return directory;
		}
		catch (IOException ex) {
			throw new IllegalArgumentException(property + ": cannot create " + directory + ": " + ex, ex);
		}
	}

	/**
	 * Makes sure the directory exists, is the workers' only, and that they can reach it:
	 * every directory above it lets them through.
	 * @param directory the directory
	 * @param workers who nginx's workers run as
	 * @param property the property that names it, for the error
	 * @return the directory
	 */
	static Path prepareFor(Path directory, WorkerAccount workers, String property) {
		try {
			if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
				create(directory);
			}
			else {
				check(directory, property, Files.getOwner(directory).getName().equals(workers.user()) ? workers.user()
						: ProcessUser.name());
			}
			UserPrincipalLookupService users = directory.getFileSystem().getUserPrincipalLookupService();
			PosixFileAttributeView view = Files.getFileAttributeView(directory, PosixFileAttributeView.class);
			view.setOwner(users.lookupPrincipalByName(workers.user()));
			view.setGroup(users.lookupPrincipalByGroupName(workers.group()));
			Files.setPosixFilePermissions(directory, PRIVATE);
			reachable(directory, workers, property);
			return directory;
		}
		catch (IOException ex) {
			throw new IllegalArgumentException(
					property + ": cannot prepare " + directory + " for user " + workers.user() + ": " + ex, ex);
		}
	}

	private static void create(Path directory) throws IOException {
		Files.createDirectories(directory.toAbsolutePath().getParent());
		Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(PRIVATE));
		// the umask may have taken more than the group's and others' rights
		Files.setPosixFilePermissions(directory, PRIVATE);
	}

	private static void check(Path directory, String property, String owner) throws IOException {
		if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
			throw new IllegalArgumentException(property + ": " + directory + " is not a directory"
					+ (Files.isSymbolicLink(directory) ? " but a symbolic link" : ""));
		}
		PosixFileAttributes attributes = Files.readAttributes(directory, PosixFileAttributes.class,
				LinkOption.NOFOLLOW_LINKS);
		if (!attributes.owner().getName().equals(owner)) {
			throw new IllegalArgumentException(
					property + ": " + directory + " belongs to " + attributes.owner().getName() + ", not to " + owner);
		}
		Set<PosixFilePermission> open = EnumSet.copyOf(OPEN);
		open.retainAll(attributes.permissions());
		if (!open.isEmpty()) {
			throw new IllegalArgumentException(property + ": " + directory + " is open to others ("
					+ PosixFilePermissions.toString(attributes.permissions())
					+ "); it must be private to its user: chmod 700 it after checking what it holds");
		}
	}

	/**
	 * The workers must be let through every directory above: as its owner, through its
	 * group (theirs), or as anyone else.
	 */
	private static void reachable(Path directory, WorkerAccount workers, String property) throws IOException {
		for (Path above = directory.toAbsolutePath().getParent().toRealPath(); above != null; above = above
			.getParent()) {
			PosixFileAttributes attributes = Files.readAttributes(above, PosixFileAttributes.class);
			PosixFilePermission through = attributes.owner().getName().equals(workers.user())
					? PosixFilePermission.OWNER_EXECUTE : attributes.group().getName().equals(workers.group())
							? PosixFilePermission.GROUP_EXECUTE : PosixFilePermission.OTHERS_EXECUTE;
			if (!attributes.permissions().contains(through)) {
				throw new IllegalArgumentException(property + ": nginx's workers (user " + workers.user()
						+ ") cannot reach " + directory + ": " + above + " does not let them through ("
						+ PosixFilePermissions.toString(attributes.permissions()) + ")");
			}
		}
	}

}
