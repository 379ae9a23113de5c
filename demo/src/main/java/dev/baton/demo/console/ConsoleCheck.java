package dev.baton.demo.console;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;

import dev.baton.cli.Connection;
import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.demo.Await;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.LoadRun;
import dev.baton.demo.Processes;
import dev.baton.demo.Runs;
import dev.baton.demo.Stack;
import dev.baton.loadgen.LoadResult;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

import static dev.baton.demo.console.ConsolePage.count;
import static dev.baton.demo.console.ConsolePage.present;
import static dev.baton.demo.console.ConsolePage.text;

/**
 * {@code ./baton console-check}: the console in a real headless Chromium against the real
 * stack, as an operator uses it, under the demo's load (its releases taking 200 ms a
 * request, as in the chaos suite, so that a drain lasts long enough to be seen on the
 * page). It logs in, sees both instances of the sample service, asks for a deploy from
 * the page and watches its steps come (each within a second of its event, in the order of
 * {@code deploy.steps}) and a drain's in-flight count, takes an instance offline with a
 * click (nginx stops picking it, and the audit trail names the operator, and shows the
 * markup typed into its reason as text), is refused without a session, and goes to the
 * login when the console is killed and started again. Takes a screenshot during the
 * deploy. Exits 0 only when every check passed.
 */
public final class ConsoleCheck {

	private static final String OPERATOR = "ci-operator";

	private static final Duration WAIT = Duration.ofSeconds(60);

	/**
	 * How soon after a restarted console has started the page is on its login: the page
	 * asks every 2 s.
	 */
	private static final Duration BACK_AT_THE_LOGIN = Duration.ofSeconds(10);

	private static final String INJECTED = "injected-by-a-reason";

	/** Typed into the offline's reason, as an operator could. */
	private static final String MARKUP = "<img id=\"" + INJECTED + "\" src=\"x\">";

	/** How late a step may reach the page after its event. */
	private static final Duration LIVE = Duration.ofSeconds(1);

	/**
	 * Records, as they reach the page, each deploy step's event time and the moment it
	 * was shown, and every text a peer's drain showed.
	 */
	private static final String OBSERVER = """
			window.batonSeen = { steps: {}, drains: [] };
			const record = () => {
			  document.querySelectorAll('article[data-deploy-id]').forEach((card) => {
			    card.querySelectorAll('li[data-type]').forEach((step, index) => {
			      const key = card.dataset.deployId + '|' + index;
			      if (!window.batonSeen.steps[key]) {
			        window.batonSeen.steps[key] = { deployId: card.dataset.deployId, index, type: step.dataset.type,
			          at: step.dataset.at, seen: Date.now() };
			      }
			    });
			  });
			  document.querySelectorAll('.peer').forEach((peer) => {
			    if (peer.textContent.includes('in flight') && !window.batonSeen.drains.includes(peer.textContent)) {
			      window.batonSeen.drains.push(peer.textContent);
			    }
			  });
			};
			new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
			""";

	private final DemoOptions options;

	private final PrintStream out;

	private final URI console = ConsolePage.CONSOLE;

	private final List<Check> checks = new ArrayList<>();

