package net.jpountz.lz4;

import dev.celer.lz4.Lz4Compressor;
import java.nio.ByteBuffer;
import net.jpountz.util.ByteBufferUtils;
import net.jpountz.util.SafeUtils;

/**
 * An {@link LZ4Compressor} on one of Celer's compressors (fast at an acceleration, or HC at a
 * level), with lz4-java's argument checks: ranges first ({@link ArrayIndexOutOfBoundsException},
 * {@link IllegalArgumentException}), then {@code LZ4Exception("maxDestLen is too small")} when the
 * output does not fit. Thread-safe, as the Celer compressor it wraps.
 */
final class CelerCompressor extends LZ4Compressor {
  private final Lz4Compressor impl;
  private final String name;
  private final int frameLevel;

  /**
   * @param frameLevel the frame level that selects the same compressor (see {@link
   *     LZ4Compressor#frameLevel()})
   */
  CelerCompressor(Lz4Compressor impl, String name, int frameLevel) {
    this.impl = impl;
    this.name = name;
    this.frameLevel = frameLevel;
  }

  @Override
  int frameLevel() {
    return frameLevel;
  }

  /**
   * @return the frame level of the HC compressor at {@code level} (1..17): levels 3..12 as they
   *     are, above 12 as 12; the frame options give levels 1 and 2 to the fast compressor, so HC
   *     levels 1 and 2 write frames as HC level 3
   */
  static int hcFrameLevel(int level) {
    return Math.max(3, Math.min(12, level));
  }

  /** @return the frame level of the fast compressor at {@code acceleration} (1..65537) */
  static int fastFrameLevel(int acceleration) {
    return acceleration <= 1 ? 1 : -(acceleration - 1);
  }

  @Override
  dev.celer.lz4.Lz4Compressor celer() {
    return impl;
  }

  @Override
  public int compress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen) {
    SafeUtils.checkRange(src, srcOff, srcLen);
    SafeUtils.checkRange(dest, destOff, maxDestLen);
    return compressChecked(impl, src, srcOff, srcLen, dest, destOff, maxDestLen);
  }

  @Override
  public int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff, int maxDestLen) {
    ByteBufferUtils.checkNotReadOnly(dest);
    ByteBufferUtils.checkRange(src, srcOff, srcLen);
    ByteBufferUtils.checkRange(dest, destOff, maxDestLen);
    return compressChecked(impl, src, srcOff, srcLen, dest, destOff, maxDestLen);
  }

  /** The array form once the ranges are checked; shared with the fast-reset compressors. */
  static int compressChecked(
      Lz4Compressor impl, byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen) {
    int n;
    try {
      n = impl.tryCompress(src, srcOff, srcLen, dest, destOff, maxDestLen);
    } catch (dev.celer.lz4.Lz4Exception e) {
      throw CelerBlocks.translate(e);
    }
    if (n < 0) {
      throw new LZ4Exception("maxDestLen is too small");
    }
    return n;
  }

  /**
   * The buffer form once the ranges are checked: Celer's absolute-index call, with no view unless
   * a range reaches past its buffer's limit (see {@link CelerBlocks}).
   */
  static int compressChecked(
      Lz4Compressor impl, ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff, int maxDestLen) {
    int n;
    try {
      if (CelerBlocks.withinLimit(src, srcOff, srcLen) && CelerBlocks.withinLimit(dest, destOff, maxDestLen)) {
        n = impl.tryCompress(src, srcOff, srcLen, dest, destOff, maxDestLen);
      } else {
        n = impl.tryCompress(CelerBlocks.window(src, srcOff, srcLen), CelerBlocks.window(dest, destOff, maxDestLen));
      }
    } catch (dev.celer.lz4.Lz4Exception e) {
      throw CelerBlocks.translate(e);
    }
    if (n < 0) {
      throw new LZ4Exception("maxDestLen is too small");
    }
    return n;
  }

  @Override
  public String toString() {
    return name;
  }
}
