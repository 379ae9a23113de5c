package dev.baton.nginx.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ControlTokenTests {

	@TempDir
	Path directory;

	@Test
	void tokenFileIsReadStrippedOfItsNewline() throws Exception {
		Path file = tokenFile("  a-token-read-from-its-file\n", "rw-------");

		assertThat(ControlToken.read(file)).isEqualTo("a-token-read-from-its-file");
	}

	@Test
	void tokenFileOnlyItsOwnerMayReadIsAccepted() throws Exception {
		assertThat(ControlToken.read(tokenFile("a-token-read-from-its-file", "r--------")))
			.isEqualTo("a-token-read-from-its-file");
	}

	@ParameterizedTest
	@ValueSource(strings = { "rw-r-----", "rw----r--", "rw--w----", "rw-----w-", "rw-rw-rw-" })
	void tokenFileGroupOrOthersMayReadOrWriteStopsStartUpNamingTheProperty(String permissions) throws Exception {
		Path file = tokenFile("a-token-read-from-its-file\n", permissions);

		assertThatIllegalArgumentException().isThrownBy(() -> ControlToken.read(file))
			.withMessage("baton.nginx-control.control.token-file: " + file + " is open to group or others ("
					+ permissions + "); it must be its owner's only: chmod 600 it");
	}

	@Test
	void missingTokenFileStopsStartUpNamingTheProperty() {
		Path file = this.directory.resolve("nowhere.token");

		assertThatIllegalArgumentException().isThrownBy(() -> ControlToken.read(file))
			.withMessage("baton.nginx-control.control.token-file: " + file + " does not exist");
	}

	@Test
	void emptyTokenFileStopsStartUpNamingTheProperty() throws Exception {
		Path file = tokenFile(" \n", "rw-------");

		assertThatIllegalArgumentException().isThrownBy(() -> ControlToken.read(file))
			.withMessage("baton.nginx-control.control.token-file: " + file + " is empty");
	}

	@Test
	void shortTokenInAFileStopsStartUpWithoutShowingIt() throws Exception {
		Path file = tokenFile("too-short-secret\n".substring(1), "rw-------");

		assertThatIllegalArgumentException().isThrownBy(() -> ControlToken.read(file))
			.withMessage("baton.nginx-control.control.token-file (" + file
					+ ") must hold a token of 16 to 256 characters, it has 15")
			.withMessageNotContaining("short-secret");
	}

	@Test
	void tokenFileHoldingMoreThanOneWordStopsStartUpWithoutShowingIt() throws Exception {
		Path file = tokenFile("first-half-of-it second-half-of-it\n", "rw-------");

		assertThatIllegalArgumentException().isThrownBy(() -> ControlToken.read(file))
			.withMessageEndingWith("must hold a token of printable ASCII characters without spaces")
			.withMessageNotContaining("half-of-it");
	}

	private Path tokenFile(String content, String permissions) throws Exception {
		Path file = Files.writeString(this.directory.resolve("control.token"), content);
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
		return file;
	}

}
