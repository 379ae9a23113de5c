package dev.baton.nginx.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import dev.baton.nginx.dataplane.NginxSetup;
import dev.baton.nginx.dataplane.WorkerAccount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assumptions.assumeThat;

class NginxLayoutTests {

	private static final String TOKEN = "a-long-enough-token";

	@TempDir
	Path directory;

	@Test
	void workersOfAnNginxStartedAsRootRunAsNobodyWithTempFilesOfTheirOwnBesideTheWorkingDirectory() throws Exception {
		assumeRoot();
		Files.setPosixFilePermissions(this.directory, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path work = this.directory.resolve("node-1");

		NginxSetup setup = NginxLayout.setup(properties("nginx.working-directory", work.toString()), TOKEN, true);

		assertThat(setup.workers()).isEqualTo(new WorkerAccount("nobody", "nogroup"));
		Path temp = this.directory.resolve("node-1-temp");
		assertThat(setup.tempDirectory()).isEqualTo(temp);
		assertThat(Files.getOwner(temp).getName()).isEqualTo("nobody");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(temp))).isEqualTo("rwx------");
	}

	@Test
	void nginxStartedByAnotherUserKeepsItsWorkersAndTheirTempFilesInside() {
		Path work = this.directory.resolve("node-1");

		NginxSetup setup = NginxLayout.setup(properties("nginx.working-directory", work.toString()), TOKEN, false);

		assertThat(setup.workers()).isNull();
		assertThat(setup.tempDirectory()).isEqualTo(work.resolve("temp"));
	}

	@Test
	void workersKeptRootKeepTheirTempFilesInside() {
		Path work = this.directory.resolve("node-1");

		NginxSetup setup = NginxLayout
			.setup(properties("nginx.working-directory", work.toString(), "nginx.worker-user", "root"), TOKEN, true);

		assertThat(setup.workers().root()).isTrue();
		assertThat(setup.tempDirectory()).isEqualTo(work.resolve("temp"));
	}

	@Test
	void unknownWorkerUserStopsStartUpNamingTheProperty() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxLayout.setup(properties("nginx.working-directory",
					this.directory.resolve("node-1").toString(), "nginx.worker-user", "no-such-baton-user"), TOKEN,
					true))
			.withMessageStartingWith("baton.nginx-control.nginx.worker-user: no such user no-such-baton-user");
	}

	@Test
	void tempDirectoryTheWorkersCannotReachStopsStartUpNamingTheProperty() {
		assumeRoot();
		// the test's directory is private to root: nobody cannot go through it
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxLayout
				.setup(properties("nginx.working-directory", this.directory.resolve("node-1").toString()), TOKEN, true))
			.withMessageStartingWith("baton.nginx-control.nginx.temp-directory: nginx's workers (user nobody) cannot"
					+ " reach " + this.directory.resolve("node-1-temp"))
			.withMessageContaining(this.directory + " does not let them through (rwx------)");
	}

	@Test
	void tempDirectoryInsideTheWorkingDirectoryOfWorkersRunningAsAnotherUserStopsStartUp() {
		Path work = this.directory.resolve("node-1");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxLayout.setup(properties("nginx.working-directory", work.toString(),
					"nginx.temp-directory", work.resolve("temp").toString()), TOKEN, true))
			.withMessageStartingWith("baton.nginx-control.nginx.temp-directory must be outside the working directory");
	}

	@Test
	void existingTempDirectoryOthersCanEnterStopsStartUpAndIsLeftAsItWas() throws Exception {
		Path temp = Files.createDirectory(this.directory.resolve("temp"));
		Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));

		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxLayout.setup(properties("nginx.working-directory",
					this.directory.resolve("node-1").toString(), "nginx.temp-directory", temp.toString()), TOKEN,
					false))
			.withMessageStartingWith("baton.nginx-control.nginx.temp-directory: " + temp + " is open to others");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(temp))).isEqualTo("rwxr-xr-x");
	}

	@Test
	void workingDirectoryIsCreatedPrivateToNginxControlsUser() throws Exception {
		Path work = this.directory.resolve("state/node-1");

		NginxSetup setup = NginxLayout.setup(properties("nginx.working-directory", work.toString()), TOKEN, false);

		assertThat(setup.workingDirectory()).isEqualTo(work);
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work))).isEqualTo("rwx------");
		assertThat(Files.getOwner(work).getName()).isEqualTo(ProcessUser.name());
	}

	@Test
	void existingWorkingDirectoryOthersCanEnterStopsStartUpAndIsLeftAsItWas() throws Exception {
		Path work = Files.createDirectory(this.directory.resolve("node-1"));
		Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxr-x"));

		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxLayout.setup(properties("nginx.working-directory", work.toString()), TOKEN, false))
			.withMessage("baton.nginx-control.nginx.working-directory: " + work
					+ " is open to others (rwxrwxr-x); it must be private to its user: chmod 700 it after checking"
					+ " what it holds");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work))).isEqualTo("rwxrwxr-x");
	}

	@Test
	void workingDirectoryThatIsASymbolicLinkStopsStartUp() throws Exception {
		Path target = Files.createDirectory(this.directory.resolve("elsewhere"));
		Path work = Files.createSymbolicLink(this.directory.resolve("node-1"), target);

		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxLayout.setup(properties("nginx.working-directory", work.toString()), TOKEN, false))
			.withMessage(
					"baton.nginx-control.nginx.working-directory: " + work + " is not a directory but a symbolic link");
	}

	@Test
	void workingDirectoryOfAnotherUserStopsStartUp() throws Exception {
		assumeRoot();
		Path work = Files.createDirectory(this.directory.resolve("node-1"));
		Files.setOwner(work, work.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));

		assertThatIllegalArgumentException()
			.isThrownBy(() -> NginxLayout.setup(properties("nginx.working-directory", work.toString()), TOKEN, true))
			.withMessage("baton.nginx-control.nginx.working-directory: " + work + " belongs to nobody, not to root");
	}

	private static void assumeRoot() {
		assumeThat(ProcessUser.root()).as("only root can start nginx workers as another user").isTrue();
	}

	private static NginxControlProperties properties(String... pairs) {
		Map<String, String> values = new LinkedHashMap<>();
		values.put("baton.nginx-control.control.token", TOKEN);
		values.put("baton.nginx-control.routes.orders.listen", "127.0.0.1:18080");
		for (int i = 0; i < pairs.length; i += 2) {
			values.put("baton.nginx-control." + pairs[i], pairs[i + 1]);
		}
		return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("baton.nginx-control",
				NginxControlProperties.class);
	}

}
