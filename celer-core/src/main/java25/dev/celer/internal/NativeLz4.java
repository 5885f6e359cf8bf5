package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

/**
 * The LZ4 block calls of {@link NativeBackend} (see there for the contract of each), made with
 * the handles of the {@code Lz4*Binding} groups.
 *
 * <p>Nothing here allocates on the Java heap in a steady state, whatever the JIT makes of the
 * callers: direct buffers reach the libraries as raw addresses (a long: no segment object
 * reaches the call), compressor state and copy buffers come from the NativeScratch pool, and byte
 * arrays pass as heap segments, made per call or taken from NativeSegments' cache.
 *
 * <p>Whole arrays (offset 0 on both sides, the common case: a codec's own buffers) get their
 * segments per call from MemorySegment.ofArray alone, in the bindings' whole methods, and
 * escape analysis removes them at every call site measured (NativeAllocationProbe, 61-63 sites, and
 * OneJvmRatios: 0 B per call). That needs C2 to inline the chain from the segment to the
 * downcall: ofArray's chain (a static call, then constructors, which C2 always inlines for
 * escape analysis) is not subject to any other caller's profile, and each whole method is at
 * most 35 bytes of bytecode (MaxInlineSize), which C2 inlines even at a rarely taken call site.
 * The two cache lookups these calls skip cost up to 15% of a short call (OneJvmRatios, measured
 * when partial decoding was still native, on a quarter of 4 / 16 / 64 KB blocks: 0.78 / 0.88 /
 * 0.94x C with them, 0.94 / 0.94 / 0.95x without; compression and decompression 1.00-1.02x
 * either way).
 *
 * <p>Arrays at other offsets keep the cache: a segment at an offset needs asSlice, whose chain
 * (AbstractMemorySegmentImpl.asSliceNoCheck's virtual call to dup) is inlined or not by that
 * JDK method's own profile, which every user of asSlice in the JVM shares; PrintInlining with
 * 53 call sites: "dup (11 bytes) failed to inline: low call site frequency", then 64-224 B per
 * call (the segments, and C1 code's allocations while a method waits for C2). The cache's own
 * misses allocate (an entry, a weak reference, the segment; OneJvmRatios' "0 / 11 / 56 / 224 B"
 * for native compress were such passes), and a whole-array call never reaches it. The exception
 * is hashes of arrays under NativeHashes.CACHED_HASH_MIN, where the lookup would cost more than the hash:
 * their segments are made in one small method (32 bytes), as above.
 */
final class NativeLz4 {
  private NativeLz4() {}

