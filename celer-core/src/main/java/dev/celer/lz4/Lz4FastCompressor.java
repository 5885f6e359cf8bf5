package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.LAST_LITERALS;
import static dev.celer.lz4.Lz4Constants.MAX_DISTANCE;
import static dev.celer.lz4.Lz4Constants.MF_LIMIT;
import static dev.celer.lz4.Lz4Constants.MIN_LENGTH;
import static dev.celer.lz4.Lz4Constants.MIN_MATCH;
import static dev.celer.lz4.Lz4Constants.RUN_MASK;
import static dev.celer.lz4.Lz4Constants.WINDOW_SIZE;

import dev.celer.internal.Mem;
import dev.celer.internal.StatePool;
import java.util.Arrays;

/**
 * The fast LZ4 compressor: a single-probe hash table and an accelerating skip over data that does
 * not match, the match finder of the C library's {@code LZ4_compress_generic} (lz4 1.9.4, {@code
 * lib/lz4.c}). Its table shapes, hash functions, skip schedule and end-of-block rules are the C
 * library's, so that a block compressed here has the C library's ratio (and, for independent
 * blocks, its exact bytes).
 *
 * <p>Two table shapes, both {@value #MEMORY_USAGE}-bit memory budgets as with {@code
 * LZ4_MEMORY_USAGE 14}: inputs shorter than {@link #LIMIT_64K} without history use 8192 16-bit
 * positions hashed from 4 bytes ({@code byU16}); larger inputs and inputs with history use 4096
 * 32-bit positions hashed from 5 bytes ({@code byU32}).
 *
 * <p>Thread-safe: a call takes a pair of tables (shared by every acceleration) from a bounded pool
 * and gives it back when done ({@link StatePool}), so a steady-state call allocates nothing, on
 * platform and virtual threads alike.
 */
final class Lz4FastCompressor extends Lz4Compressor {

  /** {@code LZ4_MEMORY_USAGE}: log2 of the hash table's size in bytes. */
  static final int MEMORY_USAGE = 14;

  /** log2 of the number of 32-bit entries ({@code LZ4_HASHLOG}). */
  static final int HASH_LOG = MEMORY_USAGE - 2;

  /** log2 of the number of 16-bit entries: twice as many in the same memory. */
  static final int HASH_LOG_U16 = HASH_LOG + 1;

  /** Inputs shorter than this (and without history) fit 16-bit positions ({@code LZ4_64Klimit}). */
  static final int LIMIT_64K = 64 * 1024 + MF_LIMIT - 1;

  /**
   * After {@code 1 << SKIP_TRIGGER} failed probes the step grows by one ({@code LZ4_skipTrigger}):
   * the search speeds up over data that does not compress.
   */
  static final int SKIP_TRIGGER = 6;

  /** Knuth's multiplicative constant, 2654435761, for the 4-byte hash ({@code LZ4_hash4}). */
  private static final int PRIME_4BYTES = 0x9E3779B1;

  /** The 5-byte hash's multiplier, 889523592379 ({@code LZ4_hash5}, little-endian). */
  private static final long PRIME_5BYTES = 889523592379L;

  /** The hash tables of one call, cleared at the start of each block; pooled between calls. */
  static final class Tables {
    final char[] t16 = new char[1 << HASH_LOG_U16];
    final int[] t32 = new int[1 << HASH_LOG];
  }

  private static final StatePool<Tables> TABLES = new StatePool<>(Tables::new);

  private final int acceleration;

  /** @param acceleration 1..{@link Lz4Level#MAX_ACCELERATION}, already mapped by {@link Lz4Level#fast} */
  Lz4FastCompressor(int acceleration) {
    assert acceleration == Lz4Level.clampAcceleration(acceleration) : acceleration;
    this.acceleration = acceleration;
  }

  @Override
  int compressBlock(Object base, int histStart, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit) {
    Tables tables = TABLES.acquire();
    try {
      if (histStart == srcOff && srcEnd - srcOff < LIMIT_64K) {
        return compressSmall(tables.t16, base, srcOff, srcEnd, dst, dstOff, dstLimit, acceleration);
      }
      return compress(tables, base, histStart, srcOff, srcEnd, dst, dstOff, dstLimit, acceleration, null);
    } finally {
      TABLES.release(tables);
    }
  }

