package dev.baton.demo.console;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.baton.cli.Connection;
import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.registration.InstanceRegistered;
import dev.baton.demo.Await;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.Runs;
import tools.jackson.databind.JsonNode;

import static dev.baton.demo.console.ConsolePage.text;

/**
 * {@code ./baton console-bench}: how long the console's page takes to show the whole
 * fleet when it is opened, in a real headless Chromium against the local stack. A load is
 * timed from the navigation's start to the frame its first screen is painted in, with
 * every service of the fleet and the tables a reader can scroll to in a screen or two
 * (the page's own performance marks), first with the stack's own fleet (the baseline),
 * then with 1,000 instances in the registry: the rest registered through
 * {@code registrations}, as a scaling system registers them, at addresses where nothing
 * answers, so that they stay unhealthy and out of nginx. The browser runs at the
 * console's priority ({@link #BROWSER_NICENESS}); the 1,000 are measured once more with
 * it at the default priority, to show what a browser on the same cores takes from the
 * console. Target: the median at 1,000 instances, the browser at the console's priority,
 * within {@link #TARGET}. Prints the figures side by side and writes them to the report.
 */
public final class FirstRenderBenchmark {

	private static final int FLEET = 1_000;

	private static final Duration TARGET = Duration.ofMillis(300);

	/**
	 * Loads timed per fleet, after one that warms the browser's and the console's caches.
	 */
	private static final int ROUNDS = 10;

	/** The services the extra instances belong to, as a fleet of several services has. */
	private static final List<String> SERVICES = List.of("catalog", "payments", "search", "cart", "accounts",
			"inventory", "shipping", "pricing", "reviews");

	/** The first port of the extra instances: nothing listens from there on loopback. */
	private static final int FIRST_PORT = 21_000;

	private static final Duration WAIT = Duration.ofMinutes(3);

	/** The fleet's last service's block: below the first screens, with several pages. */
	private static final String LAST_SERVICE = "#fleet > .service:last-child";

	/**
	 * The browser stands in for an operator's machine, but runs on the stack's cores: at
	 * the priority the stack gives its services (the console's), not above it, so that
	 * the browser's own work does not hold the console it measures off the CPU, which an
	 * operator's browser on a machine of its own never does.
	 */
	private static final int BROWSER_NICENESS = 10;

	private static final String MARKS = """
			const mark = (name) => performance.getEntriesByName(name)[0].startTime;
			return { painted: mark('baton-view-painted'), built: mark('baton-view-built'),
			  received: mark('baton-view-received'), opened: mark('baton-stream-opened'),
			  arrived: mark('baton-view-arrived'), script: mark('baton-script-started') };
			""";

	/** The parts of a first render, as MARKS names them, in the table's order. */
	private static final List<String> PARTS = List.of("opened", "arrived", "script", "received", "built");

	private static final String VIEW_SIZE = """
			const view = new XMLHttpRequest();
			view.open('GET', '/api/view', false);
			view.send();
			const instances = JSON.parse(view.responseText).instances;
			return JSON.stringify({ bytes: view.responseText.length, instances: instances.length,
			  judged: instances.filter((instance) => instance.health).length });
			""";

	private final DemoOptions options;

	private final PrintStream out;

