package dev.baton.console;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * console: the fleet and every deploy, live, in a browser, for operators who log in with
 * the registry's admin token; their decisions go to the registry as the CLI's do.
 */
@SpringBootApplication
public class ConsoleApplication {

	public static void main(String[] args) {
		SpringApplication.run(ConsoleApplication.class, args);
	}

}