  @Override
  int compressBlock(Lz4Dictionary dict, Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit) {
    Tables tables = TABLES.acquire();
    try {
      int[] t32 = tables.t32;
      System.arraycopy(dict.fastTable, 0, t32, 0, t32.length);
      return withDictionary(t32, dict.bytes, 0, dict.bytes.length, src, srcOff, srcEnd, dst, dstOff, dstLimit);
    } finally {
      TABLES.release(tables);
    }
  }

  @Override
  int compressBlock(byte[] dict, int dictStart, int dictLen, Object src, int srcOff, int srcEnd, Object dst, int dstOff,
      int dstLimit) {
    Tables tables = TABLES.acquire();
    try {
      int[] t32 = tables.t32;
      Arrays.fill(t32, 0);
      indexDictionary(dict, dictStart, dictLen, t32);
      return withDictionary(t32, dict, dictStart, dictLen, src, srcOff, srcEnd, dst, dstOff, dstLimit);
    } finally {
      TABLES.release(tables);
    }
  }

  /**
   * A block against a dictionary, as {@code lz4 -D} compresses it ({@code LZ4_attach_dictionary},
   * then {@code LZ4_compress_fast_continue}): {@code t32} holds the dictionary's table. C compresses
   * blocks over 4 KB against a copy of that table ({@code usingExtDict}) and smaller ones with an
   * empty table of their own that falls back on the dictionary's on a miss ({@code usingDictCtx});
   * both find the same matches, as the block's own positions replace the dictionary's in the
   * copy exactly where the own table would hold them. A dictionary shorter than 8 bytes has no
   * table ({@code LZ4_loadDict} keeps none), so C does not attach it: no match can reach it, and
   * it adds nothing here either, since matches are never extended backwards into it.
   */
  private int withDictionary(int[] t32, byte[] dict, int dictStart, int dictLen, Object src, int srcOff, int srcEnd,
      Object dst, int dstOff, int dstLimit) {
    return compressExternal(
        t32, WINDOW_SIZE, dict, dictStart + dictLen, dictLen, src, srcOff, srcEnd, dst, dstOff, dstLimit, acceleration);
  }

  /**
   * One block of a linked sequence ({@code LZ4_compress_fast_continue}): {@code table} is the
   * sequence's own, kept from block to block, and {@code startIndex} the index of {@code
   * window[srcOff]}; the history is {@code window[histStart, srcOff)}. Nothing is re-indexed.
   */
  int compressLinked(int[] table, int startIndex, byte[] window, int histStart, int srcOff, int srcEnd, Object dst,
      int dstOff, int dstLimit) {
    return compressExternal(table, startIndex, window, srcOff, srcOff - histStart, window, srcOff, srcEnd, dst,
        dstOff, dstLimit, acceleration);
  }

  @Override
  int compressBlockDestSize(Object base, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit, int[] consumed) {
    int srcLen = srcEnd - srcOff;
    if (dstLimit - dstOff >= Lz4.maxCompressedLength(srcLen)) {
      // everything fits for sure: the ordinary path, as LZ4_compress_destSize does
      consumed[0] = srcLen;
      return compressBlock(base, srcOff, srcOff, srcEnd, dst, dstOff, dstLimit);
    }
    Tables tables = TABLES.acquire();
    try {
      return compress(tables, base, srcOff, srcOff, srcEnd, dst, dstOff, dstLimit, 1, consumed);
    } finally {
      TABLES.release(tables);
    }
  }

  @Override
  public String toString() {
    return "Lz4FastCompressor[acceleration=" + acceleration + "]";
  }

  /** {@code LZ4_hash4}: for the 16-bit table. */
  private static int hash4(int sequence) {
    return (sequence * PRIME_4BYTES) >>> (32 - HASH_LOG_U16);
  }

  /** {@code LZ4_hash5} on a little-endian 64-bit read: for the 32-bit table. */
  private static int hash5(long sequence) {
    return (int) (((sequence << 24) * PRIME_5BYTES) >>> (64 - HASH_LOG));
  }

