package dev.baton.deployer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Runs Baton's deployer: deploy requests in, drained, restarted, verified and re-enabled
 * instances out, every step on {@code deploy.steps}.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class DeployerApplication {

	public static void main(String[] args) {
		SpringApplication.run(DeployerApplication.class, args);
	}

}
