package dev.baton.demo.guide;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example's guide shows the properties its files hold, and has the blocks
 * {@code ./baton example} runs.
 */
class ExampleGuideTests {

	private static final Path EXAMPLE = Path.of("..", "examples", "python-app");

	@Test
	void thePropertiesTheGuideShowsAreTheOnesTheServicesImport() throws IOException {
		Guide guide = Guide.read(EXAMPLE.resolve("README.md"));
		List<String> shown = settings(
				guide.blocks("Baton's configuration for it", "properties").stream().flatMap(String::lines));
		List<String> imported;
		try (Stream<Path> files = Files.list(EXAMPLE.resolve("baton"))) {
			imported = settings(files.flatMap(ExampleGuideTests::lines));
		}
		assertThat(shown).isNotEmpty().containsExactlyInAnyOrderElementsOf(imported);
	}

	@Test
	void theGuideHasTheFourBlocksItsRunRuns() throws IOException {
		List<String> blocks = Guide.read(EXAMPLE.resolve("README.md")).bashBlocks("Run it");
		assertThat(blocks).hasSize(4);
		assertThat(blocks.get(1)).contains("./baton deploy notes v2 --wait");
		assertThat(blocks.get(2)).contains("./baton deploy notes v3-broken --wait");
	}

	private static List<String> settings(Stream<String> lines) {
		return lines.map(String::strip).filter((line) -> !line.isEmpty() && !line.startsWith("#")).toList();
	}

	private static Stream<String> lines(Path file) {
		try {
			return Files.readAllLines(file).stream();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
