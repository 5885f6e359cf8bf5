package net.jpountz.lz4;

import dev.celer.lz4.Lz4;

/**
 * The fork's fast-reset HC compressor ({@link LZ4Factory#highFastResetCompressor(int)}). In Celer
 * it produces the bytes of Celer's HC compressor at the same level, is thread-safe, and holds no
 * native memory; {@link #close()} only makes later calls fail. The name is lz4-java's.
 *
 * <pre>{@code
 * try (LZ4JNIHCFastResetCompressor c = LZ4Factory.fastestInstance().highFastResetCompressor(9)) {
 *   byte[] block = c.compress(data);
 * }
 * }</pre>
 */
public final class LZ4JNIHCFastResetCompressor extends AbstractLZ4JNIFastResetCompressor {
  private final int compressionLevel;

  LZ4JNIHCFastResetCompressor(int compressionLevel) {
    super(Lz4.highCompressor(LZ4Factory.clampLevel(compressionLevel)), CelerCompressor.hcFrameLevel(LZ4Factory.clampLevel(compressionLevel)));
    this.compressionLevel = LZ4Factory.clampLevel(compressionLevel); // out of range means the nearest level, as in the fork
  }

  /** {@return the compression level, 1 to 17 (levels above 12 compress as 12, as in liblz4)} */
  public int getCompressionLevel() {
    return compressionLevel;
  }

  @Override
  public String toString() {
    return "LZ4JNIHCFastResetCompressor[compressionLevel=" + compressionLevel + ", closed=" + isClosed() + "]";
  }
}
