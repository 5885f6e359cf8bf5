package dev.celer.lz4;

import dev.celer.internal.NativeBackend;

/**
 * The native backend's block compressor: {@code LZ4_compress_fast_extState} or {@code
 * LZ4_compress_HC_extStateHC} of the system's {@code liblz4} (see {@link NativeBackend}), whose
 * output is byte-identical to Celer's pure-Java compressors with liblz4 1.9.x.
 *
 * <p>It takes the plain block path, the destination-size mode and blocks with a full 64 KB of
 * history. A 64 KB prefix (history given in place, or the high compressors' per-call copy) goes
 * through liblz4's prefix mode ({@code LZ4_loadDict} or {@code LZ4_loadDictHC} over the history,
 * then {@code _continue} on the input right after it in native memory), which gives Celer's
 * pure-Java prefix blocks. A prepared dictionary of 64 KB goes through liblz4's
 * external-dictionary mode (the input apart from the loaded dictionary), which gives {@code lz4
 * -D}'s blocks, as Celer's pure Java does; HC blocks of 4 KB or less go through the dictCtx mode
 * {@code lz4 -D} uses for them ({@code LZ4_attach_HC_dictionary}), where the library exports it
 * (1.10; not 1.9.4, where they stay in Java). With a shorter history liblz4's fast
 * blocks differ from Java's (its "dictSmall" path). A linked HC block with 64 KB of history goes
 * through the external-dictionary mode too, as {@code lz4 -BD}'s do (levels 1–9; levels 10–12
 * keep one liblz4 state for the sequence: {@link Lz4NativeLinkedHigh}). Those blocks, dictionaries
 * given per call, small blocks
 * (below the measured crossovers) and buffers the backend cannot address go to the pure-Java
 * compressor it wraps. Immutable and thread-safe; per-call native state comes from the backend's
 * pool.
 */
final class Lz4NativeCompressor extends Lz4Compressor {
  /**
   * Below these input sizes the pure-Java compressors are as fast or faster: the downcall costs
   * more than it saves, and {@code LZ4_compress_HC_extStateHC} clears its 256 KB state on every
   * call. Measured with {@code dev.celer.bench.OneJvmRatios} on JDK 25 (native / Java: fast 0.93 at
   * 64 B, 1.3-1.4 at 256 B; HC 0.23-0.25 at 64 B, 0.80-0.88 at 256 B, 1.5-1.7 at 1 KB).
   */
  static final int MIN_NATIVE_FAST = 256;
  static final int MIN_NATIVE_HIGH = 1024;

  /**
   * Below this input size a block with a 64 KB dictionary stays in Java. Measured with {@code
   * OneJvmRatios} ({@code -Dceler.bench.ops=dict,dict_hc9}, JDK 25) at 256 B, against C: native
   * 0.94x and Java 0.71x (fast, prepared dictionary), native 1.00x and Java 0.11x (HC 9, where Java
   * indexes the dictionary on every call); smaller inputs were not measured.
   */
  static final int MIN_NATIVE_DICT = 256;

  private final Lz4Compressor java;
  /** The fast compressor's acceleration (liblz4 clamps it exactly as Celer does), or 0 for HC. */
  private final int acceleration;
  /** The HC level, 1..12, or 0 for the fast compressor. */
  private final int level;

  private Lz4NativeCompressor(Lz4Compressor java, int acceleration, int level) {
    this.java = java;
    this.acceleration = acceleration;
    this.level = level;
  }

  /** @return the native fast compressor over {@code java} when the backend is active, else {@code java} */
  static Lz4Compressor fast(Lz4FastCompressor java, int acceleration) {
    return NativeBackend.lz4() ? new Lz4NativeCompressor(java, acceleration, 0) : java;
  }

  /**
   * @return the native HC compressor over {@code java} when the backend is active and gives
   *     Celer's bytes at this level ({@link NativeBackend#lz4HighNative}: not liblz4 1.10's levels
   *     1 and 2), else {@code java}
   */
  static Lz4Compressor high(Lz4HighCompressor java) {
    return NativeBackend.lz4HighNative(java.level()) ? new Lz4NativeCompressor(java, 0, java.level()) : java;
  }

  /** @return the pure-Java compressor this one wraps */
  Lz4Compressor java() {
    return java;
  }

  @Override
  int compressBlock(Object base, int histStart, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit) {
    if (histStart != srcOff
        || srcEnd - srcOff < (level == 0 ? MIN_NATIVE_FAST : MIN_NATIVE_HIGH)
        || !NativeBackend.readable(base)
        || !NativeBackend.addressable(dst)) {
      return withHistoryOrJava(base, histStart, srcOff, srcEnd, dst, dstOff, dstLimit);
    }
    int n = level == 0
        ? NativeBackend.lz4CompressFast(base, srcOff, srcEnd - srcOff, dst, dstOff, dstLimit - dstOff, acceleration)
        : NativeBackend.lz4CompressHigh(base, srcOff, srcEnd - srcOff, dst, dstOff, dstLimit - dstOff, level);
    return n > 0 ? n : -1; // liblz4 returns 0 when the block does not fit
  }

  /**
   * A block with history goes native where {@link #nativeDict} allows, every other one the
   * plain path leaves goes to Java. (Kept out of {@link #compressBlock(Object, int, int, int,
   * Object, int, int)}, so that the plain path stays small enough to inline whole.)
   */
  private int withHistoryOrJava(Object base, int histStart, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit) {
    if (histStart != srcOff && nativeDict(srcOff - histStart, srcEnd - srcOff, dstLimit - dstOff, base, dst)) {
      // a dictionary given as an array or a prefix: liblz4 indexes it per call, as Java does
      int n = NativeBackend.lz4CompressHistory(base, histStart, srcOff, srcEnd - srcOff, dst, dstOff, room(srcEnd - srcOff, dstLimit - dstOff), level,
          acceleration, false);
      return n > 0 ? n : -1;
    }
    return java.compressBlock(base, histStart, srcOff, srcEnd, dst, dstOff, dstLimit);
  }

