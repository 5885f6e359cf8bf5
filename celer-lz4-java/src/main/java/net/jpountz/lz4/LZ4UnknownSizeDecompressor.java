package net.jpountz.lz4;

/**
 * The decompressor that knows the compressed length (lz4-java's old name).
 *
 * @deprecated use {@link LZ4SafeDecompressor}
 *
 * <pre>{@code
 * LZ4SafeDecompressor d = LZ4Factory.fastestInstance().safeDecompressor();  // instead of unknownSizeDecompressor()
 * }</pre>
 */
@Deprecated
public interface LZ4UnknownSizeDecompressor {

  /**
   * Decodes the block {@code src[srcOff, srcOff+srcLen)}, writing at most {@code maxDestLen} bytes.
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param maxDestLen the most bytes that may be written to {@code dest}
   * @return the number of bytes written
   */
  int decompress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen);

  /**
   * As {@link #decompress(byte[], int, int, byte[], int, int)} with room up to the end of {@code
   * dest}.
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @return the number of bytes written
   */
  int decompress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff);
}
