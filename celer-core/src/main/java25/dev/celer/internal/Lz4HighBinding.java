package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code liblz4}'s HC compression, {@code LZ4_compress_HC_extStateHC} (ordinary downcalls: HC is
 * slow per byte): one group of {@link Lz4Library}, bound and self-tested when this class is
 * initialised, at its first use.
 */
final class Lz4HighBinding {
  private Lz4HighBinding() {}

  private static final MethodHandle[] H = Lz4Library.group("HC compression", lib -> {
    MethodHandle[] h = {NativeLibraries.bind(lib, "LZ4_compress_HC_extStateHC", Lz4Library.FD_COMPRESS_RAW, ORDINARY)};
    selfTest(h[0]);
    return h;
  });
  static final boolean OK = H != null;
  private static final MethodHandle ORDINARY_ = OK ? H[0] : null;

  static int raw(long state, long src, int srcLen, long dst, int dstCap, int level) {
    try {
      return (int) ORDINARY_.invokeExact(state, src, dst, srcLen, dstCap, level);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  private static void selfTest(MethodHandle h) throws Throwable {
    byte[] data = Lz4Library.testData();
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      long state = arena.allocate(Lz4Library.STATE_HC_SIZE, 16).address();
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(cap);
      int nh = (int) h.invokeExact(state, in.address(), out.address(), data.length, cap, 9);
      Lz4Library.check(nh > 0 && nh < data.length && Lz4Library.decodesTo(out.asSlice(0, nh).toArray(JAVA_BYTE), nh, data, data.length), "HC compression");
    }
  }
}
