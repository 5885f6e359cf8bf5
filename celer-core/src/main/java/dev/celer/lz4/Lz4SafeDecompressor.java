package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.LAST_LITERALS;
import static dev.celer.lz4.Lz4Constants.MF_LIMIT;
import static dev.celer.lz4.Lz4Constants.MIN_MATCH;
import static dev.celer.lz4.Lz4Constants.ML_MASK;
import static dev.celer.lz4.Lz4Constants.RUN_MASK;

import dev.celer.internal.Mem;

/**
 * The safe LZ4 block decoder ({@code doc/lz4_Block_format.md}, lz4 v1.9.4): every length and
 * offset read from the input is checked before it is used, so no input can make it read or write
 * outside the given ranges, loop forever, or report output it did not write.
 *
 * <p>History for matches comes from up to two places, as in the C library's {@code
 * LZ4_decompress_safe_usingDict}: a <i>prefix</i>, the bytes of the output base just before the
 * output start ({@code dst[prefixStart, dstOff)}), and before it an <i>external dictionary</i> in
 * any other base. A match that starts in the external dictionary and is longer than what remains
 * of it continues at {@code prefixStart}.
 *
 * <p><b>What a full decode accepts is liblz4's answer</b> ({@code LZ4_decompress_safe} and {@code
 * LZ4_decompress_safe_usingDict}, lz4 1.9.4 and 1.10.0 alike): the block format's "End of block
 * conditions" are enforced exactly where, and as, liblz4 enforces them, relative to the end of the
 * input and of the destination <i>capacity</i> (so a block can fail at its exact size and pass with
 * more room); a match offset of 0 writes zeros. The rules, one by one, are in {@link
 * Lz4Decompressor}'s class description; {@link #decodeSequences} marks where each is checked. An
 * exact-length decode ({@link #exactBlock}) follows {@code LZ4_decompress_fast}'s rules instead,
 * which are stated against the exact output end. A partial decode keeps Celer's own contract (no
 * end-of-block rules; it may stop anywhere).
 *
 * <p>Fast paths copy 8 bytes at a time where the remaining room allows it; such a copy may write
 * up to 7 bytes past the current sequence, but never past the output limit, and those bytes are
 * overwritten by later sequences or lie beyond the reported length. Stateless and thread-safe.
 */
final class Lz4SafeDecompressor extends Lz4Decompressor {

  static final Lz4SafeDecompressor INSTANCE = new Lz4SafeDecompressor();

  /** A length field above this is rejected before it can overflow an {@code int}. */
  private static final int MAX_LENGTH = Integer.MAX_VALUE - 1024;

  /**
   * Literal runs and matches up to this length are copied in 8-byte steps when the buffers leave
   * room; longer ones go through {@link Mem#copy}, whose vectorized copy wins on long runs.
   */
  private static final int WILD_COPY_MAX = 64;

  /** Room the lean loop keeps before the end of the input and of the output. */
  private static final int FAST_MARGIN = 32;

  /**
   * Short literal runs and matches in 16-byte vector copies ({@link Lz4Vector}) when the JVM has
   * {@code jdk.incubator.vector}; a constant for the JIT, so the test costs nothing when off.
   */
  private static final boolean VECTOR = Lz4Vectorization.ENABLED;

  private Lz4SafeDecompressor() {}

