package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.LAST_LITERALS;
import static dev.celer.lz4.Lz4Constants.MF_LIMIT;
import static dev.celer.lz4.Lz4Constants.MIN_LENGTH;
import static dev.celer.lz4.Lz4Constants.MIN_MATCH;
import static dev.celer.lz4.Lz4Constants.ML_MASK;

import dev.celer.internal.StatePool;

/**
 * The LZ4 HC (high compression) compressor, levels 1 to 12, after the C library's {@code
 * lib/lz4hc.c} (lz4 v1.9.4): same level table, same match search and same parsing decisions, so
 * the output is (nearly) as small as {@code lz4 -N}. Output is plain LZ4 block format that any
 * decoder reads; only the search for matches is slower than the fast compressor's.
 *
 * <ul>
 *   <li>Levels 1–9: greedy parsing with a look-ahead of up to two overlapping matches ({@code
 *       LZ4HC_compress_hashChain}), searching hash chains to a depth that doubles per level.
 *   <li>Levels 10–12: optimal parsing ({@code LZ4HC_compress_optimal}): the cheapest path in
 *       output bytes through all literal/match choices over a window of up to 4096 positions.
 * </ul>
 *
 * <p>Instances are immutable and <b>thread-safe</b>. The working state (hash head table of 128 KB,
 * chain table of 128 KB, and for levels 10–12 the 64 KB of the optimal parser) is taken from a
 * bounded pool shared by all levels and given back after the call ({@link StatePool}), so a
 * steady-state call allocates nothing, on platform and virtual threads alike.
 */
final class Lz4HighCompressor extends Lz4Compressor {

  /**
   * {@code OPTIMAL_ML}: the longest match whose length still fits in the token alone (18). The
   * chain parser trims an overlapped first match to this length, if that does not cost bytes.
   */
  private static final int OPTIMAL_ML = (ML_MASK - 1) + MIN_MATCH;

  /** The level table ({@code k_clTable}/{@code clTable} in lz4hc.c v1.9.4), index = level. */
  private static final Level[] LEVELS = {
    null, // 0: Lz4Level.high maps it to the default
    new Level(false, 2, 16), // 1
    new Level(false, 2, 16), // 2
    new Level(false, 4, 16), // 3
    new Level(false, 8, 16), // 4
    new Level(false, 16, 16), // 5
    new Level(false, 32, 16), // 6
    new Level(false, 64, 16), // 7
    new Level(false, 128, 16), // 8
    new Level(false, 256, 16), // 9
    new Level(true, 96, 64), // 10
    new Level(true, 512, 128), // 11
    new Level(true, 16384, Lz4HcOptimalParser.OPT_NUM), // 12
  };

  /** One row of the level table; immutable. */
  private static final class Level {
    /** Optimal parsing ({@code lz4opt}) rather than the chain parser ({@code lz4hc}). */
    final boolean optimal;
    /** How many chain candidates a search looks at. */
    final int nbSearches;
    /** (Optimal parsing) a match longer than this is taken without pricing. */
    final int targetLength;

    Level(boolean optimal, int nbSearches, int targetLength) {
      this.optimal = optimal;
      this.nbSearches = nbSearches;
      this.targetLength = targetLength;
    }
  }

  /** The working state of one call, shared by all levels; pooled between calls. */
  static final class Workspace {
    final Lz4HcMatchFinder finder;
    final Lz4HcOutput output = new Lz4HcOutput();
    Lz4HcOptimalParser optimal; // created on first use of levels 10-12
    Lz4HcMatchFinder dictFinder; // a dictionary's own chains (dictCtx mode), created on first use

    Workspace() {
      this(new Lz4HcMatchFinder());
    }

    Workspace(Lz4HcMatchFinder finder) {
      this.finder = finder;
    }
  }

  private static final StatePool<Workspace> WORKSPACES = new StatePool<>(Workspace::new);

  private final int level;
  private final Level params;

  /** @param level 1..{@link Lz4Level#MAX}, already mapped by {@link Lz4Level#high} */
  Lz4HighCompressor(int level) {
    assert level == Lz4Level.clampHighLevel(level) : level;
    this.level = level;
    this.params = LEVELS[level];
  }

  /** One shared instance per level 1..12 (index 0 unused): they are immutable. */
  private static final Lz4HighCompressor[] INSTANCES = new Lz4HighCompressor[Lz4Level.MAX + 1];

  static {
    for (int level = 1; level <= Lz4Level.MAX; level++) {
      INSTANCES[level] = new Lz4HighCompressor(level);
    }
  }

