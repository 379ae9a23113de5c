package dev.baton.deployer.runtime;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assumptions.assumeThat;

class WorkDirectoryTests {

	@TempDir
	Path directory;

	@Test
	void missingDirectoryIsCreatedPrivateToTheDeployersUser() throws Exception {
		Path work = WorkDirectory.prepare(this.directory.resolve("state/deployer/replica-1"));

		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work))).isEqualTo("rwx------");
		assertThat(Files.getOwner(work).getName()).isEqualTo(ProcessHandle.current().info().user().orElseThrow());
	}

	@Test
	void existingPrivateDirectoryIsKeptWithWhatItHolds() throws Exception {
		Path work = WorkDirectory.prepare(this.directory.resolve("work"));
		Files.writeString(work.resolve("orders.orders-1.pid"), "4242 1700000000000\n");

		assertThat(WorkDirectory.prepare(work).resolve("orders.orders-1.pid")).exists();
	}

	@Test
	void existingDirectoryOthersCanEnterIsRefusedAndLeftAsItWas() throws Exception {
		Path work = Files.createDirectory(this.directory.resolve("work"));
		Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));

		assertThatIllegalArgumentException().isThrownBy(() -> WorkDirectory.prepare(work))
			.withMessage(work + " is open to others (rwxrwxrwx); it must be private to its user: chmod 700 it after"
					+ " checking what it holds");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work))).isEqualTo("rwxrwxrwx");
	}

	@Test
	void symbolicLinkIsRefused() throws Exception {
		Path work = Files.createSymbolicLink(this.directory.resolve("work"),
				Files.createDirectory(this.directory.resolve("elsewhere")));

		assertThatIllegalArgumentException().isThrownBy(() -> WorkDirectory.prepare(work))
			.withMessage(work + " is not a directory but a symbolic link");
	}

	@Test
	void directoryOfAnotherUserIsRefused() throws Exception {
		assumeThat(ProcessHandle.current().info().user()).as("only root can give a directory away").hasValue("root");
		Path work = Files.createDirectory(this.directory.resolve("work"));
		Files.setOwner(work, work.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));

		assertThatIllegalArgumentException().isThrownBy(() -> WorkDirectory.prepare(work))
			.withMessage(work + " belongs to nobody, not to root");
	}

}
