package dev.celer.lz4;

import java.io.IOException;

/**
 * Thrown by Celer's streams (LZ4 frames, legacy frames, lz4-java block streams) when their input is
 * malformed, corrupted (a checksum does not match), truncated, or over a configured limit. The
 * message says what is wrong and, where known, at which offset of the stream; {@link #kind()} and
 * {@link #offset()} say the same for code, which should switch on them and never parse the message.
 *
 * <p>Only format and limit errors are reported this way. An {@link IOException} of the underlying
 * stream ({@code EOFException}, {@code InterruptedIOException}, {@code ClosedByInterruptException},
 * ...) passes through Celer's streams unchanged.
 *
 * <p>An {@link IOException}, so that code reading through {@code InputStream} handles it where it
 * already handles I/O failures. Instances are immutable and thread-safe.
 *
 * <pre>{@code
 * try (InputStream in = new Lz4FrameInputStream(Files.newInputStream(path))) {
 *   in.transferTo(out);
 * } catch (Lz4StreamException e) {
 *   if (e.kind() == Lz4StreamException.Kind.CHECKSUM) {
 *     System.err.println("corrupted at compressed offset " + e.offset());
 *   }
 * }
 * }</pre>
 */
public class Lz4StreamException extends IOException {
  private static final long serialVersionUID = 2L;

  /**
   * What kind of problem a stream found in its input:
   * {@code if (e.kind() == Lz4StreamException.Kind.TRUNCATED) ...}
   */
  public enum Kind {
    /** The input ended inside a frame, a header, a block or a checksum. */
    TRUNCATED,
    /** The input does not start with (or continue with) a known frame magic number. */
    UNKNOWN_MAGIC,
    /** A frame header is invalid: reserved bits set, bad version, unsupported block size, bad header checksum. */
    BAD_HEADER,
    /** A block or content checksum does not match the data. */
    CHECKSUM,
    /** A compressed block is malformed, or decodes to the wrong size. */
    CORRUPT_BLOCK,
    /** The input is well formed but exceeds a configured limit (content size, block size, total output). */
    LIMIT,
    /** A seek index is malformed or does not agree with the file it describes. */
    BAD_INDEX,
    /** The file has no usable seek index, so it cannot be read at random positions. */
    NOT_SEEKABLE
  }

  /** The value of {@link #offset()} when the position is not known. */
  public static final long UNKNOWN_OFFSET = -1;

  /** What kind of problem; serialized. */
  private final Kind kind;
  /** Where in the compressed stream it was found, or {@link #UNKNOWN_OFFSET}; serialized. */
  private final long offset;

  /**
   * Creates the exception.
   *
   * @param kind what kind of problem
   * @param offset the offset in the compressed stream where it was found, or {@link #UNKNOWN_OFFSET}
   * @param message what is wrong, and where, for people
   */
  public Lz4StreamException(Kind kind, long offset, String message) {
    this(kind, offset, message, null);
  }

  /**
   * Creates the exception, with the failure that caused it.
   *
   * @param kind what kind of problem
   * @param offset the offset in the compressed stream where it was found, or {@link #UNKNOWN_OFFSET}
   * @param message what is wrong, and where, for people
   * @param cause the underlying failure, for example an {@link Lz4Exception} from a block; may be null
   */
  public Lz4StreamException(Kind kind, long offset, String message, Throwable cause) {
    super(message, cause);
    if (kind == null) {
      throw new NullPointerException("kind");
    }
    this.kind = kind;
    this.offset = offset < 0 ? UNKNOWN_OFFSET : offset;
  }

  /** {@return what kind of problem this is; never null} */
  public Kind kind() {
    return kind;
  }

  /**
   * {@return the offset in the compressed stream (bytes from the start of what the stream read) at
   * which the problem was found, or {@link #UNKNOWN_OFFSET}}
   */
  public long offset() {
    return offset;
  }
}
