package dev.baton.demo.soak;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Kafka;
import dev.baton.demo.Await;
import dev.baton.demo.Processes;
import dev.baton.demo.Stack;
import dev.baton.demo.chaos.FaultTarget;

/**
 * Does a drawn fault to the real processes and the real broker, and waits for its own end
 * (a killed service back at work, a frozen one resumed) so that the next deploy starts on
 * a whole stack. Records are written as the administrator, who may write every topic: the
 * point is what Baton's readers do with them, not whether an ACL refuses them (the attack
 * suite tries that).
 */
final class SoakInjector implements AutoCloseable {

	/** How long a killed service stays dead before it is started again. */
	static final Duration RESTART_AFTER = Duration.ofSeconds(3);

	private static final Duration READY_WITHIN = Duration.ofSeconds(90);

	/** How long the instance kill waits for the deploy's first restart. */
	private static final Duration RESTART_WITHIN = Duration.ofSeconds(120);

	private final Stack stack;

	private final Processes processes;

	private final Kafka kafka;

	private final String prefix;

	private final KafkaProducer<String, byte[]> admin;

	SoakInjector(Stack stack, Processes processes, Kafka kafka, Map<String, Object> adminKafka, String prefix) {
		this.stack = stack;
		this.processes = processes;
		this.kafka = kafka;
		this.prefix = prefix;
		Map<String, Object> settings = new HashMap<>(adminKafka);
		settings.put(ProducerConfig.ACKS_CONFIG, "all");
		settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000);
		settings.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000);
		this.admin = new KafkaProducer<>(settings, new StringSerializer(), new ByteArraySerializer());
	}

	/**
	 * Waits for the fault's moment, does the fault, and waits for its end.
	 * @param planned the deploy and its fault
	 * @param firstRestart completes with the deploy's first restart or launch step
	 * @param firstVerified completes with the deploy's first verification
	 * @return what was done
	 */
	Injected inject(PlannedDeploy planned, CompletableFuture<JsonNode> firstRestart,
			CompletableFuture<JsonNode> firstVerified) {
		SoakFault fault = planned.fault();
		try {
			if (fault.kind() == FaultKind.KILL_VERIFIED_INSTANCE) {
				return killVerifiedInstance(firstRestart, firstVerified, planned.faultAfter());
			}
			pause(planned.faultAfter());
			long at = System.currentTimeMillis();
			String note = switch (fault.kind()) {
				case KILL_SERVICE -> killService(fault.target());
				case FREEZE_SERVICE -> freeze(this.processes.pid(fault.target()), fault.target(), fault.hold());
				case PAUSE_BROKER -> freeze(this.processes.pid("kafka"), "the broker", fault.hold());
				case KILL_NGINX_WORKER -> killNginxWorker();
				case MALFORMED_RECORD -> malformed(fault.target());
				case DUPLICATE_COMMAND -> duplicate(fault.target());
				case KILL_VERIFIED_INSTANCE -> throw new IllegalStateException("handled above");
			};
			return new Injected(true, at, System.currentTimeMillis(), note, null);
		}
		catch (RuntimeException ex) {
			return new Injected(false, System.currentTimeMillis(), System.currentTimeMillis(),
					"not done: " + ex.getMessage(), null);
		}
	}

	private String killService(String name) {
		long pid = this.processes.pid(name).orElseThrow(() -> new IllegalStateException(name + " is not running"));
		Processes.signal("KILL", List.of(pid));
		pause(RESTART_AFTER);
		Optional<Duration> ready = this.processes.relaunchAndAwait(name, List.of(), target(name).ready(), READY_WITHIN);
		return "killed pid " + pid + ", started again, "
				+ ready.map((took) -> "at work " + took.toMillis() + " ms later")
					.orElse("not at work within " + READY_WITHIN.toSeconds() + " s");
	}

	private String freeze(Optional<Long> pid, String what, Duration hold) {
		long frozen = pid.orElseThrow(() -> new IllegalStateException(what + " is not running"));
		Processes.signal("STOP", List.of(frozen));
		try {
			pause(hold);
		}
		finally {
			Processes.signal("CONT", List.of(frozen));
		}
		return "stopped pid " + frozen + " for " + hold.toSeconds() + " s";
	}

	private String killNginxWorker() {
		long master = this.processes.nginxMaster()
			.orElseThrow(() -> new IllegalStateException("no nginx master in nginx-control's pid file"));
		List<Long> family = Processes.withChildren(master);
		if (family.size() < 2) {
			throw new IllegalStateException("nginx's master " + master + " has no worker");
		}
		long worker = family.get(1);
		Processes.signal("KILL", List.of(worker));
		return "killed worker pid " + worker;
	}

	private String malformed(String topic) {
		String key = this.stack.options().service();
		byte[] value = "{\"type\":\"NoSuchMessage\",\"service\":".getBytes(StandardCharsets.UTF_8);
		write(topic, null, key, value);
		return "wrote a record that is not JSON to " + topic + " under key " + key;
	}

	private String duplicate(String topic) {
		String service = this.stack.options().service();
		List<ConsumerRecord<String, String>> records = this.kafka.readToEnd(topic, null);
		ConsumerRecord<String, String> latest = null;
		for (ConsumerRecord<String, String> record : records) {
			boolean ours = record.key() != null
					&& (record.key().equals(service) || record.key().startsWith(service + "/"));
			if (ours && record.value() != null && (latest == null || record.timestamp() >= latest.timestamp())) {
				latest = record;
			}
		}
		if (latest == null) {
			throw new IllegalStateException("no record of " + service + " on " + topic + " to duplicate");
		}
		// On its own partition, as a producer's retry would write it: on another, its
		// order
		// against the newer records of its key would be lost, which no duplicate does.
		write(topic, latest.partition(), latest.key(), latest.value().getBytes(StandardCharsets.UTF_8));
		return "published again the record at offset " + latest.offset() + " of " + topic + "-" + latest.partition()
				+ " (key " + latest.key() + ")";
	}

	private void write(String topic, Integer partition, String key, byte[] value) {
		try {
			this.admin.send(new ProducerRecord<>(this.prefix + topic, partition, key, value))
				.get(120, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not write to " + topic + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/**
	 * Kills the process of the instance the deploy restarts (or launches) first, once it
	 * runs again and is being verified.
	 */
	private Injected killVerifiedInstance(CompletableFuture<JsonNode> firstRestart,
			CompletableFuture<JsonNode> firstVerified, Duration after) {
		JsonNode step;
		try {
			step = firstRestart.get(RESTART_WITHIN.toSeconds(), TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			return new Injected(false, System.currentTimeMillis(), System.currentTimeMillis(),
					"not done: the deploy restarted nothing", null);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
		String instance = "InstanceLaunched".equals(step.path("type").asString())
				? this.stack.options().service() + "-" + step.path("port").asInt() : step.path("instanceId").asString();
		String address = step.path("host").asString() + ":" + step.path("port").asInt();
		String[] pid = { null };
		Await.until(instance + " running again", READY_WITHIN, () -> {
			pid[0] = this.stack.pid(instance).orElse(null);
			return pid[0] != null;
		});
		// A random moment of its verification (its first second or so of running), at the
		// latest as the deployer records it verified. Later, it is an instance serving
		// that
		// dies, maybe while the next one restarts: two instances down at once where
		// min-healthy spares one (the README's limits).
		try {
			firstVerified.get(after.dividedBy(6).toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException | CancellationException ex) {
			// the moment came first
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
		long at = System.currentTimeMillis();
		Processes.signal("KILL", List.of(Long.parseLong(pid[0])));
		return new Injected(true, at, System.currentTimeMillis(), "killed " + instance + " (pid " + pid[0] + ")",
				address);
	}

	private static FaultTarget target(String process) {
		return FaultTarget.SERVICES.stream()
			.filter((target) -> target.process().equals(process))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("not a service of the stack: " + process));
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	@Override
	public void close() {
		this.admin.close(Duration.ofSeconds(5));
	}

	/**
	 * A fault done, or not.
	 *
	 * @param done whether it was done
	 * @param at when it was done, milliseconds since the epoch
	 * @param endedAt when its own end was (the service back, the process resumed)
	 * @param note what was done
	 * @param instance for an instance kill, the instance's address
	 */
	record Injected(boolean done, long at, long endedAt, String note, String instance) {

	}

}
