package dev.baton.nginx;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import dev.baton.kafka.testing.ServiceProcess;

/**
 * An nginx-control node in a JVM of its own, so a test can kill it with SIGKILL and start
 * it again with the same command line, as an operator or a supervisor would. Closed with
 * a clean stop (SIGTERM), which also stops its managed nginx; whatever nginx is left is
 * killed.
 */
public final class NodeProcess implements AutoCloseable {

	private final String name;

	private final RunningNode.Arguments arguments;

	private ServiceProcess process;

	private Instant started;

	public NodeProcess(String name, RunningNode.Arguments arguments) {
		this.name = name;
		this.arguments = arguments;
	}

	/** Starts the node and returns at once. */
	public void start() {
		this.started = Instant.now();
		this.process = ServiceProcess.start(this.name, NginxControlApplication.class, jvmDirectory(),
				this.arguments.commandLine());
	}

	/** Beside the node's working directory, which the node must create itself. */
	private Path jvmDirectory() {
		Path work = this.arguments.workingDirectory();
		return work.resolveSibling(work.getFileName() + "-jvm");
	}

	/** When the last {@link #start()} began the process. */
	Instant started() {
		return this.started;
	}

	public void awaitOutput(String text) {
		this.process.awaitOutput(text, Duration.ofSeconds(90));
	}

	/** SIGKILL: no shutdown hook, nothing sent, nginx not told. */
	public void kill() {
		this.process.kill();
	}

	/** SIGTERM, and waits for the node's clean stop to end. */
	void stop() {
		this.process.stop();
	}

	public String output() {
		return this.process.output();
	}

	@Override
	public void close() {
		if (this.process != null && this.process.isAlive()) {
			this.process.stop();
		}
		NginxProcesses.killAll(this.arguments.workingDirectory());
	}

}
