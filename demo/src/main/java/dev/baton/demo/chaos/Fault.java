package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One fault of the suite: what is hit, the phase of the first instance's rollout that
 * fires it, whether that rollout is a surge deploy's, and for a service killed, whether
 * it comes back with its wall clock shifted.
 *
 * @param target what is hit
 * @param phase when
 * @param surge whether the deploy is a surge deploy
 * @param clockOffset how far from the true time the killed service's wall clock runs once
 * started again; zero for the true clock
 */
record Fault(FaultTarget target, Phase phase, boolean surge, Duration clockOffset) {

	/**
	 * Five minutes: far more than hosts kept by NTP drift apart, far less than any
	 * expiry.
	 */
	static final Duration SKEW = Duration.ofMinutes(5);

	/** A fault during a rolling deploy. */
	Fault(FaultTarget target, Phase phase) {
		this(target, phase, false);
	}

	Fault(FaultTarget target, Phase phase, boolean surge) {
		this(target, phase, surge, Duration.ZERO);
	}

	/**
	 * Every component in every phase where it has work, rolling deploys first, then the
	 * skewed clocks.
	 * @return the faults, in the order they run
	 */
	static List<Fault> all() {
		List<Fault> faults = new ArrayList<>(List.of(new Fault(FaultTarget.DEPLOYER, Phase.DRAIN_WAIT),
				new Fault(FaultTarget.DEPLOYER, Phase.RESTART), new Fault(FaultTarget.DEPLOYER, Phase.VERIFY),
				new Fault(FaultTarget.DEPLOYER, Phase.ENABLE), new Fault(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT),
				new Fault(FaultTarget.NGINX_CONTROL, Phase.ENABLE), new Fault(FaultTarget.HEALTH, Phase.RESTART),
				new Fault(FaultTarget.HEALTH, Phase.VERIFY), new Fault(FaultTarget.REGISTRY, Phase.VERIFY),
				new Fault(FaultTarget.REGISTRY, Phase.ENABLE), new Fault(FaultTarget.BROKER, Phase.VERIFY),
				new Fault(FaultTarget.NGINX, Phase.DRAIN_WAIT), new Fault(FaultTarget.NODE_LOST, Phase.DRAIN_WAIT),
				surge(FaultTarget.DEPLOYER, Phase.START), surge(FaultTarget.DEPLOYER, Phase.VERIFY),
				surge(FaultTarget.DEPLOYER, Phase.ENABLE), surge(FaultTarget.DEPLOYER, Phase.DRAIN_WAIT),
				surge(FaultTarget.DEPLOYER, Phase.RETIRE), surge(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT),
				surge(FaultTarget.HEALTH, Phase.VERIFY), surge(FaultTarget.REGISTRY, Phase.ENABLE)));
		faults.addAll(clocks());
		return List.copyOf(faults);
	}

	/**
	 * Each of Baton's four services killed in the phase where it has most to decide, and
	 * started again with its wall clock {@link #SKEW} ahead, then, in the next deploy,
	 * {@link #SKEW} behind: ten minutes back from its own last records. No deadline or
	 * order may depend on it.
	 * @return the faults, in the order they run
	 */
	static List<Fault> clocks() {
		List<Fault> faults = new ArrayList<>();
		for (Fault fault : List.of(new Fault(FaultTarget.DEPLOYER, Phase.VERIFY),
				new Fault(FaultTarget.REGISTRY, Phase.ENABLE), new Fault(FaultTarget.HEALTH, Phase.RESTART),
				new Fault(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT))) {
			faults.add(new Fault(fault.target(), fault.phase(), false, SKEW));
			faults.add(new Fault(fault.target(), fault.phase(), false, SKEW.negated()));
		}
		return faults;
	}

	/**
	 * One fault per service, the broker pause, and the deployer killed while a surge
	 * deploy's new instances start, for CI.
	 * @return the faults, in the order they run
	 */
	static List<Fault> quick() {
		return List.of(new Fault(FaultTarget.DEPLOYER, Phase.VERIFY),
				new Fault(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT), new Fault(FaultTarget.HEALTH, Phase.RESTART),
				new Fault(FaultTarget.REGISTRY, Phase.ENABLE), new Fault(FaultTarget.BROKER, Phase.VERIFY),
				surge(FaultTarget.DEPLOYER, Phase.START));
	}

	private static Fault surge(FaultTarget target, Phase phase) {
		return new Fault(target, phase, true);
	}

	/**
	 * Reads one fault as the command line names it, {@code TARGET@PHASE} (as in
	 * {@code registry@enable} or {@code nginx-control@drain-wait}).
	 * @param text the fault's name
	 * @return the fault
	 * @throws IllegalArgumentException naming the faults there are, when it is none of
	 * them
	 */
	static Fault parse(String text) {
		return all().stream()
			.filter((fault) -> fault.name().equals(text))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no fault " + text + "; the faults are "
					+ String.join(", ", all().stream().map(Fault::name).toList())));
	}

	/**
	 * The fault's name on the command line.
	 * @return {@code target@phase} or {@code target@surge-phase}, lower case with dashes
	 */
	String name() {
		return dashed(this.target.name()).replace("-service", "") + "@" + (this.surge ? "surge-" : "")
				+ dashed(this.phase.name()) + (isSkewed() ? offsetLabel() : "");
	}

	/**
	 * The fault's name as a deploy id may hold it (no {@code @} nor {@code +}).
	 * @return {@code target-phase}, and {@code .ahead-5m} or {@code .behind-5m} for a
	 * skewed clock
	 */
	String idPart() {
		String name = dashed(this.target.name()).replace("-service", "") + "-" + (this.surge ? "surge-" : "")
				+ dashed(this.phase.name());
		return isSkewed() ? name + (this.clockOffset.isNegative() ? ".behind-" : ".ahead-")
				+ this.clockOffset.abs().toMinutes() + "m" : name;
	}

	/**
	 * What the fault does, as the table says it.
	 * @return the label
	 */
	String action() {
		return this.target.action() + (isSkewed() ? ", started again with its clock " + offsetLabel().substring(1) + " "
				+ (this.clockOffset.isNegative() ? "behind" : "ahead") : "");
	}

	boolean isSkewed() {
		return !this.clockOffset.isZero();
	}

	private String offsetLabel() {
		return (this.clockOffset.isNegative() ? "-" : "+") + this.clockOffset.abs().toMinutes() + "m";
	}

	/**
	 * The phase as the table says it.
	 * @return the label, {@code surge start} for a surge deploy's
	 */
	String phaseLabel() {
		return (this.surge ? "surge " : "") + this.phase.label();
	}

	private static String dashed(String constant) {
		return constant.toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * How long the fault holds everything up by its very nature: a paused broker carries
	 * no answer at all for as long as it is paused, so a deploy it hits cannot end sooner
	 * than that much after the undisturbed one.
	 * @return the pause for the broker, zero for a kill
	 */
	Duration stall() {
		return (this.target == FaultTarget.BROKER) ? FaultInjector.PAUSE : Duration.ZERO;
	}

	/**
	 * Whether the deploy must fail: a node that never confirms a drain is one that may
	 * still route to the instance, which must then not be restarted.
	 * @return true for the node lost past the drain timeout
	 */
	boolean failsTheDeploy() {
		return this.target == FaultTarget.NODE_LOST;
	}

	/**
	 * Whether the fault is nginx's death, which no deploy can ride out without failed
	 * requests: its verdict asks only that the deploy ends and every gate is open.
	 * @return true for nginx killed
	 */
	boolean losesRequestsByNature() {
		return this.target == FaultTarget.NGINX;
	}

}
