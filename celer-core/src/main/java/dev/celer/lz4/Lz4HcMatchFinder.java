package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.MAX_DISTANCE;
import static dev.celer.lz4.Lz4Constants.MIN_MATCH;

import dev.celer.internal.Mem;
import java.util.Arrays;

/**
 * The match finder of the HC compressor: hash chains over a 64 KB window, as in the C library's
 * {@code lib/lz4hc.c} (lz4 v1.9.4, {@code LZ4HC_Insert} and {@code LZ4HC_InsertAndGetWiderMatch}).
 *
 * <p>Every position of the window gets an <i>index</i> ({@code position + shift}). The hash table
 * maps the hash of the 4 bytes at a position to the latest index with that hash; the chain table
 * holds, for each index modulo 64 K, the distance back to the previous index with the same hash
 * (at most 65535). Walking a chain thus visits earlier candidates in order of increasing distance.
 *
 * <p>The tables are reused from call to call without clearing: each call starts its indexes above
 * every index stored by the calls before ({@link #reset}), so stale entries fall below the lowest
 * index a search accepts and are never followed. Only when the indexes would grow past 1 GB are
 * the tables cleared and numbering restarted (the C library does the same in {@code
 * LZ4HC_init_internal}).
 *
 * <p>Not thread-safe: used by one call at a time (pooled by {@link Lz4HighCompressor}).
 */
final class Lz4HcMatchFinder {
  /** {@code LZ4HC_HASH_LOG}: 15 bits of hash, a 32 K-entry head table. */
  static final int HASH_LOG = 15;

  /** {@code LZ4HC_MAXD}: one chain entry per position of a 64 KB window. */
  static final int CHAIN_SIZE = 1 << 16;

  /** The first index handed out; index 0 (an empty head slot) is then always out of the window. */
  private static final int FIRST_INDEX = 64 * 1024;

  /** Restart the numbering (and clear the heads) before indexes pass this (C: 1 GB). */
  static final int INDEX_RESTART = 1 << 30;

  private final int[] hashTable = new int[1 << HASH_LOG];
  private final char[] chainTable = new char[CHAIN_SIZE];
  private int nextStart = FIRST_INDEX;
  private final int indexRestart;

  Lz4HcMatchFinder() {
    this(INDEX_RESTART);
  }

  /** @param indexRestart where to restart the numbering; tests use small values to reach it */
  Lz4HcMatchFinder(int indexRestart) {
    this.indexRestart = indexRestart;
  }

  private Object base;
  /** index = position + shift. */
  private int shift;
  /** Index of the first byte that may be referenced (start of the history). */
  private int lowLimit;
  /**
   * Index of the first byte of the prefix ({@code dictLimit} in C): the segment the input lies
   * in. Below it, down to {@link #lowLimit}, is an external dictionary; in prefix mode the two are
   * equal. Both segments lie side by side in {@link #base}, but a match found in the prefix is not
   * extended backwards into the dictionary, a dictionary candidate must have 4 bytes before the
   * prefix, and pattern runs do not jump into the dictionary's last 3 bytes, as in C.
   */
  private int prefixIdx;
  /** Next index to insert into the chains. */
  private int nextToUpdate;
  /**
   * The dictionary's own finder in dictCtx mode ({@code hc4->dictCtx}), searched after the own
   * chains with the attempts left; {@code null} otherwise. Its window ends where this one's starts.
   */
  private Lz4HcMatchFinder dictCtx;
  /** For a finder loaded by {@link #loadDictionary}: the index just past the dictionary's end. */
  private int dictEndIndex;
  /** The index just past the input of the block last prepared ({@code end} in C). */
  private int endIndex;
  /**
   * Whether the next block of a linked sequence may continue this finder's numbering and chains
   * ({@link #continueExternal}): false after a dictCtx block and after {@link #breakLink}.
   */
  private boolean linkable;

  /** Out: the position where the last successful search's match starts in the window. */
  int matchPos;
  /** Out: the position where the last successful search's match starts in the input. */
  int startPos;