  /**
   * Compresses {@code src[srcOff, srcEnd)} (history {@code src[histStart, srcOff)}) into {@code
   * dst[dstOff, dstLimit)}.
   *
   * @param fillConsumed {@code null} for the ordinary mode (return {@code -1} when the block does
   *     not fit); otherwise destination-size mode ({@code fillOutput} in lz4.c): compress as much as
   *     fits, and store the number of input bytes consumed in {@code fillConsumed[0]}
   * @return bytes written, or {@code -1}
   */
  static int compress(
      Tables tables,
      Object src,
      int histStart,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstLimit,
      int acceleration,
      int[] fillConsumed) {
    final boolean fill = fillConsumed != null;
    final int srcLen = srcEnd - srcOff;
    if (fill && dstLimit - dstOff < 1) {
      fillConsumed[0] = 0;
      return 0;
    }
    // 16-bit positions only when every position (relative to histStart) is below 64 KB
    final boolean small = histStart == srcOff && srcLen < LIMIT_64K;
    final char[] t16 = tables.t16;
    final int[] t32 = tables.t32;
    final int tableBase = histStart; // the tables hold (position - tableBase)
    if (small) {
      Arrays.fill(t16, (char) 0);
    } else {
      Arrays.fill(t32, 0);
      // index the history as LZ4_loadDict does: every third position whose 8 bytes lie in it
      for (int p = histStart; p <= srcOff - 8; p += 3) {
        t32[hash5(Mem.getLongLE(src, p))] = p - tableBase;
      }
    }

    final int mflimitPlusOne = srcEnd - MF_LIMIT + 1; // a match may start before this
    final int matchLimit = srcEnd - LAST_LITERALS; // and must end at or before this
    int ip = srcOff;
    int anchor = srcOff; // first byte not yet encoded
    int d = dstOff;

    if (srcLen >= MIN_LENGTH) {
      // the first byte goes into the table, the search starts at the second
      if (small) {
        t16[hash4(Mem.getIntLE(src, ip))] = (char) (ip - tableBase);
      } else {
        t32[hash5(Mem.getLongLE(src, ip))] = ip - tableBase;
      }
      ip++;
      int forwardH = small ? hash4(Mem.getIntLE(src, ip)) : hash5(Mem.getLongLE(src, ip));

      outer:
      for (; ; ) {
        int ref;
        // find a match, stepping faster the longer nothing matches
        {
          int forwardIp = ip;
          int step = 1;
          int searchMatchNb = acceleration << SKIP_TRIGGER;
          for (; ; ) {
            int h = forwardH;
            ip = forwardIp;
            forwardIp += step;
            step = searchMatchNb++ >>> SKIP_TRIGGER;
            if (forwardIp > mflimitPlusOne) {
              break outer;
            }
            if (small) {
              ref = t16[h] + tableBase;
              forwardH = hash4(Mem.getIntLE(src, forwardIp));
              t16[h] = (char) (ip - tableBase);
            } else {
              ref = t32[h] + tableBase;
              forwardH = hash5(Mem.getLongLE(src, forwardIp));
              t32[h] = ip - tableBase;
              if (ref + MAX_DISTANCE < ip) {
                continue; // too far back (a 16-bit table cannot hold such distances)
              }
            }
            if (Mem.getIntLE(src, ref) == Mem.getIntLE(src, ip)) {
              break;
            }
          }
        }
        // catch up: extend the match backwards over equal bytes
        while (ip > anchor && ref > histStart && Mem.getByte(src, ip - 1) == Mem.getByte(src, ref - 1)) {
          ip--;
          ref--;
        }

        // encode the match at ip, and any match that starts right where it ends
        for (; ; ) {
          int litLen = ip - anchor;
          boolean shortened = false;
          if (fill) {
            int afterOffset = d + 1 + Lz4SequenceWriter.extraLengthBytes(litLen) + litLen + 2;
            // lz4.c keeps room for a minimal end (MF_LIMIT - MIN_MATCH literals and a token) after
            // the offset; when that is missing, the block ends here with last literals
            if ((long) afterOffset + 1 + MF_LIMIT - MIN_MATCH > dstLimit) {
              break outer;
            }
          }
          int matchLen = MIN_MATCH + Mem.commonBytes(src, ref + MIN_MATCH, ip + MIN_MATCH, matchLimit);
          if (fill) {
            int afterOffset = d + 1 + Lz4SequenceWriter.extraLengthBytes(litLen) + litLen + 2;
            int matchCode = matchLen - MIN_MATCH;
            if ((long) afterOffset + 1 + LAST_LITERALS + (matchCode + 240) / 255 > dstLimit) {
              // the match's length bytes do not fit: shorten the match to what does (then the
              // output is full but for a minimal end, so no further sequence follows)
              int newCode = 15 - 1 + (dstLimit - afterOffset - 1 - LAST_LITERALS) * 255;
              assert newCode < matchCode;
              matchLen = newCode + MIN_MATCH;
              shortened = true;
            }
          }
          int nd = Lz4SequenceWriter.writeSequence(src, anchor, litLen, ip - ref, matchLen, dst, d, dstLimit);
          if (nd < 0) {
            assert !fill;
            return -1;
          }
          d = nd;
          ip += matchLen;
          anchor = ip;
          if (ip >= mflimitPlusOne || shortened) {
            break outer;
          }
          // fill the table at ip - 2, then test ip itself for an immediate next match
          int h;
          if (small) {
            t16[hash4(Mem.getIntLE(src, ip - 2))] = (char) (ip - 2 - tableBase);
            h = hash4(Mem.getIntLE(src, ip));
            ref = t16[h] + tableBase;
            t16[h] = (char) (ip - tableBase);
          } else {
            t32[hash5(Mem.getLongLE(src, ip - 2))] = ip - 2 - tableBase;
            h = hash5(Mem.getLongLE(src, ip));
            ref = t32[h] + tableBase;
            t32[h] = ip - tableBase;
          }
          if ((small || ref + MAX_DISTANCE >= ip) && Mem.getIntLE(src, ref) == Mem.getIntLE(src, ip)) {
            continue; // zero literals, no catch-up possible
          }
          ip++;
          forwardH = small ? hash4(Mem.getIntLE(src, ip)) : hash5(Mem.getLongLE(src, ip));
          break;
        }
      }
    }

    // the last literals
    int lastRun = srcEnd - anchor;
    if (fill) {
      long need = 1L + lastRun + (lastRun + 255 - RUN_MASK) / 255;
      if (d + need > dstLimit) {
        // as many literals as the rest of the page holds, with their length bytes
        lastRun = dstLimit - d - 1;
        lastRun -= (lastRun + 256 - RUN_MASK) / 256;
      }
      fillConsumed[0] = anchor + lastRun - srcOff;
    }
    return lastLiterals(src, anchor, lastRun, dst, d, dstLimit, dstOff);
  }

