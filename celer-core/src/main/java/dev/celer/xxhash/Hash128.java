package dev.celer.xxhash;

/**
 * A 128-bit hash value, as XXH3-128 ({@link XxHash128}) produces it: two unsigned 64-bit halves,
 * {@code low64} and {@code high64}, as in the C library's {@code XXH128_hash_t}.
 *
 * <p>The canonical form (xxHash specification, "XXH3 Algorithm Overview") is big-endian: the 16
 * bytes of {@link #toBytes()} are {@code high64} then {@code low64}, most significant byte first,
 * and {@link #toHex()} is those bytes as 32 lower-case hex digits, exactly as {@code xxhsum -H2}
 * prints them.
 *
 * <p>Immutable and thread-safe. A value class with the members a record would have (it was one
 * until the library moved to Java 11): {@link #low64()}, {@link #high64()}, {@link #equals} and
 * {@link #hashCode} over both halves (the hash code is the one the JDK gives the record), and
 * {@link #toString()} the canonical hex.
 *
 * <pre>{@code
 * Hash128 h = XxHash128.hash(data);
 * String hex = h.toHex();   // as xxhsum -H2 prints it
 * }</pre>
 */
public final class Hash128 {
  private final long low64;
  private final long high64;

  /**
   * Creates the hash of its two halves.
   *
   * @param low64 the lower 64 bits
   * @param high64 the higher 64 bits
   */
  public Hash128(long low64, long high64) {
    this.low64 = low64;
    this.high64 = high64;
  }

  /** {@return the lower 64 bits} */
  public long low64() {
    return low64;
  }

  /** {@return the higher 64 bits} */
  public long high64() {
    return high64;
  }

  /** @return whether {@code o} is a {@code Hash128} with the same two halves */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Hash128)) {
      return false;
    }
    Hash128 h = (Hash128) o;
    return low64 == h.low64 && high64 == h.high64;
  }

  /** @return {@code 31 * Long.hashCode(low64) + Long.hashCode(high64)}, as a record of the two halves has it */
  @Override
  public int hashCode() {
    return 31 * Long.hashCode(low64) + Long.hashCode(high64);
  }

  /** {@return the 16 bytes of the canonical (big-endian) form: {@code high64}, then {@code low64}} */
  public byte[] toBytes() {
    byte[] b = new byte[16];
    writeTo(b, 0);
    return b;
  }

  /**
   * Writes the 16 bytes of the canonical (big-endian) form at {@code dst[off]}.
   *
   * @param dst where the 16 bytes go
   * @param off where they start in {@code dst}
   * @throws IndexOutOfBoundsException if fewer than 16 bytes are there
   */
  public void writeTo(byte[] dst, int off) {
    java.util.Objects.checkFromIndexSize(off, 16, dst.length);
    for (int i = 0; i < 8; i++) {
      dst[off + i] = (byte) (high64 >>> (56 - 8 * i));
      dst[off + 8 + i] = (byte) (low64 >>> (56 - 8 * i));
    }
  }

  /** {@return the canonical form as 32 lower-case hex digits, as {@code xxhsum -H2} prints it} */
  public String toHex() {
    char[] c = new char[32];
    HexFormatting.appendHex(high64, 16, c, 0);
    HexFormatting.appendHex(low64, 16, c, 16);
    return new String(c);
  }

  /** @return {@link #toHex()} */
  @Override
  public String toString() {
    return toHex();
  }
}
