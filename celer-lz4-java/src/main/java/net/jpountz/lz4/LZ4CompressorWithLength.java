package net.jpountz.lz4;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Writes lz4-java's "block with length" layout: the decoded length as a 4-byte little-endian int,
 * then the LZ4 block. Read it with {@link LZ4DecompressorWithLength}. Thread-safe when the wrapped
 * compressor is.
 *
 * <pre>{@code
 * LZ4CompressorWithLength c = new LZ4CompressorWithLength(LZ4Factory.fastestInstance().fastCompressor());
 * byte[] block = c.compress(data);   // the length travels in the first 4 bytes
 * }</pre>
 */
public class LZ4CompressorWithLength {
  private static final int HEADER = 4;

  private final LZ4Compressor compressor;

  /**
   * Writes blocks with their length, compressed by {@code compressor}.
   *
   * @param compressor compresses the block after the length
   */
  public LZ4CompressorWithLength(LZ4Compressor compressor) {
    this.compressor = compressor;
  }

  /**
   * {@return the largest output for {@code length} input bytes: the block's bound plus 4}
   *
   * @param length the input's length in bytes
   */
  public int maxCompressedLength(int length) {
    return compressor.maxCompressedLength(length) + HEADER;
  }

  /**
   * {@return a new array: the length, then the compressed block of all of {@code src}}
   *
   * @param src the data to compress
   */
  public byte[] compress(byte[] src) {
    return compress(src, 0, src.length);
  }

  /**
   * {@return a new array: the length, then the compressed block of {@code src[srcOff, srcOff+srcLen)}}
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   */
  public byte[] compress(byte[] src, int srcOff, int srcLen) {
    byte[] out = new byte[maxCompressedLength(srcLen)];
    int n = compress(src, srcOff, srcLen, out, 0);
    return Arrays.copyOf(out, n);
  }

  /**
   * {@return the bytes written at the start of {@code dest} for all of {@code src}}
   *
   * @param src the data to compress
   * @param dest where the compressed bytes go
   */
  public int compress(byte[] src, byte[] dest) {
    return compress(src, 0, src.length, dest, 0);
  }

  /**
   * {@return the bytes written at {@code dest[destOff]}, with room to the end of {@code dest}}
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the compressed bytes go
   * @param destOff where the output starts in {@code dest}
   */
  public int compress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff) {
    return compress(src, srcOff, srcLen, dest, destOff, dest.length - destOff);
  }

  /**
   * {@return the bytes written at {@code dest[destOff]}, at most {@code maxDestLen}}
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the compressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param maxDestLen the most bytes that may be written to {@code dest}
   * @throws LZ4Exception when they do not fit
   */
  public int compress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen) {
    int n = compressor.compress(src, srcOff, srcLen, dest, destOff + HEADER, maxDestLen - HEADER);
    for (int i = 0; i < HEADER; i++) {
      dest[destOff + i] = (byte) (srcLen >>> (8 * i));
    }
    return n + HEADER;
  }

  /**
   * Compresses {@code src}'s remaining bytes to {@code dest}'s position; then {@code src}'s
   * position is its limit and {@code dest}'s is after the output.
   *
   * @param src the data to compress
   * @param dest where the compressed bytes go
   */
  public void compress(ByteBuffer src, ByteBuffer dest) {
    int n = compress(src, src.position(), src.remaining(), dest, dest.position(), dest.remaining());
    src.position(src.limit());
    dest.position(dest.position() + n);
  }

  /**
   * {@return the bytes written at absolute index {@code destOff}, at most {@code maxDestLen}}
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the compressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param maxDestLen the most bytes that may be written to {@code dest}
   */
  public int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff, int maxDestLen) {
    int n = compressor.compress(src, srcOff, srcLen, dest, destOff + HEADER, maxDestLen - HEADER);
    for (int i = 0; i < HEADER; i++) {
      dest.put(destOff + i, (byte) (srcLen >>> (8 * i)));
    }
    return n + HEADER;
  }
}
