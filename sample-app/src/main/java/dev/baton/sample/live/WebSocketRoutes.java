package dev.baton.sample.live;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;

/**
 * Serves the {@link EchoSocket} on {@code /ws}.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class WebSocketRoutes implements WebSocketConfigurer {

	private final EchoSocket echo;

	WebSocketRoutes(EchoSocket echo) {
		this.echo = echo;
	}

	@Override
	public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
		registry.addHandler(this.echo, "/ws");
	}

}
