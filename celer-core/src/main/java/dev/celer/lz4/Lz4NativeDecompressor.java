package dev.celer.lz4;

import dev.celer.internal.Mem;
import dev.celer.internal.NativeBackend;

/**
 * The native backend's block decoder: {@code LZ4_decompress_safe} and {@code
 * LZ4_decompress_safe_partial} of the system's {@code liblz4} (see {@link NativeBackend}), which
 * never read outside the input nor write outside the output range, and {@code
 * LZ4_decompress_safe_usingDict} (and {@code _partial_usingDict}, liblz4 1.9.4+) for blocks with
 * history: a dictionary, or the output's preceding bytes (linked blocks). Small outputs (below the
 * measured crossover), buffers the backend cannot address, and calls the backend declines ({@link
 * NativeBackend#DECLINED}) are decoded by {@link Lz4SafeDecompressor}, and so is every block liblz4 rejects, and every partial decode that
 * liblz4 ends short of its target: the Java decoder then gives Celer's own answer (its {@link
 * Lz4Exception} names the problem and its input offset). This matters for partial decoding, where
 * liblz4 1.9.4 may stop before the target inside a block's last match, and rejects a block whose
 * unread tail is truncated, which Celer's contract allows.
 *
 * <p><b>One documented difference</b> from the pure-Java decoder: a match offset of 0 (invalid by
 * the block format) is rejected by Celer's Java decoder, while liblz4 1.9.4 accepts it and writes
 * zeros for the match. No byte of the destination's previous content is exposed either way: the
 * backend's self-test checks that at load, and refuses a library that would copy stale bytes.
 * Validating offsets in Java before the call would walk the block a second time and cost about as
 * much as the native decode itself.
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
    if (partial) {
      // liblz4's partial decoding (with or without history) copies a match of offset 0 (invalid,
      // which it does not check) onto itself near the target, so it would hand back what the
      // destination held before this call. Cleared first, every output byte comes from this call.
      Mem.zero(dst, dstOff, dstEnd - dstOff);
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
    if (n < 0 || partial && n < dstEnd - dstOff) {
      // Rejected, or a partial decode short of its target: the Java decoder decides (the rare
      // path), so the error message, and partial decoding's contract, are Celer's own
      return Lz4SafeDecompressor.decodeBlock(src, srcOff, srcEnd, dst, dstOff, dstEnd, prefixStart, ext, extOff, extLen, partial);
    }
    return n;
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
