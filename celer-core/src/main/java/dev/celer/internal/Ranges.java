package dev.celer.internal;

/**
 * The one check that an input range and an output range do not share bytes.
 *
 * <p>The codecs read their input while they write their output; when both lie in the same memory
 * and overlap, a write can destroy input (or history) not yet read, and the result is a wrong
 * block or wrong data without any error. Celer rejects such calls instead.
 *
 * <p>What it can see: two ranges of the same {@code byte[]} (heap {@code ByteBuffer}s are unwrapped
 * to their backing array before this check, so two heap buffers over one array are caught too), or
 * of the same {@code ByteBuffer} object. What it cannot see: two distinct direct buffers (a
 * duplicate, a slice, or two mappings) that view the same native memory; telling them apart needs
 * their native addresses, which JDK 11 and 17 do not give without {@code sun.misc.Unsafe} or JNI.
 * Stateless and thread-safe.
 */
public final class Ranges {
  private Ranges() {}

  /**
   * Throws when {@code a[aOff, aOff+aLen)} and {@code b[bOff, bOff+bLen)} are in the same base
   * (identical {@code byte[]} or {@code ByteBuffer}) and share at least one byte. Empty ranges
   * share nothing; ranges that only touch ({@code aOff + aLen == bOff}) are apart.
   *
   * @param what names the two ranges for the message, e.g. {@code "source and destination"}
   * @throws IllegalArgumentException when they overlap
   */
  public static void checkApart(Object a, int aOff, int aLen, Object b, int bOff, int bLen, String what) {
    if (a == b && aLen > 0 && bLen > 0 && aOff < bOff + bLen && bOff < aOff + aLen) {
      throw new IllegalArgumentException(what + " overlap in one array or buffer: [" + aOff + ", " + (aOff + aLen)
          + ") and [" + bOff + ", " + (bOff + bLen) + "); the codec would overwrite bytes it has not read yet");
    }
  }
}
