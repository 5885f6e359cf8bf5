package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.MIN_MATCH;
import static dev.celer.lz4.Lz4Constants.ML_MASK;
import static dev.celer.lz4.Lz4Constants.RUN_MASK;

import dev.celer.internal.Mem;

/**
 * Writes LZ4 sequences (section "Compressed block format" of {@code doc/lz4_Block_format.md}):
 * the one sequence encoder shared by the fast and the HC compressors, which differ only in how
 * they find matches.
 *
 * <pre>
 *   token         [literal length bytes] literals  offset (LE16)  [match length bytes]
 *   LLLL MMMM     255 255 ... n                    oooo oooo      255 255 ... n
 * </pre>
 *
 * Every method checks the room it needs against {@code dstLimit} before writing anything, and
 * returns {@code -1} when it does not fit: the "compress or reject" path gives up there, without
 * an exception and without writing past the limit.
 */
final class Lz4SequenceWriter {
  private Lz4SequenceWriter() {}

  /** Literal runs up to this length are copied in 8-byte steps (see {@link Mem#copyWild}). */
  private static final int WILD_LITERALS_MAX = 64;

  /** @return how many extra length bytes a length field holding {@code len} needs, after the nibble 15 */
  static int extraLengthBytes(int len) {
    return len >= 15 ? (len - 15) / 255 + 1 : 0;
  }

  /**
   * Writes one sequence: the literals {@code src[anchor, anchor+litLen)} then a match of {@code
   * matchLen} bytes (at least {@link Lz4Constants#MIN_MATCH}) at distance {@code offset} (1..65535).
   *
   * @return the new output position, or {@code -1} when the sequence would pass {@code dstLimit}
   */
  static int writeSequence(
      Object src, int anchor, int litLen, int offset, int matchLen, Object dst, int d, int dstLimit) {
    assert matchLen >= MIN_MATCH && offset > 0 && offset <= Lz4Constants.MAX_DISTANCE;
    int ml = matchLen - MIN_MATCH;
    // long, so that a huge literal run near the end of a huge buffer cannot overflow the check
    long need = 1L + extraLengthBytes(litLen) + litLen + 2 + extraLengthBytes(ml);
    if (d + need > dstLimit) {
      return -1;
    }
    int token = d++;
    int tok;
    if (litLen >= RUN_MASK) {
      tok = RUN_MASK << 4;
      d = writeLengthBytes(dst, d, litLen - RUN_MASK);
    } else {
      tok = litLen << 4;
    }
    if (litLen <= WILD_LITERALS_MAX && d + litLen + 8 <= dstLimit) {
      // the literals are followed in src by the match and at least LAST_LITERALS bytes, so
      // rounding up to whole words reads no byte past the input; the bytes written past the
      // literals (still before dstLimit) are overwritten by the offset and the next sequences
      Mem.copyWild(src, anchor, dst, d, litLen);
    } else {
      Mem.copy(src, anchor, dst, d, litLen);
    }
    d += litLen;
    Mem.putShortLE(dst, d, offset);
    d += 2;
    if (ml >= ML_MASK) {
      tok |= ML_MASK;
      d = writeLengthBytes(dst, d, ml - ML_MASK);
    } else {
      tok |= ml;
    }
    Mem.putByte(dst, token, (byte) tok);
    return d;
  }

  /**
   * Writes the last sequence of a block: literals only, {@code src[anchor, anchor+litLen)}.
   *
   * @return the new output position, or {@code -1} when it would pass {@code dstLimit}
   */
  static int writeLastLiterals(Object src, int anchor, int litLen, Object dst, int d, int dstLimit) {
    long need = 1L + extraLengthBytes(litLen) + litLen;
    if (d + need > dstLimit) {
      return -1;
    }
    if (litLen >= RUN_MASK) {
      Mem.putByte(dst, d++, (byte) (RUN_MASK << 4));
      d = writeLengthBytes(dst, d, litLen - RUN_MASK);
    } else {
      Mem.putByte(dst, d++, (byte) (litLen << 4));
    }
    Mem.copy(src, anchor, dst, d, litLen);
    return d + litLen;
  }

  /** Writes the bytes after a nibble of 15: as many 255 as needed, then the rest (0..254). */
  private static int writeLengthBytes(Object dst, int d, int rest) {
    while (rest >= 255) {
      Mem.putByte(dst, d++, (byte) 255);
      rest -= 255;
    }
    Mem.putByte(dst, d++, (byte) rest);
    return d;
  }
}