  /**
   * Prepares a block: {@code base[histStart, srcEnd)} is the window. Positions below {@code
   * histStart} are never referenced. Nothing is inserted yet: the first search inserts the history
   * (and everything up to its position) into the chains.
   */
  void reset(Object base, int histStart, int srcEnd) {
    long span = (long) srcEnd - histStart;
    if (nextStart + span > indexRestart) {
      Arrays.fill(hashTable, 0);
      nextStart = FIRST_INDEX;
    }
    this.base = base;
    this.shift = nextStart - histStart;
    this.lowLimit = nextStart;
    this.prefixIdx = nextStart;
    this.nextToUpdate = nextStart;
    this.dictCtx = null;
    this.endIndex = srcEnd + shift;
    this.linkable = true;
    // all indexes of this block stay below the next start, and 64 KB more: a chain entry that
    // reaches a stale head is then capped at 65535, as one reaching an empty head in C
    this.nextStart = srcEnd + shift + Lz4Constants.WINDOW_SIZE;
  }

  /**
   * Prepares a block in external-dictionary mode, as C's {@code LZ4HC_setExternalDict} over a
   * dictionary loaded with {@code LZ4_loadDictHC}: {@code base[dictStart, srcOff)} is the
   * dictionary, indexed now but for its last 3 positions (whose 4 bytes would reach past it), and
   * {@code base[srcOff, srcEnd)} the input, a separate segment.
   */
  void resetExternal(Object base, int dictStart, int srcOff, int srcEnd) {
    reset(base, dictStart, srcEnd);
    insert(srcOff - 3);
    prefixIdx = srcOff + shift;
    nextToUpdate = prefixIdx;
    clearUnindexed(prefixIdx);
  }

  /**
   * The chain entries of the (up to) 3 positions before {@code endIndex} that a dictionary leaves
   * unindexed hold what they hold in C, where {@code LZ4_loadDictHC} starts from a zeroed state: 0.
   * The chain swap of the optimal parser may read them (and never picks a 0).
   */
  private void clearUnindexed(int endIndex) {
    for (int idx = Math.max(lowLimit, endIndex - 3); idx < endIndex; idx++) {
      chainTable[idx & 0xFFFF] = 0;
    }
  }

  /**
   * Prepares a block in dictCtx mode ({@code LZ4HC_compress_generic_dictCtx}): the own window is
   * the input {@code base[srcOff, srcEnd)} alone, and {@code dict} (loaded with {@link
   * #loadDictionary} over the bytes just before {@code srcOff} in {@code base}) is searched after
   * the own chains.
   */
  void resetDictCtx(Object base, int srcOff, int srcEnd, Lz4HcMatchFinder dict) {
    reset(base, srcOff, srcEnd);
    dictCtx = dict;
    linkable = false;
  }

  /**
   * Prepares the next block of a linked sequence as {@code LZ4_compress_HC_continue} does after
   * {@code LZ4_saveDictHC} ({@code LZ4HC_setExternalDict}): {@code base[dictStart, srcOff)} is the
   * end of the previous blocks, already numbered, and the input {@code base[srcOff, srcEnd)}
   * continues the numbering. The chains are kept, not rebuilt: the optimal parser's chain swap
   * reads the chain entries of history positions, and those hold what the earlier blocks left in
   * them, as in C (an entry may point before the history, and the 3 positions the history ends with,
   * never inserted, share their slots with positions 64 K earlier).
   *
   * <p>Only a history within the previous block is what C saves ({@code LZ4_saveDictHC} keeps at
   * most the previous block): a longer one, over several short blocks, would leave the 3 positions
   * at each block end out of the chains, where C has no such history at all. It is rebuilt instead.
   *
   * @return false (nothing done) when the finder cannot continue: it was not left by a linkable
   *     block, the history reaches before that block, or the numbering would pass its restart
   *     point; then use {@link #resetExternal}
   */
  boolean continueExternal(Object base, int dictStart, int srcOff, int srcEnd) {
    if (!linkable
        || srcOff - dictStart > endIndex - prefixIdx
        || (long) endIndex + (srcEnd - srcOff) > indexRestart) {
      return false;
    }
    this.base = base;
    this.shift = endIndex - srcOff;
    this.lowLimit = dictStart + shift;
    this.prefixIdx = endIndex;
    this.dictCtx = null;
    // LZ4_saveDictHC: insertion resumes no lower than the saved history
    nextToUpdate = Math.max(nextToUpdate, lowLimit);
    if (srcOff - dictStart >= MIN_MATCH) {
      insert(srcOff - 3);
    }
    nextToUpdate = prefixIdx;
    endIndex = srcEnd + shift;
    nextStart = endIndex + Lz4Constants.WINDOW_SIZE;
    return true;
  }

