package dev.baton.registry.versions;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;

/**
 * The versions each service expects its instances to report, learned from the deployer's
 * steps: the version of the last succeeded deploy; while a deploy runs, also the versions
 * its instances ran before it and the new one; after a failed deploy, the versions it
 * started from. With no deploy on record a service expects what its configuration lists,
 * or any version. Learning the same step twice changes nothing.
 */
public final class ExpectedVersions {

	private static final Comparator<Version> BY_VALUE = Comparator.comparing(Version::value);

	private final Function<ServiceName, VersionPolicy> policies;

	private final Map<ServiceName, History> services = new HashMap<>();

	/**
	 * @param policies each service's configured policy
	 */
	public ExpectedVersions(Function<ServiceName, VersionPolicy> policies) {
		this.policies = policies;
	}

	/**
	 * Takes what a deploy step says about a service's versions; other steps change
	 * nothing.
	 * @param step the step
	 */
	public void learn(DeployStep step) {
		History history = this.services.computeIfAbsent(step.service(), (service) -> new History());
		if (step instanceof DeployStarted started) {
			Running announced = history.runningAs(started.deployId());
			List<Version> before = sorted(
					Stream.of(settled(started.service(), history), started.previousVersions().values(),
							(announced != null) ? announced.before() : List.<Version>of()));
			history.running = new Running(started.deployId(), started.version(), before);
		}
		else if (step instanceof DeploySucceeded succeeded) {
			history.settled = new Expectation(List.of(succeeded.version()),
					"deploy " + succeeded.deployId() + " of " + succeeded.version() + " succeeded");
			if (history.runningAs(succeeded.deployId()) != null) {
				history.running = null;
			}
		}
		else if (step instanceof DeployFailed failed && history.runningAs(failed.deployId()) != null) {
			List<Version> before = history.running.before();
			if (!before.isEmpty()) {
				history.settled = new Expectation(before,
						"deploy " + failed.deployId() + " of " + failed.version() + " failed");
			}
			history.running = null;
		}
	}

	/**
	 * What a service expects now.
	 * @param service the service
	 * @return the versions and why, or empty when any version is expected
	 */
	public Optional<Expectation> of(ServiceName service) {
		History history = this.services.get(service);
		if (history != null && history.running != null) {
			Running running = history.running;
			return Optional.of(new Expectation(sorted(Stream.of(running.before(), List.of(running.version()))),
					"deploy " + running.deployId() + " of " + running.version() + " is running"));
		}
		if (history != null && history.settled != null) {
			return Optional.of(history.settled);
		}
		List<Version> configured = sorted(Stream.of(this.policies.apply(service).configured()));
		return configured.isEmpty() ? Optional.empty()
				: Optional.of(new Expectation(configured, "baton.registry.services." + service + ".expected-versions"));
	}

	/**
	 * Why an instance of a service may not be put in rotation on the version it reports,
	 * if it may not.
	 * @param service its service
	 * @param reported the version it reports, or null when it reports none
	 * @return the reason, or empty when the version is expected or the service's versions
	 * are not checked
	 */
	public Optional<String> refusal(ServiceName service, Version reported) {
		if (!this.policies.apply(service).guarded()) {
			return Optional.empty();
		}
		return of(service).filter((expected) -> reported == null || !expected.versions().contains(reported))
			.map((expected) -> "reports " + ((reported != null) ? reported : "no version") + ", but " + service
					+ " expects " + expected);
	}

	/**
	 * What a service expects, in words, for the audit trail.
	 * @param service the service
	 * @return such as {@code orders expects v1 or v2 (deploy ci-7 of v2 is running)}
	 */
	public String describe(ServiceName service) {
		if (!this.policies.apply(service).guarded()) {
			return service + " does not check versions";
		}
		return service + " expects " + of(service).map(Expectation::toString).orElse("any version");
	}

	private Collection<Version> settled(ServiceName service, History history) {
		return (history.settled != null) ? history.settled.versions() : this.policies.apply(service).configured();
	}

	private static List<Version> sorted(Stream<? extends Collection<Version>> versions) {
		return List.copyOf(
				versions.flatMap(Collection::stream).collect(Collectors.toCollection(() -> new TreeSet<>(BY_VALUE))));
	}

	/**
	 * The versions a service expects.
	 *
	 * @param versions the versions, in order
	 * @param basis where they come from: a deploy, or the configuration
	 */
	public record Expectation(List<Version> versions, String basis) {

		public Expectation {
			versions = List.copyOf(versions);
		}

		@Override
		public String toString() {
			return this.versions.stream().map(Version::value).collect(Collectors.joining(" or ")) + " (" + this.basis
					+ ")";
		}

	}

	/** A deploy running, and the versions its instances ran before it. */
	private record Running(DeployId deployId, Version version, List<Version> before) {

	}

	/** What the steps of one service said so far. */
	private static final class History {

		private Expectation settled;

		private Running running;

		private Running runningAs(DeployId deployId) {
			return (this.running != null && this.running.deployId().equals(deployId)) ? this.running : null;
		}

	}

}
