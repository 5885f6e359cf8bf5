package dev.celer.lz4;

import java.io.IOException;

/**
 * Thrown by Celer's streams (LZ4 frames, legacy frames, lz4-java block streams) when their input is
 * malformed, corrupted (a checksum does not match), truncated, or over a configured limit. The
 * message says what is wrong and, where known, at which offset of the stream.
 *
 * <p>An {@link IOException}, so that code reading through {@code InputStream} handles it where it
 * already handles I/O failures. Instances are immutable and thread-safe.
 */
public class Lz4StreamException extends IOException {
  private static final long serialVersionUID = 1L;

  /** @param message what is wrong, and where */
  public Lz4StreamException(String message) {
    super(message);
  }

  /**
   * @param message what is wrong, and where
   * @param cause the underlying failure, for example an {@link Lz4Exception} from a block
   */
  public Lz4StreamException(String message, Throwable cause) {
    super(message, cause);
  }
}
