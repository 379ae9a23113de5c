package dev.baton.registry.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class AdminTokenTests {

	private static final String TOKEN = "s3cret-admin-token-0123";

	@TempDir
	Path directory;

	@Test
	void theTokenPropertyAloneIsTheToken() {
		assertThat(AdminToken.resolve(TOKEN, null)).isEqualTo(TOKEN);
	}

	@Test
	void aTokenFileReadableByItsOwnerOnlyIsReadWithItsWhitespaceStripped() throws IOException {
		Path file = tokenFile("  " + TOKEN + "\n", "rw-------");

		assertThat(AdminToken.resolve("", file)).isEqualTo(TOKEN);
		assertThat(AdminToken.resolve(null, tokenFile(TOKEN, "r--------"))).isEqualTo(TOKEN);
	}

	@Test
	void aTokenFileOpenToItsGroupOrToOthersIsRefusedNamingThePropertyNotTheToken() throws IOException {
		for (String permissions : new String[] { "rw-r-----", "rw----r--", "rw--w----", "rw-----w-" }) {
			Path file = tokenFile(TOKEN, permissions);

			assertThatIllegalStateException().isThrownBy(() -> AdminToken.resolve(null, file))
				.withMessageContaining("baton.registry.admin.token-file " + file
						+ " is open to its group or to others (" + permissions + ")")
				.withMessageNotContaining(TOKEN);
		}
	}

	@Test
	void aMissingEmptyOrShortTokenFileIsRefusedNamingTheProperty() throws IOException {
		Path missing = this.directory.resolve("missing");
		Path empty = tokenFile(" \n", "rw-------");
		Path shortToken = tokenFile("too-short\n", "rw-------");

		assertThatIllegalStateException().isThrownBy(() -> AdminToken.resolve(null, missing))
			.withMessage("baton.registry.admin.token-file " + missing + " does not exist");
		assertThatIllegalStateException().isThrownBy(() -> AdminToken.resolve(null, empty))
			.withMessage("baton.registry.admin.token-file " + empty + " is empty");
		assertThatIllegalStateException().isThrownBy(() -> AdminToken.resolve(null, shortToken))
			.withMessage(
					"baton.registry.admin.token-file " + shortToken + " must hold a token of at least 16 characters")
			.withMessageNotContaining("too-short");
	}

	@Test
	void exactlyOneOfTokenAndTokenFileMustBeSet() throws IOException {
		Path file = tokenFile(TOKEN, "rw-------");

		assertThatIllegalStateException().isThrownBy(() -> AdminToken.resolve(TOKEN, file))
			.withMessage("baton.registry.admin.token and baton.registry.admin.token-file are both set: set only one");
		assertThatIllegalStateException().isThrownBy(() -> AdminToken.resolve(" ", null))
			.withMessageStartingWith("set one of baton.registry.admin.token and baton.registry.admin.token-file");
		assertThatIllegalStateException().isThrownBy(() -> AdminToken.resolve("short", null))
			.withMessage("baton.registry.admin.token must be at least 16 characters");
	}

	private Path tokenFile(String content, String permissions) throws IOException {
		Path file = Files.createTempFile(this.directory, "token", "");
		Files.writeString(file, content);
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
		return file;
	}

}
