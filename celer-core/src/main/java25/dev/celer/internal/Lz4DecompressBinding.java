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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@code liblz4}'s {@code LZ4_decompress_safe}: each of its three handle shapes its own group of
 * {@link Lz4Library} (see {@link Lz4Library#shape}), bound and self-tested at its first use, and
 * the calls {@link NativeLz4} makes with them.
 */
final class Lz4DecompressBinding {
  private Lz4DecompressBinding() {}

  // int LZ4_decompress_safe(const char* src, char* dst, int compressedSize, int dstCapacity)
  private static final FunctionDescriptor FD_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT);
  private static final FunctionDescriptor FD_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);

  static final class HeapShape {
    static final MethodHandle H = Lz4Library.shape("decompression", "LZ4_decompress_safe", FD_HEAP, FD_RAW, HEAP, Lz4DecompressBinding::selfTest);
    static final boolean OK = H != null;
  }

  static final class ShortShape {
    static final MethodHandle H = Lz4Library.shape("decompression", "LZ4_decompress_safe", FD_HEAP, FD_RAW, SHORT, Lz4DecompressBinding::selfTest);
    static final boolean OK = H != null;
  }

  static final class OrdinaryShape {
    static final MethodHandle H = Lz4Library.shape("decompression", "LZ4_decompress_safe", FD_HEAP, FD_RAW, ORDINARY, Lz4DecompressBinding::selfTest);
    static final boolean OK = H != null;
  }

  /** @return whether decompression may be called in {@code shape} (binds it at the first ask) */
  static boolean ready(NativeLibraries.Call shape) {
    return switch (shape) {
      case HEAP -> HeapShape.OK;
      case SHORT -> ShortShape.OK;
      case ORDINARY -> OrdinaryShape.OK;
    };
  }

  // whole arrays and fresh segments: as Lz4FastBinding's (34 and 35 bytes of bytecode)

  static int whole(byte[] src, int srcLen, byte[] dst, int dstCap) throws Throwable {
    return (int) HeapShape.H.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap);
  }

  static int fresh(byte[] src, int srcOff, byte[] dst, int dstOff, int srcLen, int dstCap) throws Throwable {
    return (int) HeapShape.H.invokeExact(MemorySegment.ofArray(src).asSlice(srcOff), MemorySegment.ofArray(dst).asSlice(dstOff), srcLen, dstCap);
  }

  static int heap(MemorySegment src, int srcLen, MemorySegment dst, int dstCap) {
    try {
      return (int) HeapShape.H.invokeExact(src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int raw(boolean critical, long src, int srcLen, long dst, int dstCap) {
    try {
      return critical
          ? (int) ShortShape.H.invokeExact(src, dst, srcLen, dstCap)
          : (int) OrdinaryShape.H.invokeExact(src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * @return {@code h} ({@code LZ4_decompress_safe}) in {@code shape} on {@code src}, into {@code
   *     dstLen} bytes first filled with {@code fill}
   */
  private static byte[] decode(MethodHandle h, NativeLibraries.Call shape, byte[] src, int dstLen, byte fill) throws Throwable {
    byte[] dst = new byte[dstLen];
    Arrays.fill(dst, fill);
    int n;
    if (shape == HEAP) {
      n = (int) h.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), src.length, dstLen);
    } else {
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment in = arena.allocate(src.length);
        MemorySegment.copy(src, 0, in, JAVA_BYTE, 0, src.length);
        MemorySegment out = arena.allocate(dstLen);
        out.fill(fill);
        n = (int) h.invokeExact(in.address(), out.address(), src.length, dstLen);
        dst = out.toArray(JAVA_BYTE);
      }
    }
    return n < 0 ? null : Arrays.copyOf(dst, Math.min(n, dstLen));
  }

  /**
   * Decodes a block written by hand (no compressor runs: this is on the way to a process's first
   * decoded block): 20 literals (a literal length past 15), a match of 300 bytes at offset 3 (it
   * overlaps its own output; a match length past 19, two extra bytes), 5 last literals. And a
   * match offset of 0 (invalid; some decoders copy stale destination bytes for it) must decode as
   * zeros, as Celer's Java decoder does, never as what the destination held.
   */
  private static void selfTest(MethodHandle h, NativeLibraries.Call shape) throws Throwable {
    byte[] lit = "Celer self-test: abc".getBytes(StandardCharsets.US_ASCII);
    byte[] block = new byte[2 + lit.length + 5 + 5];
    block[0] = (byte) 0xFF; // 15 literals and more, a match of 19 bytes and more
    block[1] = (byte) (lit.length - 15);
    System.arraycopy(lit, 0, block, 2, lit.length);
    int at = 2 + lit.length;
    block[at] = 3; // the offset, little-endian
    block[at + 1] = 0;
    block[at + 2] = (byte) 255; // 300 - 4 = 15 + 255 + 26
    block[at + 3] = 26;
    block[at + 4] = 0x50; // the last sequence: 5 literals
    byte[] data = new byte[lit.length + 300 + 5];
    System.arraycopy(lit, 0, data, 0, lit.length);
    for (int i = 0; i < 300; i++) {
      data[lit.length + i] = lit[lit.length - 3 + i % 3];
    }
    for (int i = 0; i < 5; i++) {
      block[at + 5 + i] = (byte) ('v' + i);
      data[lit.length + 300 + i] = (byte) ('v' + i);
    }
    Lz4Library.check(Arrays.equals(decode(h, shape, block, data.length, (byte) 0), data), "decompression (" + shape + ")");
    // 4 literals "abcd", a match at offset 0 of length 4, last literals "vwxyz"
    byte[] offsetZero = {0x40, 'a', 'b', 'c', 'd', 0, 0, 0x50, 'v', 'w', 'x', 'y', 'z'};
    byte[] stale = decode(h, shape, offsetZero, 17, (byte) 0x5A);
    Lz4Library.check(stale != null && stale.length == 13 && stale[4] == 0 && stale[5] == 0 && stale[6] == 0 && stale[7] == 0,
        "a match offset of 0 (decoded otherwise than as zeros)");
  }
}
