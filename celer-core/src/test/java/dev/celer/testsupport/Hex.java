package dev.celer.testsupport;

/**
 * Lower-case hex of bytes, for messages and for comparing with {@code xxhsum}'s output: what
 * {@code java.util.HexFormat.of().formatHex} gives on Java 17+, here because the tests also run on
 * Java 11. Stateless, thread-safe.
 */
public final class Hex {
  private Hex() {}

  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  /** @return the bytes of {@code b} as lower-case hex, two digits each */
  public static String format(byte[] b) {
    return format(b, 0, b.length);
  }

  /** @return the bytes {@code b[from, to)} as lower-case hex, two digits each */
  public static String format(byte[] b, int from, int to) {
    java.util.Objects.checkFromToIndex(from, to, b.length);
    char[] c = new char[2 * (to - from)];
    for (int i = from, j = 0; i < to; i++, j += 2) {
      c[j] = DIGITS[(b[i] >>> 4) & 0xF];
      c[j + 1] = DIGITS[b[i] & 0xF];
    }
    return new String(c);
  }
}
