package dev.baton.nginx;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * One nginx-control node: keeps one nginx's upstreams equal to the desired gate state on
 * {@code nginx.commands}, without ever reloading nginx, and answers every command on
 * {@code nginx.events}.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class NginxControlApplication {

	public static void main(String[] args) {
		SpringApplication.run(NginxControlApplication.class, args);
	}

}
