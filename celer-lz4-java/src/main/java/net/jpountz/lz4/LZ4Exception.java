package net.jpountz.lz4;

/**
 * The exception of the {@code net.jpountz.lz4} API: malformed compressed data, or an output that
 * does not fit. When Celer's decoder reports the problem, the cause is Celer's {@link
 * dev.celer.lz4.Lz4Exception}, whose message says what is wrong and at which input offset.
 *
 * <pre>{@code
 * try {
 *   byte[] data = LZ4Factory.fastestInstance().safeDecompressor().decompress(block, maxLength);
 * } catch (LZ4Exception e) {
 *   // malformed input, or more than maxLength bytes
 * }
 * }</pre>
 */
public class LZ4Exception extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception, with the failure that caused it.
   *
   * @param msg what went wrong
   * @param t the cause
   */
  public LZ4Exception(String msg, Throwable t) {
    super(msg, t);
  }

  /**
   * Creates the exception.
   *
   * @param msg what went wrong
   */
  public LZ4Exception(String msg) {
    super(msg);
  }

  /** An exception without a message. */
  public LZ4Exception() {
    super();
  }
}
