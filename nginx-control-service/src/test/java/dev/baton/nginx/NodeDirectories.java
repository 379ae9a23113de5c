package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where the tests' nodes keep their working directories: one directory per test JVM in
 * the system's temporary directory, that others may pass through but not list. Run as
 * root, nginx's workers run as nobody and write their temp paths beside a node's working
 * directory, so no directory above it may be private, as a checkout under a private home
 * would be.
 */
final class NodeDirectories {

	static final Path BASE = create();

	private NodeDirectories() {
	}

	private static void delete(Path base) {
		try (Stream<Path> paths = Files.walk(base)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException | UncheckedIOException ex) {
			// left for the system's temporary directory cleaning
		}
	}

	private static Path create() {
		try {
			Path base = Files.createTempDirectory("baton-nginx-it-");
			Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx--x--x"));
			Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(base), "node-directories-cleanup"));
			return base;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
