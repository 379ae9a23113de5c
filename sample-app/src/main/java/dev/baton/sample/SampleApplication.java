package dev.baton.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

import dev.baton.sample.config.SampleProperties;

/**
 * The app Baton's demo deploys behind nginx: two or three instances of it, each running
 * its own release directory.
 * <p>
 * Any failure during start-up exits with status 1, so a supervisor sees a crashed start
 * (the broken release) as a crash rather than as a process that lingers.
 */
@SpringBootApplication
@EnableConfigurationProperties(SampleProperties.class)
public class SampleApplication {

	public static void main(String[] args) {
		try {
			SpringApplication.run(SampleApplication.class, args);
		}
		catch (RuntimeException ex) {
			// Spring Boot has already logged why.
			System.exit(1);
		}
	}

}
