package dev.baton.deployer.runtime;

import java.util.List;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes what looks like a credential out of a runtime's words before they are published
 * on {@code deploy.steps}, audited or logged: restart hooks echo connection strings,
 * {@code curl -v} headers and their own flags to standard error, and the record of a
 * deploy must not carry them. The secret is replaced by {@value #REDACTED}; what names it
 * (the key, the header, the user in a URL) stays, so the output still says what went
 * wrong. It errs towards redacting too much, except for keys naming a file or a path
 * ({@code --token-file /etc/baton/token}), whose value is where a secret is, not the
 * secret.
 */
final class SecretRedaction {

	/** What a secret is replaced with. */
	static final String REDACTED = "[redacted]";

	/** Words that make what follows them a secret. */
	private static final String KEY = "[\\w.-]*(?:password|passwd|passphrase|secret|token|api[_ -]?key"
			+ "|access[_-]?key|private[_-]?key|credentials?)[\\w.-]*";

	private static final Pattern WHERE = Pattern.compile("(?i).*(?:file|path|dir|directory)[\"']?[ \\t:=]*");

	private static final List<Rule> RULES = List.of(
			// a PEM private key, to its end (or the end of the output)
			rule("(-----BEGIN [A-Z ]*PRIVATE KEY-----)[\\s\\S]*?(-----END [A-Z ]*PRIVATE KEY-----|\\z)",
					(m) -> m.group(1) + REDACTED + m.group(2)),
			// scheme://user:password@host
			rule("(?i)\\b([a-z][a-z0-9+.-]*://[^\\s/:@]+:)[^\\s/]*(@)", (m) -> m.group(1) + REDACTED + m.group(2)),
			// Authorization: Bearer abc, Proxy-Authorization: Basic abc=
			rule("(?i)\\b((?:proxy-)?authorization[\"']?[ \\t]*[:=][ \\t]*[\"']?"
					+ "(?:(?:bearer|basic|token|digest|negotiate)[ \\t]+)?)[^\\s\"',;]+", (m) -> m.group(1) + REDACTED),
			rule("(?i)\\b(bearer[ \\t]+)[A-Za-z0-9._~+/=-]{8,}", (m) -> m.group(1) + REDACTED),
			// password=abc, --db-password=abc, "token": "abc", API_KEY: abc, ?token=abc&
			rule("(?i)(" + KEY + "[\"']?[ \\t]*[:=][ \\t]*)(\"[^\"\\n]*\"|'[^'\\n]*'|[^\\s\"',;&]+)",
					(m) -> keep(m) ? m.group() : m.group(1) + quoted(m.group(2))),
			// --password abc
			rule("(?i)((?<![\\w-])--?" + KEY + "[ \\t]+)(?!-)(\"[^\"\\n]*\"|'[^'\\n]*'|\\S+)",
					(m) -> keep(m) ? m.group() : m.group(1) + quoted(m.group(2))),
			// secret key 3f9a…, token is 0123456789abcdef…: a long run after a key-like
			// word
			rule("(?i)(\\b" + KEY + "(?:[ \\t]+(?:key|is))*[ \\t]+)[A-Za-z0-9+/_=-]{16,}",
					(m) -> keep(m) ? m.group() : m.group(1) + REDACTED),
			// well-known shapes, wherever they are: JWTs, GitHub, AWS and Slack tokens
			rule("\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*", (m) -> REDACTED),
			rule("\\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|AKIA[0-9A-Z]{16}"
					+ "|xox[abprs]-[A-Za-z0-9-]{10,})\\b", (m) -> REDACTED));

	private SecretRedaction() {
	}

	/**
	 * @param text a runtime's output or words
	 * @return the text with every secret found replaced
	 */
	static String redact(String text) {
		String redacted = text;
		for (Rule rule : RULES) {
			redacted = rule.apply(redacted);
		}
		return redacted;
	}

	/** A key that names where a secret is keeps its value. */
	private static boolean keep(MatchResult match) {
		return WHERE.matcher(match.group(1)).matches();
	}

	private static String quoted(String value) {
		char first = value.charAt(0);
		return (first == '"' || first == '\'') ? first + REDACTED + first : REDACTED;
	}

	private static Rule rule(String regex, Function<MatchResult, String> replacement) {
		return new Rule(Pattern.compile(regex), replacement);
	}

	private record Rule(Pattern pattern, Function<MatchResult, String> replacement) {

		String apply(String text) {
			return this.pattern.matcher(text)
				.replaceAll((match) -> Matcher.quoteReplacement(this.replacement.apply(match)));
		}

	}

}
