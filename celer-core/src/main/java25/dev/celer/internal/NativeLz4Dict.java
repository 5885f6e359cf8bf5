package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

/**
 * LZ4 dictionary compression of {@link NativeBackend}, with the handles of {@link
 * Lz4DictCompressBinding} and {@link Lz4HighAttachBinding}.
 *
 * <p>Only with a full 64 KB of history. A history given in place (lz4CompressHistory: a prefix, or
 * a per-call copy) uses liblz4's prefix mode: the history and the input side by side in the
 * scratch's window, a stream (LZ4_loadDict) or HC state (LZ4_loadDictHC) loaded over the
 * history, then LZ4_compress_fast_continue or LZ4_compress_HC_continue on the input right after
 * it, which gives Celer's pure-Java prefix blocks. A prepared dictionary (lz4CompressDict), and
 * a history given in place for a linked HC block (external), use liblz4's external-dictionary
 * mode instead: the input lies GAP bytes after the history, so
 * _continue sees a separate dictionary, as lz4 -D's blocks over 4 KB do (LZ4_attach_dictionary
 * copies the dictionary's state for them); that gives Celer's pure-Java dictionary blocks (see
 * NativeDictionaryCompressionTest). Smaller HC blocks of lz4 -D search the dictionary's own
 * tables (dictCtx mode), which needs LZ4_attach_HC_dictionary, not exported by liblz4 1.9.4: the
 * caller keeps those in Java.
 *
 * <p>A prepared dictionary is loaded into a scratch once: its window and loaded states stay, keyed
 * by the dictionary's bytes (held weakly; the HC state also by level), and a later call with the
 * same dictionary on that scratch copies the 16 KB stream (256 KB HC state) instead of indexing
 * 64 KB again.
 */
final class NativeLz4Dict {
  private NativeLz4Dict() {}

  /**
   * All of memory, for copying from a direct buffer's raw address (which it stays valid for: see
   * {@link NativeBackend#readable}). A holder class: {@code reinterpret} is a restricted method, so it must not
   * run when this class is initialized without native access (the JDK would print its warning).
   */
  private static final class Everywhere {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
  }

  /** The largest HC input that {@code lz4 -D} compresses in dictCtx mode (Celer's {@code Lz4HighCompressor.DICT_CTX_MAX}). */
  private static final int DICT_CTX_MAX = 4 * 1024;

  static int compressDict(byte[] dict, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration) {
    assert dict.length == NativeScratch.HISTORY : dict.length;
    return compressWithHistory(dict, null, 0, src, srcOff, srcLen, dst, dstOff, dstCap, level, acceleration, true);
  }

  static int compressHistory(Object base, int histStart, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration,
      boolean external) {
    assert srcOff - histStart == NativeScratch.HISTORY : srcOff - histStart;
    return compressWithHistory(null, base, histStart, base, srcOff, srcLen, dst, dstOff, dstCap, level, acceleration, external);
  }

  /**
   * The history ({@code dict}, or else {@code base[histStart, histStart + 64 KB)}) and the input
   * in the scratch's window, side by side or ({@code external}) {@link NativeScratch#GAP} bytes apart;
   * the stream ({@code level} 0) or HC state loaded over the history, from the scratch's copy when
   * it holds {@code dict} already; then the input compressed in place.
   */
  private static int compressWithHistory(
      byte[] dict, Object base, int histStart, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration,
      boolean external) {
    NativeScratch s = NativeScratch.take();
    try {
      MemorySegment window = s.window(srcLen, dst instanceof byte[] ? dstCap : 0);
      long history = window.address();
      long work;
      if (dict != null) {
        if (!s.holds(dict)) {
          MemorySegment.copy(dict, 0, window, JAVA_BYTE, 0, NativeScratch.HISTORY);
          s.hold(dict);
        }
        if (level == 0) {
          if (!s.fastLoaded) {
            Lz4DictCompressBinding.loadDict(s.loadedStream().address(), history, NativeScratch.HISTORY);
            s.fastLoaded = true;
          }
          s.dictStream().copyFrom(s.loadedStream());
          work = s.dictStream().address();
        } else {
          if (s.highLoaded != level) {
            Lz4DictCompressBinding.loadDictHigh(s.loadedHigh().address(), history, NativeScratch.HISTORY, level);
            s.highLoaded = level;
          }
          work = s.highState();
          if (srcLen <= DICT_CTX_MAX) {
            assert Lz4HighAttachBinding.ready() : "the caller asks lz4HighDictAttach() first";
            // lz4 -D's dictCtx mode: a fresh state searching the loaded state's tables
            Lz4HighAttachBinding.attach(work, s.loadedHigh().address(), level);
          } else {
            s.highWork().copyFrom(s.loadedHigh());
          }
        }
      } else {
        s.release(); // the window's history changes
        if (base instanceof byte[] a) {
          MemorySegment.copy(a, histStart, window, JAVA_BYTE, 0, NativeScratch.HISTORY);
        } else {
          ByteBuffer b = (ByteBuffer) base;
          MemorySegment.copy(Everywhere.ALL, NativeSegments.address(b) + histStart, window, 0, NativeScratch.HISTORY);
          Reference.reachabilityFence(b);
        }
        if (level == 0) {
          work = s.dictStream().address();
          Lz4DictCompressBinding.loadDict(work, history, NativeScratch.HISTORY);
        } else {
          work = s.highState();
          Lz4DictCompressBinding.loadDictHigh(work, history, NativeScratch.HISTORY, level);
        }
      }
      return continueAfter(window, external ? NativeScratch.HISTORY + NativeScratch.GAP : NativeScratch.HISTORY, work, src, srcOff, srcLen, dst,
          dstOff, dstCap, level, acceleration);
    } finally {
      NativeScratch.give(s);
    }
  }

  /**
   * Copies the input into {@code window} at {@code inOff} (right after the history: prefix mode;
   * further: external-dictionary mode), and compresses it there with {@code work} (loaded over
   * the history) into {@code dst}, directly when it is a direct buffer, else through the window's
   * room after the input.
   */
  private static int continueAfter(MemorySegment window, int inOff, long work, Object src, int srcOff, int srcLen, Object dst,
      int dstOff, int dstCap, int level, int acceleration) {
    long in = window.address() + inOff;
    if (src instanceof byte[] a) {
      MemorySegment.copy(a, srcOff, window, JAVA_BYTE, inOff, srcLen);
    } else {
      ByteBuffer b = (ByteBuffer) src;
      MemorySegment.copy(Everywhere.ALL, NativeSegments.address(b) + srcOff, window, inOff, srcLen);
      Reference.reachabilityFence(b);
    }
    boolean heapOut = dst instanceof byte[];
    long out = heapOut ? in + srcLen : NativeSegments.address((ByteBuffer) dst) + dstOff;
    int n = level == 0
        ? Lz4DictCompressBinding.continueRaw(srcLen + (long) dstCap <= NativeBackend.CRITICAL_MAX_FAST, work, in, srcLen, out, dstCap, acceleration)
        : Lz4DictCompressBinding.continueHigh(work, in, srcLen, out, dstCap);
    if (heapOut && n > 0) {
      MemorySegment.copy(window, JAVA_BYTE, inOff + srcLen, (byte[]) dst, dstOff, n);
    }
    Reference.reachabilityFence(dst);
    return n;
  }
}
