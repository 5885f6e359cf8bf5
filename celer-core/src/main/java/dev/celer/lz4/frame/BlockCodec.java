package dev.celer.lz4.frame;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Dictionary;
import java.nio.ByteBuffer;

/**
 * The frame code's only door to the LZ4 block codec: compress and decompress one block, with
 * history (a dictionary, or the previous blocks of a linked frame) or without. History is given
 * as {@code dict[dictOff, dictOff+dictLen)}; when {@code dict} is the source (compress) or
 * destination (decompress) array and ends exactly where the block starts, the codec uses it in
 * place as a prefix, which is how linked blocks work over one window buffer. Stateless.
 */
final class BlockCodec {
  private BlockCodec() {}

  /**
   * Compresses {@code src[off, off+len)} into {@code dst[dstOff, dstOff+maxDstLen)}.
   *
   * @return the compressed length, or -1 when it would not fit in {@code maxDstLen}
   */
  static int tryCompress(Lz4Compressor c, byte[] src, int off, int len, byte[] dict, int dictOff, int dictLen,
      byte[] dst, int dstOff, int maxDstLen) {
    if (dictLen == 0) {
      return c.tryCompress(src, off, len, dst, dstOff, maxDstLen);
    }
    return c.tryCompress(src, off, len, dst, dstOff, maxDstLen, dict, dictOff, dictLen);
  }

  /**
   * Compresses {@code src[off, off+len)} against a prepared dictionary ({@code null}: none) into
   * {@code dst[dstOff, dstOff+maxDstLen)}.
   *
   * @return the compressed length, or -1 when it would not fit in {@code maxDstLen}
   */
  static int tryCompress(Lz4Compressor c, byte[] src, int off, int len, Lz4Dictionary dict,
      byte[] dst, int dstOff, int maxDstLen) {
    if (dict == null) {
      return c.tryCompress(src, off, len, dst, dstOff, maxDstLen);
    }
    return c.tryCompress(src, off, len, dst, dstOff, maxDstLen, dict);
  }

  /**
   * Decodes one whole block {@code src[off, off+len)} into {@code dst} at {@code dstOff}, at most
   * {@code maxDstLen} bytes.
   *
   * @return the decoded length
   * @throws dev.celer.lz4.Lz4Exception when the block is malformed or too large
   */
  static int decompress(byte[] src, int off, int len, byte[] dst, int dstOff, int maxDstLen,
      byte[] dict, int dictOff, int dictLen) {
    Lz4Decompressor d = Lz4.decompressor();
    if (dictLen == 0) {
      return d.decompress(src, off, len, dst, dstOff, maxDstLen);
    }
    return d.decompress(src, off, len, dst, dstOff, maxDstLen, dict, dictOff, dictLen);
  }
  /**
   * {@link #tryCompress(Lz4Compressor, byte[], int, int, byte[], int, int, byte[], int, int)}
   * without history, where {@code src} and {@code dst} are both {@code byte[]} or both {@code
   * ByteBuffer} (absolute indexes, as the one-shot frame calls pass them).
   */
  static int tryCompress(Lz4Compressor c, Object src, int off, int len, Object dst, int dstOff, int maxDstLen) {
    if (src instanceof byte[] && dst instanceof byte[]) {
      return c.tryCompress((byte[]) src, off, len, (byte[]) dst, dstOff, maxDstLen);
    }
    return c.tryCompress(buffer(src), off, len, buffer(dst), dstOff, maxDstLen);
  }

  /**
   * {@link #decompress(byte[], int, int, byte[], int, int, byte[], int, int)} without history, for
   * a {@code byte[]} or a {@code ByteBuffer} (absolute indexes) on either side.
   */
  static int decompress(Object src, int off, int len, Object dst, int dstOff, int maxDstLen) {
    if (src instanceof byte[] && dst instanceof byte[]) {
      return Lz4.decompressor().decompress((byte[]) src, off, len, (byte[]) dst, dstOff, maxDstLen);
    }
    return Lz4.decompressor().decompress(buffer(src), off, len, buffer(dst), dstOff, maxDstLen);
  }

  /**
   * {@link #decompress(byte[], int, int, byte[], int, int, byte[], int, int)} for a {@code byte[]}
   * or a {@code ByteBuffer} (absolute indexes) on each side: the history {@code dict[dictOff,
   * dictOff+dictLen)} is a dictionary, or the output's own bytes right before {@code dstOff}
   * (linked blocks, {@code dict == dst}), read in place.
   */
  static int decompress(Object src, int off, int len, Object dst, int dstOff, int maxDstLen,
      Object dict, int dictOff, int dictLen) {
    if (src instanceof byte[] && dst instanceof byte[] && dict instanceof byte[]) {
      return decompress((byte[]) src, off, len, (byte[]) dst, dstOff, maxDstLen, (byte[]) dict, dictOff, dictLen);
    }
    if (dictLen == 0) {
      return decompress(src, off, len, dst, dstOff, maxDstLen);
    }
    ByteBuffer d = buffer(dst);
    return Lz4.decompressor().decompress(buffer(src), off, len, d, dstOff, maxDstLen, dict == dst ? d : buffer(dict),
        dictOff, dictLen);
  }

  /** @return {@code base} as a buffer whose indexes are those of the base */
  private static ByteBuffer buffer(Object base) {
    return base instanceof byte[] ? ByteBuffer.wrap((byte[]) base) : (ByteBuffer) base;
  }
}
