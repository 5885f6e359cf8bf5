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
 *
 * <p>The four classes above are the only implementations: the constructor is package-private, so
 * no other package can extend this class. (Until the library moved to Java 11 this was a sealed
 * interface with the same four permitted classes and the same methods; Java 11 has no sealed
 * types, and an interface cannot keep others from implementing it.)
 *
 * <pre>{@code
 * StreamingHash h = XxHash64.create();   // or XxHash32, XxHash3, XxHash128
 * byte[] buf = new byte[8192];
 * for (int n; (n = in.read(buf)) > 0; ) {
 *   h.update(buf, 0, n);
 * }
 * byte[] digest = h.digestBytes();       // canonical, big-endian
 * }</pre>
 */
public abstract class StreamingHash {
  /** Only {@link XxHash32}, {@link XxHash64}, {@link XxHash3} and {@link XxHash128} extend it. */
  StreamingHash() {}

  /**
   * Adds {@code b[off, off+len)} to the hashed data.
   *
   * @param b the data
   * @param off where the range starts
   * @param len how many bytes to add
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}; the state is then
   *     unchanged
   */
  public abstract void update(byte[] b, int off, int len);

  /**
   * Adds the remaining bytes of {@code src} (heap, direct or read-only), advancing its position to
   * its limit.
   *
   * @param src the data
   */
  public abstract void update(ByteBuffer src);

  /**
   * Adds the single byte {@code b} (its low 8 bits) to the hashed data.
   *
   * @param b the byte
   */
  public abstract void update(int b);

  /**
   * {@return the hash of everything added since creation or the last {@link #reset()}, in its
   * canonical big-endian form (a new array of 4, 8 or 16 bytes); the state is not changed, so
   * more data may be added afterwards}
   */
  public abstract byte[] digestBytes();

  /** Forgets all data, keeping the seed (or custom secret) the hasher was created with. */
  public abstract void reset();
}
