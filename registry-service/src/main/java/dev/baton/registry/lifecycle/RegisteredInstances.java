package dev.baton.registry.lifecycle;

import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.InstanceRegistered;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.registry.versions.ExpectedVersions;
import dev.baton.registry.versions.VersionPolicy;

/**
 * Every instance the registry knows, and the rules for what a message does to one.
 * Deciding is separate from accepting, so a change is remembered only once it has been
 * published.
 */
public final class RegisteredInstances {

	private final Map<InstanceId, InstanceSnapshot> instances = new LinkedHashMap<>();

	private final Function<ServiceName, AllowedEndpoints> allowed;

	private final ExpectedVersions expected;

	private final HealthDecision health;

	private final Clock clock;

	/**
	 * A fleet with no instances.
	 * @param autoOnline whether a service's instances go online without an operator
	 * @param clock stamps snapshots
	 */
	public RegisteredInstances(Predicate<ServiceName> autoOnline, Clock clock) {
		this(autoOnline, (service) -> AllowedEndpoints.ANY, clock);
	}

	/**
	 * A fleet with no instances, whose services' instances may register only where
	 * allowed.
	 * @param autoOnline whether a service's instances go online without an operator
	 * @param allowed where each service's instances may register
	 * @param clock stamps snapshots
	 */
	public RegisteredInstances(Predicate<ServiceName> autoOnline, Function<ServiceName, AllowedEndpoints> allowed,
			Clock clock) {
		this(autoOnline, allowed, new ExpectedVersions((service) -> VersionPolicy.DEFAULT), clock);
	}

	/**
	 * A fleet with no instances, whose services' instances may register only where
	 * allowed and go in rotation only on a version their service expects.
	 * @param autoOnline whether a service's instances go online without an operator
	 * @param allowed where each service's instances may register
	 * @param expected the versions each service expects, learned from deploy steps
	 * @param clock stamps snapshots
	 */
	public RegisteredInstances(Predicate<ServiceName> autoOnline, Function<ServiceName, AllowedEndpoints> allowed,
			ExpectedVersions expected, Clock clock) {
		this.allowed = allowed;
		this.expected = expected;
		this.health = new HealthDecision(this, autoOnline, expected);
		this.clock = clock;
	}

	/**
	 * Takes a snapshot read back from the registry's own state topic; the newest revision
	 * wins.
	 * @param snapshot the snapshot
	 */
	public void restore(InstanceSnapshot snapshot) {
		this.instances.merge(snapshot.instanceId(), snapshot,
				(known, read) -> (read.revision() >= known.revision()) ? read : known);
	}

	public void accept(Change change) {
		this.instances.put(change.after().instanceId(), change.after());
	}

	public Collection<InstanceSnapshot> all() {
		return List.copyOf(this.instances.values());
	}

	/**
	 * An instance the registry knows, deregistered or not.
	 * @param id the instance
	 * @return its latest snapshot, or empty when never registered
	 */
	public Optional<InstanceSnapshot> known(InstanceId id) {
		return Optional.ofNullable(this.instances.get(id));
	}

	/**
	 * An instance that is registered now.
	 * @param id the instance
	 * @return its snapshot, or empty when unknown or deregistered
	 */
	public Optional<InstanceSnapshot> live(InstanceId id) {
		return Optional.ofNullable(this.instances.get(id)).filter((snapshot) -> !snapshot.deregistered());
	}

	/**
	 * What a message on {@code registrations} does. An online instance deregistered
	 * leaves through {@link Lifecycle#LEAVING}: out of rotation at once, deregistered
	 * only once drained (see {@link #depart(InstanceId, String)}), so that neither an app
	 * nor a scaler can take an instance out of nginx with requests in flight.
	 * @param message the message
	 * @return the change, or empty when the message changes nothing (a repeat, say)
	 * @throws LifecycleConflictException when the lifecycle does not allow the message
	 */
	public Optional<Change> decide(RegistrationMessage message) {
		if (message instanceof InstanceRegistered registered) {
			return Optional.of(register(registered)).filter(RegisteredInstances::changesSomething);
		}
		InstanceDeregistered deregistered = (InstanceDeregistered) message;
		return resolve(deregistered).filter((known) -> known.lifecycle() != Lifecycle.LEAVING)
			.map((known) -> transition(known,
					(known.lifecycle() == Lifecycle.ONLINE) ? Lifecycle.LEAVING : Lifecycle.DEREGISTERED,
					known.lastHealth(), known.decidedBy(), deregistered.deregisteredBy(), deregistered.reason()));
	}

