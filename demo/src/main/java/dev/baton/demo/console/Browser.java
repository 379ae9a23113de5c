package dev.baton.demo.console;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import dev.baton.cli.Json;
import tools.jackson.databind.JsonNode;

/**
 * A headless Chromium driven through chromedriver's W3C WebDriver protocol, as Selenium
 * drives it: a session, a page, elements found by CSS selector, clicks, keys, scripts and
 * screenshots. Only what the console's check needs, over the JDK's HTTP client.
 */
final class Browser implements AutoCloseable {

	/** W3C WebDriver's key for an element reference in JSON. */
	private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

	private final Process driver;

	private final URI session;

	private final HttpClient http = HttpClient.newHttpClient();

	private Browser(Process driver, URI session) {
		this.driver = driver;
		this.session = session;
	}

	/**
	 * Starts chromedriver and a headless Chromium session.
	 * @param chromium the browser's binary
	 * @param profile a directory of the browser's own
	 * @param log chromedriver's log
	 * @param niceness the scheduling priority of the driver and the browser it starts, as
	 * {@code nice} takes it
	 * @return the browser
	 * @throws IOException when either does not start
	 */
	static Browser start(Path chromium, Path profile, Path log, int niceness) throws IOException, InterruptedException {
		int port;
		try (ServerSocket free = new ServerSocket(0)) {
			port = free.getLocalPort();
		}
		Process driver = new ProcessBuilder("nice", "-n", Integer.toString(niceness), "chromedriver", "--port=" + port)
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		URI base = URI.create("http://127.0.0.1:" + port);
		HttpClient http = HttpClient.newHttpClient();
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		while (true) {
			try {
				http.send(HttpRequest.newBuilder(base.resolve("/status")).build(),
						HttpResponse.BodyHandlers.ofString());
				break;
			}
			catch (IOException ex) {
				if (System.nanoTime() > deadline || !driver.isAlive()) {
					driver.destroyForcibly();
					throw new IOException("chromedriver did not start (log in " + log + ")", ex);
				}
				Thread.sleep(100);
			}
		}
		Map<String, Object> options = Map.of("binary", chromium.toString(), "args",
				List.of("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
						"--window-size=1440,1100",
						"--user-data-dir=" + Files.createTempDirectory(Files.createDirectories(profile), "profile-")));
		String capabilities = Json.mapper()
			.writeValueAsString(Map.of("capabilities",
					Map.of("alwaysMatch", Map.of("browserName", "chrome", "goog:chromeOptions", options))));
		JsonNode created = call(http, "POST", base.resolve("/session"), capabilities);
		return new Browser(driver, base.resolve("/session/" + created.path("sessionId").asString()));
	}

	void open(String url) throws IOException, InterruptedException {
		send("POST", "url", Map.of("url", url));
	}

	String url() throws IOException, InterruptedException {
		return send("GET", "url", null).asString();
	}

	/**
	 * @param css a CSS selector
	 * @return the first matching element's reference
	 * @throws IOException when none matches
	 */
	String find(String css) throws IOException, InterruptedException {
		return send("POST", "element", Map.of("using", "css selector", "value", css)).path(ELEMENT).asString();
	}

	void click(String element) throws IOException, InterruptedException {
		send("POST", "element/" + element + "/click", Map.of());
	}

	void type(String element, String text) throws IOException, InterruptedException {
		send("POST", "element/" + element + "/value", Map.of("text", text));
	}

	/**
	 * Runs a script in the page.
	 * @param script the function body; {@code arguments} holds the arguments
	 * @param arguments its arguments
	 * @return what it returned, as JSON
	 */
	JsonNode script(String script, Object... arguments) throws IOException, InterruptedException {
		return send("POST", "execute/sync", Map.of("script", script, "args", List.of(arguments)));
	}

	void screenshot(Path png) throws IOException, InterruptedException {
		Files.write(png, Base64.getDecoder().decode(send("GET", "screenshot", null).asString()));
	}

	@Override
	public void close() {
		try {
			call(this.http, "DELETE", this.session, null);
		}
		catch (IOException | InterruptedException ex) {
			// the driver goes anyway
		}
		this.driver.destroy();
	}

	private JsonNode send(String method, String path, Object body) throws IOException, InterruptedException {
		return call(this.http, method, URI.create(this.session + "/" + path),
				(body != null) ? Json.mapper().writeValueAsString(body) : null);
	}

	private static JsonNode call(HttpClient http, String method, URI uri, String body)
			throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(uri)
			.timeout(Duration.ofSeconds(60))
			.header("Content-Type", "application/json")
			.method(method,
					(body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody())
			.build();
		HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
		JsonNode value = Json.mapper().readTree(response.body()).path("value");
		if (response.statusCode() != 200) {
			throw new IOException(method + " " + uri.getPath() + ": " + value.path("error").asString() + ": "
					+ value.path("message").asString().lines().findFirst().orElse(""));
		}
		return value;
	}

}
