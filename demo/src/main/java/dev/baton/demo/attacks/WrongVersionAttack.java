package dev.baton.demo.attacks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import tools.jackson.databind.JsonNode;

import dev.baton.demo.Await;
import dev.baton.demo.Stack;

/**
 * An instance that serves a version its service does not expect: orders-3 started on
 * release v2 while the service runs v1, outside any deploy. It registers, answers
 * healthy, and must stay out of rotation, even when someone tries to approve it.
 */
final class WrongVersionAttack {

	private static final String INSTANCE = "orders-3";

	private static final String PEER = "127.0.0.1:9003";

	private WrongVersionAttack() {
	}

	static Attack attack() {
		return new Attack("an instance serving a version its service does not expect (orders-3 on v2, outside a"
				+ " deploy), then approved", "app, operator", WrongVersionAttack::run);
	}

	private static Attempt run(AttackSurface surface) throws IOException {
		Stack stack = surface.stack();
		Path instances = stack.options().run().resolve("demo").resolve("instances").resolve(INSTANCE);
		Path releases = stack.options().run().resolve("demo").resolve("releases");
		relink(instances.resolve("current"), releases.resolve("v2"));
		try {
			stack.start(INSTANCE);
			JsonNode[] seen = { null };
			Await.until(INSTANCE + " registered and judged on its version", Duration.ofSeconds(120), () -> {
				JsonNode instance = stack.instance(INSTANCE);
				seen[0] = instance;
				return !instance.path("versionRefusal").asString("").isEmpty() || "up".equals(stack.peers().get(PEER));
			});
			String refusal = seen[0].path("versionRefusal").asString("");
			Stack.CliRun approval = stack.baton("approve", INSTANCE, "--reason", "attacker");
			boolean inRotation = surface.peersUp().contains(PEER);
			if (refusal.isEmpty() || approval.code() == 0 || inRotation) {
				return Attempt
					.accepted(INSTANCE + " in rotation: " + inRotation + ", approval exit " + approval.code());
			}
			return Attempt.refused("registry", refusal + "; approving it: " + approval.err().strip());
		}
		finally {
			stack.stop(INSTANCE);
			stack.baton("deregister", stack.options().service(), "--instance-id", INSTANCE);
			relink(instances.resolve("current"), releases.resolve("v1"));
			Await.until(INSTANCE + " deregistered", Duration.ofSeconds(60),
					() -> stack.instance(INSTANCE).isMissingNode());
		}
	}

	private static void relink(Path link, Path release) throws IOException {
		Files.deleteIfExists(link);
		Files.createSymbolicLink(link, release);
	}

}
