package net.jpountz.lz4;

/**
 * The decompressor that knows the decoded length (lz4-java's old name).
 *
 * @deprecated use {@link LZ4FastDecompressor}
 *
 * <pre>{@code
 * LZ4FastDecompressor d = LZ4Factory.fastestInstance().fastDecompressor();  // instead of decompressor()
 * }</pre>
 */
@Deprecated
public interface LZ4Decompressor {

  /**
   * Decodes a block into exactly {@code destLen} bytes.
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param destLen the exact decompressed length
   * @return the number of compressed bytes read
   */
  int decompress(byte[] src, int srcOff, byte[] dest, int destOff, int destLen);
}
