package dev.baton.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

import dev.baton.contracts.Topic;

/**
 * Who may do what on Baton's topics: the design's trust boundary as Kafka ACLs, one
 * principal per role. The broker enforces it, so a record on a topic was written by a
 * role that may write there: a verdict on {@code health.verdicts} comes from
 * health-service, a gate command on {@code nginx.commands} from the registry or the
 * deployer, whatever an app that registers itself writes.
 * <p>
 * Writes are what the boundary is about, and each role writes only its own topics. The
 * four services and the console read every Baton topic, may create Baton topics (each
 * declares the topics it uses at start-up; an existing topic cannot be changed that way)
 * and dead-letter records of any topic.
 */
final class AccessPolicy {

	/** A role, the topics it writes and the consumer groups it reads with. */
	enum Role {

		/**
		 * The registry: its state and gates, and what its admin API is asked for, through
		 * {@code registrations} and {@code operations} like everyone else's messages.
		 */
		REGISTRY(true,
				Set.of(Topic.REGISTRATIONS, Topic.OPERATIONS, Topic.REGISTRY_STATE, Topic.NGINX_COMMANDS, Topic.AUDIT),
				"baton-registry"),

		HEALTH(true, Set.of(Topic.HEALTH_VERDICTS, Topic.AUDIT), "health-service"),

		NGINX_CONTROL(true, Set.of(Topic.NGINX_EVENTS, Topic.AUDIT), "baton-nginx-control-"),

		/**
		 * The deployer: a surge deploy deregisters the instances it replaced and
		 * approves, on {@code operations}, the new ones it started and verified itself.
		 */
		DEPLOYER(true,
				Set.of(Topic.DEPLOY_STEPS, Topic.NGINX_COMMANDS, Topic.REGISTRATIONS, Topic.OPERATIONS, Topic.AUDIT),
				"deployer-service"),

		/**
		 * The ops console: reads everything, as a service does, and asks for deploys; an
		 * operator's decision on an instance goes from it to the registry's API, which
		 * publishes it on {@code operations}, a topic the console may write too.
		 */
		CONSOLE(true, Set.of(Topic.DEPLOY_REQUESTS, Topic.OPERATIONS, Topic.AUDIT), "baton-console-"),

		/**
		 * Apps and scaling systems: they register and deregister, nothing else; never an
		 * operator's decision. Scalers have no role of their own: Kafka authorizes a
		 * writer per topic, not per key, so a scaler's role would hold exactly these
		 * rights. What bounds either is the registry's rules for any writer of
		 * {@code registrations} (allowed endpoints, no instance moved, an instance in
		 * rotation drained before it leaves). Give each app or scaler a principal of its
		 * own with these ACLs to revoke one without the others.
		 */
		APP(false, Set.of(Topic.REGISTRATIONS), null),

		/** CI asks for deploys and follows them. */
		CI(false, Set.of(Topic.DEPLOY_REQUESTS), "baton-cli-"),

		/**
		 * A person at the CLI: deploys, registers by hand, decides on instances, forgets
		 * a dead node, reads everything.
		 */
		OPERATOR(false, Set.of(Topic.DEPLOY_REQUESTS, Topic.REGISTRATIONS, Topic.OPERATIONS, Topic.NGINX_EVENTS),
				"baton-cli-");

		private final boolean service;

		private final Set<Topic> writes;

		private final String groupPrefix;

		Role(boolean service, Set<Topic> writes, String groupPrefix) {
			this.service = service;
			this.writes = writes;
			this.groupPrefix = groupPrefix;
		}

		/** The role's name on the command line and in the default principal. */
		String label() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

		static Role of(String label) {
			for (Role role : values()) {
				if (role.label().equals(label)) {
					return role;
				}
			}
			throw new IllegalArgumentException("no role '" + label + "'; the roles are " + labels());
		}

		static String labels() {
			return String.join(", ", Arrays.stream(values()).map(Role::label).toList());
		}

		Set<Topic> writes() {
			return this.writes;
		}

	}

	private final String prefix;

	private final Map<Role, String> principals;

	/**
	 * @param prefix the installation's topic prefix
	 * @param principals the principal of each role; a role not named gets
	 * {@code User:baton-<role>}
	 */
	AccessPolicy(String prefix, Map<Role, String> principals) {
		this.prefix = prefix;
		this.principals = new EnumMap<>(Role.class);
		for (Role role : Role.values()) {
			this.principals.put(role, principals.getOrDefault(role, "User:baton-" + role.label()));
		}
	}

	String principal(Role role) {
		return this.principals.get(role);
	}

	/**
	 * Every ACL of every role.
	 * @return the bindings, role by role
	 */
	List<AclBinding> bindings() {
		List<AclBinding> bindings = new ArrayList<>();
		for (Role role : Role.values()) {
			bindings.addAll(bindings(role));
		}
		return bindings;
	}

	List<AclBinding> bindings(Role role) {
		List<AclBinding> bindings = new ArrayList<>();
		String principal = principal(role);
		for (Topic topic : role.writes) {
			bindings.add(allow(principal, topic(topic.nameWith(this.prefix)), AclOperation.WRITE));
			bindings.add(allow(principal, topic(topic.nameWith(this.prefix)), AclOperation.DESCRIBE));
		}
		if (role.service) {
			ResourcePattern every = new ResourcePattern(ResourceType.TOPIC, this.prefix, PatternType.PREFIXED);
			bindings.add(allow(principal, every, AclOperation.READ));
			bindings.add(allow(principal, every, AclOperation.CREATE));
			for (Topic topic : Topic.values()) {
				bindings.add(allow(principal, topic(topic.deadLetterNameWith(this.prefix)), AclOperation.WRITE));
			}
		}
		else if (role == Role.OPERATOR) {
			bindings.add(allow(principal, new ResourcePattern(ResourceType.TOPIC, this.prefix, PatternType.PREFIXED),
					AclOperation.READ));
		}
		else if (role == Role.CI) {
			// what a deploy's caller follows: its steps, and the fleet they act on
			bindings.add(allow(principal, topic(Topic.DEPLOY_STEPS.nameWith(this.prefix)), AclOperation.READ));
			bindings.add(allow(principal, topic(Topic.REGISTRY_STATE.nameWith(this.prefix)), AclOperation.READ));
		}
		if (role.groupPrefix != null) {
			bindings
				.add(allow(principal, new ResourcePattern(ResourceType.GROUP, role.groupPrefix, PatternType.PREFIXED),
						AclOperation.READ));
		}
		return bindings;
	}

	private static ResourcePattern topic(String name) {
		return new ResourcePattern(ResourceType.TOPIC, name, PatternType.LITERAL);
	}

	private static AclBinding allow(String principal, ResourcePattern resource, AclOperation operation) {
		return new AclBinding(resource, new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW));
	}

}
