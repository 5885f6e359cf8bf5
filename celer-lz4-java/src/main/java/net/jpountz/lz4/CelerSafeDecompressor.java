package net.jpountz.lz4;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import java.nio.ByteBuffer;
import net.jpountz.util.ByteBufferUtils;
import net.jpountz.util.SafeUtils;

/** {@link LZ4SafeDecompressor} on Celer's bounded decoder, with lz4-java's argument checks. */
final class CelerSafeDecompressor extends LZ4SafeDecompressor {
  static final CelerSafeDecompressor INSTANCE = new CelerSafeDecompressor();

  private static final Lz4Decompressor DECODER = Lz4.decompressor();

  private CelerSafeDecompressor() {}

  @Override
  public int decompress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen) {
    SafeUtils.checkRange(src, srcOff, srcLen);
    SafeUtils.checkRange(dest, destOff, maxDestLen);
    try {
      return DECODER.decompress(src, srcOff, srcLen, dest, destOff, maxDestLen);
    } catch (dev.celer.lz4.Lz4Exception e) {
      throw CelerBlocks.translate(e);
    }
  }

  @Override
  public int decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff, int maxDestLen) {
    ByteBufferUtils.checkNotReadOnly(dest);
    ByteBufferUtils.checkRange(src, srcOff, srcLen);
    ByteBufferUtils.checkRange(dest, destOff, maxDestLen);
    try {
      if (CelerBlocks.withinLimit(src, srcOff, srcLen) && CelerBlocks.withinLimit(dest, destOff, maxDestLen)) {
        return DECODER.decompress(src, srcOff, srcLen, dest, destOff, maxDestLen);
      }
      return DECODER.decompress(CelerBlocks.window(src, srcOff, srcLen), CelerBlocks.window(dest, destOff, maxDestLen));
    } catch (dev.celer.lz4.Lz4Exception e) {
      throw CelerBlocks.translate(e);
    }
  }

  @Override
  public String toString() {
    return "CelerSafeDecompressor";
  }
}
