package dev.celer.safety;

/**
 * A deliberately plain LZ4 block decoder used as the test oracle: one byte at a time, every length
 * in {@code long}, no tricks. It never throws; it classifies its input instead, so a property can
 * say what Celer's decoder must do with it without depending on which end-of-block policy Celer
 * chose.
 *
 * <p>Three classes (block format spec {@code doc/lz4_Block_format.md}, lz4 v1.9.4):
 *
 * <ul>
 *   <li><b>invalid</b>: malformed under any reading — truncated token/length/offset, literals
 *       past the input, match offset 0, a match reaching before the start of the output (and of
 *       the dictionary), output beyond the capacity. Every decoder must reject it (but see {@link
 *       #decodeOffsetZeroAsZeros} for the native backend's one documented difference).
 *   <li><b>strict</b>: well-formed and also keeps the "End of block conditions": the last
 *       sequence holds only literals (its token's match nibble is 0) and ends exactly at the end
 *       of the input, the last 5 bytes
 *       are literals, the last match starts at least 12 bytes before the end. Every decoder must
 *       accept it and produce exactly {@link #out}.
 *   <li>neither (ambiguous): well-formed but breaking an end-of-block rule, or an empty input. A
 *       decoder may accept it — then its output must be {@link #out} — or reject it.
 * </ul>
 *
 * <p>Immutable result; not meant for speed. Thread-safe (no shared state).
 */
final class ReferenceBlockDecoder {
  /** Spec "End of block conditions": the last 5 bytes are always literals. */
  static final int LAST_LITERALS = 5;
  /** Spec "End of block conditions": the last match starts at least 12 bytes before the end. */
  static final int MF_LIMIT = 12;

  /** False when every decoder must reject the input. */
  final boolean valid;
  /** True when every decoder must accept the input (implies {@link #valid}). */
  final boolean strict;
  /** The bytes decoded (for an invalid input: those decoded before the error). */
  final byte[] out;
  /** For an invalid input: what is wrong. */
  final String problem;
  /** For a partial decode: true when it stopped because the target length was reached. */
  final boolean reachedTarget;

  private ReferenceBlockDecoder(boolean valid, boolean strict, byte[] out, String problem, boolean reachedTarget) {
    this.valid = valid;
    this.strict = strict;
    this.out = out;
    this.problem = problem;
    this.reachedTarget = reachedTarget;
  }

  /** Full decode of {@code src[off, off+len)} into at most {@code capacity} bytes, no dictionary. */
  static ReferenceBlockDecoder decode(byte[] src, int off, int len, int capacity) {
    return decode(src, off, len, capacity, new byte[0], Integer.MAX_VALUE);
  }

  /**
   * @param dict bytes that precede the output (at most the last 64 KB count): matches may reach
   *     into them
   * @param target stop once this many bytes are decoded (partial decoding); literals and matches
   *     are clamped to it, and no input after the bytes it needs is read
   */
  static ReferenceBlockDecoder decode(byte[] src, int off, int len, int capacity, byte[] dict, int target) {
    return decode(src, off, len, capacity, dict, target, false);
  }

  /**
   * As {@link #decode(byte[], int, int, int, byte[], int)}, but a match of offset 0 is not an
   * error: it produces {@code matchLength} zero bytes, as {@code LZ4_decompress_safe} of liblz4
   * 1.9.4 decodes it (measured; docs/security.md, "The native backend"). Every other rule stays,
   * so a block with another problem after its offset-0 match is still invalid.
   */
  static ReferenceBlockDecoder decodeOffsetZeroAsZeros(byte[] src, int off, int len, int capacity, byte[] dict, int target) {
    return decode(src, off, len, capacity, dict, target, true);
  }

