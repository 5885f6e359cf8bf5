package dev.celer.lz4;

import java.nio.ByteBuffer;

/**
 * Decodes the LZ4 block format ({@code doc/lz4_Block_format.md}) safely: every length and offset
 * in the input is checked, so malformed or hostile input gives an {@link Lz4Exception} that says
 * what is wrong and at which input offset, never an out-of-bounds access, a hang, or output bytes
 * that this call did not write.
 *
 * <p>Obtain one from {@link Lz4#decompressor()}. Instances are stateless and <b>thread-safe</b>;
 * calls allocate nothing except where documented.
 */
public abstract class Lz4Decompressor {
  Lz4Decompressor() {}

  /**
   * Decodes the block {@code src[srcOff, srcOff+srcLen)} (exactly one whole block) into {@code
   * dst} starting at {@code dstOff}, writing at most {@code maxDstLen} bytes.
   *
   * @return the number of bytes written
   * @throws Lz4Exception when the block is malformed or its output exceeds {@code maxDstLen}
   */
  public abstract int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen);

  /**
   * Decodes only the first {@code targetLen} bytes of the block, reading no more input than
   * needed for them: the way to read one record out of a larger compressed chunk. {@code dst}
   * must have room for {@code targetLen} bytes at {@code dstOff}.
   *
   * @return the number of bytes written: {@code targetLen}, or fewer when the block is shorter
   * @throws Lz4Exception when the part of the block it reads is malformed
   */
  public abstract int decompressPartial(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int targetLen);

  /**
   * Decodes the whole of {@code src} as one block that must decode to exactly {@code
   * originalLength} bytes.
   *
   * @return a new array of {@code originalLength} bytes
   * @throws Lz4Exception when the block is malformed or its length is not {@code originalLength}
   */
  public abstract byte[] decompress(byte[] src, int originalLength);

  /**
   * Decodes the remaining bytes of {@code src} (position to limit, one whole block) into {@code
   * dst} at its position, writing at most {@code dst.remaining()} bytes. On return {@code src}'s
   * position is at its limit and {@code dst}'s position is advanced by the bytes written. On an
   * exception both positions are unchanged. Heap and direct buffers are both accepted.
   *
   * @return the number of bytes written
   */
  public abstract int decompress(ByteBuffer src, ByteBuffer dst);
}
