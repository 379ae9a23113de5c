package dev.baton.demo.soak;

import java.util.List;

/**
 * The kinds of deploy the soak draws from, each as CI would ask for it.
 */
enum DeployKind {

	/** The other healthy version, restarted in place batch by batch. */
	ROLLING("rolling"),

	/** The other healthy version on new instances on spare ports. */
	SURGE("surge"),

	/** A surge whose first new instance takes a share of the traffic while it bakes. */
	CANARY("canary"),

	/** {@code baton rollback}: the release that ran before the last succeeded deploy. */
	ROLLBACK("rollback"),

	/** A release that crashes on start, which the deploy must roll back. */
	BROKEN("broken release");

	/** The release that crashes on start, as the local stack makes it. */
	static final String BROKEN_RELEASE = "v3-broken";

	private final String label;

	DeployKind(String label) {
		this.label = label;
	}

	String label() {
		return this.label;
	}

	/**
	 * Whether the deploy must fail (and restore what ran) to pass.
	 * @return true for the broken release
	 */
	boolean mustFail() {
		return this == BROKEN;
	}

	/**
	 * The {@code baton} command that requests the deploy.
	 * @param service the service
	 * @param deployId the deploy's id
	 * @param serving the healthy version running now
	 * @param surgeBroken for a broken release, whether it goes out as a surge
	 * @return the command's arguments
	 */
	List<String> command(String service, String deployId, String serving, boolean surgeBroken) {
		String other = "v1".equals(serving) ? "v2" : "v1";
		return switch (this) {
			case ROLLING -> List.of("deploy", service, other, "--deploy-id", deployId, "--strategy", "rolling");
			case SURGE -> List.of("deploy", service, other, "--deploy-id", deployId, "--strategy", "surge");
			case CANARY -> List.of("deploy", service, other, "--deploy-id", deployId, "--strategy", "surge", "--canary",
					"20%", "--bake", "12s");
			case ROLLBACK -> List.of("rollback", service, "--deploy-id", deployId, "--reason", "soak");
			case BROKEN -> List.of("deploy", service, BROKEN_RELEASE, "--deploy-id", deployId, "--strategy",
					surgeBroken ? "surge" : "rolling");
		};
	}

}
