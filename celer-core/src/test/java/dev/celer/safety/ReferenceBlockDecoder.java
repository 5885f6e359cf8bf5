package dev.celer.safety;

/**
 * A deliberately plain LZ4 block decoder used as the test oracle: one byte at a time, every length
 * in {@code long}, no tricks. It never throws; it classifies its input instead, so a property can
 * say what Celer's decoders must do with it.
 *
 * <p><b>A full decode</b> states the one decoding contract (docs/security.md, "What a decoder
 * accepts"): {@link #valid} exactly when liblz4's {@code LZ4_decompress_safe} (or {@code
 * _usingDict}) accepts the block at that capacity, with {@link #out} its bytes. The block format's
 * "End of block conditions" ({@code doc/lz4_Block_format.md}) are applied as liblz4 1.9.4/1.10.0
 * applies them, against the end of the input and of the capacity, so one block can be invalid at
 * its exact size and valid with more room; a match offset of 0 writes zeros. The rules, as numbered
 * in {@code Lz4Decompressor}'s class description:
 *
 * <ol start="0">
 *   <li>a capacity of 0 takes only the block {@code 00};
 *   <li>the last sequence is literals only and ends the input (its token's match nibble is not
 *       looked at);
 *   <li>after a sequence's literals that do not end the block at least 8 input bytes remain (offset,
 *       token, 5 literals), and after a match-length field at least 4; a match ends at least 5 bytes
 *       before the end of the capacity;
 *   <li>a sequence's literals that do not end the block end at least 12 bytes before the end of the
 *       capacity;
 * </ol>
 *
 * except that a sequence whose short literal run (token nibble below 15) starts at least 17 bytes
 * before the end of the input and whose output starts at least 32 bytes before the end of the
 * capacity skips rules 2 and 3 after its literals, and, when its match is short (nibble below 15),
 * at least 8 back and inside the output or a prefix history, skips rule 2 for the match too: liblz4
 * decodes such a sequence on its "shortcut" path, which does not test them.
 *
 * <p><b>A partial decode</b> (a target) states Celer's own partial contract: it stops as soon as
 * the target is reached, no end-of-block rule applies, and whatever it reads before that must be
 * well-formed (a truncated literal run, length, offset, or an input that ends after a match before
 * the target is reached is invalid).
 *
 * <p>Immutable result; not meant for speed. Thread-safe (no shared state).
 */
final class ReferenceBlockDecoder {
  /** Rule 2: the last 5 bytes of the output (capacity) are literals. */
  static final int LAST_LITERALS = 5;
  /** Rule 3: the last match starts at least 12 bytes before the end of the output (capacity). */
  static final int MF_LIMIT = 12;