  /** @return the shared compressor of {@code level}, 1..{@link Lz4Level#MAX} (mapped by {@link Lz4Level#high}) */
  static Lz4HighCompressor forLevel(int level) {
    return INSTANCES[level];
  }

  /** @return the compression level, 1..12 */
  int level() {
    return level;
  }

  @Override
  public String toString() {
    return "Lz4HighCompressor[level=" + level + "]";
  }

  @Override
  int compressBlock(
      Object base, int histStart, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit) {
    Workspace ws = WORKSPACES.acquire();
    try {
      return compressBlock(ws, base, histStart, srcOff, srcEnd, dst, dstOff, dstLimit, null, PREFIX);
    } finally {
      WORKSPACES.release(ws);
    }
  }

  /**
   * A block against a dictionary, as {@code lz4 -D} compresses it ({@code
   * LZ4_attach_HC_dictionary}, then {@code LZ4_compress_HC_continue}, lz4 1.9.4): an input over
   * {@value #DICT_CTX_MAX} bytes is compressed against a copy of the dictionary's chains, with the
   * dictionary as an external segment; a smaller one in dictCtx mode, with chains of its own and
   * the dictionary's searched after them with the attempts left ({@code
   * LZ4HC_compress_generic_dictCtx}). The dictionary and the input are copied side by side into a
   * pooled work buffer; the finder keeps the two segments apart as C does.
   */
  @Override
  int compressBlock(byte[] dict, int dictStart, int dictLen, Object src, int srcOff, int srcEnd, Object dst, int dstOff,
      int dstLimit) {
    int srcLen = srcEnd - srcOff;
    Work holder = WORK.acquire();
    Workspace ws = WORKSPACES.acquire();
    try {
      byte[] work = workBuffer(holder, dictLen + srcLen);
      System.arraycopy(dict, dictStart, work, 0, dictLen);
      dev.celer.internal.Mem.copy(src, srcOff, work, dictLen, srcLen);
      return compressBlock(ws, work, 0, dictLen, dictLen + srcLen, dst, dstOff, dstLimit, null, ATTACHED);
    } finally {
      WORKSPACES.release(ws);
      WORK.release(holder);
    }
  }

  /**
   * One block of a linked sequence, as {@code lz4 -BD} writes it: {@code window[histStart, srcOff)}
   * (at most 64 KB) is the history and {@code window[srcOff, srcEnd)} the block. {@code first}: the
   * history is the sequence's dictionary, attached as for an independent block (see {@link
   * #compressBlock(byte[], int, int, Object, int, int, Object, int, int)}); otherwise it is the
   * previous blocks, which {@code LZ4F_compressUpdate} saves ({@code LZ4_saveDictHC}) and {@code
   * LZ4_compress_HC_continue} then uses as an external dictionary, since the next block is read
   * into another buffer.
   *
   * <p>{@code ws} is the sequence's own working state ({@link #newLinkedWorkspace}), kept from block
   * to block as C keeps its {@code LZ4_streamHC_t}: a block after the first continues the finder's
   * numbering and chains when the finder compressed the block before ({@link
   * Lz4HcMatchFinder#continueExternal}), which the optimal parser's chain swap can tell apart from
   * chains rebuilt over the history alone.
   */
  int compressLinked(Workspace ws, byte[] window, int histStart, int srcOff, int srcEnd, Object dst, int dstOff,
      int dstLimit, boolean first) {
    int mode = histStart == srcOff ? PREFIX : first ? ATTACHED : CONTINUED;
    return compressBlock(ws, window, histStart, srcOff, srcEnd, dst, dstOff, dstLimit, null, mode);
  }

  /** @return working state for {@link #compressLinked}, owned by one linked sequence */
  static Workspace newLinkedWorkspace() {
    return new Workspace();
  }

  /** @return whether this level parses optimally (levels 10–12, which use the chain swap) */
  boolean optimal() {
    return params.optimal;
  }

  /** History modes of {@link #compressBlock(Workspace, Object, int, int, int, Object, int, int, int[], int)}. */
  static final int PREFIX = 0;
  static final int ATTACHED = 1;
  static final int EXTERNAL = 2;
  /** An external dictionary that continues the finder's previous block, if it can (linked blocks). */
  static final int CONTINUED = 3;

  /** {@code lz4 -D}'s HC blocks up to this size use the dictionary in dictCtx mode (lib/lz4hc.c). */
  static final int DICT_CTX_MAX = 4 * 1024;