	FirstRenderBenchmark(DemoOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	public static void main(String[] args) {
		Runs.exit((out) -> new FirstRenderBenchmark(DemoOptions.parse(args), out).run());
	}

	/**
	 * @return true: a benchmark reports its figures, and a missed target is one of them
	 */
	boolean run() throws Exception {
		Path report = Files.createDirectories(this.options.reportDirectory());
		List<Fleet> fleets = new ArrayList<>();
		Fleet large;
		try (Browser browser = ConsolePage.browser(this.options, BROWSER_NICENESS)) {
			ConsolePage.logIn(browser, "bench-operator", ConsolePage.token(this.options));
			int own = view(browser).path("instances").asInt();
			fleets.add(measure(browser, "the stack's own", own));
			register(FLEET - own);
			// measured once the fleet has settled: every instance in the view with
			// its first health verdict, not while the registry and health-service
			// take in a thousand registrations at once
			Await.until(FLEET + " instances in the console's view, each with a health verdict", WAIT,
					() -> view(browser).path("judged").asInt() == FLEET);
			large = measure(browser, "the stack's and " + (FLEET - own) + " registered", FLEET);
			fleets.add(large);
			lastServiceScrolledTo(browser);
		}
		// the same page and fleet, the browser at the default priority
		try (Browser browser = ConsolePage.browser(this.options, 0)) {
			ConsolePage.logIn(browser, "bench-operator", ConsolePage.token(this.options));
			fleets.add(measure(browser, "the same, the browser above the console's priority", FLEET));
		}
		String table = table(fleets);
		String verdict = (large.paintedMedian() <= TARGET.toMillis())
				? String.format(Locale.ROOT, "Target met: %.0f ms median at %,d instances (target ≤ %d ms).",
						large.paintedMedian(), FLEET, TARGET.toMillis())
				: String.format(Locale.ROOT, "Target missed: %.0f ms median at %,d instances (target ≤ %d ms).",
						large.paintedMedian(), FLEET, TARGET.toMillis());
		Files.writeString(report.resolve("console-bench.md"),
				"# The console's first render\n\n" + table + "\n" + verdict + "\n");
		this.out.println();
		this.out.println(table);
		this.out.println(verdict);
		return true;
	}

	private Fleet measure(Browser browser, String name, int instances) throws Exception {
		double[] painted = new double[ROUNDS];
		Map<String, double[]> parts = new LinkedHashMap<>();
		PARTS.forEach((part) -> parts.put(part, new double[ROUNDS]));
		for (int round = -1; round < ROUNDS; round++) {
			browser.open(ConsolePage.CONSOLE.toString());
			Await.until("the page painted with " + instances + " instances", WAIT, () -> String.valueOf(instances)
				.equals(text(browser, "return document.body.dataset.rendered ?? ''")));
			JsonNode marks = browser.script(MARKS);
			if (round >= 0) {
				painted[round] = marks.path("painted").asDouble();
				for (Map.Entry<String, double[]> part : parts.entrySet()) {
					part.getValue()[round] = marks.path(part.getKey()).asDouble();
				}
			}
		}
		JsonNode view = view(browser);
		Fleet fleet = new Fleet(name, instances, view.path("bytes").asLong(), painted, parts);
		this.out.printf(Locale.ROOT, "%,d instances (%s): painted %s ms%n", instances, name,
				Arrays.toString(Arrays.stream(painted).mapToLong(Math::round).toArray()));
		return fleet;
	}

	/**
	 * What the first render leaves out is there when a reader goes to it: scrolled to the
	 * bottom, the last service's table fills with its first page, and its next page holds
	 * instances that came after the first part of the view.
	 */
	private void lastServiceScrolledTo(Browser browser) throws Exception {
		String rows = "return String(document.querySelector('" + LAST_SERVICE + " tbody').rows.length)";
		String first = "return document.querySelector('" + LAST_SERVICE + " tbody tr')?.dataset.instanceId ?? ''";
		String unscrolled = text(browser, rows);
		browser.script("window.scrollTo(0, document.body.scrollHeight)");
		Await.until("the last service's table filled once scrolled to", WAIT, () -> !text(browser, first).isEmpty());
		String before = text(browser, first);
		browser.click(browser.find(LAST_SERVICE + " button[data-page='1']"));
		Await.until("the last service's next page", WAIT, () -> !before.equals(text(browser, first)));
		this.out.printf(Locale.ROOT,
				"the last service: %s rows before it was scrolled to, %s after; its next page starts at %s%n",
				unscrolled, text(browser, rows), text(browser, first));
	}

	/**
	 * Registers instances of several services, each at an address where nothing listens,
	 * as {@code baton register} does.
	 */
	private void register(int count) {
		Connection connection = Connection.of(this.options.run().resolve("secrets/operator.cli.properties"));
		try (Kafka kafka = new Kafka(connection)) {
			for (int i = 0; i < count; i++) {
				ServiceName service = ServiceName.of(SERVICES.get(i % SERVICES.size()));
				kafka.send("registrations", service.value(), new InstanceRegistered(null, null, service, "127.0.0.1",
						FIRST_PORT + i, Version.of("v1"), "/health", "console-bench", null));
			}
		}
		this.out.printf(Locale.ROOT, "registered %,d instances of %d services%n", count, SERVICES.size());
	}

	private static JsonNode view(Browser browser) {
		String answer = text(browser, VIEW_SIZE);
		return answer.isEmpty() ? Json.mapper().createObjectNode() : Json.mapper().readTree(answer);
	}

	private static String table(List<Fleet> fleets) {
		StringBuilder table = new StringBuilder(
				"| instances | fleet | first render, median | slowest | stream opened | view arrived | script started | view received | view built | the whole view's JSON |\n"
						+ "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
		for (Fleet fleet : fleets) {
			table.append(String.format(Locale.ROOT, "| %,d | %s | %.0f ms | %.0f ms | ", fleet.instances(),
					fleet.name(), fleet.paintedMedian(), Arrays.stream(fleet.painted()).max().orElse(0)));
			fleet.parts()
				.values()
				.forEach((part) -> table.append(String.format(Locale.ROOT, "%.0f ms | ", median(part))));
			table.append(String.format(Locale.ROOT, "%,d KB |%n", fleet.viewBytes() / 1024));
		}
		table.append(String.format(Locale.ROOT,
				"%nHeadless Chromium at the console's priority (nice 10) unless the fleet says otherwise, %d loads per fleet after one warm-up load; first render: from the navigation's"
						+ " start to the frame painted with the view's first screen, and the medians of its parts: stream opened, to"
						+ " the page opening its live stream; view arrived, to the view's first part (each service's first page"
						+ " of instances and the rest of the view but the other instances) reaching the page; script started, to"
						+ " console.js starting to run; view received, to that part taken by console.js; view built, to that part in"
						+ " the document. The whole view's JSON is the size of all of it, as /api/view answers.%n",
				ROUNDS));
		return table.toString();
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	/**
	 * @param parts the medians' columns, by the page's mark, in {@link #PARTS}' order
	 */
	private record Fleet(String name, int instances, long viewBytes, double[] painted, Map<String, double[]> parts) {

		double paintedMedian() {
			return median(this.painted);
		}

	}

}
