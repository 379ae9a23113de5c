package dev.baton.loadgen;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.baton.loadgen.live.LongLivedSettings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CommandLineTests {

	@Test
	void readsDurationsInTheUsualUnits() {
		assertThat(CommandLine.duration("30s")).isEqualTo(Duration.ofSeconds(30));
		assertThat(CommandLine.duration("500ms")).isEqualTo(Duration.ofMillis(500));
		assertThat(CommandLine.duration("2m")).isEqualTo(Duration.ofMinutes(2));
		assertThat(CommandLine.duration("1.5")).isEqualTo(Duration.ofMillis(1500));
		assertThatIllegalArgumentException().isThrownBy(() -> CommandLine.duration("soon"));
	}

	@Test
	void defaultsToThreeHundredPerSecondTwoGetsPerPostUntilStopped() {
		LoadSettings settings = new CommandLine(new String[] { "--target", "http://127.0.0.1:8080" }).loadSettings();

		assertThat(settings.rate()).isEqualTo(300);
		assertThat(settings.getWeight()).isEqualTo(2);
		assertThat(settings.postWeight()).isEqualTo(1);
		assertThat(settings.duration()).isNull();
		assertThat(settings.getPath()).isEqualTo("/work");
		assertThat(settings.postPath()).isEqualTo("/orders");
	}

	@Test
	void readsEveryOption() {
		LoadSettings settings = new CommandLine(
				new String[] { "--target=http://127.0.0.1:9000", "--rate", "50", "--duration", "10s", "--mix", "1:3",
						"--max-in-flight", "10", "--out", "x.json", "--fail-on-errors", "--quiet" })
			.loadSettings();

		assertThat(settings.rate()).isEqualTo(50);
		assertThat(settings.duration()).isEqualTo(Duration.ofSeconds(10));
		assertThat(settings.getWeight()).isEqualTo(1);
		assertThat(settings.postWeight()).isEqualTo(3);
		assertThat(settings.maxInFlight()).isEqualTo(10);
		assertThat(settings.output()).hasToString("x.json");
		assertThat(settings.failOnErrors()).isTrue();
		assertThat(settings.quiet()).isTrue();
	}

	@Test
	void settingsGiveTheCommandLineThatReadsBackAsThem() {
		LoadSettings every = new LoadSettings(URI.create("http://127.0.0.1:9000"), "/a", "/b", 12.5,
				Duration.ofMillis(1500), 1, 3, Duration.ofMillis(250), Duration.ofSeconds(7), 10, 2, Path.of("stop"),
				Path.of("x.json"), true, true, Path.of("requests.tsv"));
		LoadSettings defaults = LoadSettings.defaults(URI.create("http://127.0.0.1:8080"));

		assertThat(new CommandLine(every.arguments().toArray(String[]::new)).loadSettings()).isEqualTo(every);
		assertThat(new CommandLine(defaults.arguments().toArray(String[]::new)).loadSettings()).isEqualTo(defaults);
	}

	@Test
	void warmsUpOnlyWhenToldAndNeverForANegativeTime() {
		assertThat(new CommandLine(new String[] { "--target", "http://127.0.0.1:8080" }).warmUp()).isZero();
		CommandLine line = new CommandLine(
				new String[] { "--target", "http://127.0.0.1:8080", "--warm-up", "3s", "--stop-with-parent" });
		assertThat(line.warmUp()).isEqualTo(Duration.ofSeconds(3));
		assertThat(line.has("stop-with-parent")).isTrue();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new CommandLine(new String[] { "--target", "http://127.0.0.1:8080", "--warm-up", "-1s" })
				.warmUp())
			.withMessageContaining("--warm-up");
	}

	@Test
	void asksForNoLongLivedClientUnlessTold() {
		URI target = URI.create("http://127.0.0.1:8080");

		assertThat(new CommandLine(new String[] { "--target", target.toString() }).longLivedSettings(target)).isNull();
	}

	@Test
	void longLivedSettingsGiveTheOptionsThatReadBackAsThem() {
		URI target = URI.create("http://127.0.0.1:8080");
		LongLivedSettings every = new LongLivedSettings(target, 4, "/socket", Duration.ofMillis(500),
				Duration.ofSeconds(20), 2, "/stream", 45, LongLivedSettings.defaults(target).openTimeout(),
				LongLivedSettings.defaults(target).silenceTimeout(), Path.of("connections.jsonl"));
		LongLivedSettings few = LongLivedSettings.defaults(target).withWebSockets(0).withEventStreams(3, 30);

		for (LongLivedSettings settings : new LongLivedSettings[] { every, few }) {
			assertThat(new CommandLine(settings.arguments().toArray(String[]::new)).longLivedSettings(target))
				.isEqualTo(settings);
		}
	}

	@Test
	void refusesLongLivedOptionsOutOfRangeSayingWhich() {
		URI target = URI.create("http://127.0.0.1:8080");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> new CommandLine(new String[] { "--event-streams", "1", "--stream-seconds", "0" })
				.longLivedSettings(target))
			.withMessageContaining("streamSeconds");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new CommandLine(new String[] { "--websockets", "-1" }).longLivedSettings(target))
			.withMessageContaining("webSockets");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new CommandLine(new String[] { "--websockets", "1", "--websocket-lifetime", "0s" })
				.longLivedSettings(target))
			.withMessageContaining("webSocketLifetime");
	}

	@Test
	void spreadsTheMixEvenly() {
		RequestMix mix = new RequestMix(2, 1);

		assertThat(mix.methodOf(0)).isEqualTo(RequestMix.Method.GET);
		assertThat(mix.methodOf(1)).isEqualTo(RequestMix.Method.GET);
		assertThat(mix.methodOf(2)).isEqualTo(RequestMix.Method.POST);
		assertThat(mix.methodOf(3)).isEqualTo(RequestMix.Method.GET);
	}

}
