package dev.baton.demo.attacks;

import java.util.List;

/**
 * The suite's report: one row per attack, with who refused it, in their own words, and
 * what the fleet saw meanwhile.
 */
final class AttackTable {

	private AttackTable() {
	}

	static String render(List<AttackResult> results) {
		StringBuilder table = new StringBuilder();
		table.append("| attack | as | refused by | reason | nginx's peers up | failed GET / POST | verdict |\n");
		table.append("|---|---|---|---|---|---:|---|\n");
		for (AttackResult result : results) {
			cells(table, result.attack().name(), result.attack().as(),
					result.attempt().refused() ? result.attempt().by() : "NOT REFUSED", result.attempt().reason(),
					result.peersUnchanged() ? "unchanged" : "changed: " + result.peers(),
					result.failedGet() + " / " + result.failedPost(), result.pass() ? "PASS" : "FAIL");
		}
		return table.toString();
	}

	private static void cells(StringBuilder table, String... cells) {
		table.append('|');
		for (String cell : cells) {
			table.append(' ').append(cell.replace("|", "\\|").replace("\n", " ")).append(" |");
		}
		table.append('\n');
	}

}
