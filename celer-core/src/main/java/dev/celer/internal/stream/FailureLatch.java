package dev.celer.internal.stream;

import dev.celer.lz4.Lz4StreamException;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Remembers the first failure of a stream, so that every later call fails too, and closes the
 * stream by the one rule all of Celer's streams keep. A stream whose write or read failed part
 * way holds state that no longer matches what reached (or came from) the underlying stream: a
 * block half written, a block half read. Going on would write a frame that decodes, wrongly, to
 * less than was written, or read data from the middle of a block. So any failure latches: an
 * {@link IOException} or unchecked exception of the underlying stream, a format error, an error
 * of the codec.
 *
 * <p>{@code close()} is the one call a failure does not make fail forever ({@code
 * docs/security.md}, "Faults"):
 *
 * <ul>
 *   <li>an input stream's ({@link #closeInput}) releases the stream and returns normally, whatever
 *       failed before: a reader has nothing left to report. It closes the underlying stream once,
 *       when it owns it; if that close fails, that failure is thrown, once.
 *   <li>an output stream's ({@link #closeOutput}) reports a failure once: the data written is
 *       incomplete, and {@code try}-with-resources must not hide that.
 *   <li>a second {@code close()} of either does nothing ({@link Closeable}).
 * </ul>
 *
 * <p>Use: {@code latch.check()} first in every call but {@code close}; {@code catch (IOException |
 * RuntimeException | Error e) { latch.fail(e); throw e; }} around what the call does; {@code
 * close()} is one call of {@code closeInput} or {@code closeOutput}. Not thread-safe, as the
 * streams that hold it.
 */
public final class FailureLatch {
  /** A step of {@link #closeOutput}: ends the data, and may fail. */
  @FunctionalInterface
  public interface Step {
    void run() throws IOException;
  }

  private final String stream;
  private Throwable failure;
  private boolean closed;

  /** @param stream the stream's name, for messages ("Lz4FrameOutputStream") */
  public FailureLatch(String stream) {
    this.stream = stream;
  }

  /** Records {@code t} as the failure, unless an earlier one is recorded. */
  public void fail(Throwable t) {
    if (failure == null) {
      failure = t;
    }
  }

  /** @return whether a failure was recorded */
  public boolean failed() {
    return failure != null;
  }

  /** @return whether {@link #closeInput} or {@link #closeOutput} was called */
  public boolean closed() {
    return closed;
  }

  /**
   * @throws IOException when a failure was recorded: says so and has the first failure as its
   *     cause; a {@link Lz4StreamException} of the same kind and offset when that was one, so code
   *     that switches on the kind sees the same kind on every call
   */
  public void check() throws IOException {
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
   * The {@code close()} of an input stream: the first call closes {@code underlying} (unless
   * {@code null}: a stream that does not own it) and returns normally, even after a failure; every
   * later call does nothing. Other calls keep throwing: the failure's {@link #check()} first, else
   * the stream's own "closed" (test {@link #closed()}).
   *
   * @throws IOException {@code underlying}'s own failure to close, as it is (also an unchecked
   *     exception or an error), on the first call only; it latches
   */
  public void closeInput(Closeable underlying) throws IOException {
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
   * The {@code close()} of an output stream. The first call runs {@code finish} (the end of the
   * data: last block, end mark, checksums) unless a failure came before, then closes {@code out}
   * when {@code closeOut}, else flushes it when the data is complete; it always gets that far, so
   * the underlying stream is closed even after a failure. It throws the failure, if there is one:
   * after an earlier failure, {@link #check()}'s exception for it (a failure of {@code out} now
   * suppressed in it); else that of {@code finish} or of {@code out} (the other one suppressed),
   * as it is. Every later call does nothing.
   *
   * @throws IOException the failure, on the first call only; it latches
   */
  public void closeOutput(Step finish, OutputStream out, boolean closeOut) throws IOException {
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
      if (closeOut) {
        out.close();
      } else if (pending == null && failure == null) {
        out.flush();
      }
    } catch (IOException | RuntimeException | Error e) {
      if (pending == null) {
        pending = e;
      } else {
        pending.addSuppressed(e);
      }
    }
    if (earlier != null) {
      throwEarlier(pending);
    }
    if (pending != null) {
      fail(pending);
      rethrow(pending);
    }
  }

  /** {@link #check()}'s exception for the earlier failure, with {@code alsoNow} (if any) suppressed. */
  private void throwEarlier(Throwable alsoNow) throws IOException {
    try {
      check();
    } catch (IOException e) {
      if (alsoNow != null) {
        e.addSuppressed(alsoNow);
      }
      throw e;
    }
  }

  /**
   * Throws {@code t} as it is: an {@link IOException}, an unchecked exception or an error.
   *
   * @throws IOException {@code t}, or {@code t} wrapped when it is another checked exception
   */
  public static void rethrow(Throwable t) throws IOException {
    if (t instanceof IOException) {
      throw (IOException) t;
    }
    if (t instanceof RuntimeException) {
      throw (RuntimeException) t;
    }
    if (t instanceof Error) {
      throw (Error) t;
    }
    throw new IOException(t);
  }
}
