package dev.baton.health;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * health-service: probes every registered instance over HTTP and publishes a verdict,
 * with the version the instance reports, whenever its health or version changes.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class HealthApplication {

	public static void main(String[] args) {
		SpringApplication.run(HealthApplication.class, args);
	}

}
