package dev.celer.internal;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code libxxhash}'s {@code XXH32}, heap, short and ordinary: one group of {@link XxHashLibrary},
 * bound and self-tested when this class is initialised, at its first use.
 */
final class Xxh32Binding {
  private Xxh32Binding() {}

  private static final MethodHandle[] H = XxHashLibrary.group("XXH32",
      lib -> XxHashLibrary.selfTestOneShot(XxHashLibrary.three(lib, XxHashLibrary.F32_HEAP, XxHashLibrary.F32_RAW, "XXH32"), 1, 0xa00fbf68, "XXH32"));
  static final boolean OK = H != null;
  static final MethodHandle A = OK ? H[0] : null;
  static final MethodHandle B = OK ? H[1] : null;
  static final MethodHandle C = OK ? H[2] : null;

  // One small method per call, each with one downcall; heap segments come from NativeSegments.heap.

  /** As {@link #heap}, for an array not in NativeSegments' cache: the segment made here, where escape analysis can remove it. */
  static int fresh(byte[] in, int off, int len, int seed) {
    try {
      return (int) A.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int heap(MemorySegment in, int len, int seed) {
    try {
      return (int) A.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int raw(boolean critical, long in, int len, int seed) {
    try {
      return critical ? (int) B.invokeExact(in, (long) len, seed) : (int) C.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }
}
