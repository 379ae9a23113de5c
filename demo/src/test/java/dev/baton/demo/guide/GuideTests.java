package dev.baton.demo.guide;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GuideTests {

	private static final Guide GUIDE = new Guide(Path.of("README.md"),
			List.of("# Example", "", "```bash", "./baton stack up", "```", "## Run it", "Start:", "", "```bash",
					"# a comment, not a heading", "./baton stack up --with x", "```", "", "```properties", "a=b", "```",
					"### Watch it", "```bash", "./baton status", "```", "```", "not shell", "```", "## On a server",
					"```bash", "./baton deploy", "```"));

	@Test
	void takesTheShellBlocksOfTheSectionAndItsSubsectionsInOrder() {
		assertThat(GUIDE.bashBlocks("Run it"))
			.containsExactly("# a comment, not a heading\n./baton stack up --with x\n", "./baton status\n");
	}

	@Test
	void aSectionEndsAtTheNextHeadingOfItsLevel() {
		assertThat(GUIDE.bashBlocks("On a server")).containsExactly("./baton deploy\n");
		assertThat(GUIDE.bashBlocks("Watch it")).containsExactly("./baton status\n");
	}

	@Test
	void aMissingSectionIsNamed() {
		assertThatIllegalArgumentException().isThrownBy(() -> GUIDE.bashBlocks("Run"))
			.withMessage("README.md has no section \"Run\"");
	}

}
