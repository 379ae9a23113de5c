package dev.baton.console.web;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.console.config.ConsoleProperties;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.SessionAttribute;

/**
 * Operators log in with their name and the registry's admin token, compared in constant
 * time; the name is who the audit trail says decided. A session replaces whatever session
 * the browser had, so that a session id set before the login is worth nothing after it.
 */
@RestController
public class LoginController {

	/** A name as the audit trail shows it: no spaces, nothing a log could misread. */
	static final Pattern OPERATOR_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

	private static final Logger logger = LoggerFactory.getLogger(LoginController.class);

	private final byte[] token;

	public LoginController(ConsoleProperties properties) {
		this.token = properties.registryToken().getBytes(StandardCharsets.UTF_8);
	}

	@PostMapping("/login")
	ResponseEntity<Void> login(@RequestParam(defaultValue = "") String name,
			@RequestParam(defaultValue = "") String token, HttpServletRequest request) {
		if (!OPERATOR_NAME.matcher(name).matches()) {
			return seeOther("/login.html?error=name");
		}
		if (!MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8), this.token)) {
			logger.warn("Refused a login as {} from {}: wrong token", name, request.getRemoteAddr());
			return seeOther("/login.html?error=token");
		}
		HttpSession before = request.getSession(false);
		if (before != null) {
			before.invalidate();
		}
		request.getSession(true).setAttribute(SessionFilter.OPERATOR, name);
		logger.info("{} logged in from {}", name, request.getRemoteAddr());
		return seeOther("/");
	}

	@PostMapping("/logout")
	ResponseEntity<Void> logout(HttpServletRequest request) {
		HttpSession session = request.getSession(false);
		if (session != null) {
			session.invalidate();
		}
		return seeOther("/login.html");
	}

	@GetMapping("/api/me")
	Map<String, String> me(@SessionAttribute(SessionFilter.OPERATOR) String operator) {
		return Map.of("operator", operator);
	}

	private static ResponseEntity<Void> seeOther(String location) {
		return ResponseEntity.status(HttpStatus.SEE_OTHER).location(URI.create(location)).build();
	}

}
