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
import java.util.Arrays;

/**
 * {@code liblz4}'s {@code LZ4_decompress_safe_usingDict}, heap, short and ordinary: one group of
 * {@link Lz4Library}, bound and self-tested when this class is initialised, at its first use.
 */
final class Lz4DictDecompressBinding {
  private Lz4DictDecompressBinding() {}

  // int LZ4_decompress_safe_usingDict(src, dst, int srcSize, int dstCapacity, const char* dictStart, int dictSize)
  private static final FunctionDescriptor FD_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT);
  private static final FunctionDescriptor FD_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT);

  // The self-test's block (declared before H: the self-test runs in H's initialiser).
  // With history: no literals, a match 8 back of length 8 (all history), last literals "vwxyz".
  private static final byte[] WITH_DICT = {0x04, 8, 0, 0x50, 'v', 'w', 'x', 'y', 'z'};
  private static final byte[] WITH_DICT_OUT = {'h', 'i', 's', 't', 'o', 'r', 'y', '!', 'v', 'w', 'x', 'y', 'z'};

  private static final MethodHandle[] H = Lz4Library.group("decompression with a dictionary", lib -> {
    MethodHandle[] h = {
        NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", FD_HEAP, HEAP),
        NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", FD_RAW, SHORT),
        NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", FD_RAW, ORDINARY)};
    selfTest(h);
    return h;
  });
  static final boolean OK = H != null;
  static final MethodHandle HEAP_ = OK ? H[0] : null;
  private static final MethodHandle SHORT_ = OK ? H[1] : null;
  private static final MethodHandle ORDINARY_ = OK ? H[2] : null;

  /** {@code LZ4_decompress_safe_usingDict} on heap segments. */
  static int heap(MemorySegment src, int srcLen, MemorySegment dst, int dstCap, MemorySegment dict, int dictLen) {
    try {
      return (int) HEAP_.invokeExact(src, dst, srcLen, dstCap, dict, dictLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int raw(boolean critical, long src, int srcLen, long dst, int dstCap, long dict, int dictLen) {
    try {
      return critical
          ? (int) SHORT_.invokeExact(src, dst, srcLen, dstCap, dict, dictLen)
          : (int) ORDINARY_.invokeExact(src, dst, srcLen, dstCap, dict, dictLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** Once with the history right before the output (a prefix), once elsewhere (external). */
  private static void selfTest(MethodHandle[] h) throws Throwable {
    byte[] prefixed = new byte[8 + 13];
    System.arraycopy(WITH_DICT_OUT, 0, prefixed, 0, 8);
    MemorySegment hist = MemorySegment.ofArray(prefixed);
    int k = (int) h[0].invokeExact(MemorySegment.ofArray(WITH_DICT), hist.asSlice(8), WITH_DICT.length, 13, hist, 8);
    Lz4Library.check(k == 13 && Arrays.equals(Arrays.copyOfRange(prefixed, 8, 21), WITH_DICT_OUT), "decompression with a prefix (heap)");
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment nIn = arena.allocate(WITH_DICT.length);
      nIn.copyFrom(MemorySegment.ofArray(WITH_DICT));
      MemorySegment nDict = arena.allocate(8);
      nDict.copyFrom(hist.asSlice(0, 8));
      MemorySegment nOut = arena.allocate(13);
      k = (int) h[1].invokeExact(nIn.address(), nOut.address(), WITH_DICT.length, 13, nDict.address(), 8);
      Lz4Library.check(k == 13 && Arrays.equals(nOut.toArray(JAVA_BYTE), WITH_DICT_OUT), "decompression with a dictionary (short)");
      nOut.fill((byte) 0);
      k = (int) h[2].invokeExact(nIn.address(), nOut.address(), WITH_DICT.length, 13, nDict.address(), 8);
      Lz4Library.check(k == 13 && Arrays.equals(nOut.toArray(JAVA_BYTE), WITH_DICT_OUT), "decompression with a dictionary");
    }
  }
}