  /**
   * Ends a linked sequence here: the next block does not continue this finder's chains. {@code
   * clearTables}: a new sequence starts, with the tables cleared as a new {@code LZ4_streamHC_t}'s
   * are, so that the entries a chain swap may read are C's zeros.
   */
  void breakLink(boolean clearTables) {
    if (clearTables) {
      Arrays.fill(hashTable, 0);
      Arrays.fill(chainTable, (char) 0);
      nextStart = FIRST_INDEX;
    }
    linkable = false;
  }

  /**
   * Makes this finder a dictionary's own ({@code LZ4_loadDictHC}): indexes {@code base[dictStart,
   * dictEnd)} but for its last 3 positions.
   */
  void loadDictionary(Object base, int dictStart, int dictEnd) {
    reset(base, dictStart, dictEnd);
    insert(dictEnd - 3);
    dictEndIndex = dictEnd + shift;
    clearUnindexed(dictEndIndex);
  }

  /** Drops the reference to the caller's buffer, so the pooled state does not pin it. */
  void release() {
    base = null;
    if (dictCtx != null) {
      dictCtx.release();
      dictCtx = null;
    }
  }

  /** Knuth's multiplicative hash of 4 little-endian bytes ({@code LZ4HC_hashPtr}). */
  private static int hash(int fourBytes) {
    return (fourBytes * -1640531535) >>> (32 - HASH_LOG); // 2654435761U as a signed int
  }

  /** Inserts every position before {@code ip} not yet inserted ({@code LZ4HC_Insert}). */
  private void insert(int ip) {
    final Object b = base;
    final int s = shift;
    final int[] heads = hashTable;
    final char[] chain = chainTable;
    int target = ip + s;
    for (int idx = nextToUpdate; idx < target; idx++) {
      int h = hash(Mem.getIntLE(b, idx - s));
      int delta = idx - heads[h];
      chain[idx & 0xFFFF] = (char) Math.min(delta, MAX_DISTANCE);
      heads[h] = idx;
    }
    nextToUpdate = target;
  }

  /**
   * {@code LZ4HC_InsertAndFindBestMatch}: the longest match (at least 4 bytes) starting exactly at
   * {@code ip}, ending at or before {@code iHighLimit}; its source is left in {@link #matchPos}.
   *
   * @return its length, or a value below {@link Lz4Constants#MIN_MATCH} when there is none
   */
  int findBestMatch(int ip, int iHighLimit, int maxAttempts, boolean patternAnalysis) {
    return findWiderMatch(ip, ip, iHighLimit, MIN_MATCH - 1, maxAttempts, patternAnalysis, false);
  }

  /**
   * {@code LZ4HC_FindLongerMatch} of the optimal parser: a match at {@code ip} longer than {@code
   * minLen}, searched with pattern analysis and chain swapping.
   *
   * @return its length with the source in {@link #matchPos}, or 0 when there is none
   */
  int findLongerMatch(int ip, int iHighLimit, int minLen, int maxAttempts) {
    int len = findWiderMatch(ip, ip, iHighLimit, minLen, maxAttempts, true, true);
    return len > minLen ? len : 0;
  }

