package dev.baton.deployer.runtime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class SecretRedactionTests {

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiterString = " => ", quoteCharacter = '`',
			textBlock = """
					fake-runtime: migrating postgres://orders:S3cr3t!pw@db.internal:5432/orders => fake-runtime: migrating postgres://orders:[redacted]@db.internal:5432/orders
					fatal: unable to access 'https://ci:p@ss@word@git.example.com/orders.git/' => fatal: unable to access 'https://ci:[redacted]@git.example.com/orders.git/'
					> Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjaSJ9.c2lnbmF0dXJl => > Authorization: Bearer [redacted]
					> authorization: Basic b3BzOmh1bnRlcjI= => > authorization: Basic [redacted]
					< Proxy-Authorization: Negotiate YIIGhgYJKoZIhvcSAQICAQBuggZ1 => < Proxy-Authorization: Negotiate [redacted]
					curl -H "Authorization: token ghp_0123456789abcdefghijABCDEFGHIJ012345" => curl -H "Authorization: token [redacted]"
					retrying with bearer 9f86d081884c7d659a2feaa0c55ad015 => retrying with bearer [redacted]
					+ /srv/orders/bin/migrate --db-password=hunter2 --db-user=orders => + /srv/orders/bin/migrate --db-password=[redacted] --db-user=orders
					+ mysql --user orders --password hunter2 -e 'select 1' => + mysql --user orders --password [redacted] -e 'select 1'
					+ vault login -method=userpass --password 'correct horse' => + vault login -method=userpass --password '[redacted]'
					DB_PASSWORD=hunter2 AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG ./start.sh => DB_PASSWORD=[redacted] AWS_SECRET_ACCESS_KEY=[redacted] ./start.sh
					{"level":"error","msg":"login failed","password":"hunter 2","user":"ops"} => {"level":"error","msg":"login failed","password":"[redacted]","user":"ops"}
					`  client_secret: 'a1b2c3d4'` => `  client_secret: '[redacted]'`
					GET /orders/sync?api_key=abc123&page=2 HTTP/1.1 => GET /orders/sync?api_key=[redacted]&page=2 HTTP/1.1
					X-Auth-Token: 7f3c2a11 => X-Auth-Token: [redacted]
					invalid api key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c for orders => invalid api key [redacted] for orders
					the secret key is c2VjcmV0LXNpZ25pbmcta2V5LWZvci1vcmRlcnM= => the secret key is [redacted]
					pushing with ghp_0123456789abcdefghijABCDEFGHIJ012345 to origin => pushing with [redacted] to origin
					aws: using AKIAIOSFODNN7EXAMPLE in eu-west-1 => aws: using [redacted] in eu-west-1
					slack: posting as xoxb-1234567890-abcdefghij => slack: posting as [redacted]
					session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvcmRlcnMifQ.sig expired => session [redacted] expired
					""")
	void redactsTheSecretAndKeepsWhatNamesIt(String line, String redacted) {
		assertThat(SecretRedaction.redact(line)).isEqualTo(redacted);
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "orders-1: asked orders-1-a to stop, its port free after 12 ms; started orders-1-b",
			"java.net.ConnectException: Connection refused (supervisord at http://127.0.0.1:9001/RPC2)",
			"psql: error: FATAL:  password authentication failed for user \"orders\"",
			"mysql: [Warning] Using a password on the command line interface can be insecure.",
			"token expired, run the login again", "--token-file /etc/baton/orders.token",
			"credentials-file=/etc/baton/supervisor.credentials", "PWD=/srv/orders/releases/v2",
			"sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 verified" })
	void leavesWhatHoldsNoSecretAlone(String line) {
		assertThat(SecretRedaction.redact(line)).isEqualTo(line);
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "Enter password:\nERROR 1045 (28000): Access denied for user 'orders'@'localhost'",
			"token:\n  refreshed" })
	void neverTakesTheNextLineForAValue(String text) {
		assertThat(SecretRedaction.redact(text)).isEqualTo(text);
	}

	@Test
	void redactsAPrivateKeyBlockWhole() {
		String text = "loading key\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7V\nq3Lk9mVb2Xw\n"
				+ "-----END RSA PRIVATE KEY-----\nok\n";

		assertThat(SecretRedaction.redact(text))
			.isEqualTo("loading key\n-----BEGIN RSA PRIVATE KEY-----[redacted]-----END RSA PRIVATE KEY-----\nok\n");
	}

	@Test
	void redactingTwiceChangesNothingMore() {
		String once = SecretRedaction
			.redact("password=hunter2 postgres://a:b@c Authorization: Basic b3Bz --token x12345678901234567");

		assertThat(SecretRedaction.redact(once)).isEqualTo(once).doesNotContain("hunter2", ":b@", "b3Bz", "x1234");
	}

}
