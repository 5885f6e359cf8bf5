package dev.celer.internal;

/**
 * The full 64 × 64 → 128-bit unsigned product that XXH3 needs ({@code (u128)x * (u128)y} in the
 * xxHash specification), on Java 11 and 17, which have {@link Math#multiplyHigh} (signed) but not yet
 * {@code Math.unsignedMultiplyHigh} (Java 18). The low half is the ordinary {@code x * y}.
 *
 * <p>A later multi-release override of this one class may call {@code
 * Math.unsignedMultiplyHigh} directly; callers do not change. Stateless and thread-safe.
 */
public final class UnsignedMultiply {
  private UnsignedMultiply() {}

  /**
   * @return the high 64 bits of the unsigned 128-bit product {@code x * y}
   */
  public static long multiplyHigh(long x, long y) {
    // Reading a negative long as unsigned adds 2^64 to it: (x + 2^64·[x<0]) · (y + 2^64·[y<0])
    // = x·y + 2^64·([x<0]·y + [y<0]·x) + 2^128·(…), so the high half gains y when x < 0 and x
    // when y < 0; the 2^128 term falls off.
    return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
  }

  /**
   * @return the low half xor the high half of the unsigned 128-bit product {@code x * y}, the
   *     "fold" XXH3 applies after most of its multiplications
   */
  public static long multiplyFold(long x, long y) {
    return (x * y) ^ multiplyHigh(x, y);
  }
}
