package dev.celer.lz4;

import dev.celer.internal.Mem;
import dev.celer.internal.NativeBackend;

/**
 * The native backend's block decoder: {@code LZ4_decompress_safe} and {@code
 * LZ4_decompress_safe_partial} of liblz4 (see {@link NativeBackend}), which never read outside
 * the input nor write outside the output range, and {@code LZ4_decompress_safe_usingDict} (and
 * {@code _partial_usingDict}, liblz4 1.9.4+) for blocks with history: a dictionary, or the
 * output's preceding bytes (linked blocks). Small outputs (below the measured crossover), buffers
 * the backend cannot address, and calls the backend declines ({@link NativeBackend#DECLINED}) are
 * decoded by {@link Lz4SafeDecompressor}, which accepts exactly what liblz4 accepts, with the same
 * bytes (offset-0 matches as zeros included), so the answer does not depend on the path.
 *
 * <p><b>A full decode that liblz4 rejects is rejected.</b> The Java decoder is then asked only for
 * the message (what is wrong, at which input offset); should it accept the block (it must not: the
 * two agree by contract, checked by a differential fuzz target against liblz4), the rejection
 * stands, with a generic message. <b>A partial decode</b> that liblz4 rejects or ends short of its
 * target is decided by the Java decoder: Celer's partial contract allows a block that stops inside
 * its last match or whose unread tail is truncated, which liblz4 1.9.4 handles otherwise.
 *
 * <p>Stateless and thread-safe.
 */
final class Lz4NativeDecompressor extends Lz4Decompressor {
  static final Lz4NativeDecompressor INSTANCE = new Lz4NativeDecompressor();

  /**
   * Below this output room the Java decoder is faster than the downcall (measured with {@code
   * dev.celer.bench.OneJvmRatios} on JDK 25, native / Java: 0.3-0.9 at 64 B, 1.3-1.6 at 256 B; partial
   * decoding of a 64-byte target 0.6-0.9, of 256 bytes 1.4-1.7).
   */
  static final int MIN_NATIVE_OUTPUT = 256;

  private Lz4NativeDecompressor() {}

  /** @return the native decoder when the backend is active, else the pure-Java one */
  static Lz4Decompressor best() {
    return NativeBackend.lz4() ? INSTANCE : Lz4SafeDecompressor.INSTANCE;
  }

  @Override
  int decode(
      Object src,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstEnd,
      int prefixStart,
      Object ext,
      int extOff,
      int extLen,
      boolean partial) {
    if (dstEnd - dstOff < MIN_NATIVE_OUTPUT
        || !NativeBackend.readable(src)
        || !NativeBackend.addressable(dst)
        || extLen != 0 && (prefixStart != dstOff || !NativeBackend.readable(ext))) {
      return Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, partial);
    }
    if (partial && mayHoldOffsetZero(src, srcOff, srcEnd, dstEnd - dstOff)) {
      // liblz4's partial decoding (with or without history) copies a match of offset 0 (invalid,
      // which it does not check) that ends near the target from itself, byte by byte, so it would
      // hand back what the destination held, or bytes its own wider copies wrote ahead; the Java
      // decoder writes zeros, as both backends' full decodes do. A block whose input holds no two
      // zero bytes in a row where the decoder can read has no offset 0, and liblz4 gives Java's
      // bytes; any other block is decoded in Java.
      return Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, true);
    }
    int n;
    if (extLen != 0 || prefixStart != dstOff) {
      // history: a dictionary apart from the output, or the bytes right before it (linked blocks)
      n = extLen != 0
          ? NativeBackend.lz4DecompressDict(src, srcOff, srcEnd - srcOff, dst, dstOff, dstEnd - dstOff, ext, extOff, extLen, partial)
          : NativeBackend.lz4DecompressDict(src, srcOff, srcEnd - srcOff, dst, dstOff, dstEnd - dstOff, dst, prefixStart, dstOff - prefixStart, partial);
    } else {
      n = NativeBackend.lz4Decompress(src, srcOff, srcEnd - srcOff, dst, dstOff, dstEnd - dstOff, partial);
    }
    if (n == NativeBackend.DECLINED) {
      return Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, partial);
    }
    if (partial && n < dstEnd - dstOff) {
      // Rejected, or short of its target: the Java decoder decides (the rare path), so partial
      // decoding's contract, and its error messages, are Celer's own
      return Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, true);
    }
    if (n < 0) {
      throw rejected(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, -n - 1);
    }
    return n;
  }

  /**
   * Whether a partial decode of {@code target} bytes may read a match offset of 0: whether two zero
   * bytes in a row lie within the input it can read. Each sequence reads at most one token, two
   * offset bytes and one length byte per 255 bytes of length beyond its output, and every sequence
   * but the last writes at least 4 bytes, so a decode of {@code target} bytes reads fewer than
   * {@code target + target / 64 + 64} input bytes. Word at a time: a zero byte sets bit 7 of its
   * lane in {@code (w - 0x01..01) & ~w & 0x80..80} (a lane above a zero byte may be marked too,
   * which only makes the answer more careful).
   */
  static boolean mayHoldOffsetZero(Object src, int srcOff, int srcEnd, int target) {
    int end = (int) Math.min(srcEnd, srcOff + (long) target + (target >>> 6) + 64);
    int i = srcOff;
    boolean lastZero = false;
    for (; i + 8 <= end; i += 8) {
      long w = Mem.getLongLE(src, i);
      long z = (w - 0x0101_0101_0101_0101L) & ~w & 0x8080_8080_8080_8080L;
      if (z != 0 && ((z & (z >>> 8)) != 0 || lastZero && (z & 0x80L) != 0)) {
        return true;
      }
      lastZero = (z & 0x8000_0000_0000_0000L) != 0;
    }
    for (; i < end; i++) {
      boolean zero = Mem.getU8(src, i) == 0;
      if (zero && lastZero) {
        return true;
      }
      lastZero = zero;
    }
    return false;
  }

  /**
   * The exception for a full decode liblz4 rejected: the Java decoder's, which names the rule and
   * the input offset; it decodes into the same range, already scratch space after the failed call.
   *
   * @param at the input offset liblz4 stopped at
   */
  private static Lz4Exception rejected(
      Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstEnd, int prefixStart, Object ext, int extOff, int extLen, int at) {
    try {
      Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, false);
    } catch (Lz4Exception e) {
      return e;
    }
    return new Lz4Exception("liblz4 rejects the block at input offset " + at);
  }

  /**
   * Java's exact decode: liblz4 has no bounded call that reports the input a block of known decoded
   * length occupies ({@code LZ4_decompress_fast} is the unbounded one this replaces).
   */
  @Override
  int decodeExact(Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstEnd) {
    return Lz4SafeDecompressor.exactBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd);
  }

  @Override
  public String toString() {
    return "Lz4NativeDecompressor";
  }
}
