package dev.celer.internal.stream;

import dev.celer.lz4.Lz4StreamException;
import java.io.IOException;

/**
 * Remembers the first failure of a stream, so that every later call fails too. A stream whose
 * write or read failed part way holds state that no longer matches what reached (or came from)
 * the underlying stream: a block half written, a block half read. Going on would write a frame
 * that decodes, wrongly, to less than was written, or read data from the middle of a block. So
 * any failure latches: an {@link IOException} or unchecked exception of the underlying stream,
 * a format error, an error of the codec.
 *
 * <p>Use: {@code latch.check()} first in every call; {@code catch (IOException | RuntimeException
 * | Error e) { latch.fail(e); throw e; }} around what the call does. Not thread-safe, as the
 * streams that hold it.
 */
public final class FailureLatch {
  private final String stream;
  private Throwable failure;

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