  /**
   * {@code LZ4HC_InsertAndGetWiderMatch}: looks for a match longer than {@code longest} that covers
   * {@code ip}, may start earlier (down to {@code iLowLimit}, by extending candidates backwards) and
   * ends at or before {@code iHighLimit}. On success {@link #startPos} and {@link #matchPos} say
   * where it starts in the input and in the window.
   *
   * <p>Two refinements of the plain chain walk, both from the C library:
   *
   * <ul>
   *   <li><b>Chain swap</b> (optimal parser only): after a best-so-far match, continue on the chain
   *       of whichever of its 4-byte sub-strings has the sparsest chain; every candidate on that
   *       chain, shifted back, is still a candidate for {@code ip}, and there are fewer of them.
   *   <li><b>Pattern analysis</b> (levels 9 and up): in runs of a 1-, 2- or 4-byte pattern every
   *       position is its neighbour's chain successor, so a plain walk would spend all attempts
   *       inside the run. Instead, measure the run once and jump to the position in it that gives
   *       the longest match.
   * </ul>
   *
   * @return the length of the best match found, or {@code longest} unchanged when none is longer
   */
  int findWiderMatch(
      int ip,
      int iLowLimit,
      int iHighLimit,
      int longest,
      int maxAttempts,
      boolean patternAnalysis,
      boolean chainSwap) {
    final Object b = base;
    final int s = shift;
    final char[] chain = chainTable;
    final int ipIndex = ip + s;
    final boolean withinStartDistance = lowLimit + MAX_DISTANCE + 1 > ipIndex;
    final int lowestMatchIndex = withinStartDistance ? lowLimit : ipIndex - MAX_DISTANCE;
    final int windowStart = lowLimit - s;
    final int prefixIndex = prefixIdx;
    final int prefixStart = prefixIndex - s;
    final int lookBackLength = ip - iLowLimit;
    final int pattern = Mem.getIntLE(b, ip);
    int nbAttempts = maxAttempts;
    int matchChainPos = 0;
    int repeat = REP_UNTESTED;
    int srcPatternLength = 0;

    insert(ip);
    int matchIndex = hashTable[hash(pattern)];
    // the two input bytes a candidate must match to beat the best length (re-read when it grows)
    int probe = Mem.getU16LE(b, iLowLimit + longest - 1);

    while (matchIndex >= lowestMatchIndex && nbAttempts > 0) {
      int matchLength = 0;
      nbAttempts--;
      assert matchIndex < ipIndex;
      int matchPtr = matchIndex - s;
      boolean inPrefix = matchIndex >= prefixIndex;
      // in the prefix, a cheap filter first: the two bytes that would make this candidate longer
      // than the best; in the external dictionary no filter (as in C), and a candidate needs its 4
      // bytes before the prefix. The dictionary lies just before the prefix, so a count from it
      // runs on into the input as C's does; a match in the prefix does not extend back into it.
      boolean candidate = inPrefix
          ? probe == Mem.getU16LE(b, matchPtr - lookBackLength + longest - 1) && Mem.getIntLE(b, matchPtr) == pattern
          : matchIndex <= prefixIndex - 4 && Mem.getIntLE(b, matchPtr) == pattern;
      if (candidate) {
        int back = lookBackLength != 0
            ? countBack(b, ip, matchPtr, iLowLimit, inPrefix ? prefixStart : windowStart) : 0;
        matchLength = MIN_MATCH + count(b, matchPtr + MIN_MATCH, ip + MIN_MATCH, iHighLimit);
        matchLength -= back;
        if (matchLength > longest) {
          longest = matchLength;
          matchPos = matchPtr + back;
          startPos = ip + back;
          probe = Mem.getU16LE(b, iLowLimit + longest - 1);
        }
      }

      if (chainSwap && matchLength == longest) {
        assert lookBackLength == 0; // forward search only
        if (matchIndex + longest <= ipIndex) {
          // find the sub-string of the match whose chain jumps furthest; probe positions with a
          // step that grows slowly (every 16 probes without improvement) to bound the cost
          final int kTrigger = 4;
          int distanceToNextMatch = 1;
          int end = longest - MIN_MATCH + 1;
          int step = 1;
          int accel = 1 << kTrigger;
          for (int pos = 0; pos < end; pos += step) {
            int candidateDist = chain[(matchIndex + pos) & 0xFFFF];
            step = accel++ >> kTrigger;
            if (candidateDist > distanceToNextMatch) {
              distanceToNextMatch = candidateDist;
              matchChainPos = pos;
              accel = 1 << kTrigger;
            }
          }
          if (distanceToNextMatch > 1) {
            if (distanceToNextMatch > matchIndex) {
              break; // would wrap below index 0
            }
            matchIndex -= distanceToNextMatch;
            continue;
          }
        }
      }

      int distNextMatch = chain[matchIndex & 0xFFFF];
      if (patternAnalysis && distNextMatch == 1 && matchChainPos == 0) {
        // the candidate's predecessor is its neighbour: maybe a run of a repeated pattern
        int matchCandidateIdx = matchIndex - 1;
        if (repeat == REP_UNTESTED) {
          if ((pattern & 0xFFFF) == (pattern >>> 16) && (pattern & 0xFF) == (pattern >>> 24)) {
            repeat = REP_CONFIRMED;
            srcPatternLength = countPattern(b, ip + 4, iHighLimit, pattern) + 4;
          } else {
            repeat = REP_NOT;
          }
        }
        if (repeat == REP_CONFIRMED && matchCandidateIdx >= lowestMatchIndex
            && protectDictEnd(prefixIndex, matchCandidateIdx)) {
          int candPtr = matchCandidateIdx - s;
          if (Mem.getIntLE(b, candPtr) == pattern) {
            // the run around the candidate: forward from it, and backwards (within the window;
            // the dictionary lies just before the prefix, so both counts cross between the two
            // segments as C's do with its rotated patterns)
            int forwardPatternLength = countPattern(b, candPtr + 4, iHighLimit, pattern) + 4;
            int backLength = reverseCountPattern(b, candPtr, windowStart, pattern);
            backLength = matchCandidateIdx - Math.max(matchCandidateIdx - backLength, lowestMatchIndex);
            int currentSegmentLength = backLength + forwardPatternLength;
            if (currentSegmentLength >= srcPatternLength && forwardPatternLength <= srcPatternLength) {
              // the run holds the whole source run: jump to where it starts one source-run-length
              // before the run's end, that candidate may match on beyond the run
              int newMatchIndex = matchCandidateIdx + forwardPatternLength - srcPatternLength;
              matchIndex = protectDictEnd(prefixIndex, newMatchIndex) ? newMatchIndex : prefixIndex;
            } else {
              // go to the start of this run: the farthest candidate in it, the longest match
              int newMatchIndex = matchCandidateIdx - backLength;
              if (!protectDictEnd(prefixIndex, newMatchIndex)) {
                matchIndex = prefixIndex;
              } else {
                matchIndex = newMatchIndex;
                if (lookBackLength == 0) {
                  int maxML = Math.min(currentSegmentLength, srcPatternLength);
                  if (longest < maxML) {
                    assert matchIndex != ipIndex;
                    if (ipIndex - matchIndex > MAX_DISTANCE) {
                      break;
                    }
                    longest = maxML;
                    matchPos = matchIndex - s;
                    startPos = ip;
                    probe = Mem.getU16LE(b, iLowLimit + longest - 1);
                  }
                  int distToNextPattern = chain[matchIndex & 0xFFFF];
                  if (distToNextPattern > matchIndex) {
                    break; // would wrap below index 0
                  }
                  matchIndex -= distToNextPattern;
                }
              }
            }
            continue;
          }
        }
      }

      // follow the current chain
      matchIndex -= chain[(matchIndex + matchChainPos) & 0xFFFF];
    }

    Lz4HcMatchFinder d = dictCtx;
    if (d != null && nbAttempts > 0 && withinStartDistance) {
      // dictCtx mode: the dictionary's own chains, its end mapped to the prefix's start; a match
      // there ends at the dictionary's end (C counts no further)
      final int ds = d.shift;
      final int dictLow = d.lowLimit;
      final int dictEndIdx = d.dictEndIndex;
      int dictMatchIndex = d.hashTable[hash(pattern)];
      int virtualIndex = dictMatchIndex + lowestMatchIndex - dictEndIdx;
      while (dictMatchIndex >= dictLow && ipIndex - virtualIndex <= MAX_DISTANCE && nbAttempts-- > 0) {
        int matchPtr = dictMatchIndex - ds;
        if (Mem.getIntLE(b, matchPtr) == pattern) {
          int vLimit = Math.min(ip + (dictEndIdx - dictMatchIndex), iHighLimit);
          int mlt = MIN_MATCH + count(b, matchPtr + MIN_MATCH, ip + MIN_MATCH, vLimit);
          int back = lookBackLength != 0 ? countBack(b, ip, matchPtr, iLowLimit, dictLow - ds) : 0;
          mlt -= back;
          if (mlt > longest) {
            longest = mlt;
            matchPos = ip - (ipIndex - virtualIndex) + back;
            startPos = ip + back;
          }
        }
        int next = d.chainTable[dictMatchIndex & 0xFFFF];
        dictMatchIndex -= next;
        virtualIndex -= next;
      }
    }
    return longest;
  }

