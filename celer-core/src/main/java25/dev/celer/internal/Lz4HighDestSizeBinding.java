package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code liblz4}'s {@code LZ4_compress_HC_destSize} (ordinary): one group of {@link Lz4Library},
 * bound and self-tested when this class is initialised, at its first use.
 */
final class Lz4HighDestSizeBinding {
  private Lz4HighDestSizeBinding() {}

  // int LZ4_compress_HC_destSize(void* stateHC, src, dst, int* srcSizePtr, int targetDstSize, int compressionLevel)
  private static final FunctionDescriptor FD = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);

  private static final MethodHandle[] H = Lz4Library.group("HC destination-size compression", lib -> {
    MethodHandle[] h = {NativeLibraries.bind(lib, "LZ4_compress_HC_destSize", FD, ORDINARY)};
    selfTest(h[0]);
    return h;
  });
  static final boolean OK = H != null;
  private static final MethodHandle ORDINARY_ = OK ? H[0] : null;

  static int raw(long state, long src, long dst, long srcSizePtr, int dstCap, int level) {
    try {
      return (int) ORDINARY_.invokeExact(state, src, dst, srcSizePtr, dstCap, level);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  private static void selfTest(MethodHandle h) throws Throwable {
    byte[] data = Lz4Library.testData();
    try (Arena arena = Arena.ofConfined()) {
      long state = arena.allocate(Lz4Library.STATE_HC_SIZE, 16).address();
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(1000);
      MemorySegment cell = arena.allocate(JAVA_INT);
      cell.set(JAVA_INT, 0, data.length);
      int dh = (int) h.invokeExact(state, in.address(), out.address(), cell.address(), 1000, 9);
      int took = cell.get(JAVA_INT, 0);
      Lz4Library.check(dh > 0 && dh <= 1000 && took > 0 && took < data.length && Lz4Library.decodesTo(out.asSlice(0, dh).toArray(JAVA_BYTE), dh, data, took),
          "HC destination-size compression");
    }
  }
}