  /**
   * Destination-size mode, as {@code LZ4_compress_HC_destSize}: the block holds the longest prefix
   * of the input that the parser can fit into {@code dst[dstOff, dstLimit)}.
   */
  @Override
  int compressBlockDestSize(
      Object base, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit, int[] consumed) {
    if (dstLimit - dstOff < 1) {
      consumed[0] = 0;
      return 0;
    }
    Workspace ws = WORKSPACES.acquire();
    try {
      return compressBlock(ws, base, srcOff, srcOff, srcEnd, dst, dstOff, dstLimit, consumed, PREFIX);
    } finally {
      WORKSPACES.release(ws);
    }
  }

  /**
   * The hook with the given working state.
   *
   * @param consumed null for the ordinary mode ({@code -1} when the block does not fit), otherwise
   *     destination-size mode, storing the input consumed in {@code consumed[0]}
   * @param mode {@link #PREFIX}: the history is one segment with the input; {@link #ATTACHED}: it
   *     is an attached dictionary (see {@link #compressBlock(byte[], int, int, Object, int, int,
   *     Object, int, int)}); {@link #EXTERNAL}: it is an external dictionary
   */
  int compressBlock(
      Workspace ws,
      Object base,
      int histStart,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstLimit,
      int[] consumed,
      int mode) {
    assert histStart <= srcOff && srcOff - histStart <= Lz4Constants.WINDOW_SIZE && srcOff <= srcEnd;
    Lz4HcOutput out = ws.output;
    out.start(base, dst, dstOff, dstLimit, consumed != null);
    Lz4HcMatchFinder finder = ws.finder;
    try {
      int d;
      if (srcEnd - srcOff < MIN_LENGTH) {
        // too short for any match ("End of block conditions"): all literals; the finder has not
        // numbered this block, so a linked block after it cannot continue its chains
        d = out.finish(srcOff, srcOff, srcEnd, consumed);
        finder.breakLink(false);
      } else {
        if (mode == PREFIX) {
          finder.reset(base, histStart, srcEnd);
        } else if (mode == CONTINUED) {
          if (!finder.continueExternal(base, histStart, srcOff, srcEnd)) {
            finder.resetExternal(base, histStart, srcOff, srcEnd);
          }
        } else if (mode == EXTERNAL || srcEnd - srcOff > DICT_CTX_MAX) {
          finder.resetExternal(base, histStart, srcOff, srcEnd);
        } else {
          Lz4HcMatchFinder dictFinder = ws.dictFinder;
          if (dictFinder == null) {
            dictFinder = ws.dictFinder = new Lz4HcMatchFinder();
          }
          dictFinder.loadDictionary(base, histStart, srcOff);
          finder.resetDictCtx(base, srcOff, srcEnd, dictFinder);
        }
        if (params.optimal) {
          Lz4HcOptimalParser parser = ws.optimal;
          if (parser == null) {
            parser = ws.optimal = new Lz4HcOptimalParser();
          }
          d = parser.compress(finder, out, srcOff, srcEnd,
              params.nbSearches, params.targetLength, level == Lz4Level.MAX, consumed);
        } else {
          d = compressHashChain(finder, out, srcOff, srcEnd, params.nbSearches, consumed);
        }
      }
      return d < 0 ? -1 : d - dstOff;
    } finally {
      finder.release();
      out.release();
    }
  }