	/**
	 * The instance a deregistration names, if it is leaving already: deregistering it
	 * again changes nothing of it, but drains it again.
	 * @param deregistered the deregistration
	 * @return the instance, when leaving
	 */
	public Optional<InstanceSnapshot> leaving(InstanceDeregistered deregistered) {
		return resolve(deregistered).filter((known) -> known.lifecycle() == Lifecycle.LEAVING);
	}

	/**
	 * A leaving instance leaves, once every nginx node confirmed it drained.
	 * @param id the instance
	 * @param reason why it may leave now
	 * @return the change, or empty when the instance is not leaving
	 */
	public Optional<Change> depart(InstanceId id, String reason) {
		return live(id).filter((known) -> known.lifecycle() == Lifecycle.LEAVING)
			.map((known) -> transition(known, Lifecycle.DEREGISTERED, known.lastHealth(), known.decidedBy(),
					"registry-service", reason));
	}

	/**
	 * What an operator's decision on {@code operations} does.
	 * @param command the decision
	 * @return the change, or empty when the decision already holds
	 * @throws UnknownInstanceException when it names an unknown instance
	 * @throws LifecycleConflictException when the lifecycle does not allow it
	 */
	public Optional<Change> decide(OperateInstance command) {
		return new OperatorDecision(this, command).decide();
	}

	/**
	 * What a verdict does: it moves a registered instance to pre-online (or online, where
	 * the service is auto-online) and updates the last health seen; on a version the
	 * service does not expect, it only updates the last health seen, and the HEALTH gate
	 * stays closed with the reason on the snapshot.
	 * <p>
	 * A verdict is stale when it lies before the last one seen on {@code health.verdicts}
	 * (a replay after a restart of the registry): an instance's verdicts share its key,
	 * so their order there is the order the probes were judged in, whichever replica
	 * judged them and whatever its clock said.
	 * @param verdict the verdict
	 * @param position where the verdict lies on {@code health.verdicts}
	 * @return the change, or empty for a repeat, a stale verdict or an unknown instance
	 */
	public Optional<Change> decide(VerdictIssued verdict, RecordPosition position) {
		Optional<InstanceSnapshot> known = live(verdict.instanceId())
			.filter((snapshot) -> snapshot.endpoint().equals(verdict.endpoint()));
		if (known.isEmpty() || isRepeatOrStale(known.get().lastHealth(), verdict, position)) {
			return Optional.empty();
		}
		return Optional.of(this.health.verdict(known.get(), verdict, position));
	}

	/**
	 * Takes what a deploy step says about its service's expected versions. Unlike a
	 * decision, this is remembered at once: it is the deployer's record, not the
	 * registry's, and learning a step again changes nothing. Judging the instances again
	 * is {@link #reconsider(ServiceName)}'s part.
	 * @param step the step
	 */
	public void learn(DeployStep step) {
		this.expected.learn(step);
	}

	/**
	 * What the versions a service expects now do to its instances judged before: a
	 * healthy instance whose version is no longer expected leaves rotation, one whose
	 * version now is enters it.
	 * @param service the service
	 * @return a change for each of its instances judged differently now
	 */
	public List<Change> reconsider(ServiceName service) {
		return reconsider((instance) -> instance.service().equals(service));
	}

	/**
	 * {@link #reconsider(ServiceName)} for every service, for a registry that has just
	 * rebuilt its state.
	 * @return a change for each instance judged differently now
	 */
	public List<Change> reconsiderAll() {
		return reconsider((instance) -> true);
	}

	private List<Change> reconsider(Predicate<InstanceSnapshot> which) {
		return this.instances.values()
			.stream()
			.filter((instance) -> !instance.deregistered() && which.test(instance))
			.map(this.health::reconsider)
			.flatMap(Optional::stream)
			.toList();
	}

	private static boolean isRepeatOrStale(ObservedHealth last, VerdictIssued verdict, RecordPosition position) {
		return last != null && (last.position() != null && !last.position().before(position)
				|| last.status() == verdict.status() && Objects.equals(last.version(), verdict.version()));
	}