  @Override
  int compressBlock(Lz4Dictionary dict, Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit) {
    // HC blocks of 4 KB or less search the dictionary's own tables in lz4 -D (dictCtx mode):
    // native with LZ4_attach_HC_dictionary (liblz4 1.10), which 1.9.4 does not export: then Java
    if ((level == 0 || srcEnd - srcOff > Lz4HighCompressor.DICT_CTX_MAX || NativeBackend.lz4HighDictAttach())
        && nativeDict(dict.length(), srcEnd - srcOff, dstLimit - dstOff, src, dst)) {
      int n = NativeBackend.lz4CompressDict(dict.bytes, src, srcOff, srcEnd - srcOff, dst, dstOff, room(srcEnd - srcOff, dstLimit - dstOff), level,
          acceleration);
      return n > 0 ? n : -1;
    }
    return java.compressBlock(dict, src, srcOff, srcEnd, dst, dstOff, dstLimit);
  }

  /**
   * A linked HC block ({@link Lz4HighCompressor#compressLinked}): with 64 KB of history in liblz4's
   * external-dictionary mode, which is what the pure-Java compressor gives for levels 1–9, but for a
   * first block of 4 KB or less after a dictionary (dictCtx mode), which stays in Java. Levels 10–12
   * do not come here where the library allows ({@link Lz4NativeLinkedHigh}: one liblz4 state kept
   * across the sequence, as {@code lz4 -BD} keeps one); elsewhere they stay in Java: their chain
   * swap reads the chains the earlier blocks left, which a per-call state loaded over the history
   * does not have.
   */
  int compressLinkedHigh(Lz4HighCompressor.Workspace ws, byte[] window, int histStart, int srcOff, int srcEnd, Object dst,
      int dstOff, int dstLimit, boolean first) {
    Lz4HighCompressor high = (Lz4HighCompressor) java;
    if (!high.optimal()
        && (!first || srcEnd - srcOff > Lz4HighCompressor.DICT_CTX_MAX)
        && nativeDict(srcOff - histStart, srcEnd - srcOff, dstLimit - dstOff, window, dst)) {
      // the Java finder does not see this block: the next Java block rebuilds its chains
      ws.finder.breakLink(false);
      int n = NativeBackend.lz4CompressHistory(window, histStart, srcOff, srcEnd - srcOff, dst, dstOff, room(srcEnd - srcOff, dstLimit - dstOff), level,
          acceleration, true);
      return n > 0 ? n : -1;
    }
    return high.compressLinked(ws, window, histStart, srcOff, srcEnd, dst, dstOff, dstLimit, first);
  }

  @Override
  int compressBlock(byte[] dict, int dictStart, int dictLen, Object src, int srcOff, int srcEnd, Object dst, int dstOff,
      int dstLimit) {
    // liblz4 would index the dictionary per call as Java does; only prepared dictionaries go native
    return java.compressBlock(dict, dictStart, dictLen, src, srcOff, srcEnd, dst, dstOff, dstLimit);
  }

  /**
   * Whether a block with history goes to liblz4: a full 64 KB of history (see the class
   * description), at least {@link #MIN_NATIVE_DICT} bytes of input, the entry points bound, and
   * memory the backend can address.
   */
  private boolean nativeDict(int histLen, int srcLen, int dstCap, Object src, Object dst) {
    return histLen == Lz4Constants.WINDOW_SIZE
        && srcLen >= MIN_NATIVE_DICT
        && NativeBackend.lz4DictCompression()
        && NativeBackend.lz4DictFits(srcLen, room(srcLen, dstCap))
        && NativeBackend.readable(src)
        && NativeBackend.addressable(dst);
  }

  /** @return the output room a call needs: {@code dstCap}, or less when even the worst case fits */
  private static int room(int srcLen, int dstCap) {
    return Math.min(dstCap, Lz4.maxCompressedLength(srcLen));
  }

  /**
   * {@code LZ4_compress_destSize} (acceleration 1, as Celer's destination-size mode) or {@code
   * LZ4_compress_HC_destSize}; small inputs and room below one byte go to Java.
   */
  @Override
  int compressBlockDestSize(Object base, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit, int[] consumed) {
    if (srcEnd - srcOff < (level == 0 ? MIN_NATIVE_FAST : MIN_NATIVE_HIGH)
        || dstLimit - dstOff < 1
        || !NativeBackend.readable(base)
        || !NativeBackend.addressable(dst)) {
      return java.compressBlockDestSize(base, srcOff, srcEnd, dst, dstOff, dstLimit, consumed);
    }
    if (level == 0 && dstLimit - dstOff >= Lz4.maxCompressedLength(srcEnd - srcOff)) {
      // everything fits: the ordinary block at this compressor's acceleration, as the Java one does
      consumed[0] = srcEnd - srcOff;
      return compressBlock(base, srcOff, srcOff, srcEnd, dst, dstOff, dstLimit);
    }
    long r = NativeBackend.lz4CompressDestSize(base, srcOff, srcEnd - srcOff, dst, dstOff, dstLimit - dstOff, level);
    consumed[0] = (int) (r >>> 32);
    return (int) r;
  }

  @Override
  public String toString() {
    return "Lz4NativeCompressor[" + (level == 0 ? "acceleration=" + acceleration : "level=" + level) + "]";
  }
}
