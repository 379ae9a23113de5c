package dev.baton.registry.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets through only requests carrying the configured bearer token: 401 without one, 403
 * with a wrong one. Compared in constant time.
 */
public class AdminTokenFilter extends OncePerRequestFilter {

	private static final String PREFIX = "Bearer ";

	private final byte[] token;

	public AdminTokenFilter(String token) {
		this.token = token.getBytes(StandardCharsets.UTF_8);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (authorization == null || !authorization.startsWith(PREFIX)) {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
			refuse(response, HttpServletResponse.SC_UNAUTHORIZED, "a bearer token is required");
			return;
		}
		byte[] presented = authorization.substring(PREFIX.length()).getBytes(StandardCharsets.UTF_8);
		if (!MessageDigest.isEqual(presented, this.token)) {
			refuse(response, HttpServletResponse.SC_FORBIDDEN, "the bearer token is not valid");
			return;
		}
		chain.doFilter(request, response);
	}

	private static void refuse(HttpServletResponse response, int status, String message) throws IOException {
		response.setStatus(status);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getWriter().write("{\"error\":\"" + message + "\"}");
	}

}