  /**
   * Builds the 32-bit hash table of a prepared dictionary ({@code LZ4_loadDict}): every third
   * position whose 8 bytes lie in {@code dict}, in the index space where the dictionary ends at
   * {@value Lz4Constants#WINDOW_SIZE}. An empty slot (0) is then more than {@value
   * Lz4Constants#MAX_DISTANCE} bytes before any input position, so the distance test rejects it.
   */
  static int[] indexDictionary(byte[] dict) {
    int[] table = new int[1 << HASH_LOG];
    indexDictionary(dict, 0, dict.length, table);
    return table;
  }

  /** {@link #indexDictionary(byte[])} of {@code dict[off, off+len)} ({@code len} at most 64 KB) into a cleared {@code table}. */
  static void indexDictionary(byte[] dict, int off, int len, int[] table) {
    int toIndex = WINDOW_SIZE - len - off;
    for (int p = off; p <= off + len - 8; p += 3) {
      table[hash5(Mem.getLongLE(dict, p))] = p + toIndex;
    }
  }

  /**
   * Compresses {@code src[srcOff, srcEnd)} against history in a separate array, as {@code
   * LZ4_compress_generic} does with {@code usingExtDict}: two segments in one index space. The
   * input's first byte has index {@code startIndex}; the history {@code dict[dictEnd - dictSize,
   * dictEnd)} (at most 64 KB) ends just before it, at index {@code startIndex}. {@code table} (32-bit,
   * {@code byU32}, hashed from 5 bytes) is used as it is: entries below {@code startIndex - dictSize}
   * or more than {@value Lz4Constants#MAX_DISTANCE} back are ignored, entries below {@code
   * startIndex} point into the history, the others into the input. As in C, a match found in the
   * history may run on into the input. {@code dict} and {@code src} may be the same array (the
   * history then usually ends where the input starts), the segments are kept apart all the same.
   *
   * <p>As in C, catching up backwards stops at the start of the segment the match lies in: a
   * match found in the input is never extended back into the history.
   *
   * @return bytes written, or {@code -1} when the block does not fit
   */
  static int compressExternal(
      int[] table,
      int startIndex,
      byte[] dict,
      int dictEnd,
      int dictSize,
      Object src,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstLimit,
      int acceleration) {
    final int lowIndex = startIndex - dictSize; // no data below this index
    final int dictStart = dictEnd - dictSize;
    final int dictToIndex = startIndex - dictEnd; // index of dict[q] is q + dictToIndex
    final int srcToIndex = startIndex - srcOff; // index of src[p] is p + srcToIndex
    final int mflimitPlusOne = srcEnd - MF_LIMIT + 1;
    final int matchLimit = srcEnd - LAST_LITERALS;
    int ip = srcOff;
    int anchor = srcOff;
    int d = dstOff;
    if (srcEnd - srcOff >= MIN_LENGTH) {
      table[hash5(Mem.getLongLE(src, ip))] = ip + srcToIndex;
      ip++;
      int forwardH = hash5(Mem.getLongLE(src, ip));

      outer:
      for (; ; ) {
        int ref;
        boolean inDict;
        {
          int forwardIp = ip;
          int step = 1;
          int searchMatchNb = acceleration << SKIP_TRIGGER;
          for (; ; ) {
            int h = forwardH;
            ip = forwardIp;
            forwardIp += step;
            step = searchMatchNb++ >>> SKIP_TRIGGER;
            if (forwardIp > mflimitPlusOne) {
              break outer;
            }
            int refIndex = table[h];
            int current = ip + srcToIndex;
            forwardH = hash5(Mem.getLongLE(src, forwardIp));
            table[h] = current;
            if (refIndex < lowIndex || current - refIndex > MAX_DISTANCE) {
              continue; // no data there, or too far back
            }
            int sequence = Mem.getIntLE(src, ip);
            if (refIndex < startIndex) {
              ref = refIndex - dictToIndex;
              if (Mem.getIntLE(dict, ref) == sequence) {
                inDict = true;
                break;
              }
            } else {
              ref = refIndex - srcToIndex;
              if (Mem.getIntLE(src, ref) == sequence) {
                inDict = false;
                break;
              }
            }
          }
        }
        // catch up: extend the match backwards over equal bytes
        if (inDict) {
          while (ip > anchor && ref > dictStart && Mem.getByte(src, ip - 1) == dict[ref - 1]) {
            ip--;
            ref--;
          }
        } else {
          while (ip > anchor && ref > srcOff && Mem.getByte(src, ip - 1) == Mem.getByte(src, ref - 1)) {
            ip--;
            ref--;
          }
        }

        for (; ; ) {
          int offset;
          int matchLen;
          if (inDict) {
            offset = (ip - srcOff) + (dictEnd - ref);
            // count to the end of the history, then on into the input from its start
            int limit = Math.min(ip + (dictEnd - ref), matchLimit);
            matchLen = commonBytes(dict, ref, src, ip, limit);
            if (ip + matchLen == limit) {
              matchLen += Mem.commonBytes(src, srcOff, limit, matchLimit);
            }
          } else {
            offset = ip - ref;
            matchLen = MIN_MATCH + Mem.commonBytes(src, ref + MIN_MATCH, ip + MIN_MATCH, matchLimit);
          }
          int nd = Lz4SequenceWriter.writeSequence(src, anchor, ip - anchor, offset, matchLen, dst, d, dstLimit);
          if (nd < 0) {
            return -1;
          }
          d = nd;
          ip += matchLen;
          anchor = ip;
          if (ip >= mflimitPlusOne) {
            break outer;
          }
          table[hash5(Mem.getLongLE(src, ip - 2))] = ip - 2 + srcToIndex;
          int h = hash5(Mem.getLongLE(src, ip));
          int refIndex = table[h];
          int current = ip + srcToIndex;
          table[h] = current;
          if (refIndex >= lowIndex && current - refIndex <= MAX_DISTANCE) {
            int sequence = Mem.getIntLE(src, ip);
            if (refIndex < startIndex) {
              ref = refIndex - dictToIndex;
              if (Mem.getIntLE(dict, ref) == sequence) {
                inDict = true;
                continue; // zero literals, no catch-up possible
              }
            } else {
              ref = refIndex - srcToIndex;
              if (Mem.getIntLE(src, ref) == sequence) {
                inDict = false;
                continue;
              }
            }
          }
          ip++;
          forwardH = hash5(Mem.getLongLE(src, ip));
          break;
        }
      }
    }
    return lastLiterals(src, anchor, srcEnd - anchor, dst, d, dstLimit, dstOff);
  }