  /**
   * {@code LZ4HC_protectDictEnd}: whether {@code matchIndex} is not one of the 3 positions before
   * the prefix (an external dictionary's last positions, which have fewer than 4 bytes).
   */
  private static boolean protectDictEnd(int prefixIdx, int matchIndex) {
    return Integer.compareUnsigned(prefixIdx - 1 - matchIndex, 3) >= 0;
  }

  /**
   * {@code LZ4_count}: the common length of {@code match} and {@code ip} (before {@code limit}).
   * Most matches are short, so one 8-byte comparison decides them without the set-up cost of
   * {@link Mem#commonBytes}, which takes over for longer ones.
   */
  private static int count(Object b, int match, int ip, int limit) {
    if (ip + 8 <= limit) {
      long diff = Mem.getLongLE(b, match) ^ Mem.getLongLE(b, ip);
      if (diff != 0) {
        return Long.numberOfTrailingZeros(diff) >>> 3;
      }
      return 8 + Mem.commonBytes(b, match + 8, ip + 8, limit);
    }
    return Mem.commonBytes(b, match, ip, limit);
  }

  private static final int REP_UNTESTED = 0;
  private static final int REP_NOT = 1;
  private static final int REP_CONFIRMED = 2;

  /**
   * {@code LZ4HC_countBack}: how many bytes before {@code ip} and {@code match} are equal, going no
   * lower than {@code iMin} and {@code mMin}.
   *
   * @return the count, negated (0 or less)
   */
  private static int countBack(Object b, int ip, int match, int iMin, int mMin) {
    int back = 0;
    int min = Math.max(iMin - ip, mMin - match);
    assert min <= 0;
    // 8 bytes at a time; in little-endian order the byte nearest to ip is the most significant
    while (back - 8 >= min) {
      long diff = Mem.getLongLE(b, ip + back - 8) ^ Mem.getLongLE(b, match + back - 8);
      if (diff != 0) {
        return back - (Long.numberOfLeadingZeros(diff) >>> 3);
      }
      back -= 8;
    }
    int rest = back - min; // 0..7 bytes left to compare
    if (rest > 0 && match + back - 8 >= 0) {
      // one more 8-byte read, of which only the top "rest" bytes count (the others lie below the
      // limits, but inside the buffer: match < ip)
      long diff = (Mem.getLongLE(b, ip + back - 8) ^ Mem.getLongLE(b, match + back - 8)) & (-1L << (8 * (8 - rest)));
      return diff == 0 ? min : back - (Long.numberOfLeadingZeros(diff) >>> 3);
    }
    while (back > min && Mem.getByte(b, ip + back - 1) == Mem.getByte(b, match + back - 1)) {
      back--;
    }
    return back;
  }

