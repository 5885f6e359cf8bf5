package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.LAST_LITERALS;
import static dev.celer.lz4.Lz4Constants.MF_LIMIT;
import static dev.celer.lz4.Lz4Constants.MIN_MATCH;
import static dev.celer.lz4.Lz4Constants.ML_MASK;
import static dev.celer.lz4.Lz4Constants.RUN_MASK;

/**
 * The optimal parser of HC levels 10–12, after {@code LZ4HC_compress_optimal} in the C library's
 * {@code lib/lz4hc.c} (lz4 v1.9.4), with "favor decompression speed" off.
 *
 * <p>From a position with a match, it prices every position up to the end of the matches seen so
 * far (at most {@link #OPT_NUM} ahead): {@code price[p]} is the fewest output bytes that reach
 * {@code p}, either by a literal or by the end of a match found at an earlier reachable position,
 * counting literals, tokens, offsets and length bytes exactly as the block format spends them. The
 * cheapest path is then walked back from its end and written. A match of at least {@code
 * targetLength} bytes is taken at once without pricing.
 *
 * <p>Not thread-safe: used by one call at a time (pooled by {@link Lz4HighCompressor}); holds 64
 * KB of arrays, reused from call to call.
 */
final class Lz4HcOptimalParser {
  /** {@code LZ4_OPT_NUM}: the most positions priced in one step. */
  static final int OPT_NUM = 1 << 12;

  /** {@code TRAILING_LITERALS}: positions past the last match end priced as literals. */
  private static final int TRAILING_LITERALS = 3;

  // the C library's LZ4HC_optimal_t as parallel arrays: for each position relative to the start
  // of the step, the cheapest way found to reach it
  private final int[] price = new int[OPT_NUM + TRAILING_LITERALS];
  /** 1 = reached by a literal, otherwise the length of the match ending here. */
  private final int[] mlen = new int[OPT_NUM + TRAILING_LITERALS];
  /** The distance of that match (0 for a literal). */
  private final int[] off = new int[OPT_NUM + TRAILING_LITERALS];
  /** The literals before this position since the last match (for a match: before the match). */
  private final int[] litlen = new int[OPT_NUM + TRAILING_LITERALS];

  /** {@code LZ4HC_literalsPrice}: bytes spent on {@code litlen} literals, length bytes included. */
  static int literalsPrice(int litlen) {
    int p = litlen;
    if (litlen >= RUN_MASK) {
      p += 1 + (litlen - RUN_MASK) / 255;
    }
    return p;
  }

  /**
   * {@code LZ4HC_sequencePrice}: bytes spent on a sequence of {@code litlen} literals and a match
   * of {@code mlen} (at least 4): token, literals, offset, length bytes.
   */
  static int sequencePrice(int litlen, int mlen) {
    int p = 1 + 2 + literalsPrice(litlen);
    if (mlen >= ML_MASK + MIN_MATCH) {
      p += 1 + (mlen - (ML_MASK + MIN_MATCH)) / 255;
    }
    return p;
  }