  static int compressFast(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int acceleration) {
    boolean isShort = srcLen + (long) dstCap <= NativeBackend.CRITICAL_MAX_FAST;
    if (!Lz4FastBinding.ready(shape(isShort, src, dst))) {
      return javaCompress(Lz4.javaFastCompressor(acceleration), src, srcOff, srcLen, dst, dstOff, dstCap);
    }
    NativeScratch s = NativeScratch.take();
    try {
      if (isShort && src instanceof byte[] a && dst instanceof byte[] b) {
        if ((srcOff | dstOff) == 0) {
          return Lz4FastBinding.whole(s.fastState(), a, srcLen, b, dstCap, acceleration);
        }
        MemorySegment in = NativeSegments.cached(a, srcOff);
        MemorySegment out = in == null ? null : NativeSegments.cached(b, dstOff);
        return out != null
            ? Lz4FastBinding.heap(s.fastState(), in, srcLen, out, dstCap, acceleration)
            : Lz4FastBinding.fresh(a, srcOff, b, dstOff, s.fastState(), srcLen, dstCap, acceleration);
      }
      return raw(s, FAST, isShort, src, srcOff, srcLen, dst, dstOff, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    } finally {
      NativeScratch.give(s);
    }
  }

  static boolean highNative(int level) {
    return Lz4Library.FAILURE == null && (level >= 3 || Lz4Library.VERSION < Lz4Library.MID_VERSION);
  }

  static int compressHigh(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    if (!Lz4HighBinding.OK) {
      return javaCompress(Lz4.javaHighCompressor(level), src, srcOff, srcLen, dst, dstOff, dstCap);
    }
    NativeScratch s = NativeScratch.take();
    try {
      return raw(s, HIGH, false, src, srcOff, srcLen, dst, dstOff, dstCap, level);
    } finally {
      NativeScratch.give(s);
    }
  }

  static int decompress(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    boolean isShort = srcLen + (long) dstCap <= NativeBackend.CRITICAL_MAX_DECOMPRESS;
    if (!Lz4DecompressBinding.ready(shape(isShort, src, dst))) {
      return NativeBackend.DECLINED; // the entry point did not bind: the caller's Java decoder decides
    }
    if (src instanceof byte[] a && dst instanceof byte[] b) {
      if (isShort) {
        try {
          if ((srcOff | dstOff) == 0) {
            return Lz4DecompressBinding.whole(a, srcLen, b, dstCap);
          }
          MemorySegment in = NativeSegments.cached(a, srcOff);
          MemorySegment out = in == null ? null : NativeSegments.cached(b, dstOff);
          return out != null ? Lz4DecompressBinding.heap(in, srcLen, out, dstCap) : Lz4DecompressBinding.fresh(a, srcOff, b, dstOff, srcLen, dstCap);
        } catch (Throwable t) {
          throw NativeBackend.failure(t);
        }
      }
    } else if (src instanceof ByteBuffer a && dst instanceof ByteBuffer b) {
      int n = Lz4DecompressBinding.raw(isShort, NativeSegments.address(a) + srcOff, srcLen, NativeSegments.address(b) + dstOff, dstCap);
      Reference.reachabilityFence(a);
      Reference.reachabilityFence(b);
      return n;
    }
    NativeScratch s = NativeScratch.take();
    try {
      return raw(s, DECOMPRESS, isShort, src, srcOff, srcLen, dst, dstOff, dstCap, 0);
    } finally {
      NativeScratch.give(s);
    }
  }

  /**
   * {@code LZ4_compress_destSize} ({@code level} 0) or {@code LZ4_compress_HC_destSize} (1..12).
   *
   * @return {@code consumed << 32 | written}
   */
  static long compressDestSize(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    if (level == 0 ? !Lz4DestSizeBinding.OK : !Lz4HighDestSizeBinding.OK) {
      return javaDestSize(level == 0 ? Lz4.javaFastCompressor() : Lz4.javaHighCompressor(level), src, srcOff, srcLen, dst, dstOff, dstCap);
    }
    boolean isShort = level == 0 && srcLen + (long) dstCap <= NativeBackend.CRITICAL_MAX_FAST;
    NativeScratch s = NativeScratch.take();
    try {
      MemorySegment cell = s.cell();
      cell.set(JAVA_INT, 0, srcLen);
      int n = isShort && src instanceof byte[] a && dst instanceof byte[] b
          ? Lz4DestSizeBinding.heap(NativeSegments.heap(a, srcOff), NativeSegments.heap(b, dstOff), cell.address(), dstCap)
          : raw(s, level == 0 ? DEST_FAST : DEST_HIGH, isShort, src, srcOff, srcLen, dst, dstOff, dstCap, level);
      return (long) cell.get(JAVA_INT, 0) << 32 | n & 0xFFFFFFFFL;
    } finally {
      NativeScratch.give(s);
    }
  }

  /**
   * @return the handle shape a call takes: heap (a critical call on the arrays themselves) for a
   *     short call on two arrays; otherwise short or ordinary, on raw addresses (direct buffers,
   *     or arrays copied through native memory)
   */
  private static NativeLibraries.Call shape(boolean isShort, Object src, Object dst) {
    return !isShort ? NativeLibraries.Call.ORDINARY : src instanceof byte[] && dst instanceof byte[] ? NativeLibraries.Call.HEAP : NativeLibraries.Call.SHORT;
  }

  // A group whose self-test failed (the Lz4*Binding classes): its calls go to Celer's pure-Java codec through
  // its public API. The rare path (then allocating is fine); the callers have checked the ranges.

  private static ByteBuffer buffer(Object base) {
    return base instanceof byte[] a ? ByteBuffer.wrap(a) : (ByteBuffer) base;
  }

  /** @return as {@link #compressFast}: the bytes written, or 0 when the block does not fit */
  private static int javaCompress(Lz4Compressor java, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    return Math.max(0, java.tryCompress(buffer(src), srcOff, srcLen, buffer(dst), dstOff, dstCap));
  }

  /** @return as {@link #compressDestSize} */
  private static long javaDestSize(Lz4Compressor java, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    ByteBuffer in = buffer(src).duplicate();
    in.limit(srcOff + srcLen).position(srcOff);
    ByteBuffer out = buffer(dst).duplicate();
    out.limit(dstOff + dstCap).position(dstOff);
    int n = java.compressDestSize(in, out);
    return (long) (in.position() - srcOff) << 32 | n & 0xFFFFFFFFL;
  }

  /** @return as {@link NativeBackend#lz4DecompressDict} */
  static int decompressDict(
      Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, Object dict, int dictOff, int dictLen) {
    if (!Lz4DictDecompressBinding.OK) {
      return NativeBackend.DECLINED;
    }
    boolean isShort = srcLen + (long) dstCap + dictLen <= NativeBackend.CRITICAL_MAX_DECOMPRESS;
    if (src instanceof byte[] a && dst instanceof byte[] b && dict instanceof byte[] c) {
      return isShort ? Lz4DictDecompressBinding.heap(NativeSegments.heap(a, srcOff), srcLen, NativeSegments.heap(b, dstOff), dstCap, NativeSegments.heap(c, dictOff), dictLen) : NativeBackend.DECLINED;
    }
    if (src instanceof ByteBuffer a && dst instanceof ByteBuffer b && dict instanceof ByteBuffer c) {
      int n = Lz4DictDecompressBinding.raw(isShort, NativeSegments.address(a) + srcOff, srcLen, NativeSegments.address(b) + dstOff, dstCap, NativeSegments.address(c) + dictOff, dictLen);
      Reference.reachabilityFence(a);
      Reference.reachabilityFence(b);
      Reference.reachabilityFence(c);
      return n;
    }
    return NativeBackend.DECLINED;
  }

  /** The calls {@link #raw} makes (a switch rather than a lambda: nothing to allocate). */
  private static final int FAST = 0;
  private static final int HIGH = 1;
  private static final int DECOMPRESS = 2;
  private static final int DEST_FAST = 3;
  private static final int DEST_HIGH = 4;

  /**
   * Makes the LZ4 call {@code kind} (with {@code arg}, the acceleration or level) on raw addresses:
   * direct buffers as they are; heap arrays copied into native memory (the scratch's buffer, or a
   * temporary arena above {@link NativeScratch#MAX_KEPT_STAGE}) and the output copied back, only the
   * bytes the call reports as written. {@code critical}: the call may hold off safepoints (short
   * calls only).
   */
  private static int raw(NativeScratch s, int kind, boolean critical, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int arg) {
    boolean heapIn = src instanceof byte[];
    boolean heapOut = dst instanceof byte[];
    if (kind == DECOMPRESS && heapOut) {
      // an LZ4 block writes at most 255 bytes per input byte: room beyond that (a one-shot call's
      // whole remaining output, say) is never written, so it is not staged either. The margin keeps
      // liblz4's rules about the output's last bytes where they were: far from any byte it writes.
      dstCap = (int) Math.min(dstCap, 255L * srcLen + 1024);
    }
    long need = (heapIn ? srcLen : 0) + (heapOut ? (long) dstCap : 0);
    Arena temp = need > NativeScratch.MAX_KEPT_STAGE ? Arena.ofConfined() : null;
    try {
      MemorySegment stage = need == 0 ? null : temp != null ? temp.allocate(need, 16) : s.stage(need);
      long in;
      long out;
      if (heapIn) {
        MemorySegment.copy((byte[]) src, srcOff, stage, JAVA_BYTE, 0, srcLen);
        in = stage.address();
      } else {
        in = NativeSegments.address((ByteBuffer) src) + srcOff;
      }
      out = heapOut ? stage.address() + (heapIn ? srcLen : 0) : NativeSegments.address((ByteBuffer) dst) + dstOff;
      int n = switch (kind) {
        case FAST -> Lz4FastBinding.raw(critical, s.fastState(), in, srcLen, out, dstCap, arg);
        case HIGH -> Lz4HighBinding.raw(s.highState(), in, srcLen, out, dstCap, arg);
        case DECOMPRESS -> Lz4DecompressBinding.raw(critical, in, srcLen, out, dstCap);
        case DEST_FAST -> Lz4DestSizeBinding.raw(critical, in, out, s.cell().address(), dstCap);
        default -> Lz4HighDestSizeBinding.raw(s.highState(), in, out, s.cell().address(), dstCap, arg);
      };
      if (heapOut && n > 0) {
        MemorySegment.copy(stage, JAVA_BYTE, heapIn ? srcLen : 0, (byte[]) dst, dstOff, n);
      }
      Reference.reachabilityFence(src);
      Reference.reachabilityFence(dst);
      return n;
    } finally {
      if (temp != null) {
        temp.close();
      }
    }
  }
}