  @Override
  int decode(
      Object src,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstEnd,
      int prefixStart,
      Object ext,
      int extOff,
      int extLen,
      boolean partial) {
    return decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, partial);
  }

  @Override
  int decodeExact(Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstEnd) {
    return exactBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd);
  }

  @Override
  public String toString() {
    return "Lz4SafeDecompressor";
  }

  /**
   * Decodes the block {@code src[srcOff, srcEnd)} into {@code dst[dstOff, dstEnd)}.
   *
   * @param prefixStart the first byte of {@code dst} (at or before {@code dstOff}) that matches may
   *     reference
   * @param ext the external dictionary's base, or {@code null} when {@code extLen} is 0
   * @param partial stop as soon as {@code dstEnd} is reached (instead of failing)
   * @return the number of bytes written at {@code dstOff}
   */
  static int decodeBlock(
      Object src,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstEnd,
      int prefixStart,
      Object ext,
      int extOff,
      int extLen,
      boolean partial) {
    long end = decodeSequences(
        src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, partial ? PARTIAL : WHOLE);
    return (int) end - dstOff;
  }

  /**
   * Decodes a block that produces exactly {@code dstEnd - dstOff} bytes and may be followed by
   * other data in {@code src[srcOff, srcEnd)}: decoding stops at the end of the literals that fill
   * the output, and the bytes after them are not read. The bounded form of {@code
   * LZ4_decompress_fast}, for callers that know the decoded length but not the compressed one.
   *
   * @return the number of input bytes the block occupies
   * @throws Lz4Exception when the block is malformed, decodes to more or fewer bytes, or would need
   *     input past {@code srcEnd}
   */
  static int exactBlock(Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstEnd) {
    long end = decodeSequences(src, srcOff, srcEnd, dst, dstOff, dstEnd, dstOff, null, 0, 0, EXACT);
    return (int) (end >>> 32) - srcOff;
  }

  /**
   * liblz4's "shortcut" for a sequence whose short literal run starts at least this many bytes
   * before the end of the input (after its token) ...
   */
  private static final int SHORTCUT_SRC = 17;

  /** ... and at least this many before the end of the output capacity (see {@code roomy}). */
  private static final int SHORTCUT_DST = 32;

  /** Mode of {@link #decodeSequences}: the input is exactly one block. */
  private static final int WHOLE = 0;

  /** Mode of {@link #decodeSequences}: stop as soon as the output range is full. */
  private static final int PARTIAL = 1;

  /** Mode of {@link #decodeSequences}: the block fills the output range exactly; input may follow. */
  private static final int EXACT = 2;

  /**
   * The one decoding loop behind {@link #decodeBlock} and {@link #exactBlock}.
   *
   * @param mode {@link #WHOLE}, {@link #PARTIAL} or {@link #EXACT}
   * @return the input position (high 32 bits) and output position (low 32 bits) where decoding
   *     stopped
   */
  private static long decodeSequences(
      Object src,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstEnd,
      int prefixStart,
      Object ext,
      int extOff,
      int extLen,
      int mode) {
    int ip = srcOff;
    int op = dstOff;
    if (mode == PARTIAL && op == dstEnd) {
      return at(ip, op);
    }
    if (mode == WHOLE && op == dstEnd) {
      // Rule 0 (liblz4): with no room at all, only the empty block, one zero token, decodes
      if (srcEnd - srcOff == 1 && Mem.getU8(src, srcOff) == 0) {
        return at(srcEnd, op);
      }
      throw new Lz4Exception(srcEnd == srcOff
          ? "empty input: a block holds at least one token, at input offset 0"
          : "a destination of 0 bytes takes only the empty block (one zero token), at input offset 0");
    }
    for (; ; ) {
      if (srcEnd - ip > FAST_MARGIN && dstEnd - op > FAST_MARGIN) {
        // the bulk of the block: far from both ends, through the lean loop
        long at = fastSequences(src, ip, srcEnd, dst, op, dstEnd, prefixStart);
        ip = (int) (at >>> 32);
        op = (int) at;
      }
      // one sequence near an end of either buffer, or one the lean loop left to the careful path
      // (a match into the external dictionary, or anything malformed: reported from here)
      if (ip >= srcEnd) {
        throw new Lz4Exception(
            ip == srcOff
                ? "empty input: a block holds at least one token, at input offset 0"
                : "input ends after a match; the last sequence must be literals only, at input offset "
                    + (ip - srcOff));
      }
      final int token = Mem.getU8(src, ip++);
      // liblz4 decodes a sequence that starts this far from both ends without the input-side
      // end-of-block check after its literals, and without the output-side check after its match
      // when that match is short, in the prefix and at least 8 back (its "shortcut", lz4.c): such
      // a sequence is accepted even where rules 2 and 3 below would refuse it, so Celer does too.
      final boolean roomy = (token >>> 4) != RUN_MASK && ip <= srcEnd - SHORTCUT_SRC && op <= dstEnd - SHORTCUT_DST;

      // literals
      int litLen = token >>> 4;
      if (litLen == RUN_MASK) {
        int b;
        do {
          if (ip >= srcEnd) {
            throw new Lz4Exception("input ends inside a literal length at input offset " + (ip - srcOff));
          }
          b = Mem.getU8(src, ip++);
          litLen += b;
          if (litLen > MAX_LENGTH) {
            throw new Lz4Exception("literal length overflows (too many 255 bytes) at input offset " + (ip - 1 - srcOff));
          }
        } while (b == 255);
      }
      if (litLen > dstEnd - op) {
        if (mode != PARTIAL) {
          throw new Lz4Exception(
              "literals of " + litLen + " bytes run past the end of the output (room for " + (dstEnd - op)
                  + ") at input offset " + (ip - srcOff));
        }
        int n = dstEnd - op;
        if (n > srcEnd - ip) {
          throw literalsPastInput(litLen, srcEnd - ip, ip - srcOff);
        }
        Mem.copy(src, ip, dst, op, n);
        return at(ip + n, dstEnd);
      }
      if (litLen > srcEnd - ip) {
        throw literalsPastInput(litLen, srcEnd - ip, ip - srcOff);
      }
      if (litLen <= 16 && srcEnd - ip >= 16 && dstEnd - op >= 16) {
        // short run with margins on both sides: two 8-byte copies beat a general copy
        Mem.putLongLE(dst, op, Mem.getLongLE(src, ip));
        Mem.putLongLE(dst, op + 8, Mem.getLongLE(src, ip + 8));
      } else if (litLen <= WILD_COPY_MAX && srcEnd - ip >= litLen + 8 && dstEnd - op >= litLen + 8) {
        Mem.copyWild(src, ip, dst, op, litLen);
      } else {
        Mem.copy(src, ip, dst, op, litLen);
      }
      ip += litLen;
      op += litLen;
      if (mode == EXACT) {
        if (op == dstEnd) {
          return at(ip, op); // the output is full: the block ends here, whatever follows it
        }
        if (ip == srcEnd) {
          throw new Lz4Exception(
              "block ends after " + (op - dstOff) + " bytes of output, expected " + (dstEnd - dstOff)
                  + ", at input offset " + (ip - srcOff));
        }
        if (dstEnd - op < MF_LIMIT) {
          // rule 3 as LZ4_decompress_fast states it, against the exact end
          throw new Lz4Exception("literals that do not end the block end " + bytes(dstEnd - op)
              + " before the end of the output; a match must start at least " + MF_LIMIT + " bytes before it, at input offset "
              + (ip - srcOff));
        }
      } else if (ip == srcEnd) {
        return at(ip, op); // rule 1: the last sequence is literals only and ends the input
      } else if (mode == PARTIAL) {
        if (op == dstEnd) {
          return at(ip, op);
        }
      } else if (!roomy) {
        // Rules 3 and 2 for a sequence that is not the last (liblz4's test after its literals):
        // a match may only start at least 12 bytes before the end of the capacity, and the input
        // must still hold its offset, a token and 5 literals after these literals.
        if (dstEnd - op < MF_LIMIT) {
          throw new Lz4Exception("literals that do not end the block end " + bytes(dstEnd - op)
              + " before the end of the output capacity; a match must start at least " + MF_LIMIT
              + " bytes before it, at input offset " + (ip - srcOff));
        }
        if (srcEnd - ip < 2 + 1 + LAST_LITERALS) {
          throw new Lz4Exception("only " + (srcEnd - ip) + (srcEnd - ip == 1 ? " input byte follows" : " input bytes follow")
              + " literals that do not end the block (at least "
              + (2 + 1 + LAST_LITERALS) + " must: an offset, a token and the " + LAST_LITERALS + " last literals), at input offset "
              + (ip - srcOff));
        }
      }

      // match offset
      if (srcEnd - ip < 2) {
        throw new Lz4Exception("input ends inside a match offset at input offset " + (ip - srcOff));
      }
      final int offset = Mem.getU16LE(src, ip);
      final int offsetAt = ip;
      ip += 2;

      // match length
      int matchLen = token & ML_MASK;
      if (matchLen == ML_MASK) {
        int b;
        do {
          if (ip >= srcEnd) {
            throw new Lz4Exception("input ends inside a match length at input offset " + (ip - srcOff));
          }
          b = Mem.getU8(src, ip++);
          matchLen += b;
          if (matchLen > MAX_LENGTH) {
            throw new Lz4Exception("match length overflows (too many 255 bytes) at input offset " + (ip - 1 - srcOff));
          }
        } while (b == 255);
        if (mode == WHOLE && srcEnd - ip < 4) {
          // liblz4 reads a match length's bytes only while 4 bytes of input remain after them
          throw new Lz4Exception("input ends " + bytes(srcEnd - ip)
              + " after a match length, too soon for the token and last literals that must follow, at input offset "
              + (ip - srcOff));
        }
      }
      matchLen += MIN_MATCH;

      final int inPrefix = op - prefixStart;
      if (offset > inPrefix + extLen) {
        throw new Lz4Exception(
            "match offset " + offset + " reaches before the output start (only " + (inPrefix + extLen)
                + (prefixStart == dstOff && extLen == 0 ? " bytes written" : " bytes of output and dictionary")
                + ") at input offset " + (offsetAt - srcOff));
      }
      if (matchLen > dstEnd - op) {
        if (mode != PARTIAL) {
          throw new Lz4Exception(
              "match of " + matchLen + " bytes runs past the end of the output (room for " + (dstEnd - op)
                  + ") at input offset " + (offsetAt - srcOff));
        }
        matchLen = dstEnd - op;
      } else if (matchLen > dstEnd - op - LAST_LITERALS
          && (mode == EXACT || mode == WHOLE && !(roomy && (token & ML_MASK) != ML_MASK && offset >= 8 && offset <= inPrefix))) {
        // rule 2: the last 5 bytes of the output (capacity) are literals; liblz4's shortcut (see
        // roomy) skips this test for a short match in the prefix, which then ends at most at the end
        throw new Lz4Exception("match ends " + bytes(dstEnd - op - matchLen) + " before the end of the output"
            + (mode == EXACT ? "" : " capacity") + "; the last " + LAST_LITERALS + " bytes must be literals, at input offset "
            + (offsetAt - srcOff));
      }

      if (offset == 0) {
        // invalid by the format, yet decoded by liblz4 (and lz4-java since CVE-2025-66566) as zeros,
        // never as what the destination held
        Mem.zero(dst, op, matchLen);
        op += matchLen;
      } else if (offset > inPrefix) {
        // the match starts in the external dictionary
        int back = offset - inPrefix; // 1..extLen bytes from the dictionary's end
        int fromExt = Math.min(back, matchLen);
        Mem.copy(ext, extOff + extLen - back, dst, op, fromExt);
        op += fromExt;
        int rest = matchLen - fromExt;
        if (rest > 0) {
          // and continues at the start of the prefix
          copyMatch(dst, prefixStart, op, rest, dstEnd);
          op += rest;
        }
      } else {
        copyMatch(dst, op - offset, op, matchLen, dstEnd);
        op += matchLen;
      }
      if (mode == PARTIAL && op == dstEnd) {
        return at(ip, op);
      }
    }
  }

  /** Packs an input and an output position, both non-negative, into one {@code long}. */
  private static long at(int ip, int op) {
    return ((long) ip << 32) | (op & 0xFFFFFFFFL);
  }

  /**
   * The lean loop for the bulk of a block: decodes whole sequences as long as each one ends at
   * least {@value #FAST_MARGIN} bytes before the end of the input and of the output, and its match
   * lies in the prefix. With those margins every copy may go in 8-byte steps and the per-byte
   * bound checks of the careful path drop out; fewer live values than in {@link #decodeBlock} also
   * keep the loop in registers. It stops, before writing anything of it, at the first sequence
   * that does not qualify (including any malformed one), which the careful path then handles.
   *
   * @return the input position (high 32 bits) and output position (low 32 bits) of the first
   *     sequence not decoded
   */
  private static long fastSequences(Object src, int ip, int srcEnd, Object dst, int op, int dstEnd, int prefixStart) {
    final int srcLimit = srcEnd - FAST_MARGIN;
    final int dstLimit = dstEnd - FAST_MARGIN;
    // The caller enters with ip < srcLimit and op < dstLimit. Each decoded sequence leaves
    // op < dstLimit (its match ends before dstLimit) and ip <= srcLimit + 1 (its literals end before
    // srcLimit, then the 2-byte offset; length bytes are read only below srcLimit), so the next
    // token word is inside the input, and a sequence starting too close to the end fails the
    // literal-length test below. No loop test is needed.
    for (; ; ) {
      int p = ip;
      // The token and the offset are read as the low bytes of 8-byte words (inside the input: at
      // least FAST_MARGIN bytes remain). Every source access of the loop then has the same bound
      // (the array length - 7): one value for the JIT to keep instead of three (length, length - 1,
      // length - 7), which relieves the loop's register pressure (docs/benchmarks.md, "Third round: the decoder").
      final int token = (int) Mem.getLongLE(src, p++) & 0xFF;
      int litLen = token >>> 4;
      if (litLen == RUN_MASK) {
        int b;
        do {
          if (p >= srcLimit) {
            return position(ip, op);
          }
          b = (int) Mem.getLongLE(src, p++) & 0xFF;
          litLen += b;
        } while (b == 255);
      }
      // the literals, then the offset and any match length bytes, must end before srcLimit
      // (litLen < 0 after an int overflow of a hostile length: the careful path reports it)
      if (litLen < 0 || litLen >= srcLimit - p || litLen >= dstLimit - op) {
        return position(ip, op);
      }
      final int lit = p;
      p += litLen;
      final int offset = (int) Mem.getLongLE(src, p) & 0xFFFF;
      p += 2;
      int matchLen = token & ML_MASK;
      if (matchLen == ML_MASK) {
        int b;
        do {
          if (p >= srcLimit) {
            return position(ip, op);
          }
          b = (int) Mem.getLongLE(src, p++) & 0xFF;
          matchLen += b;
        } while (b == 255);
      }
      matchLen += MIN_MATCH;
      final int o = op + litLen;
      if (offset == 0 || offset > o - prefixStart || matchLen < 0 || matchLen >= dstLimit - o) {
        return position(ip, op);
      }
      // both copies have at least FAST_MARGIN bytes of room after them on both sides
      if (litLen <= 16 && VECTOR && src instanceof byte[] && dst instanceof byte[]) {
        Lz4Vector.copy16((byte[]) src, lit, (byte[]) dst, op);
      } else if (litLen <= 16) {
        Mem.putLongLE(dst, op, Mem.getLongLE(src, lit));
        Mem.putLongLE(dst, op + 8, Mem.getLongLE(src, lit + 8));
      } else if (litLen <= WILD_COPY_MAX) {
        Mem.copyWild(src, lit, dst, op, litLen);
      } else {
        Mem.copy(src, lit, dst, op, litLen);
      }
      if (offset >= 16 && matchLen <= 16 && VECTOR && dst instanceof byte[]) {
        // the match's 16 bytes end at or before o: all written already, no overlap with the store
        Lz4Vector.copy16((byte[]) dst, o - offset, (byte[]) dst, o);
      } else if (offset >= 8 && matchLen <= 16) {
        // the most common match, inline: two words, each read made of bytes already written
        Mem.putLongLE(dst, o, Mem.getLongLE(dst, o - offset));
        Mem.putLongLE(dst, o + 8, Mem.getLongLE(dst, o - offset + 8));
      } else {
        copyMatchLean(dst, o - offset, o, matchLen);
      }
      ip = p;
      op = o + matchLen;
    }
  }

  /**
   * {@link #copyMatch} for the lean loop, where at least {@value #FAST_MARGIN} bytes of room follow
   * the match: every step may write a whole word, so it needs no end bound and makes no byte
   * accesses (whose different bound would be one more value for the loop to keep live).
   */
  private static void copyMatchLean(Object dst, int ref, int op, int len) {
    final int dist = op - ref;
    if (dist < 8) {
      // short period (a run of one byte, a repeated pair, ...): the first word is the dist bytes
      // before op repeated, built by doubling; the bytes of the read word past op are not used
      long w = Mem.getLongLE(dst, ref);
      for (int filled = dist; filled < 8; filled <<= 1) {
        long known = w & (-1L >>> (64 - 8 * filled));
        w = known | (known << (8 * filled));
      }
      Mem.putLongLE(dst, op, w);
      if (len <= 8) {
        return;
      }
      // the output repeats every multiple of dist: go on from the first multiple of at least 8,
      // so that each 8-byte step reads only bytes already written
      final int period = dist * ((8 + dist - 1) / dist);
      op += 8;
      len -= 8;
      ref = op - period;
    }
    if (len > WILD_COPY_MAX && op - ref >= len) {
      Mem.copy(dst, ref, dst, op, len); // long, no overlap: the general copy is faster
    } else {
      Mem.copyWild(dst, ref, dst, op, len);
    }
  }

  private static long position(int ip, int op) {
    return ((long) ip << 32) | (op & 0xFFFF_FFFFL);
  }

  /** "1 byte", "2 bytes", for messages. */
  private static String bytes(int n) {
    return n == 1 ? "1 byte" : n + " bytes";
  }

  private static Lz4Exception literalsPastInput(int litLen, int left, int at) {
    return new Lz4Exception(
        "literals of " + litLen + " bytes run past the end of the input (" + left + " bytes left) at input offset " + at);
  }

  /**
   * Copies an LZ4 match: {@code len} bytes from {@code ref} to {@code op} in the same base, where
   * {@code ref < op} and the regions may overlap, in which case the bytes repeat with period {@code
   * op - ref} (not a {@code memmove}).
   */
  private static void copyMatch(Object dst, int ref, int op, int len, int dstEnd) {
    if (op - ref < 8) {
      // short period (a run of one byte, a repeated pair, ...): the output repeats every dist
      // bytes, so it also repeats every multiple of dist; copy the few bytes one at a time after
      // which a multiple of at least 8 can serve as the distance, then go on in 8-byte steps
      int dist = op - ref;
      int period = dist;
      while (period < 8) {
        period += dist;
      }
      int head = Math.min(len, period - dist);
      for (int end = op + head; op < end; op++, ref++) {
        Mem.putByte(dst, op, Mem.getByte(dst, ref));
      }
      len -= head;
      if (len == 0) {
        return;
      }
      ref = op - period;
    }
    // from here each 8-byte step reads only bytes already written
    int end = op + len;
    if (len <= 16 && op <= dstEnd - 16) {
      Mem.putLongLE(dst, op, Mem.getLongLE(dst, ref));
      Mem.putLongLE(dst, op + 8, Mem.getLongLE(dst, ref + 8));
    } else if (len > WILD_COPY_MAX && op - ref >= len) {
      Mem.copy(dst, ref, dst, op, len); // long, no overlap: the general copy is faster
    } else if (end <= dstEnd - 7) {
      // room to round up to whole words
      Mem.copyWild(dst, ref, dst, op, len);
    } else {
      for (; op + 8 <= end; op += 8, ref += 8) {
        Mem.putLongLE(dst, op, Mem.getLongLE(dst, ref));
      }
      for (; op < end; op++, ref++) {
        Mem.putByte(dst, op, Mem.getByte(dst, ref));
      }
    }
  }
}
