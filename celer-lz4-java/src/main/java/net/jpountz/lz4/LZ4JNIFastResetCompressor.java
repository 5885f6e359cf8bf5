package net.jpountz.lz4;

import dev.celer.lz4.Lz4;

/**
 * The fork's fast-reset fast compressor ({@link LZ4Factory#fastResetCompressor(int)}). In Celer it
 * produces the bytes of Celer's fast compressor at the same acceleration, is thread-safe, and holds
 * no native memory; {@link #close()} only makes later calls fail. The name is lz4-java's.
 *
 * <pre>{@code
 * try (LZ4JNIFastResetCompressor c = LZ4Factory.fastestInstance().fastResetCompressor()) {
 *   byte[] block = c.compress(data);
 * }
 * }</pre>
 */
public final class LZ4JNIFastResetCompressor extends AbstractLZ4JNIFastResetCompressor {
  private final int acceleration;

  LZ4JNIFastResetCompressor(int acceleration) {
    super(Lz4.fastCompressor(LZ4Factory.clampAcceleration(acceleration)), CelerCompressor.fastFrameLevel(LZ4Factory.clampAcceleration(acceleration)));
    this.acceleration = LZ4Factory.clampAcceleration(acceleration); // out of range means the nearest level, as in the fork
  }

  /** {@return the acceleration, 1 to 65537} */
  public int getAcceleration() {
    return acceleration;
  }

  @Override
  public String toString() {
    return "LZ4JNIFastResetCompressor[acceleration=" + acceleration + ", closed=" + isClosed() + "]";
  }
}