	ConsoleCheck(DemoOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	public static void main(String[] args) {
		Runs.exit((out) -> new ConsoleCheck(DemoOptions.parse(args), out).run());
	}

	boolean run() throws Exception {
		Path report = Files.createDirectories(this.options.reportDirectory());
		Stack stack = new Stack(this.options);
		refusedWithoutASession();
		try (Browser browser = ConsolePage.browser(this.options)) {
			logIn(browser, ConsolePage.token(this.options));
			LoadRun load = LoadRun.start(this.options);
			Await.steadyLoad(this.options.settle());
			String deployId = deployFromThePage(browser, report.resolve("console.png"));
			Await.steadyLoad(this.options.settle());
			LoadResult requests = load.stop();
			record("no request failed during the deploy", requests.failed() == 0,
					requests.requests() + " requests, " + requests.failed() + " failed");
			stepsCameLiveAndInOrder(browser, deployId);
			offlineFromThePage(browser, stack);
			loginAfterTheConsoleRestarts(browser);
		}
		String table = table();
		Files.writeString(report.resolve("console.md"), "# The console in a browser\n\n" + table);
		this.out.println();
		this.out.println(table);
		boolean passed = this.checks.stream().allMatch(Check::pass);
		this.out.println(passed ? "EVERY CONSOLE CHECK PASSED" : "SOME CONSOLE CHECKS FAILED");
		return passed;
	}

	private void refusedWithoutASession() throws IOException, InterruptedException {
		HttpClient http = HttpClient.newHttpClient();
		int view = http
			.send(HttpRequest.newBuilder(this.console.resolve("/api/view")).build(),
					HttpResponse.BodyHandlers.discarding())
			.statusCode();
		int offline = http
			.send(HttpRequest.newBuilder(this.console.resolve("/api/instances/orders-1/offline"))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{}"))
				.build(), HttpResponse.BodyHandlers.discarding())
			.statusCode();
		record("a request without a session is refused", view == 401 && offline == 401,
				"GET /api/view " + view + ", POST /api/instances/orders-1/offline " + offline);
	}

	private void logIn(Browser browser, String token) throws Exception {
		boolean sentToLogin = ConsolePage.logIn(browser, OPERATOR, token);
		Await.until("both instances on the page", WAIT, () -> rows(browser) >= 2);
		browser.script(OBSERVER);
		record("the page shows both instances of " + this.options.service(),
				sentToLogin && present(browser, "tr[data-instance-id='orders-1']")
						&& present(browser, "tr[data-instance-id='orders-2']"),
				(sentToLogin ? "sent to the login page first; " : "NOT sent to the login page; ") + rows(browser)
						+ " instance rows after logging in as " + OPERATOR);
	}

	private String deployFromThePage(Browser browser, Path screenshot) throws Exception {
		browser.type(browser.find("#deploy-service"), this.options.service());
		browser.type(browser.find("#deploy-version"), "v2");
		browser.click(browser.find("#deploy-form button"));
		browser.click(browser.find("#confirm-ok"));
		Await.until("the deploy on the page", WAIT, () -> present(browser, "article.running li[data-type]"));
		String deployId = text(browser, "return document.querySelector('article.running').dataset.deployId");
		Await.until("a drain on the page", WAIT, () -> count(browser, "article.running li") >= 4);
		browser.screenshot(screenshot);
		Await.until("the deploy's end on the page", Duration.ofMinutes(5), () -> !present(browser, "article.running"));
		String outcome = text(browser,
				"return document.querySelector(\"article[data-deploy-id='" + deployId + "'] .outcome\").textContent");
		record("a deploy asked for on the page succeeds", outcome.contains("succeeded"),
				deployId + ":" + outcome + "; screenshot " + screenshot.getFileName());
		return deployId;
	}

	private void stepsCameLiveAndInOrder(Browser browser, String deployId) throws Exception {
		JsonNode seen = browser.script("return window.batonSeen");
		List<JsonNode> steps = StreamSupport.stream(seen.path("steps").spliterator(), false)
			.filter((step) -> deployId.equals(step.path("deployId").asString()))
			.sorted((a, b) -> Integer.compare(a.path("index").asInt(), b.path("index").asInt()))
			.toList();
		long latest = 0;
		for (JsonNode step : steps) {
			latest = Math.max(latest,
					step.path("seen").asLong() - Instant.parse(step.path("at").asString()).toEpochMilli());
		}
		List<String> onThePage = steps.stream().map((step) -> step.path("type").asString()).toList();
		List<String> onKafka = new ArrayList<>();
		try (Kafka kafka = new Kafka(Connection.of(this.options.run().resolve("secrets/operator.cli.properties")))) {
			for (ConsumerRecord<String, String> record : kafka.readToEnd("deploy.steps", null)) {
				JsonNode step = (record.value() != null) ? Json.mapper().readTree(record.value()) : null;
				if (step != null && deployId.equals(step.path("deployId").asString())) {
					onKafka.add(step.path("type").asString());
				}
			}
		}
		record("the steps are shown in the order of deploy.steps", !onThePage.isEmpty() && onThePage.equals(onKafka),
				onThePage.size() + " steps: " + String.join(" → ", onThePage));
		record("each step is shown within " + LIVE.toMillis() + " ms of its event",
				!steps.isEmpty() && latest <= LIVE.toMillis(), "latest " + latest + " ms after its event");
		List<String> drains = StreamSupport.stream(seen.path("drains").spliterator(), false)
			.map(JsonNode::asString)
			.toList();
		record("a drain's in-flight count is shown", drains.stream().anyMatch((text) -> text.contains("draining")),
				drains.isEmpty() ? "no peer on the page showed requests in flight" : String.join("; ", drains));
	}

	private void offlineFromThePage(Browser browser, Stack stack) throws Exception {
		browser.click(browser.find("tr[data-instance-id='orders-1'] button[data-action='offline']"));
		browser.type(browser.find("#confirm-reason"), "checked from the browser " + MARKUP);
		browser.click(browser.find("#confirm-ok"));
		Await.until("nginx no longer picking orders-1", WAIT, () -> "down".equals(stack.peerState(9001)));
		Await.until("the operator's name in the page's audit trail", WAIT,
				() -> text(browser, "return document.getElementById('audit').textContent")
					.contains(OPERATOR + " lifecycle.OFFLINE orders-1"));
		Stack.CliRun audit = stack.baton("audit", "--since", "30m");
		boolean audited = audit.out()
			.lines()
			.anyMatch((line) -> line.contains("orders-1") && line.contains("OFFLINE") && line.contains(OPERATOR));
		record("an offline click takes the instance out of nginx, in the operator's name",
				"down".equals(stack.peerState(9001)) && audited,
				"nginx: 127.0.0.1:9001 " + stack.peerState(9001) + "; baton audit: `"
						+ audit.out()
							.lines()
							.filter((line) -> line.contains("orders-1") && line.contains("OFFLINE"))
							.findFirst()
							.orElse("no OFFLINE")
						+ "`");
		// the reason reached every open page through the audit trail: what an operator
		// types is shown as it was typed, and made no element
		String trail = text(browser, "return document.getElementById('audit').textContent");
		boolean made = present(browser, "#" + INJECTED);
		record("markup in a reason is shown as text, not made into the page", trail.contains(MARKUP) && !made, made
				? "an element #" + INJECTED + " is on the page"
				: trail.contains(MARKUP) ? "the audit trail shows `" + MARKUP + "`" : "the reason is not in the trail");
		browser.click(browser.find("tr[data-instance-id='orders-1'] button[data-action='online']"));
		browser.click(browser.find("#confirm-ok"));
		Await.until("nginx picking orders-1 again", WAIT, () -> "up".equals(stack.peerState(9001)));
	}

	/**
	 * {@code kill -9} of the console with the page open, then the console started again
	 * with its own command line: the restarted console knows no session, so the page is
	 * to go to the login once the console answers, not go on showing the view from
	 * before.
	 */
	private void loginAfterTheConsoleRestarts(Browser browser) throws Exception {
		Processes processes = new Processes(this.options.run());
		long pid = processes.pid("console").orElseThrow(() -> new IllegalStateException("the console is not running"));
		Processes.signal("KILL", List.of(pid));
		Optional<Duration> started = processes.relaunchAndAwait("console", List.of(), "Started ConsoleApplication",
				WAIT);
		long back = System.nanoTime();
		boolean onTheLogin = true;
		try {
			Await.until("the page on the login", BACK_AT_THE_LOGIN,
					() -> text(browser, "return location.href").endsWith("/login.html"));
		}
		catch (IllegalStateException ex) {
			onTheLogin = false;
		}
		long took = Duration.ofNanos(System.nanoTime() - back).toMillis();
		record("a page whose console restarted goes to the login", started.isPresent() && onTheLogin,
				"killed pid " + pid + ", "
						+ started.map((startUp) -> "started again in " + startUp.toMillis() + " ms; ")
							.orElse("not started again within " + WAIT.toSeconds() + " s; ")
						+ (onTheLogin ? "the page on the login " + took + " ms after"
								: "the page not on the login within " + took + " ms"));
	}

	private void record(String name, boolean pass, String detail) {
		this.checks.add(new Check(name, pass, detail));
		this.out.printf("%s %s: %s%n", pass ? "PASS" : "FAIL", name, detail);
	}

	private String table() {
		StringBuilder table = new StringBuilder("| check | result | measured |\n| --- | --- | --- |\n");
		this.checks.forEach((check) -> table.append("| ")
			.append(check.name())
			.append(" | ")
			.append(check.pass() ? "pass" : "FAIL")
			.append(" | ")
			.append(check.detail().replace("|", "\\|"))
			.append(" |\n"));
		return table.toString();
	}

	private static int rows(Browser browser) {
		return count(browser, "tr[data-instance-id]");
	}

	private record Check(String name, boolean pass, String detail) {

	}

}
