package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pid file a node keeps for the nginx it starts, in its working directory: the
 * master's pid (its process group's id too) and the digest of the files it was started
 * with. Written as soon as nginx is spawned, before it answers, so a node killed at any
 * moment leaves enough behind for the next start to find its nginx, and adopt or stop it.
 * nginx's own pid file is no substitute: nginx writes it late and removes it on exit.
 *
 * @param pid the master's pid
 * @param digest what the master was started with ({@link NginxFiles#digest()})
 */
record ManagedNginxRecord(long pid, String digest) {

	private static final Logger logger = LoggerFactory.getLogger(ManagedNginxRecord.class);

	static Optional<ManagedNginxRecord> read(Path file) {
		try {
			String[] fields = Files.readString(file, StandardCharsets.UTF_8).trim().split(" ");
			return Optional.of(new ManagedNginxRecord(Long.parseLong(fields[0]), fields[1]));
		}
		catch (NoSuchFileException ex) {
			return Optional.empty();
		}
		catch (IOException | RuntimeException ex) {
			logger.warn("Ignoring unreadable {}: {}", file, ex.toString());
			return Optional.empty();
		}
	}

	void write(Path file) {
		try {
			Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
			Files.writeString(temporary, this.pid + " " + this.digest + "\n", StandardCharsets.UTF_8);
			Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

	static void delete(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			logger.warn("Cannot delete {}: {}", file, ex.toString());
		}
	}

}