  /** Whether the decoder under test must accept the input (else it must reject it). */
  final boolean valid;
  /**
   * A full decode that is valid and also keeps every end-of-block condition at face value, as a
   * compressor must write them: the last token has no match nibble, the last match starts at least
   * 12 and ends at least 5 bytes before the end of the output. liblz4 accepts some blocks that do
   * not (see the class description), so this is stricter than {@link #valid}.
   */
  final boolean strict;
  /** The bytes decoded (for an invalid input: those decoded before the error). */
  final byte[] out;
  /** For an invalid input: what is wrong. */
  final String problem;
  /** For a partial decode: true when it stopped because the target length was reached. */
  final boolean reachedTarget;
  /** For a valid full decode: whether it decoded a match of offset 0 (as zeros). */
  private boolean offsetZero;

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
   * @param dict an external dictionary (a separate array, {@code LZ4_decompress_safe_usingDict}'s
   *     "external dictionary" case; at most the last 64 KB count): matches may reach into it
   * @param target {@link Integer#MAX_VALUE} for a full decode; else stop once this many bytes are
   *     decoded (partial decoding)
   */
  static ReferenceBlockDecoder decode(byte[] src, int off, int len, int capacity, byte[] dict, int target) {
    return decode(src, off, len, capacity, dict, false, target);
  }

  /**
   * @param prefix whether {@code dict} lies right before the output in the same buffer (linked
   *     blocks, liblz4's prefix case) rather than apart from it; it changes which sequences liblz4
   *     decodes on its shortcut path
   */
  static ReferenceBlockDecoder decode(byte[] src, int off, int len, int capacity, byte[] dict, boolean prefix, int target) {
    int dictLen = Math.min(dict.length, 65536);
    byte[] history = new byte[dictLen];
    System.arraycopy(dict, dict.length - dictLen, history, 0, dictLen);
    boolean partial = target != Integer.MAX_VALUE;
    long limit = partial ? Math.min((long) capacity, (long) target) : capacity;
    int ip = off;
    int end = off + len;
    int op = 0;
    boolean sawOffsetZero = false;
    long lastMatchStart = -1;
    long lastMatchEnd = -1;
    byte[] outBuf = new byte[(int) Math.min(limit, 256)];
    if (partial && limit == 0) {
      return reached(outBuf, 0);
    }
    if (len == 0) {
      return invalid(outBuf, 0, "empty input");
    }
    if (!partial && capacity == 0) { // rule 0
      return len == 1 && src[off] == 0 ? new ReferenceBlockDecoder(true, true, new byte[0], null, false) : invalid(outBuf, 0, "capacity 0");
    }
    while (true) {
      if (ip >= end) {
        return invalid(outBuf, op, "input ends after a match at " + ip);
      }
      int token = src[ip++] & 0xFF;
      long lit = token >>> 4;
      boolean shortcut = !partial && lit < 15 && ip <= end - 17 && op <= limit - 32;
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
      if (litToCopy < lit && !partial) {
        return invalid(outBuf, op, "literals exceed capacity at " + ip);
      }
      if (litToCopy > end - ip) {
        return invalid(outBuf, op, "literals past end of input at " + ip);
      }
      outBuf = ensure(outBuf, op + (int) litToCopy);
      System.arraycopy(src, ip, outBuf, op, (int) litToCopy);
      op += (int) litToCopy;
      ip += (int) litToCopy;
      if (partial && op == limit) {
        return reached(outBuf, op);
      }
      if (ip == end) { // rule 1: the last sequence, literals only
        boolean strict = !partial && (token & 15) == 0
            && (lastMatchStart < 0 || (lastMatchStart <= op - MF_LIMIT && lastMatchEnd <= op - LAST_LITERALS));
        ReferenceBlockDecoder r = new ReferenceBlockDecoder(true, strict, copy(outBuf, op), null, false);
        r.offsetZero = sawOffsetZero;
        return r;
      }
      if (!partial && !shortcut && limit - op < MF_LIMIT) {
        return invalid(outBuf, op, "rule 3: literals end " + (limit - op) + " before the capacity's end at " + ip);
      }
      if (!partial && !shortcut && end - ip < 2 + 1 + LAST_LITERALS) {
        return invalid(outBuf, op, "rule 2: literals end " + (end - ip) + " before the input's end at " + ip);
      }
      if (end - ip < 2) {
        return invalid(outBuf, op, "truncated offset at " + ip);
      }
      int offset = (src[ip] & 0xFF) | (src[ip + 1] & 0xFF) << 8;
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
        if (!partial && end - ip < 4) {
          return invalid(outBuf, op, "rule 2: input ends " + (end - ip) + " after a match length at " + ip);
        }
      }
      ml += 4;
      long mlToCopy = Math.min(ml, limit - op);
      if (mlToCopy < ml && !partial) {
        return invalid(outBuf, op, "match exceeds capacity at " + ip);
      }
      boolean inOutputOrPrefix = offset <= op || prefix;
      boolean skipsRule2 = shortcut && (token & 15) != 15 && offset >= 8 && inOutputOrPrefix;
      if (!partial && !skipsRule2 && ml > limit - op - LAST_LITERALS) {
        return invalid(outBuf, op, "rule 2: match ends " + (limit - op - ml) + " before the capacity's end at " + ip);
      }
      lastMatchStart = op;
      lastMatchEnd = op + ml;
      sawOffsetZero |= offset == 0;
      outBuf = ensure(outBuf, op + (int) mlToCopy);
      for (long i = 0; i < mlToCopy; i++) {
        int from = op - offset;
        outBuf[op] = offset == 0 ? 0 : from >= 0 ? outBuf[from] : history[dictLen + from];
        op++;
      }
      if (partial && op == limit) {
        return reached(outBuf, op);
      }
    }
  }

  /** For a valid full decode: whether it decoded a match of offset 0 (as zeros). */
  boolean offsetZero() {
    return offsetZero;
  }

  private static ReferenceBlockDecoder reached(byte[] buf, int op) {
    return new ReferenceBlockDecoder(true, false, copy(buf, op), null, true);
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
    return (valid ? "valid" : "invalid(" + problem + ")") + " out=" + out.length;
  }
}
