package dev.celer.xxhash;

import java.nio.ByteBuffer;

/**
 * What the four streaming hashers ({@link XxHash32}, {@link XxHash64}, {@link XxHash3}, {@link
 * XxHash128}) have in common, for code that streams data without caring which hash it computes:
 * feed pieces of any size with {@code update}, read the result with {@link #digestBytes()}, and
 * start over with {@link #reset()}.
 *
 * <p>The result here is the canonical form of the specification (big-endian, most significant
 * byte first), the bytes whose hex {@code xxhsum} prints: 4 bytes for XXH32, 8 for XXH64 and
 * XXH3-64, 16 for XXH3-128. Each class's own {@code digest()} gives the same value as a number
 * (or a {@link Hash128}) without allocating.
 *
 * <p>Implementations are not thread-safe; see each class.
 */
public sealed interface StreamingHash permits XxHash32, XxHash64, XxHash3, XxHash128 {

  /**
   * Adds {@code b[off, off+len)} to the hashed data.
   *
   * @param b the data
   * @param off where the range starts
   * @param len how many bytes to add
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}; the state is then
   *     unchanged
   */
  void update(byte[] b, int off, int len);

  /**
   * Adds the remaining bytes of {@code src} (heap, direct or read-only), advancing its position to
   * its limit.
   *
   * @param src the data
   */
  void update(ByteBuffer src);

  /**
   * Adds the single byte {@code b} (its low 8 bits) to the hashed data.
   *
   * @param b the byte
   */
  void update(int b);

  /**
   * @return the hash of everything added since creation or the last {@link #reset()}, in its
   *     canonical big-endian form (a new array of 4, 8 or 16 bytes); the state is not changed, so
   *     more data may be added afterwards
   */
  byte[] digestBytes();

  /** Forgets all data, keeping the seed (or custom secret) the hasher was created with. */
  void reset();
}
