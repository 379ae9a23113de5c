package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The suite's report: one row per deploy (the undisturbed one first), then why each
 * failed verdict failed and what each fault did.
 */
final class ChaosTable {

	private ChaosTable() {
	}

	/**
	 * Renders the table.
	 * @param undisturbed the undisturbed deploy
	 * @param faults the deploys with a fault, in the order they ran
	 * @return markdown
	 */
	static String render(FaultResult undisturbed, List<FaultResult> faults) {
		Duration baseline = (undisturbed.outcome() == Outcome.SUCCEEDED) ? undisturbed.duration() : null;
		StringBuilder table = new StringBuilder();
		table.append("| fault | phase | fault landed | deploy outcome | duration | vs undisturbed "
				+ "| failed GET | failed POST | gates at the end | InstanceDrained with no node | verdict |\n");
		table.append("|---|---|---|---|---:|---:|---:|---:|---|---|---|\n");
		row(table, undisturbed, baseline);
		faults.forEach((result) -> row(table, result, baseline));
		StringBuilder details = new StringBuilder();
		for (FaultResult result : faults) {
			Verdict verdict = Verdict.of(result, baseline);
			details.append("- ").append(name(result)).append(" (").append(result.deployId()).append("): ");
			details.append(verdict.pass() ? "PASS" : "FAIL: " + String.join("; ", verdict.failures()));
			details.append(". ").append(result.notes()).append('\n');
		}
		return table.append('\n').append(details).toString();
	}

	private static void row(StringBuilder table, FaultResult result, Duration baseline) {
		Fault fault = result.fault();
		Verdict verdict = Verdict.of(result, baseline);
		cells(table, (fault != null) ? fault.action() : "none (undisturbed deploy)",
				(fault != null) ? fault.phaseLabel() : "—", (fault != null) ? result.landed() : "—",
				result.outcome().label() + (result.reason().isEmpty() ? "" : ": " + result.reason()),
				(result.outcome() == Outcome.NO_VERDICT ? "> " : "") + seconds(result.duration()),
				(fault == null || baseline == null) ? "—"
						: (result.outcome() == Outcome.NO_VERDICT ? "> " : "")
								+ signed(result.duration().minus(baseline)),
				Long.toString(result.failedGet()), Long.toString(result.failedPost()),
				result.closedGates().isEmpty() ? "all open" : "closed: " + String.join(", ", result.closedGates()),
				result.undrained().isEmpty() ? "none" : String.join(", ", result.undrained()),
				verdict.pass() ? "PASS" : "FAIL");
	}

	private static void cells(StringBuilder table, String... cells) {
		table.append('|');
		for (String cell : cells) {
			table.append(' ').append(cell.replace("|", "\\|").replace("\n", " ")).append(" |");
		}
		table.append('\n');
	}

	private static String name(FaultResult result) {
		return result.fault().action() + " during " + result.fault().phaseLabel();
	}

	static String seconds(Duration duration) {
		return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
	}

	private static String signed(Duration difference) {
		return (difference.isNegative() ? "−" : "+") + seconds(difference.abs());
	}

}