	private Change register(InstanceRegistered registered) {
		Endpoint endpoint = registered.endpoint();
		this.allowed.apply(registered.service()).refusal(endpoint).ifPresent((reason) -> {
			throw new IllegalArgumentException(
					registered.service() + " " + endpoint + " is not an allowed endpoint: " + reason);
		});
		this.instances.values()
			.stream()
			.filter((other) -> !other.deregistered() && other.service().equals(registered.service())
					&& other.endpoint().equals(endpoint) && !other.instanceId().equals(registered.instanceId()))
			.findFirst()
			.ifPresent((other) -> {
				throw new LifecycleConflictException(
						registered.service() + " " + endpoint + " is already registered as " + other.instanceId());
			});
		InstanceSnapshot previous = this.instances.get(registered.instanceId());
		long revision = (previous != null) ? previous.revision() + 1 : 1;
		if (previous == null || previous.deregistered()) {
			InstanceSnapshot fresh = new InstanceSnapshot(registered.instanceId(), registered.service(),
					endpoint.host(), endpoint.port(), registered.version(), registered.healthPath(),
					Lifecycle.REGISTERED, null, "", revision, this.clock.instant(), "", registered.version());
			return new Change(previous, fresh,
					List.of(new Transition((previous != null) ? previous.lifecycle() : null, Lifecycle.REGISTERED)),
					registered.registeredBy(), "registered on version " + registered.version());
		}
		// An id keeps its endpoint while it is registered: otherwise anyone who may
		// register
		// could move an ONLINE instance, and its traffic, to an address of their
		// choosing.
		if (!previous.endpoint().equals(endpoint) || !previous.service().equals(registered.service())) {
			throw new LifecycleConflictException(registered.instanceId() + " is registered as " + previous.service()
					+ " at " + previous.endpoint() + "; a registration as " + registered.service() + " at " + endpoint
					+ " would move it: deregister it first");
		}
		InstanceSnapshot updated = new InstanceSnapshot(previous.instanceId(), previous.service(), endpoint.host(),
				endpoint.port(), running(previous.lastHealth(), previous.versionRefusal(), registered.version()),
				registered.healthPath(), previous.lifecycle(), previous.lastHealth(), previous.decidedBy(), revision,
				this.clock.instant(), previous.versionRefusal(), registered.version());
		return new Change(previous, updated, List.of(), registered.registeredBy(),
				"re-registered on version " + registered.version());
	}

	private static boolean changesSomething(Change change) {
		InstanceSnapshot before = change.before();
		InstanceSnapshot after = change.after();
		return before == null || !change.transitions().isEmpty() || !before.endpoint().equals(after.endpoint())
				|| !before.version().equals(after.version())
				|| !before.registeredVersion().equals(after.registeredVersion())
				|| !before.healthPath().equals(after.healthPath());
	}

	/**
	 * The version an instance runs: the one it reports, once a healthy verdict carries it
	 * and the registry accepts it. A refused version is the refusal's to show, never the
	 * instance's version; an unhealthy verdict tells nothing of the version.
	 * @param health the latest verdict, or null
	 * @param versionRefusal why the registry refuses the version the verdict reports;
	 * empty when it does not
	 * @param otherwise the version when the verdict names none the registry accepts
	 * @return the version
	 */
	private static Version running(ObservedHealth health, String versionRefusal, Version otherwise) {
		boolean verified = health != null && health.status() == HealthStatus.HEALTHY && health.version() != null
				&& versionRefusal.isEmpty();
		return verified ? health.version() : otherwise;
	}

	/**
	 * The live instance a deregistration names. One that names an instance of another
	 * service is refused rather than ignored: its writer is told, and nothing changes.
	 */
	private Optional<InstanceSnapshot> resolve(InstanceDeregistered deregistered) {
		if (deregistered.instanceId() != null) {
			Optional<InstanceSnapshot> known = live(deregistered.instanceId());
			known.filter((snapshot) -> !snapshot.service().equals(deregistered.service())).ifPresent((snapshot) -> {
				throw new LifecycleConflictException(snapshot.instanceId() + " is an instance of " + snapshot.service()
						+ ", not of " + deregistered.service() + ": a deregistration names the instance's own service");
			});
			return known;
		}
		Endpoint endpoint = deregistered.endpoint().orElseThrow();
		return this.instances.values()
			.stream()
			.filter((snapshot) -> !snapshot.deregistered() && snapshot.service().equals(deregistered.service())
					&& snapshot.endpoint().equals(endpoint))
			.findFirst();
	}

	Change transition(InstanceSnapshot from, Lifecycle to, ObservedHealth health, String decidedBy, String actor,
			String reason) {
		return transition(from, to, health, from.versionRefusal(), decidedBy, actor, reason);
	}

	Change transition(InstanceSnapshot from, Lifecycle to, ObservedHealth health, String versionRefusal,
			String decidedBy, String actor, String reason) {
		InstanceSnapshot after = new InstanceSnapshot(from.instanceId(), from.service(), from.host(), from.port(),
				running(health, versionRefusal, from.version()), from.healthPath(), to, health, decidedBy,
				from.revision() + 1, this.clock.instant(), versionRefusal, from.registeredVersion());
		List<Transition> transitions = (from.lifecycle() != to) ? List.of(new Transition(from.lifecycle(), to))
				: List.of();
		return new Change(from, after, transitions, actor, reason);
	}

}
