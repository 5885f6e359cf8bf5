package dev.celer.xxhash;

/**
 * Canonical form of hash values, as bytes and as the hex text {@code xxhsum} prints: the xxHash
 * specification's canonical form is big-endian (most significant byte first), so the text is the
 * value's digits, zero-padded, in lower case. Stateless and thread-safe.
 */
final class HexFormatting {
  private HexFormatting() {}

  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  /** @return the low {@code digits * 4} bits of {@code v} as {@code digits} lower-case hex digits */
  static String hex(long v, int digits) {
    char[] c = new char[digits];
    appendHex(v, digits, c, 0);
    return new String(c);
  }

  /** @return the low {@code bytes} bytes of {@code v}, most significant first (canonical form) */
  static byte[] bigEndian(long v, int bytes) {
    byte[] b = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      b[i] = (byte) (v >>> (8 * (bytes - 1 - i)));
    }
    return b;
  }

  /** Writes {@code digits} hex digits of {@code v}, most significant first, at {@code c[at]}. */
  static void appendHex(long v, int digits, char[] c, int at) {
    for (int i = digits - 1; i >= 0; i--) {
      c[at + i] = DIGITS[(int) v & 0xF];
      v >>>= 4;
    }
  }
}