  /**
   * The parser of levels 1–9 ({@code LZ4HC_compress_hashChain}). At each position it takes the
   * longest match {@code M1}, then looks for a longer match {@code M2} that starts inside {@code
   * M1}, and then for {@code M3} inside {@code M2}. Overlapping matches are trimmed so that the
   * earlier one ends where the later starts (or dropped when too little of them would remain),
   * and a match is written only once no longer one overlaps it.
   *
   * @param consumed see {@link Lz4HcOutput#finish}
   * @return the output position after the block, or -1 when it does not fit
   */
  private static int compressHashChain(
      Lz4HcMatchFinder mf, Lz4HcOutput out, int srcOff, int srcEnd, int maxAttempts, int[] consumed) {
    final boolean patternAnalysis = maxAttempts > 128; // level 9
    final int mflimit = srcEnd - MF_LIMIT;
    final int matchlimit = srcEnd - LAST_LITERALS;
    int ip = srcOff;
    int anchor = srcOff;

    // M0 = the first match as found (kept in case trimming skips too far), M1 = ip/ref/ml,
    // M2 = start2/ref2/ml2, M3 = start3/ref3/ml3; "ref" values are window positions
    int ml;
    int ref;
    int start0;
    int ref0;
    int ml0;
    int start2;
    int ref2;
    int ml2;
    int start3 = 0;
    int ref3 = 0;
    int ml3;

    outer:
    while (ip <= mflimit) {
      ml = mf.findBestMatch(ip, matchlimit, maxAttempts, patternAnalysis);
      if (ml < MIN_MATCH) {
        ip++;
        continue;
      }
      ref = mf.matchPos;
      start0 = ip;
      ref0 = ref;
      ml0 = ml;

      search2:
      while (true) {
        if (ip + ml <= mflimit) {
          ml2 = mf.findWiderMatch(ip + ml - 2, ip, matchlimit, ml, maxAttempts, patternAnalysis, false);
          start2 = mf.startPos;
          ref2 = mf.matchPos;
        } else {
          ml2 = ml;
          start2 = ref2 = 0;
        }
        if (ml2 == ml) { // no longer match: write M1
          if (!out.sequence(anchor, ip, ml, ip - ref)) {
            break outer;
          }
          ip += ml;
          anchor = ip;
          continue outer;
        }

        if (start0 < ip && start2 < ip + ml0) {
          // M1 was replaced before, but M2 starts within the original: restore it
          ip = start0;
          ref = ref0;
          ml = ml0;
        }
        if (start2 - ip < 3) { // M1 too short before M2 starts: drop it
          ml = ml2;
          ip = start2;
          ref = ref2;
          continue search2;
        }

        while (true) { // "search3": M1 before M2, ml2 > ml, start2 >= ip + 3
          if (start2 - ip < OPTIMAL_ML) {
            // let M1 keep up to OPTIMAL_ML bytes (still fits the token) by cutting M2's head,
            // as long as M2 keeps at least MIN_MATCH bytes
            int newMl = Math.min(ml, OPTIMAL_ML);
            if (ip + newMl > start2 + ml2 - MIN_MATCH) {
              newMl = (start2 - ip) + ml2 - MIN_MATCH;
            }
            int correction = newMl - (start2 - ip);
            if (correction > 0) {
              start2 += correction;
              ref2 += correction;
              ml2 -= correction;
            }
          }

          if (start2 + ml2 <= mflimit) {
            ml3 = mf.findWiderMatch(start2 + ml2 - 3, start2, matchlimit, ml2, maxAttempts, patternAnalysis, false);
            start3 = mf.startPos;
            ref3 = mf.matchPos;
          } else {
            ml3 = ml2;
          }

          if (ml3 == ml2) { // no better M3: write M1 (cut where M2 starts) and M2
            if (start2 < ip + ml) {
              ml = start2 - ip;
            }
            if (!out.sequence(anchor, ip, ml, ip - ref)) {
              break outer;
            }
            anchor = ip + ml;
            ip = start2;
            if (!out.sequence(anchor, ip, ml2, ip - ref2)) {
              break outer;
            }
            ip += ml2;
            anchor = ip;
            continue outer;
          }

          if (start3 < ip + ml + 3) { // not enough room for M2 between M1 and M3: drop M2
            if (start3 >= ip + ml) {
              // M1 can be written now; M3 becomes the new M1, what is left of M2 the fallback M0
              if (start2 < ip + ml) {
                int correction = ip + ml - start2;
                start2 += correction;
                ref2 += correction;
                ml2 -= correction;
                if (ml2 < MIN_MATCH) {
                  start2 = start3;
                  ref2 = ref3;
                  ml2 = ml3;
                }
              }
              if (!out.sequence(anchor, ip, ml, ip - ref)) {
                break outer;
              }
              anchor = ip + ml;
              ip = start3;
              ref = ref3;
              ml = ml3;
              start0 = start2;
              ref0 = ref2;
              ml0 = ml2;
              continue search2;
            }
            // M3 overlaps M1: it replaces M2
            start2 = start3;
            ref2 = ref3;
            ml2 = ml3;
            continue;
          }

          // three ascending matches: M1 can be written, cut so that it ends where M2 starts
          if (start2 < ip + ml) {
            if (start2 - ip < OPTIMAL_ML) {
              if (ml > OPTIMAL_ML) {
                ml = OPTIMAL_ML;
              }
              if (ip + ml > start2 + ml2 - MIN_MATCH) {
                ml = (start2 - ip) + ml2 - MIN_MATCH;
              }
              int correction = ml - (start2 - ip);
              if (correction > 0) {
                start2 += correction;
                ref2 += correction;
                ml2 -= correction;
              }
            } else {
              ml = start2 - ip;
            }
          }
          if (!out.sequence(anchor, ip, ml, ip - ref)) {
            break outer;
          }
          anchor = ip + ml;
          // M2 becomes M1, M3 becomes M2; look for a new M3
          ip = start2;
          ref = ref2;
          ml = ml2;
          start2 = start3;
          ref2 = ref3;
          ml2 = ml3;
        }
      }
    }
    return out.finish(anchor, srcOff, srcEnd, consumed);
  }
}
