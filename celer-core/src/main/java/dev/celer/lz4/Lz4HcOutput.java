package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.LAST_LITERALS;
import static dev.celer.lz4.Lz4Constants.MF_LIMIT;
import static dev.celer.lz4.Lz4Constants.MIN_MATCH;
import static dev.celer.lz4.Lz4Constants.ML_MASK;
import static dev.celer.lz4.Lz4Constants.RUN_MASK;

/**
 * Where the HC parsers put their sequences: a thin layer over {@link Lz4SequenceWriter} that also
 * knows the two ways a block can end when the output is bounded, as in {@code lib/lz4hc.c} (lz4
 * v1.9.4):
 *
 * <ul>
 *   <li>ordinary ("compress or reject", {@code limitedOutput}): the first sequence that does not
 *       fit ends the call with {@code -1};
 *   <li>destination size ({@code fillOutput}, {@code LZ4_compress_HC_destSize}): sequences must
 *       leave {@link Lz4Constants#LAST_LITERALS} bytes of room; the first that does not fit is cut
 *       to what still fits (or dropped), and the block ends with as many literals as fit, so the
 *       block encodes a prefix of the input and fills the output to within a few bytes.
 * </ul>
 *
 * <p>Not thread-safe: used by one call at a time (pooled by {@link Lz4HighCompressor}).
 */
final class Lz4HcOutput {
  private Object src;
  private Object dst;
  private int d;
  private int dstEnd;
  /** The end the sequences must respect: {@code dstEnd}, less the reserve in destination-size mode. */
  private int oend;
  private boolean fill;

  private boolean overflowed;
  private int ovIp;
  private int ovMatchLen;
  private int ovOffset;

  /** Starts a block: {@code fill} selects the destination-size mode. */
  void start(Object src, Object dst, int dstOff, int dstLimit, boolean fill) {
    this.src = src;
    this.dst = dst;
    this.d = dstOff;
    this.dstEnd = dstLimit;
    this.fill = fill;
    this.oend = fill ? dstLimit - LAST_LITERALS : dstLimit;
    this.overflowed = false;
  }

  /** Drops the references to the caller's buffers. */
  void release() {
    src = null;
    dst = null;
  }

  /**
   * Writes the literals {@code [anchor, ip)} and a match of {@code matchLen} bytes at distance
   * {@code offset}.
   *
   * @return false when the sequence does not fit (nothing written): the parser must stop and call
   *     {@link #finish}
   */
  boolean sequence(int anchor, int ip, int matchLen, int offset) {
    int litLen = ip - anchor;
    if (fill && !fitsWithReserve(litLen, matchLen)) {
      return overflow(ip, matchLen, offset);
    }
    int nd = Lz4SequenceWriter.writeSequence(src, anchor, litLen, offset, matchLen, dst, d, dstEnd);
    if (nd < 0) {
      return overflow(ip, matchLen, offset);
    }
    d = nd;
    return true;
  }

  private boolean overflow(int ip, int matchLen, int offset) {
    overflowed = true;
    ovIp = ip;
    ovMatchLen = matchLen;
    ovOffset = offset;
    return false;
  }

  /**
   * The room test of {@code LZ4HC_encodeSequence} in destination-size mode (deliberately the C
   * library's estimate, so that the block is cut where C cuts it): the literals with one length
   * byte per 255 and then the match length bytes, each followed by a token's and {@link
   * Lz4Constants#LAST_LITERALS} bytes of slack, must stay within {@code oend}.
   */
  private boolean fitsWithReserve(int litLen, int matchLen) {
    long op = d + 1L; // after the token
    if (op + litLen / 255 + litLen + (2 + 1 + LAST_LITERALS) > oend) {
      return false;
    }
    op += Lz4SequenceWriter.extraLengthBytes(litLen) + litLen + 2;
    return op + (matchLen - MIN_MATCH) / 255 + (1 + LAST_LITERALS) <= oend;
  }

  /**
   * Ends the block: the last literals from {@code anchor} to {@code srcEnd}. After an overflow in
   * ordinary mode this is {@code -1}; in destination-size mode the sequence that overflowed is first
   * written cut to the room left (if enough of it remains to be worth a match), then as many
   * literals as fit.
   *
   * @param consumed in destination-size mode, receives the number of input bytes the block holds
   *     (from {@code srcOff}); may be null otherwise
   * @return the output position after the block, or -1
   */
  int finish(int anchor, int srcOff, int srcEnd, int[] consumed) {
    if (overflowed) {
      if (!fill) {
        return -1;
      }
      // LZ4HC_compress_hashChain/_optimal, label _dest_overflow
      long ll = ovIp - anchor;
      long llTotalCost = 1 + (ll + 240) / 255 + ll;
      long maxLitPos = oend - 3L; // room for the offset (2) and the token (1)
      if (d + llTotalCost <= maxLitPos) {
        long bytesLeftForMl = maxLitPos - (d + llTotalCost);
        long maxMlSize = MIN_MATCH + (ML_MASK - 1) + bytesLeftForMl * 255;
        int ml = (int) Math.min(ovMatchLen, maxMlSize);
        // only if the cut match still starts MF_LIMIT bytes before the block's end
        if ((oend + LAST_LITERALS) - (d + llTotalCost + 2) - 1 + ml >= MF_LIMIT) {
          d = Lz4SequenceWriter.writeSequence(src, anchor, (int) ll, ovOffset, ml, dst, d, dstEnd);
          assert d >= 0;
          anchor = ovIp + ml;
        }
      }
    }
    // last literals
    int lastRun = srcEnd - anchor;
    if (fill) {
      long total = 1 + (lastRun + 255L - RUN_MASK) / 255 + lastRun;
      if (d + total > dstEnd) {
        // take as many literals as fit with their length bytes
        lastRun = dstEnd - d - 1;
        lastRun -= (lastRun + 256 - RUN_MASK) / 256;
      }
      consumed[0] = anchor + lastRun - srcOff;
    }
    return Lz4SequenceWriter.writeLastLiterals(src, anchor, lastRun, dst, d, dstEnd);
  }
}
