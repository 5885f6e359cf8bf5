package dev.celer.xxhash;

import java.nio.ByteBuffer;

/**
 * XXH32 (xxHash specification, {@code doc/xxhash_spec.md}).
 *
 * <p>One-shot hashing through the static methods; streaming through an instance from {@link
 * #create(int)}: {@link #update} in pieces of any size, then {@link #digest()}. Static methods are
 * thread-safe; an instance is <b>not</b> thread-safe (confine it to one thread, or synchronize).
 */
public final class XxHash32 {

  /** @return XXH32 of {@code b[off, off+len)} with {@code seed} */
  public static int hash(byte[] b, int off, int len, int seed) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** @return XXH32 of the remaining bytes of {@code buf}; its position is not changed */
  public static int hash(ByteBuffer buf, int seed) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** @return a new streaming hasher with {@code seed} */
  public static XxHash32 create(int seed) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  private XxHash32() {}

  /** Adds {@code b[off, off+len)} to the hashed data. */
  public void update(byte[] b, int off, int len) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** Adds the remaining bytes of {@code buf}, advancing its position to its limit. */
  public void update(ByteBuffer buf) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** @return the hash of everything added since creation or the last {@link #reset()}; does not change the state */
  public int digest() {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** Forgets all data, keeping the seed. */
  public void reset() {
    throw new UnsupportedOperationException("not yet implemented");
  }
}
