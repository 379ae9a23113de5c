package dev.baton.console.config;

import dev.baton.console.kafka.ConsoleFeed;
import dev.baton.console.view.ConsoleView;
import dev.baton.console.web.RegistryClient;
import dev.baton.console.web.SessionFilter;
import dev.baton.contracts.Topic;
import dev.baton.kafka.TopicDeclarations;
import dev.baton.kafka.TopicNames;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ConsoleProperties.class)
class ConsoleConfiguration {

	/** Declared like every service declares what it uses: the console may start first. */
	@Bean
	KafkaAdmin.NewTopics consoleTopics(TopicDeclarations declarations) {
		return declarations.declare(Topic.REGISTRY_STATE, Topic.NGINX_COMMANDS, Topic.NGINX_EVENTS,
				Topic.DEPLOY_REQUESTS, Topic.DEPLOY_STEPS);
	}

	@Bean
	ConsoleView consoleView(ConsoleProperties properties) {
		return new ConsoleView(properties.recentDeploys());
	}

	@Bean
	ConsoleFeed consoleFeed(ConsoleView view, TopicNames topics) {
		return new ConsoleFeed(view, topics);
	}

	@Bean
	RegistryClient registryClient(ConsoleProperties properties, JsonMapper json) {
		return new RegistryClient(properties.registryUrl(), properties.registryToken(), json);
	}

	@Bean
	FilterRegistrationBean<SessionFilter> sessionFilter() {
		return new FilterRegistrationBean<>(new SessionFilter());
	}

}
