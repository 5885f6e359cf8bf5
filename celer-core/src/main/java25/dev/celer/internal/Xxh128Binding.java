package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.celer.xxhash.Hash128;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.invoke.MethodHandle;

/**
 * {@code libxxhash}'s {@code XXH3_128bits_withSeed} (the {@code _dispatch} entry point where the
 * library has it), heap, short and ordinary: one group of {@link XxHashLibrary}, bound and
 * self-tested when this class is initialised, at its first use.
 */
final class Xxh128Binding {
  private Xxh128Binding() {}

  // XXH128_hash_t { XXH64_hash_t low64; XXH64_hash_t high64; }, returned by value
  private static final MemoryLayout PAIR = MemoryLayout.structLayout(JAVA_LONG, JAVA_LONG);
  private static final FunctionDescriptor F128_HEAP = FunctionDescriptor.of(PAIR, ADDRESS, JAVA_LONG, JAVA_LONG);
  private static final FunctionDescriptor F128_RAW = FunctionDescriptor.of(PAIR, JAVA_LONG, JAVA_LONG, JAVA_LONG);

  private static final MethodHandle[] H = XxHashLibrary.group("XXH3-128",
      lib -> selfTest(XxHashLibrary.three(lib, F128_HEAP, F128_RAW, "XXH3_128bits_withSeed_dispatch", "XXH3_128bits_withSeed")));
  static final boolean OK = H != null;
  static final MethodHandle A = OK ? H[0] : null;
  static final MethodHandle B = OK ? H[1] : null;
  static final MethodHandle C = OK ? H[2] : null;

  // One small method per call, each with one downcall; heap segments come from NativeSegments.heap.

  /**
   * XXH3-128's 16-byte result is returned in two registers, which the linker copies into a segment
   * from {@code result}: the caller's pooled one, so that nothing is allocated for it.
   */
  static Hash128 heap(SegmentAllocator result, MemorySegment in, int len, long seed) {
    try {
      MemorySegment r = (MemorySegment) A.invokeExact(result, in, (long) len, seed);
      return new Hash128(r.get(JAVA_LONG, 0), r.get(JAVA_LONG, 8));
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static Hash128 raw(boolean critical, SegmentAllocator result, long in, int len, long seed) {
    try {
      MemorySegment r = critical
          ? (MemorySegment) B.invokeExact(result, in, (long) len, seed)
          : (MemorySegment) C.invokeExact(result, in, (long) len, seed);
      return new Hash128(r.get(JAVA_LONG, 0), r.get(JAVA_LONG, 8));
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  private static MethodHandle[] selfTest(MethodHandle[] h) throws Throwable {
    MemorySegment heap = MemorySegment.ofArray(XxHashLibrary.DATA);
    try (Arena arena = Arena.ofConfined()) {
      long off = XxHashLibrary.data(arena).address();
      MemorySegment a = (MemorySegment) h[0].invokeExact((SegmentAllocator) arena, heap, 300L, 1L);
      MemorySegment b = (MemorySegment) h[1].invokeExact((SegmentAllocator) arena, off, 300L, 1L);
      MemorySegment c = (MemorySegment) h[2].invokeExact((SegmentAllocator) arena, off, 300L, 1L);
      XxHashLibrary.check(a.get(JAVA_LONG, 0) == 0xe64fbdc9e9bd684dL && a.get(JAVA_LONG, 8) == 0x602fa155980bedb6L && a.mismatch(b) == -1 && a.mismatch(c) == -1,
          XxHashLibrary.NAME, "XXH3-128");
    }
    return h;
  }
}
