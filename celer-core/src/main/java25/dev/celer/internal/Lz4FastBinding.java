package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.HEAP;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code liblz4}'s fast compression, {@code LZ4_compress_fast_extState}: each of its three handle
 * shapes its own group of {@link Lz4Library} (see {@link Lz4Library#shape}), bound and self-tested
 * at its first use, and the calls {@link NativeLz4} makes with them.
 */
final class Lz4FastBinding {
  private Lz4FastBinding() {}

  // int LZ4_compress_fast_extState(void* state, const char* src, char* dst, int srcSize, int dstCapacity, int acceleration)
  private static final FunctionDescriptor FD_HEAP = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT);

  static final class HeapShape {
    static final MethodHandle H = Lz4Library.shape("fast compression", "LZ4_compress_fast_extState", FD_HEAP, Lz4Library.FD_COMPRESS_RAW, HEAP, Lz4FastBinding::selfTest);
    static final boolean OK = H != null;
  }

  static final class ShortShape {
    static final MethodHandle H = Lz4Library.shape("fast compression", "LZ4_compress_fast_extState", FD_HEAP, Lz4Library.FD_COMPRESS_RAW, SHORT, Lz4FastBinding::selfTest);
    static final boolean OK = H != null;
  }

  static final class OrdinaryShape {
    static final MethodHandle H = Lz4Library.shape("fast compression", "LZ4_compress_fast_extState", FD_HEAP, Lz4Library.FD_COMPRESS_RAW, ORDINARY, Lz4FastBinding::selfTest);
    static final boolean OK = H != null;
  }

  /** @return whether fast compression may be called in {@code shape} (binds it at the first ask) */
  static boolean ready(NativeLibraries.Call shape) {
    return switch (shape) {
      case HEAP -> HeapShape.OK;
      case SHORT -> ShortShape.OK;
      case ORDINARY -> OrdinaryShape.OK;
    };
  }

  // The heap segments passed to the heap calls come from NativeSegments' cache (no allocation per
  // call); their length may exceed the range, which Java has checked and passes as numbers.

  static int heap(long state, MemorySegment src, int srcLen, MemorySegment dst, int dstCap, int acceleration) {
    try {
      return (int) HeapShape.H.invokeExact(state, src, dst, srcLen, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  // The *Whole call takes whole arrays (offset 0, NativeLz4's common case) and makes its heap
  // segments per call, with MemorySegment.ofArray alone: see NativeLz4's class comment for why
  // that is removed by escape analysis at any call site and why it stays at most 35 bytes of
  // bytecode (the handle from a static final of its own, the exception handler left to the
  // caller). The *Fresh call makes its heap segments itself, for arrays at other offsets that are
  // not in NativeSegments' cache: made and consumed in one method, where escape analysis can
  // remove them (37 bytes: its call has three more arguments than decompression's); whether it
  // then removes them depends on asSlice's chain.

  static int whole(long state, byte[] src, int srcLen, byte[] dst, int dstCap, int acceleration) throws Throwable {
    return (int) HeapShape.H.invokeExact(state, MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap, acceleration);
  }

  static int fresh(byte[] src, int srcOff, byte[] dst, int dstOff, long state, int srcLen, int dstCap, int acceleration) throws Throwable {
    return (int) HeapShape.H.invokeExact(state, MemorySegment.ofArray(src).asSlice(srcOff), MemorySegment.ofArray(dst).asSlice(dstOff), srcLen, dstCap, acceleration);
  }

  /** @param critical whether the call may hold off safepoints (only short calls) */
  static int raw(boolean critical, long state, long src, int srcLen, long dst, int dstCap, int acceleration) {
    try {
      return critical
          ? (int) ShortShape.H.invokeExact(state, src, dst, srcLen, dstCap, acceleration)
          : (int) OrdinaryShape.H.invokeExact(state, src, dst, srcLen, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  private static void selfTest(MethodHandle h, NativeLibraries.Call shape) throws Throwable {
    byte[] data = Lz4Library.testData();
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      long state = arena.allocate(Lz4Library.STATE_SIZE, 16).address();
      byte[] block;
      int n;
      if (shape == HEAP) {
        block = new byte[cap];
        n = (int) h.invokeExact(state, MemorySegment.ofArray(data), MemorySegment.ofArray(block), data.length, cap, 1);
      } else {
        MemorySegment in = arena.allocate(data.length);
        MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
        MemorySegment out = arena.allocate(cap);
        n = (int) h.invokeExact(state, in.address(), out.address(), data.length, cap, 1);
        block = out.toArray(JAVA_BYTE);
      }
      Lz4Library.check(n > 0 && n < data.length && Lz4Library.decodesTo(block, n, data, data.length), "fast compression (" + shape + ")");
    }
  }
}
