package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * {@code liblz4}'s HC compression (ordinary downcalls: HC is slow per byte): one group of {@link
 * Lz4Library}, bound and self-tested when this class is initialised, at its first use. Where the
 * library exports it (the bundled build publishes liblz4's static API), {@code
 * LZ4_compress_HC_extStateHC_fastReset}: the state each thread keeps ({@link
 * NativeScratch#highState}, zeroed when allocated, as {@code LZ4_initStreamHC} leaves it) is then
 * not cleared at every call, which {@code LZ4_compress_HC_extStateHC} does (256 KB of tables: a
 * tenth of HC level 9's time on 4 KB blocks); entries of earlier calls lie outside the new input's
 * window, so the bytes are the same (the self-test checks it, as lz4's frame compressor relies on
 * it). Else {@code LZ4_compress_HC_extStateHC}, as system builds export only that.
 */
final class Lz4HighBinding {
  private Lz4HighBinding() {}

  private static final MethodHandle[] H = Lz4Library.group("HC compression", lib -> {
    MethodHandle[] h = {NativeLibraries.bindFirst(lib, Lz4Library.FD_COMPRESS_RAW, ORDINARY,
        "LZ4_compress_HC_extStateHC_fastReset", "LZ4_compress_HC_extStateHC")};
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

  /**
   * Compresses the test data at level 9 into a fresh state, then again into the same state after a
   * call on other data (a reused state, as the threads' states are): both decode, and give the
   * same bytes.
   */
  private static void selfTest(MethodHandle h) throws Throwable {
    byte[] data = Lz4Library.testData();
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      long state = arena.allocate(Lz4Library.STATE_HC_SIZE, 16).address();
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(cap);
      int nh = (int) h.invokeExact(state, in.address(), out.address(), data.length, cap, 9);
      byte[] first = out.asSlice(0, Math.max(nh, 0)).toArray(JAVA_BYTE);
      Lz4Library.check(nh > 0 && nh < data.length && Lz4Library.decodesTo(first, nh, data, data.length), "HC compression");
      MemorySegment other = arena.allocate(data.length);
      for (int i = 0; i < data.length; i++) {
        other.set(JAVA_BYTE, i, (byte) (data[(i * 7) % data.length] ^ i));
      }
      int no = (int) h.invokeExact(state, other.address(), out.address(), data.length, cap, 9);
      int again = (int) h.invokeExact(state, in.address(), out.address(), data.length, cap, 9);
      Lz4Library.check(no > 0 && again == nh && Arrays.equals(out.asSlice(0, nh).toArray(JAVA_BYTE), first),
          "HC compression (a reused state gave other bytes)");
    }
  }
}
