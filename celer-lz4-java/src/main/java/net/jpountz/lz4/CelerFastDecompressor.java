package net.jpountz.lz4;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import java.nio.ByteBuffer;
import net.jpountz.util.ByteBufferUtils;
import net.jpountz.util.SafeUtils;

/**
 * {@link LZ4FastDecompressor} on Celer's bounded exact-length decoder ({@link
 * Lz4Decompressor#decompressExact}): the compressed length is taken to be at most the rest of the
 * source array (or buffer capacity), and decoding never goes past it.
 */
final class CelerFastDecompressor extends LZ4FastDecompressor {
  static final CelerFastDecompressor INSTANCE = new CelerFastDecompressor();

  private static final Lz4Decompressor DECODER = Lz4.decompressor();

  private CelerFastDecompressor() {}

  @Override
  public int decompress(byte[] src, int srcOff, byte[] dest, int destOff, int destLen) {
    SafeUtils.checkRange(src, srcOff, 0);
    SafeUtils.checkRange(dest, destOff, destLen);
    return decodeArray(src, srcOff, src.length, dest, destOff, destLen);
  }

  @Override
  public int decompress(ByteBuffer src, int srcOff, ByteBuffer dest, int destOff, int destLen) {
    ByteBufferUtils.checkNotReadOnly(dest);
    ByteBufferUtils.checkRange(src, srcOff, 0);
    ByteBufferUtils.checkRange(dest, destOff, destLen);
    if (src.hasArray() && dest.hasArray()) {
      return decodeArray(src.array(), src.arrayOffset() + srcOff, src.arrayOffset() + src.capacity(), dest.array(),
          dest.arrayOffset() + destOff, destLen);
    }
    int srcLen = src.capacity() - srcOff;
    if (destLen == 0) {
      int first = srcLen == 0 ? -1 : srcOff < src.limit() ? src.get(srcOff) : CelerBlocks.window(src, srcOff, srcLen).get(srcOff);
      return emptyBlock(first, srcOff);
    }
    try {
      if (CelerBlocks.withinLimit(dest, destOff, destLen) && srcOff < src.limit()) {
        try {
          // the block nearly always ends within the limit: try there first, with no view
          return DECODER.decompressExact(src, srcOff, src.limit() - srcOff, dest, destOff, destLen);
        } catch (dev.celer.lz4.Lz4Exception e) {
          if (src.limit() == src.capacity()) {
            throw e;
          }
          // lz4-java reads up to the capacity: the block may go on past the limit
        }
      }
      return DECODER.decompressExact(
          CelerBlocks.window(src, srcOff, srcLen), CelerBlocks.window(dest, destOff, destLen), destLen);
    } catch (dev.celer.lz4.Lz4Exception e) {
      throw CelerBlocks.translate(e);
    }
  }

  /**
   * The array form once the ranges are checked; {@code srcEnd} is the end of the array, or of a
   * heap buffer's capacity within its array.
   */
  private static int decodeArray(byte[] src, int srcOff, int srcEnd, byte[] dest, int destOff, int destLen) {
    if (destLen == 0) {
      return emptyBlock(srcEnd > srcOff ? src[srcOff] : -1, srcOff);
    }
    try {
      return DECODER.decompressExact(src, srcOff, srcEnd - srcOff, dest, destOff, destLen);
    } catch (dev.celer.lz4.Lz4Exception e) {
      throw CelerBlocks.translate(e);
    }
  }

  /**
   * An empty block is the single token 0 (no literals, no match), as lz4-java checks it.
   *
   * @param first the first source byte, or -1 when there is none
   * @return 1, the bytes read
   */
  private static int emptyBlock(int first, int srcOff) {
    if (first != 0) {
      throw new LZ4Exception("Malformed input at " + srcOff);
    }
    return 1;
  }

  @Override
  public String toString() {
    return "CelerFastDecompressor";
  }
}
