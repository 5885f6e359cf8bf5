package dev.celer.lz4;

import java.nio.ByteBuffer;

/**
 * Compresses data into the LZ4 block format ({@code doc/lz4_Block_format.md}).
 *
 * <p>Obtain one from {@link Lz4#fastCompressor()}, {@link Lz4#fastCompressor(int)} or {@link
 * Lz4#highCompressor(int)}. Instances are immutable and <b>thread-safe</b>: one instance may be
 * shared by any number of threads. Working state (the hash table) is cached per thread, so a
 * steady-state call allocates nothing.
 *
 * <p>A compressed block can be decoded only by a decoder that knows its compressed length, and
 * an upper bound of its decompressed length; see {@link Lz4Decompressor}. Output never exceeds
 * {@link Lz4#maxCompressedLength(int)} bytes.
 */
public abstract class Lz4Compressor {
  Lz4Compressor() {}

  /**
   * Compresses {@code src[srcOff, srcOff+srcLen)} into {@code dst} starting at {@code dstOff}.
   *
   * @return the number of bytes written to {@code dst}
   * @throws Lz4Exception when the output would not fit into {@code maxDstLen} bytes
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public abstract int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen);

  /**
   * "Compress or reject": like {@link #compress(byte[], int, int, byte[], int, int)}, but returns
   * {@code -1} instead of throwing when the output would not fit, giving up as soon as it knows.
   * Bytes of {@code dst} within the range may have been overwritten when it gives up.
   *
   * @return the number of bytes written, or {@code -1} when the block does not fit
   */
  public abstract int tryCompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen);

  /**
   * Compresses all of {@code src} into a new array of exactly the compressed length. Allocates
   * the result (and a scratch buffer of {@link Lz4#maxCompressedLength(int)} bytes).
   */
  public abstract byte[] compress(byte[] src);

  /**
   * Compresses the remaining bytes of {@code src} (position to limit) into {@code dst} at its
   * position. On return {@code src}'s position is at its limit and {@code dst}'s position is
   * advanced by the number of bytes written. Heap and direct buffers are both accepted; neither
   * buffer's byte order matters.
   *
   * @return the number of bytes written
   * @throws Lz4Exception when the output does not fit in {@code dst.remaining()}; positions are then unchanged
   */
  public abstract int compress(ByteBuffer src, ByteBuffer dst);

  /**
   * "Compress or reject" for buffers: as {@link #compress(ByteBuffer, ByteBuffer)}, but returns
   * {@code -1} (and leaves both positions unchanged) when the output does not fit.
   */
  public abstract int tryCompress(ByteBuffer src, ByteBuffer dst);

  /**
   * The hook every compressor implements; the public methods check arguments, unwrap buffers,
   * handle dictionaries and turn {@code -1} into an exception where they must.
   *
   * <p>Compresses {@code base[srcOff, srcEnd)} as one LZ4 block into {@code dst[dstOff,
   * dstLimit)}. The bytes {@code base[histStart, srcOff)} (at most 64 KB, possibly none) are
   * history that precedes the input: matches may reference them (dictionaries, linked blocks), but
   * they are not output. {@code base} and {@code dst} are each a {@code byte[]} or a {@code
   * ByteBuffer}, accessed through {@code dev.celer.internal.Mem}; all offsets are already checked.
   *
   * @return the number of bytes written, or {@code -1} as soon as the block cannot fit; never
   *     writes at or beyond {@code dstLimit}
   */
  abstract int compressBlock(Object base, int histStart, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit);
}
