package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.baton.demo.Await;

/**
 * Brings the stack back to whole between faults: waits for it within a bound, and past
 * the bound repairs it and waits again, noting each step for the report.
 */
public final class Recovery {

	private final StackCheck check;

	private final StackRepair repair;

	private final Duration bound;

	public Recovery(StackCheck check, StackRepair repair, Duration bound) {
		this.check = check;
		this.repair = repair;
		this.bound = bound;
	}

	/**
	 * Waits for the stack to be whole.
	 * @param notes where to say how long it took or what was missing
	 * @return what was still missing at the bound, empty when the stack is whole
	 */
	public Optional<String> await(List<String> notes) {
		long start = System.nanoTime();
		String[] missing = { null };
		try {
			Await.until("the stack whole again", this.bound, () -> {
				missing[0] = this.check.missing().orElse(null);
				return missing[0] == null;
			});
			notes.add(String.format(Locale.ROOT, "stack whole after %.1f s", (System.nanoTime() - start) / 1e9));
			return Optional.empty();
		}
		catch (IllegalStateException ex) {
			notes.add("stack not whole within " + this.bound.toSeconds() + " s: " + missing[0]);
			return Optional.ofNullable(missing[0]);
		}
	}

	/**
	 * Repairs the stack and waits for it again.
	 * @param closedGates the gates left closed
	 * @param notes where to say what was done
	 */
	public void repair(List<String> closedGates, List<String> notes) {
		notes.add("repaired: " + String.join(", ", this.repair.repair(closedGates)));
		await(notes).ifPresent((still) -> notes.add("still not whole: " + still));
	}

}
