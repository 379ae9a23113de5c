package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Writes what nginx needs from nginx-control: the Lua balancer and control endpoint, the
 * control token, the include snippet every mode uses, and, in managed mode, a complete
 * nginx.conf; the token and the configs readable by their owner only, in a directory that
 * is private too. Peer changes never touch these files.
 */
public class NginxFiles {

	private static final List<String> LUA = List.of("balancer.lua", "control.lua", "inflight.lua", "peer_cache.lua",
			"peerset.lua", "pick.lua", "standby.lua", "tally.lua", "weights.lua");

	private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");

	private static final List<String> TEMP = List.of("body", "proxy", "fastcgi", "uwsgi", "scgi");

	private final NginxSetup setup;

	public NginxFiles(NginxSetup setup) {
		this.setup = setup;
	}

	/**
	 * Writes the Lua files, the token and the include snippet.
	 * @return the snippet to include inside {@code http { }}
	 */
	public Path writeSnippet() {
		try {
			Path lua = Files.createDirectories(this.setup.luaDirectory().resolve("baton"));
			for (String file : LUA) {
				try (InputStream in = lua(file)) {
					Files.copy(in, lua.resolve(file), StandardCopyOption.REPLACE_EXISTING);
				}
			}
			Path token = this.setup.tokenFile();
			Files.deleteIfExists(token);
			Files.createFile(token, PosixFilePermissions.asFileAttribute(PRIVATE));
			Files.writeString(token, this.setup.token() + "\n");
			writePrivate(this.setup.snippet(), new SnippetTemplate(this.setup).render());
			return this.setup.snippet();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write nginx files under " + this.setup.workingDirectory(), ex);
		}
	}

	/**
	 * Writes everything a managed nginx needs, the snippet included.
	 * @return the nginx.conf to start nginx with
	 */
	public Path writeManaged() {
		writeSnippet();
		try {
			Files.createDirectories(this.setup.logDirectory());
			// nginx creates each temp path in it, and as root gives them to its workers
			Files.createDirectories(this.setup.tempDirectory());
			Path modules = this.setup.workingDirectory().resolve("modules");
			if (!Files.exists(modules, LinkOption.NOFOLLOW_LINKS) && this.setup.modulesDirectory() != null) {
				Files.createSymbolicLink(modules, this.setup.modulesDirectory());
			}
			writePrivate(this.setup.mainConfig(), new MainConfigTemplate(this.setup, TEMP).render());
			return this.setup.mainConfig();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write nginx files under " + this.setup.workingDirectory(), ex);
		}
	}

	/**
	 * Identifies what a managed nginx runs: its nginx.conf, snippet and Lua code as this
	 * node would write them now. An nginx started with the same files can be adopted. The
	 * token is left out: an nginx holding another token is caught when it refuses ours.
	 * @return a SHA-256 in hex
	 */
	public String digest() {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			digest.update(new MainConfigTemplate(this.setup, TEMP).render().getBytes(StandardCharsets.UTF_8));
			digest.update(new SnippetTemplate(this.setup).render().getBytes(StandardCharsets.UTF_8));
			for (String file : LUA) {
				try (InputStream in = lua(file)) {
					digest.update(in.readAllBytes());
				}
			}
			return HexFormat.of().formatHex(digest.digest());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the Lua code", ex);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Read by nginx's master, which runs as this user or as root: nobody else's. */
	private static void writePrivate(Path file, String text) throws IOException {
		Files.writeString(file, text);
		Files.setPosixFilePermissions(file, PRIVATE);
	}

	private static InputStream lua(String file) {
		return NginxFiles.class.getResourceAsStream("/dev/baton/nginx/lua/baton/" + file);
	}

}
