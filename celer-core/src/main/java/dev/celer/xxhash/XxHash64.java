package dev.celer.xxhash;

import java.nio.ByteBuffer;

/**
 * XXH64 (xxHash specification, {@code doc/xxhash_spec.md}).
 *
 * <p>One-shot hashing through the static methods; streaming through an instance from {@link
 * #create(long)}: {@link #update} in pieces of any size, then {@link #digest()}. Static methods are
 * thread-safe; an instance is <b>not</b> thread-safe (confine it to one thread, or synchronize).
 */
public final class XxHash64 {

  /** @return XXH64 of {@code b[off, off+len)} with {@code seed} */
  public static long hash(byte[] b, int off, int len, long seed) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** @return XXH64 of the remaining bytes of {@code buf}; its position is not changed */
  public static long hash(ByteBuffer buf, long seed) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** @return a new streaming hasher with {@code seed} */
  public static XxHash64 create(long seed) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  private XxHash64() {}

  /** Adds {@code b[off, off+len)} to the hashed data. */
  public void update(byte[] b, int off, int len) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** Adds the remaining bytes of {@code buf}, advancing its position to its limit. */
  public void update(ByteBuffer buf) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** @return the hash of everything added since creation or the last {@link #reset()}; does not change the state */
  public long digest() {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** Forgets all data, keeping the seed. */
  public void reset() {
    throw new UnsupportedOperationException("not yet implemented");
  }
}
