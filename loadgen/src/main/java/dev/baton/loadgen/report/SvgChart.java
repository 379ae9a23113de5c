package dev.baton.loadgen.report;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import dev.baton.loadgen.LoadResult.SecondSample;

/**
 * Draws one scenario as a hand-written SVG: requests/s (blue line) and errors/s (red
 * bars) on the left axis, p99 latency (orange line) on the right, and every step as a
 * dashed vertical line with its label.
 */
final class SvgChart {

	private static final int WIDTH = 960;

	private static final int HEIGHT = 440;

	private static final int LEFT = 70;

	private static final int RIGHT = WIDTH - 70;

	private static final int TOP = 50;

	private static final int BOTTOM = HEIGHT - 60;

	private final ScenarioResult scenario;

	private final List<SecondSample> samples;

	private final List<ScenarioResult.OffsetEvent> steps;

	private final double seconds;

	private final double maxCount;

	private final double maxMillis;

	private final StringBuilder svg = new StringBuilder();

	private SvgChart(ScenarioResult scenario) {
		this.scenario = scenario;
		this.samples = scenario.load().perSecond();
		this.steps = scenario.stepsFromLoadStart();
		double lastStep = this.steps.stream().mapToDouble(ScenarioResult.OffsetEvent::seconds).max().orElse(0);
		this.seconds = Math.max(1,
				Math.ceil(Math.max(Math.max(this.samples.size(), lastStep + 0.5), scenario.load().durationSeconds())));
		this.maxCount = niceCeiling(this.samples.stream()
			.mapToDouble((sample) -> Math.max(sample.requests(), sample.errors()))
			.max()
			.orElse(1));
		this.maxMillis = niceCeiling(this.samples.stream().mapToDouble(SecondSample::p99).max().orElse(1));
	}

	static String render(ScenarioResult scenario) {
		return new SvgChart(scenario).draw();
	}

	private String draw() {
		this.svg.append(format(
				"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
						+ "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">%n",
				WIDTH, HEIGHT, WIDTH, HEIGHT));
		this.svg.append(format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, HEIGHT));
		this.svg.append(format("<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">%s</text>%n", LEFT,
				escape(this.scenario.name())));
		axes();
		errors();
		line("requests", "#1f77b4", SecondSample::requests, this.maxCount);
		line("p99", "#ff7f0e", SecondSample::p99, this.maxMillis);
		steps();
		legend();
		return this.svg.append("</svg>\n").toString();
	}

	private void axes() {
		this.svg.append(format("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#999\"/>%n",
				LEFT, TOP, RIGHT - LEFT, BOTTOM - TOP));
		for (int i = 0; i <= 5; i++) {
			double y = BOTTOM - (BOTTOM - TOP) * i / 5.0;
			this.svg.append(
					format("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>%n", LEFT, y, RIGHT, y));
			this.svg.append(format("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT - 6, y + 4,
					number(this.maxCount * i / 5)));
			this.svg.append(
					format("<text x=\"%d\" y=\"%.1f\">%s</text>%n", RIGHT + 6, y + 4, number(this.maxMillis * i / 5)));
		}
		double step = tickStep(this.seconds);
		for (double s = 0; s <= this.seconds + 1e-9; s += step) {
			this.svg.append(format("<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x(s), BOTTOM + 16,
					number(s)));
		}
		this.svg.append(format("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seconds since the load started</text>%n",
				(LEFT + RIGHT) / 2, BOTTOM + 36));
		this.svg.append(format("<text transform=\"translate(16 %d) rotate(-90)\" text-anchor=\"middle\">"
				+ "requests/s, errors/s</text>%n", (TOP + BOTTOM) / 2));
		this.svg.append(format(
				"<text transform=\"translate(%d %d) rotate(90)\" text-anchor=\"middle\">" + "p99 latency (ms)</text>%n",
				WIDTH - 14, (TOP + BOTTOM) / 2));
	}

	private void errors() {
		double width = Math.max(1, (RIGHT - LEFT) / this.seconds * 0.8);
		for (SecondSample sample : this.samples) {
			if (sample.errors() > 0) {
				double top = y(sample.errors(), this.maxCount);
				this.svg.append(format(
						"<rect class=\"errors\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
								+ "fill=\"#d62728\"><title>%d errors at %d s</title></rect>%n",
						x(sample.second() + 0.1), top, width, BOTTOM - top, sample.errors(), sample.second()));
			}
		}
	}

	private void line(String name, String colour, ToDoubleFunction<SecondSample> value, double max) {
		if (this.samples.isEmpty()) {
			return;
		}
		StringBuilder points = new StringBuilder();
		for (SecondSample sample : this.samples) {
			points.append(format("%.1f,%.1f ", x(sample.second() + 0.5), y(value.applyAsDouble(sample), max)));
		}
		this.svg.append(
				format("<polyline class=\"%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" " + "stroke-width=\"1.8\"/>%n",
						name, points.toString().trim(), colour));
	}

	private void steps() {
		for (ScenarioResult.OffsetEvent step : this.steps) {
			double x = x(Math.max(0, Math.min(this.seconds, step.seconds())));
			this.svg.append(format("<line class=\"step\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\" "
					+ "stroke-dasharray=\"4 3\"/>%n", x, TOP, x, BOTTOM));
			this.svg.append(format("<text class=\"step-label\" transform=\"translate(%.1f %d) rotate(90)\" "
					+ "font-size=\"10\" fill=\"#333\">%s</text>%n", x + 3, TOP + 4, escape(step.label())));
		}
	}

	private void legend() {
		String[][] entries = { { "#1f77b4", "requests/s" }, { "#d62728", "errors/s" }, { "#ff7f0e", "p99 ms" },
				{ "#555", "step" } };
		int x = RIGHT - 380;
		for (String[] entry : entries) {
			this.svg.append(format("<rect x=\"%d\" y=\"30\" width=\"12\" height=\"4\" fill=\"%s\"/>%n", x, entry[0]));
			this.svg.append(format("<text x=\"%d\" y=\"36\">%s</text>%n", x + 16, entry[1]));
			x += 95;
		}
	}

	private double x(double second) {
		return LEFT + (RIGHT - LEFT) * second / this.seconds;
	}

	private static double y(double value, double max) {
		return BOTTOM - (BOTTOM - TOP) * Math.min(value, max) / max;
	}

	/** 1, 2 or 5 times a power of ten, at least the value. */
	static double niceCeiling(double value) {
		double magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(value, 1))));
		for (double factor : new double[] { 1, 2, 5, 10 }) {
			if (factor * magnitude >= value) {
				return factor * magnitude;
			}
		}
		return 10 * magnitude;
	}

	private static double tickStep(double seconds) {
		for (double step : new double[] { 1, 2, 5, 10, 15, 30, 60, 120, 300, 600 }) {
			if (seconds / step <= 12) {
				return step;
			}
		}
		return 1800;
	}

	private static String number(double value) {
		return (value == Math.rint(value)) ? Long.toString((long) value) : format("%.1f", value);
	}

	private static String format(String pattern, Object... args) {
		return String.format(Locale.ROOT, pattern, args);
	}

	static String escape(String text) {
		// XML 1.0 allows no control characters other than tab, newline and return.
		return text.replaceAll("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F]", "")
			.replace("&", "&amp;")
			.replace("<", "&lt;")
			.replace(">", "&gt;")
			.replace("\"", "&quot;")
			.replace("'", "&apos;");
	}

}
