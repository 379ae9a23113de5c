package dev.baton.nginx;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.kafka.testing.FreePorts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * The balancer's pure Lua functions (effective weights, slow start, weighted round-robin,
 * least-in-flight by weight, retries, the stored set with its slow start) checked by
 * {@code picking_spec.lua} inside a real nginx, the LuaJIT they run on.
 */
class LuaPickingTests {

	@TempDir
	Path directory;

	@Test
	void weightsSlowStartAndPicksBehaveAsTheBalancerNeeds() throws Exception {
		assumeThat(Files.isExecutable(AttachedNginx.BINARY)).as("/usr/sbin/nginx is missing").isTrue();
		Path lua = Path.of(getClass().getResource("/dev/baton/nginx/lua/baton/weights.lua").toURI())
			.getParent()
			.getParent();
		Path spec = Path.of(getClass().getResource("/dev/baton/nginx/lua/picking_spec.lua").toURI()).getParent();
		int port = FreePorts.next();
		Path snippet = Files.writeString(this.directory.resolve("spec.conf"),
				"lua_package_path \"" + lua + "/?.lua;" + spec + "/?.lua;;\";\n" + "server {\n    listen 127.0.0.1:"
						+ port + ";\n    location / { content_by_lua_block { require(\"picking_spec\").run() } }\n}\n");
		try (AttachedNginx nginx = new AttachedNginx(this.directory.resolve("nginx"), snippet)) {
			nginx.start();
			HttpClient http = HttpClient.newHttpClient();
			HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build();

			String answer = await().atMost(Duration.ofSeconds(10))
				.ignoreExceptions()
				.until(() -> http.send(request, HttpResponse.BodyHandlers.ofString()).body(), (body) -> body != null);

			assertThat(answer.trim()).isEqualTo("ok");
		}
	}

}
