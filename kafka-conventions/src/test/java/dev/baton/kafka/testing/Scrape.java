package dev.baton.kafka.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Reads a running service's {@code /actuator/prometheus} as Prometheus would, for the
 * tests that check what each service exposes.
 */
public final class Scrape {

	private static final HttpClient HTTP = HttpClient.newHttpClient();

	private Scrape() {
	}

	/**
	 * Waits until the service exposes every series line given: an event is on its topic a
	 * moment before the service has recorded it.
	 * @param service the running service
	 * @param lines the exact series lines, value included
	 */
	public static void awaitSeries(ConfigurableApplicationContext service, String... lines) {
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(prometheus(service)).contains(lines));
	}

	/**
	 * Scrapes the service once.
	 * @param service the running service, on its {@code local.server.port}
	 * @return the exposition text
	 */
	public static String prometheus(ConfigurableApplicationContext service) {
		URI uri = URI.create("http://127.0.0.1:" + service.getEnvironment().getProperty("local.server.port")
				+ "/actuator/prometheus");
		try {
			HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(uri.toString()).isEqualTo(200);
			return response.body();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
