package dev.celer.lz4;

import dev.celer.internal.NativeBackend;

/**
 * The native backend's block decoder for full decodes: {@code LZ4_decompress_safe} of liblz4 (see
 * {@link NativeBackend}), which never reads outside the input nor writes outside the output range,
 * and {@code LZ4_decompress_safe_usingDict} for blocks with history: a dictionary, or the output's
 * preceding bytes (linked blocks). Small outputs (below the measured crossover), buffers the
 * backend cannot address, calls the backend declines ({@link NativeBackend#DECLINED}) and every
 * partial decode are decoded by {@link Lz4SafeDecompressor}, which accepts exactly what liblz4
 * accepts, with the same bytes (offset-0 matches as zeros included), so the answer does not depend
 * on the path. Partial decoding stays in Java because liblz4's partial decoder leaves an offset-0
 * match near the target to bytes it did not decode (see {@link #decode}).
 *
 * <p><b>A full decode that liblz4 rejects is rejected.</b> The Java decoder is then asked only for
 * the message (what is wrong, at which input offset); should it accept the block (it must not: the
 * two agree by contract, checked by a differential fuzz target against liblz4), the rejection
 * stands, with a generic message.
 *
 * <p>Stateless and thread-safe.
 */
final class Lz4NativeDecompressor extends Lz4Decompressor {
  static final Lz4NativeDecompressor INSTANCE = new Lz4NativeDecompressor();

  /**
   * Below this output room the Java decoder is faster than the downcall (measured with {@code
   * dev.celer.bench.OneJvmRatios} on JDK 25, native / Java: 0.3-0.9 at 64 B, 1.3-1.6 at 256 B).
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
    if (partial) {
      // liblz4's partial decoding (with or without history) copies a match of offset 0 (invalid,
      // which it does not check) that ends near the target from itself, byte by byte, so its
      // output there is what the destination held, or bytes its own wider copies wrote ahead; the
      // Java decoder writes zeros, as both backends' full decodes do. No check short of walking
      // the block (as costly as the Java decode) tells such a block apart, so partial decoding
      // stays in Java, where both backends give the same bytes (docs/security.md).
      return Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, true);
    }
    int n;
    if (extLen != 0 || prefixStart != dstOff) {
      // history: a dictionary apart from the output, or the bytes right before it (linked blocks)
      n = extLen != 0
          ? NativeBackend.lz4DecompressDict(src, srcOff, srcEnd - srcOff, dst, dstOff, dstEnd - dstOff, ext, extOff, extLen)
          : NativeBackend.lz4DecompressDict(src, srcOff, srcEnd - srcOff, dst, dstOff, dstEnd - dstOff, dst, prefixStart, dstOff - prefixStart);
    } else {
      n = NativeBackend.lz4Decompress(src, srcOff, srcEnd - srcOff, dst, dstOff, dstEnd - dstOff);
    }
    if (n == NativeBackend.DECLINED) {
      return Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, false);
    }
    if (n < 0) {
      throw rejected(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, -n - 1);
    }
    return n;
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
