package net.jpountz.xxhash;

import java.io.Closeable;
import java.util.zip.Checksum;

/**
 * Streaming XXH32: feed bytes with {@link #update}, read the hash of everything so far with {@link
 * #getValue()}. lz4-java's abstract form; {@link XXHashFactory#newStreamingHash32(int)} returns
 * one on Celer's {@link dev.celer.xxhash.XxHash32}. <b>Not thread-safe</b> (one per stream).
 *
 * <pre>{@code
 * try (StreamingXXHash32 h = XXHashFactory.fastestInstance().newStreamingHash32(seed)) {
 *   h.update(buf, 0, n);
 *   int value = h.getValue();
 * }
 * }</pre>
 */
public abstract class StreamingXXHash32 implements Closeable {
  final int seed;

  StreamingXXHash32(int seed) {
    this.seed = seed;
  }

  /** {@return XXH32 of the bytes fed since creation or the last {@link #reset()}} */
  public abstract int getValue();

  /**
   * Feeds {@code buf[off, off+len)}.
   *
   * @param buf the data to hash
   * @param off where the data starts in {@code buf}
   * @param len the data's length in bytes
   */
  public abstract void update(byte[] buf, int off, int len);

  /** Starts again from no bytes, with the same seed. */
  public abstract void reset();

  /**
   * Releases nothing (Celer's hash holds no native memory). An instance of {@link
   * XXHashFactory#nativeInstance()} is unusable afterwards, as lz4-java's JNI one: {@code update},
   * {@code getValue} and {@code reset} throw {@link AssertionError}.
   */
  @Override
  public void close() {}

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(seed=" + seed + ")";
  }

  /**
   * {@return a {@link Checksum} view of this hash. Its {@code getValue()} is the hash masked to its
   * low 28 bits ({@code & 0x0FFFFFFF}), exactly as lz4-java's: the block streams store that
   * value, so it must not change}
   */
  public final Checksum asChecksum() {
    return new Checksum() {
      @Override
      public long getValue() {
        return StreamingXXHash32.this.getValue() & 0x0FFFFFFFL;
      }

      @Override
      public void reset() {
        StreamingXXHash32.this.reset();
      }

      @Override
      public void update(int b) {
        StreamingXXHash32.this.update(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void update(byte[] b, int off, int len) {
        StreamingXXHash32.this.update(b, off, len);
      }

      @Override
      public String toString() {
        return StreamingXXHash32.this.toString();
      }
    };
  }
}
