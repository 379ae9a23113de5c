package dev.baton.demo.console;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.baton.demo.Await;
import dev.baton.demo.DemoOptions;

/**
 * The local stack's console in a headless Chromium: started, logged in, and read by CSS
 * selector or script. What the browser check and the first-render benchmark share.
 */
final class ConsolePage {

	static final URI CONSOLE = URI.create("http://127.0.0.1:7105");

	private static final Duration WAIT = Duration.ofSeconds(60);

	private ConsolePage() {
	}

	/**
	 * @param options the run, whose directory holds the browser's profile and log
	 * @return a headless Chromium, its driver started, at the default priority
	 */
	static Browser browser(DemoOptions options) throws IOException, InterruptedException {
		return browser(options, 0);
	}

	/**
	 * @param options the run, whose directory holds the browser's profile and log
	 * @param niceness the browser's scheduling priority, as {@code nice} takes it
	 * @return a headless Chromium, its driver started
	 */
	static Browser browser(DemoOptions options, int niceness) throws IOException, InterruptedException {
		return Browser.start(Path.of("/usr/bin/chromium"), options.run().resolve("chromium"),
				options.run().resolve("logs/chromedriver.log"), niceness);
	}

	/**
	 * @param options the run, whose directory holds the registry's admin token
	 * @return the token an operator logs in with
	 */
	static String token(DemoOptions options) throws IOException {
		return Files.readString(options.run().resolve("registry.token")).strip();
	}

	/**
	 * Opens the console, which sends a browser without a session to its login page, and
	 * logs in; returns once the page shows the fleet.
	 * @return whether the console sent the browser to the login page first
	 */
	static boolean logIn(Browser browser, String operator, String token) throws IOException, InterruptedException {
		browser.open(CONSOLE.toString());
		boolean sentToLogin = browser.url().endsWith("/login.html");
		browser.type(browser.find("#name"), operator);
		browser.type(browser.find("#token"), token);
		browser.click(browser.find("#login"));
		Await.until("the fleet on the page", WAIT, () -> count(browser, "tr[data-instance-id]") >= 1);
		return sentToLogin;
	}

	static int count(Browser browser, String css) {
		try {
			return browser.script("return document.querySelectorAll(arguments[0]).length", css).asInt();
		}
		catch (IOException ex) {
			return 0;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
	}

	static boolean present(Browser browser, String css) {
		return count(browser, css) > 0;
	}

	/**
	 * @param script a script that returns a string
	 * @return what it returned, or "" when the page could not run it
	 */
	static String text(Browser browser, String script) {
		try {
			return browser.script(script).asString();
		}
		catch (IOException ex) {
			return "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

}
