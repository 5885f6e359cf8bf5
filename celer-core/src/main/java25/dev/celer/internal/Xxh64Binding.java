package dev.celer.internal;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code libxxhash}'s {@code XXH64}, heap, short and ordinary: one group of {@link XxHashLibrary},
 * bound and self-tested when this class is initialised, at its first use.
 */
final class Xxh64Binding {
  private Xxh64Binding() {}

  private static final MethodHandle[] H = XxHashLibrary.group("XXH64",
      lib -> XxHashLibrary.selfTestOneShot(XxHashLibrary.three(lib, XxHashLibrary.F64_HEAP, XxHashLibrary.F64_RAW, "XXH64"), 1L, 0x8197c668a97c7639L, "XXH64"));
  static final boolean OK = H != null;
  static final MethodHandle A = OK ? H[0] : null;
  static final MethodHandle B = OK ? H[1] : null;
  static final MethodHandle C = OK ? H[2] : null;

  // One small method per call, each with one downcall; heap segments come from NativeSegments.heap.

  /** As {@link #heap}, for an array not in NativeSegments' cache: the segment made here, where escape analysis can remove it. */
  static long fresh(byte[] in, int off, int len, long seed) {
    try {
      return (long) A.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long heap(MemorySegment in, int len, long seed) {
    try {
      return (long) A.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long raw(boolean critical, long in, int len, long seed) {
    try {
      return critical ? (long) B.invokeExact(in, (long) len, seed) : (long) C.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }
}
