package dev.baton.demo.guide;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ShellTests {

	@TempDir
	Path directory;

	private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

	private final Shell shell = new Shell(Path.of("."), new PrintStream(this.printed, true, StandardCharsets.UTF_8));

	@Test
	void aBlockRunsInTheEnvironmentTheBlockBeforeItLeftEvenOneThatFailed() throws Exception {
		Path file = this.directory.resolve("out");
		assertThat(this.shell.run("export GUIDE_HOME=" + this.directory + "/home\nexport GUIDE_MORE=1")).isZero();
		assertThat(this.shell.run("export GUIDE_MORE=2\nfalse\nexport GUIDE_HOME=elsewhere")).isEqualTo(1);
		assertThat(this.shell.run("echo \"$GUIDE_HOME $GUIDE_MORE\" > " + file)).isZero();
		assertThat(Files.readString(file)).isEqualTo(this.directory + "/home 2\n");
	}

	@Test
	void aBlockStopsAtItsFirstFailingCommandEvenInAPipelineWithItsExitStatus() throws Exception {
		Path file = this.directory.resolve("not-written");
		assertThat(this.shell.run("(exit 3)\ntouch " + file)).isEqualTo(3);
		assertThat(this.shell.run("false | true")).isEqualTo(1);
		assertThat(file).doesNotExist();
	}

	@Test
	void printsEachCommandBeforeItRuns() {
		this.shell.run("true\ntrue # the second");
		assertThat(this.printed.toString(StandardCharsets.UTF_8))
			.startsWith("$ true\n$ true # the second\n(exit 0 after ");
	}

}
