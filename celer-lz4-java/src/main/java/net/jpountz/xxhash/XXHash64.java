package net.jpountz.xxhash;

import java.nio.ByteBuffer;

/**
 * One-shot XXH64, lz4-java's abstract form. The instances {@link XXHashFactory} returns compute
 * it with Celer's {@link dev.celer.xxhash.XxHash64}; they are stateless and thread-safe.
 *
 * <pre>{@code
 * long h = XXHashFactory.fastestInstance().hash64().hash(data, 0, data.length, seed);
 * }</pre>
 */
public abstract class XXHash64 {

  /** For subclasses. */
  public XXHash64() {}

  /**
   * {@return XXH64 of {@code buf[off, off+len)} with {@code seed}}
   *
   * @param buf the data to hash
   * @param off where the data starts in {@code buf}
   * @param len the data's length in bytes
   * @param seed the seed
   * @throws ArrayIndexOutOfBoundsException when the range lies outside the array
   */
  public abstract long hash(byte[] buf, int off, int len, long seed);

  /**
   * {@return XXH64 of the bytes at absolute indexes {@code [off, off+len)} of {@code buf} (checked
   * against its capacity); the position does not change}
   *
   * @param buf the data to hash
   * @param off where the data starts in {@code buf}
   * @param len the data's length in bytes
   * @param seed the seed
   */
  public abstract long hash(ByteBuffer buf, int off, int len, long seed);

  /**
   * {@return XXH64 of {@code buf}'s remaining bytes; its position then is its limit}
   *
   * @param buf the data to hash
   * @param seed the seed
   */
  public final long hash(ByteBuffer buf, long seed) {
    long h = hash(buf, buf.position(), buf.remaining(), seed);
    buf.position(buf.limit());
    return h;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName();
  }
}