  private static ReferenceBlockDecoder decode(
      byte[] src, int off, int len, int capacity, byte[] dict, int target, boolean offsetZeroAsZeros) {
    int dictLen = Math.min(dict.length, 65536);
    byte[] history = new byte[dictLen];
    System.arraycopy(dict, dict.length - dictLen, history, 0, dictLen);
    boolean partial = target != Integer.MAX_VALUE;
    long limit = Math.min((long) capacity, (long) target);
    int ip = off;
    int end = off + len;
    long lastMatchStart = -1;
    long lastMatchEnd = -1;
    int op = 0;
    byte[] outBuf = new byte[(int) Math.min(limit, 256)];
    if (partial && target == 0) {
      return reached(outBuf, 0);
    }
    if (len == 0) { // an empty input is not a block (a block of no bytes is the token 0x00)
      return new ReferenceBlockDecoder(true, false, new byte[0], null, false);
    }
    while (true) {
      if (ip >= end) {
        return invalid(outBuf, op, "truncated: no token at " + ip);
      }
      int token = src[ip++] & 0xFF;
      long lit = token >>> 4;
      if (lit == 15) {
        int b;
        do {
          if (ip >= end) {
            return invalid(outBuf, op, "truncated literal length at " + ip);
          }
          b = src[ip++] & 0xFF;
          lit += b;
        } while (b == 255);
      }
      long litToCopy = Math.min(lit, limit - op);
      if (litToCopy < lit && !(partial && target <= capacity)) {
        return invalid(outBuf, op, "literals exceed capacity at " + ip);
      }
      if (litToCopy > end - ip) {
        if (partial) { // C's partial decoder takes a short literal run as the end: allowed, not required
          int avail = end - ip;
          outBuf = ensure(outBuf, op + avail);
          System.arraycopy(src, ip, outBuf, op, avail);
          return new ReferenceBlockDecoder(true, false, copy(outBuf, op + avail), null, false);
        }
        return invalid(outBuf, op, "literals past end of input at " + ip);
      }
      outBuf = ensure(outBuf, op + (int) litToCopy);
      System.arraycopy(src, ip, outBuf, op, (int) litToCopy);
      op += (int) litToCopy;
      ip += (int) litToCopy;
      if (partial && op == target) {
        return reached(outBuf, op);
      }
      if (ip == end) { // the last sequence: literals only
        // a match-length nibble in the last token has no match to describe: decoders differ on it
        boolean strict = (token & 15) == 0
            && (lastMatchStart < 0 || (lastMatchStart <= op - MF_LIMIT && lastMatchEnd <= op - LAST_LITERALS));
        return new ReferenceBlockDecoder(true, strict, copy(outBuf, op), null, false);
      }
      if (end - ip < 2) {
        return invalid(outBuf, op, "truncated offset at " + ip);
      }
      int offset = (src[ip] & 0xFF) | (src[ip + 1] & 0xFF) << 8;
      if (offset == 0 && !offsetZeroAsZeros) {
        return invalid(outBuf, op, "offset 0 at " + ip);
      }
      if (offset > op + dictLen) {
        return invalid(outBuf, op, "offset " + offset + " before output start at " + ip);
      }
      ip += 2;
      long ml = token & 15;
      if (ml == 15) {
        int b;
        do {
          if (ip >= end) {
            return invalid(outBuf, op, "truncated match length at " + ip);
          }
          b = src[ip++] & 0xFF;
          ml += b;
        } while (b == 255);
      }
      ml += 4;
      long mlToCopy = Math.min(ml, limit - op);
      if (mlToCopy < ml && !(partial && target <= capacity)) {
        return invalid(outBuf, op, "match exceeds capacity at " + ip);
      }
      lastMatchStart = op;
      lastMatchEnd = op + ml;
      outBuf = ensure(outBuf, op + (int) mlToCopy);
      for (long i = 0; i < mlToCopy; i++) {
        int from = op - offset;
        outBuf[op] = offset == 0 ? 0 : from >= 0 ? outBuf[from] : history[dictLen + from];
        op++;
      }
      if (partial && op == target) {
        return reached(outBuf, op);
      }
      if (ip == end) { // ends right after a match: breaks "the last sequence holds only literals"
        return new ReferenceBlockDecoder(true, false, copy(outBuf, op), null, false);
      }
    }
  }

  private static ReferenceBlockDecoder reached(byte[] buf, int op) {
    return new ReferenceBlockDecoder(true, true, copy(buf, op), null, true);
  }

  private static ReferenceBlockDecoder invalid(byte[] buf, int op, String problem) {
    return new ReferenceBlockDecoder(false, false, copy(buf, op), problem, false);
  }

  private static byte[] ensure(byte[] b, int n) {
    if (n <= b.length) {
      return b;
    }
    byte[] r = new byte[Math.max(n, b.length * 2)];
    System.arraycopy(b, 0, r, 0, b.length);
    return r;
  }

  private static byte[] copy(byte[] b, int n) {
    byte[] r = new byte[n];
    System.arraycopy(b, 0, r, 0, n);
    return r;
  }

  @Override
  public String toString() {
    return (valid ? (strict ? "strict" : "ambiguous") : "invalid(" + problem + ")") + " out=" + out.length;
  }
}