  /**
   * Compresses {@code [srcOff, srcEnd)} (at least 13 bytes) of the finder's window, already reset
   * for this block, into {@code out}.
   *
   * @param sufficientLen a match longer than this is written at once
   * @param fullUpdate level 12: search at more positions and accept any length found
   * @param consumed see {@link Lz4HcOutput#finish}
   * @return the output position after the block, or -1 when it does not fit
   */
  int compress(
      Lz4HcMatchFinder mf,
      Lz4HcOutput out,
      int srcOff,
      int srcEnd,
      int nbSearches,
      int sufficientLen,
      boolean fullUpdate,
      int[] consumed) {
    final int[] price = this.price;
    final int[] mlen = this.mlen;
    final int[] off = this.off;
    final int[] litlen = this.litlen;
    final int mflimit = srcEnd - MF_LIMIT;
    final int matchlimit = srcEnd - LAST_LITERALS;
    if (sufficientLen >= OPT_NUM) {
      sufficientLen = OPT_NUM - 1;
    }
    int ip = srcOff;
    int anchor = srcOff;

    outer:
    while (ip <= mflimit) {
      final int llen = ip - anchor;
      final int firstLen = mf.findLongerMatch(ip, matchlimit, MIN_MATCH - 1, nbSearches);
      if (firstLen == 0) {
        ip++;
        continue;
      }
      final int firstOff = ip - mf.matchPos;
      if (firstLen > sufficientLen) { // good enough: write it at once
        if (!out.sequence(anchor, ip, firstLen, firstOff)) {
          break;
        }
        ip += firstLen;
        anchor = ip;
        continue;
      }

      // the first positions are reached by literals, the others up to firstLen by the first match
      for (int rPos = 0; rPos < MIN_MATCH; rPos++) {
        mlen[rPos] = 1;
        off[rPos] = 0;
        litlen[rPos] = llen + rPos;
        price[rPos] = literalsPrice(llen + rPos);
      }
      for (int m = MIN_MATCH; m <= firstLen; m++) {
        mlen[m] = m;
        off[m] = firstOff;
        litlen[m] = llen;
        price[m] = sequencePrice(llen, m);
      }
      int lastMatchPos = firstLen;
      addTrailingLiterals(lastMatchPos);

      // improve the prices with the matches found at each following position
      int cur;
      int bestMlen = 0;
      int bestOff = 0;
      boolean immediate = false;
      for (cur = 1; cur < lastMatchPos; cur++) {
        final int curPtr = ip + cur;
        if (curPtr > mflimit) {
          break;
        }
        if (fullUpdate) {
          // no use searching when the next position is as cheap, unless a short match after it
          // would still pay off (the cost rises sharply after)
          if (price[cur + 1] <= price[cur] && price[cur + MIN_MATCH] < price[cur] + 3) {
            continue;
          }
        } else if (price[cur + 1] <= price[cur]) {
          continue;
        }

        final int newLen = fullUpdate
            ? mf.findLongerMatch(curPtr, matchlimit, MIN_MATCH - 1, nbSearches)
            // only matches reaching past the last match end; slightly faster, misses a few bytes
            : mf.findLongerMatch(curPtr, matchlimit, lastMatchPos - cur, nbSearches);
        if (newLen == 0) {
          continue;
        }
        final int newOff = curPtr - mf.matchPos;

        if (newLen > sufficientLen || newLen + cur >= OPT_NUM) {
          // long enough (or out of room): take the cheapest path to cur, then this match
          bestMlen = newLen;
          bestOff = newOff;
          lastMatchPos = cur + 1;
          immediate = true;
          break;
        }

        // literals after cur, continuing cur's literal run
        {
          final int baseLitlen = litlen[cur];
          for (int lit = 1; lit < MIN_MATCH; lit++) {
            int p = price[cur] - literalsPrice(baseLitlen) + literalsPrice(baseLitlen + lit);
            int pos = cur + lit;
            if (p < price[pos]) {
              mlen[pos] = 1;
              off[pos] = 0;
              litlen[pos] = baseLitlen + lit;
              price[pos] = p;
            }
          }
        }

        // every length of the new match, 4..newLen
        for (int ml = MIN_MATCH; ml <= newLen; ml++) {
          final int pos = cur + ml;
          int p;
          int ll;
          if (mlen[cur] == 1) {
            // cur is reached by literals: they become this sequence's literals
            ll = litlen[cur];
            p = (cur > ll ? price[cur - ll] : 0) + sequencePrice(ll, ml);
          } else {
            ll = 0;
            p = price[cur] + sequencePrice(0, ml);
          }
          if (pos > lastMatchPos + TRAILING_LITERALS || p <= price[pos]) {
            assert pos < OPT_NUM;
            if (ml == newLen && lastMatchPos < pos) {
              lastMatchPos = pos;
            }
            mlen[pos] = ml;
            off[pos] = newOff;
            litlen[pos] = ll;
            price[pos] = p;
          }
        }
        addTrailingLiterals(lastMatchPos);
      }

      if (!immediate) {
        bestMlen = mlen[lastMatchPos];
        bestOff = off[lastMatchPos];
        cur = lastMatchPos - bestMlen;
      }

      // walk the cheapest path back from its last match, leaving each step's choice at the
      // position where the step starts
      {
        int candidatePos = cur;
        int selectedLen = bestMlen;
        int selectedOff = bestOff;
        while (true) {
          int nextLen = mlen[candidatePos]; // 1 = literal
          int nextOff = off[candidatePos];
          mlen[candidatePos] = selectedLen;
          off[candidatePos] = selectedOff;
          selectedLen = nextLen;
          selectedOff = nextOff;
          if (nextLen > candidatePos) {
            break; // reached the first step
          }
          assert nextLen > 0;
          candidatePos -= nextLen;
        }
      }

      // write the path, front to back
      for (int rPos = 0; rPos < lastMatchPos; ) {
        int ml = mlen[rPos];
        if (ml == 1) { // literal: stays in the run
          ip++;
          rPos++;
          continue;
        }
        rPos += ml;
        if (!out.sequence(anchor, ip, ml, off[rPos - ml])) {
          break outer;
        }
        ip += ml;
        anchor = ip;
      }
    }
    return out.finish(anchor, srcOff, srcEnd, consumed);
  }

  /** Prices the positions just after {@code lastMatchPos} as literals following it. */
  private void addTrailingLiterals(int lastMatchPos) {
    for (int addLit = 1; addLit <= TRAILING_LITERALS; addLit++) {
      int pos = lastMatchPos + addLit;
      mlen[pos] = 1;
      off[pos] = 0;
      litlen[pos] = addLit;
      price[pos] = price[lastMatchPos] + literalsPrice(addLit);
    }
  }
}
