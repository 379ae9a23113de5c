package dev.baton.demo.guide;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A guide in markdown as far as it runs: the blocks of one of its sections fenced with a
 * language ({@code ```bash}), in the order a reader meets them.
 *
 * @param file where the guide is
 * @param lines its lines
 */
record Guide(Path file, List<String> lines) {

	private static final String FENCE = "```";

	static Guide read(Path file) throws IOException {
		return new Guide(file, Files.readAllLines(file));
	}

	/**
	 * The shell blocks of a section.
	 * @param title the section's heading, without its {@code #}s
	 * @return each block's text, in order
	 * @throws IllegalArgumentException when the guide has no such section
	 */
	List<String> bashBlocks(String title) {
		return blocks(title, "bash");
	}

	/**
	 * The blocks of a section in a language, up to the next heading of the same level or
	 * above (its subsections included). A {@code #} inside a block is not a heading.
	 * @param title the section's heading, without its {@code #}s
	 * @param language what the blocks' fences name
	 * @return each block's text, in order
	 * @throws IllegalArgumentException when the guide has no such section
	 */
	List<String> blocks(String title, String language) {
		List<String> blocks = new ArrayList<>();
		int level = 0;
		StringBuilder block = null;
		boolean fenced = false;
		for (String line : this.lines) {
			if (line.strip().startsWith(FENCE)) {
				fenced = !fenced;
				block = collect(blocks, block, level > 0 && fenced && line.strip().equals(FENCE + language));
				continue;
			}
			int heading = fenced ? 0 : headingLevel(line);
			if (heading > 0 && level > 0 && heading <= level) {
				break;
			}
			if (heading > 0 && level == 0 && line.substring(heading).strip().equals(title)) {
				level = heading;
			}
			if (block != null) {
				block.append(line).append('\n');
			}
		}
		if (level == 0) {
			throw new IllegalArgumentException(this.file + " has no section \"" + title + "\"");
		}
		return blocks;
	}

	/** At a fence: starts a block, or ends the one being collected. */
	private static StringBuilder collect(List<String> blocks, StringBuilder block, boolean opensWantedBlock) {
		if (block != null) {
			blocks.add(block.toString());
		}
		return opensWantedBlock ? new StringBuilder() : null;
	}

	private static int headingLevel(String line) {
		int level = 0;
		while (level < line.length() && line.charAt(level) == '#') {
			level++;
		}
		return (level > 0 && level <= 6 && line.length() > level && line.charAt(level) == ' ') ? level : 0;
	}

}
