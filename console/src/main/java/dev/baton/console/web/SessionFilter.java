package dev.baton.console.web;

import java.io.IOException;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets through only requests of a logged-in operator, and the login itself. The API and
 * the live updates answer 401 without a session; a page sends the browser to the login.
 */
public class SessionFilter extends OncePerRequestFilter {

	/** The session attribute that holds the operator's name. */
	public static final String OPERATOR = "baton.console.operator";

	private static final Set<String> OPEN = Set.of("/login", "/login.html", "/console.css", "/actuator/health");

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		HttpSession session = request.getSession(false);
		if (OPEN.contains(path) || (session != null && session.getAttribute(OPERATOR) != null)) {
			chain.doFilter(request, response);
			return;
		}
		if (path.startsWith("/api/") || path.equals("/events")) {
			response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getWriter().write("{\"error\":\"log in first\"}");
			return;
		}
		response.sendRedirect(request.getContextPath() + "/login.html");
	}

}
