package dev.celer.hadoop;

import dev.celer.lz4.Lz4StreamException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;

/**
 * The fault rules of Celer's streams ({@code docs/security.md}, "Faults") for the streams of this
 * module, which cannot use celer-core's own (its {@code internal} package is not exported).
 *
 * <ul>
 *   <li><b>Any failure latches</b>: {@link #fail} records the first one; {@link #check()} then
 *       throws an {@link IOException} whose cause it is, an {@link Lz4StreamException} of the same
 *       kind and offset when it was one. Every call of a stream starts with {@code check()} and
 *       records what it throws.
 *   <li><b>{@code close()} is the exception</b>, as in celer-core: an input stream's ({@link
 *       #closeInput}) closes the underlying stream once and returns normally after a failure (it
 *       throws only the underlying stream's own failure to close, once); an output stream's
 *       ({@link #closeOutput}) reports a failure once; a second {@code close()} does nothing.
 *       The same algorithm as celer-core's {@code FailureLatch}, which this module cannot reach.
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

  /** A step of {@link #closeOutput}: ends the data, and may fail. */
  interface Step {
    void run() throws IOException;
  }

  private final String stream;
  private Throwable failure;
  private boolean closed;

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

  /** @return whether {@link #closeInput} or {@link #closeOutput} was called */
  boolean closed() {
    return closed;
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
   * An input stream's {@code close()}: the first call closes {@code underlying} (if not null) and
   * returns normally, even after a failure; later calls do nothing.
   *
   * @throws IOException {@code underlying}'s own failure to close, as it is, on the first call; it
   *     latches
   */
  void closeInput(Closeable underlying) throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (underlying != null) {
      try {
        underlying.close();
      } catch (IOException | RuntimeException | Error e) {
        fail(e);
        throw e;
      }
    }
  }

  /**
   * An output stream's {@code close()}: the first call runs {@code finish} unless a failure came
   * before, then always closes {@code out}, and throws the failure if there is one (that of {@code
   * finish} or of {@code out}, the other suppressed, as it is; else the earlier one's {@link
   * #check()}). Later calls do nothing.
   */
  void closeOutput(Step finish, OutputStream out) throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    Throwable earlier = failure;
    Throwable pending = null;
    if (earlier == null) {
      try {
        finish.run();
      } catch (IOException | RuntimeException | Error e) {
        pending = e;
      }
    }
    try {
      out.close();
    } catch (IOException | RuntimeException | Error e) {
      if (pending == null) {
        pending = e;
      } else {
        pending.addSuppressed(e);
      }
    }
    if (earlier != null) {
      try {
        check();
      } catch (IOException e) {
        if (pending != null) {
          e.addSuppressed(pending);
        }
        throw e;
      }
    }
    if (pending != null) {
      fail(pending);
      if (pending instanceof IOException) {
        throw (IOException) pending;
      }
      if (pending instanceof RuntimeException) {
        throw (RuntimeException) pending;
      }
      throw (Error) pending;
    }
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
