package dev.celer.lz4;

/**
 * Thrown when LZ4 data is malformed, or when an output does not fit where the caller asked it to.
 *
 * <p>The message says what is wrong and, for malformed input, at which input offset. Celer's
 * decoders never let hostile input escape as {@code ArrayIndexOutOfBoundsException}, {@code
 * NegativeArraySizeException} or {@code OutOfMemoryError}: it surfaces as this exception.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * <pre>{@code
 * try {
 *   byte[] data = Lz4.decompressor().decompress(block, originalLength);
 * } catch (Lz4Exception e) {
 *   // malformed or lying input: reject it
 * }
 * }</pre>
 */
public class Lz4Exception extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what is wrong, and where
   */
  public Lz4Exception(String message) {
    super(message);
  }

  /**
   * Creates the exception, with the failure that caused it.
   *
   * @param message what is wrong, and where
   * @param cause the underlying failure
   */
  public Lz4Exception(String message, Throwable cause) {
    super(message, cause);
  }
}
