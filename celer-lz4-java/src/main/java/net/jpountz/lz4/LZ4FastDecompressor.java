package net.jpountz.lz4;

import java.nio.ByteBuffer;

/**
 * Decompresses an LZ4 block whose <i>decoded</i> length is known and whose compressed length is
 * not: lz4-java's "fast" decompressor, which returns the number of compressed bytes it read.
 *
 * <p>In Celer this is <b>not</b> {@code LZ4_decompress_fast} (the unbounded C routine behind
 * CVE-2025-12183): the instances {@link LZ4Factory} returns decode with Celer's bounded decoder,
 * treat "compressed length unknown" as "the rest of the source array or buffer", and never read or
 * write outside the given ranges nor leave bytes of the destination range unwritten. Malformed
 * input gives an {@link LZ4Exception}. Thread-safe; allocates nothing per call except the methods
 * that return a new array.
 *
 * <pre>{@code
 * LZ4FastDecompressor d = LZ4Factory.fastestInstance().fastDecompressor();
 * byte[] data = d.decompress(block, originalLength);
 * }</pre>
 */
public abstract class LZ4FastDecompressor implements LZ4Decompressor {

  /** For subclasses. */
  public LZ4FastDecompressor() {}

  /**
   * Decodes the block starting at {@code src[srcOff]} into exactly {@code destLen} bytes at {@code
   * dest[destOff]}.
   *
   * @return the number of bytes the block occupies in {@code src}
   * @throws LZ4Exception when the block is malformed or does not decode to {@code destLen} bytes
   */
  @Override
  public abstract int decompress(byte[] src, int srcOff, byte[] dest, int destOff, int destLen);

  /**
   * The {@link ByteBuffer} form, with absolute offsets; positions and limits do not change.
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param destLen the exact decompressed length
   * @return the number of bytes the block occupies in {@code src}
   */
  public abstract int decompress(ByteBuffer src, int srcOff, ByteBuffer dest, int destOff, int destLen);

  /**
   * Decodes the block at the start of {@code src} into {@code dest[0, destLen)}.
   *
   * @param src the compressed data
   * @param dest where the decompressed bytes go
   * @param destLen the exact decompressed length
   * @return the number of compressed bytes read
   */
  public final int decompress(byte[] src, byte[] dest, int destLen) {
    return decompress(src, 0, dest, 0, destLen);
  }

  /**
   * Decodes the block at the start of {@code src} into all of {@code dest}.
   *
   * @param src the compressed data
   * @param dest where the decompressed bytes go
   * @return the number of compressed bytes read
   */
  public final int decompress(byte[] src, byte[] dest) {
    return decompress(src, dest, dest.length);
  }

  /**
   * {@return a new array of {@code destLen} bytes, the block at {@code src[srcOff]} decoded}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param destLen the exact decompressed length
   */
  public final byte[] decompress(byte[] src, int srcOff, int destLen) {
    byte[] out = new byte[destLen];
    decompress(src, srcOff, out, 0, destLen);
    return out;
  }

  /**
   * {@return a new array of {@code destLen} bytes, the block at the start of {@code src} decoded}
   *
   * @param src the compressed data
   * @param destLen the exact decompressed length
   */
  public final byte[] decompress(byte[] src, int destLen) {
    return decompress(src, 0, destLen);
  }

  /**
   * Decodes the block at {@code src}'s position into all of {@code dest}'s remaining bytes; then
   * {@code dest}'s position is its limit and {@code src}'s position is just after the block.
   *
   * @param src the compressed data
   * @param dest where the decompressed bytes go
   */
  public final void decompress(ByteBuffer src, ByteBuffer dest) {
    int read = decompress(src, src.position(), dest, dest.position(), dest.remaining());
    dest.position(dest.limit());
    src.position(src.position() + read);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName();
  }
}
