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
 * {@code liblz4}'s {@code LZ4_compress_destSize}, heap, short and ordinary: one group of {@link
 * Lz4Library}, bound and self-tested when this class is initialised, at its first use.
 */
final class Lz4DestSizeBinding {
  private Lz4DestSizeBinding() {}

  // int LZ4_compress_destSize(const char* src, char* dst, int* srcSizePtr, int targetDstSize);
  // *srcSizePtr (in: the input's length, out: how much of it went in) in pooled native memory
  private static final FunctionDescriptor FD_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT);
  private static final FunctionDescriptor FD_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT);

  private static final MethodHandle[] H = Lz4Library.group("destination-size compression", lib -> {
    MethodHandle[] h = {
        NativeLibraries.bind(lib, "LZ4_compress_destSize", FD_HEAP, HEAP),
        NativeLibraries.bind(lib, "LZ4_compress_destSize", FD_RAW, SHORT),
        NativeLibraries.bind(lib, "LZ4_compress_destSize", FD_RAW, ORDINARY)};
    selfTest(h);
    return h;
  });
  static final boolean OK = H != null;
  private static final MethodHandle HEAP_ = OK ? H[0] : null;
  private static final MethodHandle SHORT_ = OK ? H[1] : null;
  private static final MethodHandle ORDINARY_ = OK ? H[2] : null;

  /** {@code LZ4_compress_destSize}: {@code srcSizePtr} holds the input length and receives what was consumed. */
  static int heap(MemorySegment src, MemorySegment dst, long srcSizePtr, int dstCap) {
    try {
      return (int) HEAP_.invokeExact(src, dst, srcSizePtr, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int raw(boolean critical, long src, long dst, long srcSizePtr, int dstCap) {
    try {
      return critical
          ? (int) SHORT_.invokeExact(src, dst, srcSizePtr, dstCap)
          : (int) ORDINARY_.invokeExact(src, dst, srcSizePtr, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** 1000 bytes of room for 4096 bytes of input: the block decodes to the prefix it reports, the same from every shape. */
  private static void selfTest(MethodHandle[] h) throws Throwable {
    byte[] data = Lz4Library.testData();
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(1000);
      MemorySegment cell = arena.allocate(JAVA_INT);
      cell.set(JAVA_INT, 0, data.length);
      byte[] small = new byte[1000];
      int ds = (int) h[0].invokeExact(MemorySegment.ofArray(data), MemorySegment.ofArray(small), cell.address(), 1000);
      int took = cell.get(JAVA_INT, 0);
      Lz4Library.check(ds > 0 && ds <= 1000 && took > 0 && took < data.length && Lz4Library.decodesTo(small, ds, data, took), "destination-size compression (heap)");
      cell.set(JAVA_INT, 0, data.length);
      int ds2 = (int) h[1].invokeExact(in.address(), out.address(), cell.address(), 1000);
      Lz4Library.check(ds2 == ds && cell.get(JAVA_INT, 0) == took && out.asSlice(0, ds).mismatch(MemorySegment.ofArray(small).asSlice(0, ds)) == -1,
          "destination-size compression (short)");
      cell.set(JAVA_INT, 0, data.length);
      int ds3 = (int) h[2].invokeExact(in.address(), out.address(), cell.address(), 1000);
      Lz4Library.check(ds3 == ds && cell.get(JAVA_INT, 0) == took, "destination-size compression");
    }
  }
}
