package dev.celer.hadoop;

import dev.celer.lz4.Lz4StreamException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;

/**
 * The fault rules of Celer's streams ({@code docs/security.md}, "Faults") for the streams of this
 * module, which cannot use celer-core's own (its {@code internal} package is not exported).
 *
 * <ul>
 *   <li><b>Any failure latches</b>: {@link #fail} records the first one; {@link #check()} then
 *       throws an {@link IOException} whose cause it is, an {@link Lz4StreamException} of the same
 *       kind and offset when it was one. Every call of a stream starts with {@code check()} and
 *       records what it throws.
 *   <li><b>Empty reads are bounded</b>: {@link #readUpTo} retries a read of the underlying stream
 *       that returns 0 bytes at most {@link #MAX_EMPTY_READS} times in a row (as celer-core's
 *       readers do), then takes the input as cut off.
 * </ul>
 *
 * Not thread-safe, as the streams that hold it.
 */
final class StreamLatch {
  /** Reads in a row that may return 0 bytes before the input counts as cut off: celer-core's value. */
  static final int MAX_EMPTY_READS = 1000;

  private final String stream;
  private Throwable failure;

  /** @param stream the stream's name, for messages */
  StreamLatch(String stream) {
    this.stream = stream;
  }

  /** Records {@code t}, unless an earlier failure is recorded. */
  void fail(Throwable t) {
    if (failure == null) {
      failure = t;
    }
  }

  boolean failed() {
    return failure != null;
  }

  /** @throws IOException when a failure was recorded, with the first failure as its cause */
  void check() throws IOException {
    if (failure == null) {
      return;
    }
    String msg = stream + " is unusable after an earlier failure: " + failure;
    if (failure instanceof Lz4StreamException) {
      Lz4StreamException first = (Lz4StreamException) failure;
      throw new Lz4StreamException(first.kind(), first.offset(), msg, failure);
    }
    throw new IOException(msg, failure);
  }

  /**
   * Reads up to {@code len} bytes of {@code in}, fewer only at its end.
   *
   * @param offset where the read starts in the compressed input, for messages
   * @return the bytes read
   * @throws Lz4StreamException {@code TRUNCATED} after {@link #MAX_EMPTY_READS} reads in a row that
   *     return no data
   * @throws InterruptedIOException when the thread is interrupted while the reads return no data
   */
  static int readUpTo(InputStream in, byte[] b, int off, int len, long offset) throws IOException {
    int done = 0;
    int empty = 0;
    while (done < len) {
      int n = in.read(b, off + done, len - done);
      if (n < 0) {
        break;
      }
      if (n > len - done) {
        throw new IOException("the underlying stream claims to have read " + n + " bytes into " + (len - done));
      }
      if (n > 0) {
        done += n;
        empty = 0;
        continue;
      }
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedIOException("interrupted while the underlying stream returned no data, at offset "
            + (offset + done));
      }
      if (++empty == MAX_EMPTY_READS) {
        throw new Lz4StreamException(Lz4StreamException.Kind.TRUNCATED, offset + done, "the underlying stream"
            + " returned no data " + MAX_EMPTY_READS + " times in a row at offset " + (offset + done)
            + ", neither data nor its end: the input is taken as cut off there");
      }
      Thread.yield();
    }
    return done;
  }
}