  /**
   * Counts equal bytes going forward from {@code x[a]} and {@code y[b]} (two different arrays or
   * buffers), looking at no byte at or beyond {@code limit} on the {@code y} side; the caller
   * makes sure {@code x} holds at least as many bytes after {@code a}.
   */
  private static int commonBytes(byte[] x, int a, Object y, int b, int limit) {
    int n = 0;
    while (b + n + 8 <= limit) {
      long diff = Mem.getLongLE(x, a + n) ^ Mem.getLongLE(y, b + n);
      if (diff != 0) {
        return n + (Long.numberOfTrailingZeros(diff) >>> 3);
      }
      n += 8;
    }
    while (b + n < limit && x[a + n] == Mem.getByte(y, b + n)) {
      n++;
    }
    return n;
  }

  /**
   * {@link #compress} for the most common case: no history, an input shorter than {@link
   * #LIMIT_64K} (so the 16-bit table) and the ordinary mode. Same match finder, same output,
   * step for step; what is gone is the state the general loop carries for the other modes (the
   * table choice, the fill mode, the distance test, the history start), and the match length is
   * counted by {@link Mem#commonBytesNoCall}, with no call in the loop: together about 5% faster
   * (docs/benchmarks.md, "Pure-Java performance notes", second round).
   *
   * @return bytes written, or {@code -1} when the block does not fit
   */
  static int compressSmall(
      char[] t16, Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit, int acceleration) {
    Arrays.fill(t16, (char) 0);
    final int mflimitPlusOne = srcEnd - MF_LIMIT + 1;
    final int matchLimit = srcEnd - LAST_LITERALS;
    int ip = srcOff;
    int anchor = srcOff;
    int d = dstOff;
    if (srcEnd - srcOff >= MIN_LENGTH) {
      t16[hash4(Mem.getIntLE(src, ip))] = 0; // the table holds positions relative to srcOff
      ip++;
      int forwardH = hash4(Mem.getIntLE(src, ip));

      outer:
      for (; ; ) {
        int ref;
        {
          int forwardIp = ip;
          int step = 1;
          int searchMatchNb = acceleration << SKIP_TRIGGER;
          for (; ; ) {
            int h = forwardH;
            ip = forwardIp;
            forwardIp += step;
            step = searchMatchNb++ >>> SKIP_TRIGGER;
            if (forwardIp > mflimitPlusOne) {
              break outer;
            }
            ref = t16[h] + srcOff;
            forwardH = hash4(Mem.getIntLE(src, forwardIp));
            t16[h] = (char) (ip - srcOff);
            if (Mem.getIntLE(src, ref) == Mem.getIntLE(src, ip)) {
              break;
            }
          }
        }
        while (ip > anchor && ref > srcOff && Mem.getByte(src, ip - 1) == Mem.getByte(src, ref - 1)) {
          ip--;
          ref--;
        }
        for (; ; ) {
          int matchLen = MIN_MATCH + Mem.commonBytesNoCall(src, ref + MIN_MATCH, ip + MIN_MATCH, matchLimit);
          d = Lz4SequenceWriter.writeSequence(src, anchor, ip - anchor, ip - ref, matchLen, dst, d, dstLimit);
          if (d < 0) {
            return -1;
          }
          ip += matchLen;
          anchor = ip;
          if (ip >= mflimitPlusOne) {
            break outer;
          }
          t16[hash4(Mem.getIntLE(src, ip - 2))] = (char) (ip - 2 - srcOff);
          int h = hash4(Mem.getIntLE(src, ip));
          ref = t16[h] + srcOff;
          t16[h] = (char) (ip - srcOff);
          if (Mem.getIntLE(src, ref) == Mem.getIntLE(src, ip)) {
            continue;
          }
          ip++;
          forwardH = hash4(Mem.getIntLE(src, ip));
          break;
        }
      }
    }
    return lastLiterals(src, anchor, srcEnd - anchor, dst, d, dstLimit, dstOff);
  }

  private static int lastLiterals(Object src, int anchor, int lastRun, Object dst, int d, int dstLimit, int dstOff) {
    int end = Lz4SequenceWriter.writeLastLiterals(src, anchor, lastRun, dst, d, dstLimit);
    return end < 0 ? -1 : end - dstOff;
  }
}
