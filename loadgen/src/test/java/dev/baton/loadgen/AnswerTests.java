package dev.baton.loadgen;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * Answers as servers frame them: each is read to its end, so the next one on the same
 * connection starts where it should.
 */
class AnswerTests {

	@Test
	void readsAnAnswerWithContentLengthAndTheNextOneAfterIt() throws IOException {
		InputStream input = stream("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"
				+ "HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n");

		assertThat(Answer.read(input)).isEqualTo(new Answer(200, true));
		assertThat(Answer.read(input)).isEqualTo(new Answer(503, true));
		assertThat(input.read()).isEqualTo(-1);
	}

	@Test
	void readsChunkedBodiesWithExtensionsAndTrailers() throws IOException {
		InputStream input = stream("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
				+ "5;name=value\r\nhello\r\nA\r\n0123456789\r\n0\r\nTrailer: x\r\n\r\n"
				+ "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}");

		assertThat(Answer.read(input)).isEqualTo(new Answer(200, true));
		assertThat(Answer.read(input)).isEqualTo(new Answer(201, true));
	}

	@Test
	void keepsAsMuchOfTheBodysStartAsAskedInEveryFramingAndStillReadsItToTheEnd() throws IOException {
		InputStream input = stream("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"
				+ "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhe\r\n3\r\nllo\r\n0\r\n\r\n"
				+ "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}" + "HTTP/1.1 200 OK\r\n\r\nto the end");

		assertThat(Answer.read(input, 3)).isEqualTo(new Answer(200, true, "hel"));
		assertThat(Answer.read(input, 16)).isEqualTo(new Answer(200, true, "hello"));
		assertThat(Answer.read(input, 0)).isEqualTo(new Answer(200, true, ""));
		assertThat(Answer.read(input, 6)).isEqualTo(new Answer(200, false, "to the"));
		assertThat(input.read()).isEqualTo(-1);
	}

	@Test
	void aConnectionTheServerClosesIsNotKeptAlive() throws IOException {
		assertThat(Answer.read(stream("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")))
			.isEqualTo(new Answer(200, false));
		assertThat(Answer.read(stream("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n")))
			.isEqualTo(new Answer(200, false));
		assertThat(Answer.read(stream("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")))
			.isEqualTo(new Answer(200, true));
		assertThat(Answer.read(stream("HTTP/1.1 200 OK\r\n\r\nthe body runs to the end")))
			.isEqualTo(new Answer(200, false));
	}

	@Test
	void skipsInterimAnswersAndReadsNoBodyWhereThereIsNone() throws IOException {
		InputStream input = stream("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"
				+ "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");

		assertThat(Answer.read(input)).isEqualTo(new Answer(204, true));
		assertThat(Answer.read(input)).isEqualTo(new Answer(200, true));
	}

	@Test
	void anAnswerCutShortIsAClosedConnection() {
		assertThatIOException().isThrownBy(() -> Answer.read(stream("")))
			.withMessageContaining("closed by the server before any answer");
		assertThatIOException().isThrownBy(() -> Answer.read(stream("HTTP/1.1 200 OK\r\nContent-Le")))
			.withMessageContaining("closed by the server in the middle of an answer");
		assertThatIOException()
			.isThrownBy(() -> Answer.read(stream("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf")))
			.withMessageContaining("in the middle of an answer");
		assertThat(FailureCause.of(new IOException("connection closed by the server before any answer")))
			.isEqualTo("closed");
	}

	@Test
	void refusesWhatIsNotHttp() {
		assertThatIOException().isThrownBy(() -> Answer.read(stream("SSH-2.0-OpenSSH_9.2\r\n")))
			.withMessageContaining("not an HTTP/1.x answer");
		assertThatIOException().isThrownBy(() -> Answer.read(stream("HTTP/1.1 2x0 OK\r\n\r\n")))
			.withMessageContaining("no status code");
		assertThatIOException()
			.isThrownBy(() -> Answer.read(stream("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")))
			.withMessageContaining("bad chunk size");
	}

	private static InputStream stream(String bytes) {
		return new ByteArrayInputStream(bytes.getBytes(StandardCharsets.ISO_8859_1));
	}

}
