package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One linked HC sequence's native state (levels 10–12; {@code NativeBackend.lz4LinkedHigh*}): an
 * {@code LZ4_streamHC_t} kept from block to block, fed as {@code LZ4F_compressUpdate} feeds it for
 * {@code lz4 -BD}: each block is copied into its own buffer (apart from the history) and
 * compressed by {@code LZ4_compress_HC_continue}, after which {@code LZ4_saveDictHC} copies the
 * block's last 64 KB into the history buffer. The optimal parser's chain swap then reads the
 * chains the earlier blocks left, as in C and in Celer's pure Java ({@code
 * Lz4HcMatchFinder.continueExternal}). Where the pure-Java compressor rebuilds its chains over the
 * history instead (which the caller, {@code dev.celer.lz4.Lz4NativeLinkedHigh}, decides exactly
 * as it does), the history is copied in and loaded afresh ({@code LZ4_loadDictHC}).
 *
 * <p>Safety: every length is checked in Java before a call; the history liblz4 holds is compared
 * with the caller's before each continued block (a block compressed against other bytes than the
 * decoder will have would decode wrongly), and the result with the output room; any failure
 * latches (every later call throws). Not thread-safe: one sequence. Memory comes from {@link
 * Arena#ofAuto()} arenas (the input and output buffers each from one of its own, so that an
 * outgrown or oversized one is freed once dropped), freed by the GC when a dropped state becomes
 * unreachable; {@link #close} gives it to a small pool for the next sequence instead, without
 * buffers over 4 MB.
 */
final class NativeLz4Linked {
  /** A new sequence: a zeroed state (a new {@code LZ4_streamHC_t}), no history. */
  static final int FRESH = 0;
  /** The history {@code window[histStart, srcOff)} copied in and loaded ({@code LZ4_loadDictHC}). */
  static final int RELOAD = 1;
  /** The previous block's saved history, and the chains it left. */
  static final int CONTINUE = 2;

  private static final int HISTORY = 64 * 1024;
  /** The largest input and output buffers a pooled state keeps; larger ones are dropped on close. */
  private static final long MAX_KEPT = 4L << 20;

  private static final AtomicReferenceArray<NativeLz4Linked> POOL = new AtomicReferenceArray<>(4);

  private final Arena arena = Arena.ofAuto();
  private final MemorySegment state = arena.allocate(Lz4Library.STATE_HC_SIZE, 16);
  /**
   * The history: {@code LZ4_saveDictHC}'s buffer. 16 bytes more than the history, so that its end
   * is never the input buffer's start (liblz4 would then see one prefix, not a dictionary).
   */
  private final MemorySegment history = arena.allocate(HISTORY + 16, 16);
  private MemorySegment in;
  private MemorySegment out;
  /** How many bytes of {@link #history} liblz4 uses as the next block's history (after a block). */
  private int saved;
  private int level;
  private boolean failed;

  private NativeLz4Linked() {}

  /** @return a state for a new sequence at {@code level} (from the pool, or new) */
  static NativeLz4Linked open(int level) {
    NativeLz4Linked s = null;
    for (int i = 0; i < POOL.length() && s == null; i++) {
      s = POOL.getAndSet(i, null);
    }
    if (s == null) {
      s = new NativeLz4Linked();
    }
    s.level = level;
    s.failed = false;
    s.saved = -1; // the first block must be FRESH or RELOAD
    return s;
  }

  /** Gives this state to the pool (or drops it for the GC); the caller never uses it again. */
  void close() {
    if (failed) {
      return; // a state whose call failed is never reused
    }
    if (in != null && in.byteSize() > MAX_KEPT) {
      in = null;
    }
    if (out != null && out.byteSize() > MAX_KEPT) {
      out = null;
    }
    for (int i = 0; i < POOL.length(); i++) {
      if (POOL.compareAndSet(i, null, this)) {
        return;
      }
    }
  }

  /**
   * @return {@code buffer}, or when it is shorter than {@code size} a new one (at least twice as
   *     long), in an arena of its own so that the GC frees the old one once it is dropped
   */
  private static MemorySegment room(MemorySegment buffer, int size) {
    if (buffer != null && buffer.byteSize() >= size) {
      return buffer;
    }
    long n = Math.max(size, buffer == null ? 64 * 1024 : Math.min(Integer.MAX_VALUE, 2 * buffer.byteSize()));
    return Arena.ofAuto().allocate(n, 16);
  }

  /**
   * Compresses {@code window[srcOff, srcOff+srcLen)} as the next block, {@code
   * window[histStart, srcOff)} (at most 64 KB) being its history, into {@code dst[dstOff,
   * dstOff+dstCap)}.
   *
   * @param mode {@link #FRESH} (no history), {@link #RELOAD} or {@link #CONTINUE}
   * @return the bytes written, or 0 when the block does not fit
   * @throws IllegalStateException when liblz4's state is not what this sequence expects, or an
   *     earlier call failed
   */
  int compress(int mode, byte[] window, int histStart, int srcOff, int srcLen, byte[] dst, int dstOff, int dstCap) {
    int hist = srcOff - histStart;
    if (failed) {
      throw new IllegalStateException("an earlier native call of this linked HC sequence failed");
    }
    if (hist < 0 || hist > HISTORY || srcLen < 0 || (mode == FRESH) != (hist == 0)
        || histStart < 0 || srcOff > window.length - srcLen || dstOff < 0 || dstCap < 0 || dstOff > dst.length - dstCap) {
      throw new IllegalArgumentException("linked HC block out of range: history " + histStart + ".." + srcOff + ", input " + srcLen + ", output "
          + dstOff + "+" + dstCap + ", mode " + mode);
    }
    failed = true; // until this call has finished as expected
    long st = state.address();
    if (mode == FRESH) {
      state.fill((byte) 0); // LZ4_initStreamHC: a new state's tables are zero
      Lz4DictCompressBinding.resetHigh(st, level);
    } else if (mode == RELOAD) {
      MemorySegment.copy(window, histStart, history, JAVA_BYTE, 0, hist);
      Lz4DictCompressBinding.loadDictHigh(st, history.address(), hist, level);
    } else if (saved != hist || history.asSlice(0, hist).mismatch(MemorySegment.ofArray(window).asSlice(histStart, hist)) != -1) {
      throw new IllegalStateException("liblz4's saved history (" + saved + " bytes) is not the sequence's last " + hist + " bytes");
    }
    in = room(in, srcLen);
    out = room(out, dstCap);
    MemorySegment.copy(window, srcOff, in, JAVA_BYTE, 0, srcLen);
    int n = Lz4DictCompressBinding.continueHigh(st, in.address(), srcLen, out.address(), dstCap);
    if (n < 0 || n > dstCap) {
      throw new IllegalStateException("LZ4_compress_HC_continue returned " + n + " for " + dstCap + " bytes of room");
    }
    // LZ4F_localSaveDict: the block's last 64 KB become the next block's history (none under 4 bytes)
    int expect = srcLen < 4 ? 0 : Math.min(srcLen, HISTORY);
    saved = Lz4LinkedHighBinding.saveDict(st, history.address(), HISTORY);
    if (saved != expect) {
      throw new IllegalStateException("LZ4_saveDictHC saved " + saved + " bytes, expected " + expect);
    }
    MemorySegment.copy(out, JAVA_BYTE, 0, dst, dstOff, n);
    failed = false;
    return n;
  }
}
