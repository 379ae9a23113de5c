package dev.baton.deployer.runtime;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class OutputTailTests {

	@TempDir
	Path dir;

	@Test
	void shortOutputIsKeptWhole() {
		assertThat(OutputTail.of("fake-runtime: orders-1 cannot start v2\n"))
			.isEqualTo("fake-runtime: orders-1 cannot start v2\n");
	}

	@Test
	void keepsTheLastFortyLinesMarkedAsCut() {
		String tail = OutputTail.of(lines(1, 100));

		assertThat(tail).startsWith(OutputTail.CUT + "line 61\n").endsWith("line 100\n");
		assertThat(tail.lines()).hasSize(41);
	}

	@Test
	void keepsAtMostTwoKibibytesFromTheStartOfALine() {
		String text = IntStream.rangeClosed(1, 30)
			.mapToObj((i) -> i + " " + "é".repeat(100))
			.collect(Collectors.joining("\n", "", "\n"));

		String tail = OutputTail.of(text);

		assertThat(tail.getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(OutputTail.MAX_BYTES);
		assertThat(tail).startsWith(OutputTail.CUT).endsWith("30 " + "é".repeat(100) + "\n");
		assertThat(tail.substring(OutputTail.CUT.length())).matches("(?s)\\d+ é+\n.*");
	}

	@Test
	void cutsOneOverlongLineAtAWholeCharacter() {
		String tail = OutputTail.of("é".repeat(5000));

		assertThat(tail.getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(OutputTail.MAX_BYTES);
		assertThat(tail.substring(OutputTail.CUT.length())).matches("é+");
	}

	@Test
	void redactsBeforeCuttingSoASecretNeverLosesItsKey() {
		String tail = OutputTail.of("password=" + "s".repeat(3000) + "\ndone\n");

		assertThat(tail).isEqualTo("password=[redacted]\ndone\n");
	}

	@Test
	void readsOnlyTheEndOfAHugeFileAndLeavesOutTheLineItsStartCuts() throws Exception {
		Path file = this.dir.resolve("stderr");
		Files.writeString(file, "--db-password=" + "s".repeat(70_000) + "\n" + lines(1, 10));

		String tail = OutputTail.read(file);

		assertThat(tail).isEqualTo(OutputTail.CUT + lines(1, 10));
	}

	@Test
	void readsAFileThatFitsWhole() throws Exception {
		Path file = Files.writeString(this.dir.resolve("stderr"), "token: 0123456789abcdef\nfailed\n");

		assertThat(OutputTail.read(file)).isEqualTo("token: [redacted]\nfailed\n");
	}

	private static String lines(int from, int to) {
		return IntStream.rangeClosed(from, to).mapToObj((i) -> "line " + i).collect(Collectors.joining("\n", "", "\n"));
	}

}