  /**
   * {@code LZ4HC_countPattern}: how many bytes from {@code ip} (up to {@code iEnd}) continue the
   * repetition of {@code pattern32}, whose 4 little-endian bytes are a run of a 1-, 2- or 4-byte
   * pattern aligned on {@code ip}.
   */
  private static int countPattern(Object b, int ip, int iEnd, int pattern32) {
    final int start = ip;
    final long pattern = (pattern32 & 0xFFFFFFFFL) | ((long) pattern32 << 32);
    while (ip + 8 <= iEnd) {
      long diff = Mem.getLongLE(b, ip) ^ pattern;
      if (diff != 0) {
        return ip + (Long.numberOfTrailingZeros(diff) >>> 3) - start;
      }
      ip += 8;
    }
    long patternByte = pattern;
    while (ip < iEnd && Mem.getByte(b, ip) == (byte) patternByte) {
      ip++;
      patternByte >>>= 8;
    }
    return ip - start;
  }

  /**
   * {@code LZ4HC_reverseCountPattern}: how many bytes before {@code ip} (down to {@code iLow})
   * continue the repetition of {@code pattern} backwards, {@code ip} being aligned on its start.
   */
  private static int reverseCountPattern(Object b, int ip, int iLow, int pattern) {
    final int start = ip;
    while (ip >= iLow + 4 && Mem.getIntLE(b, ip - 4) == pattern) {
      ip -= 4;
    }
    int shiftBits = 24; // the byte before a pattern start is the pattern's last (4th) byte
    while (ip > iLow && shiftBits >= 0 && Mem.getByte(b, ip - 1) == (byte) (pattern >>> shiftBits)) {
      ip--;
      shiftBits -= 8;
    }
    return start - ip;
  }
}
