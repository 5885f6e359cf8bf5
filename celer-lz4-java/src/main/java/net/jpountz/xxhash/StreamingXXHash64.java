package net.jpountz.xxhash;

import java.io.Closeable;
import java.util.zip.Checksum;

/**
 * Streaming XXH64: feed bytes with {@link #update}, read the hash of everything so far with {@link
 * #getValue()}. lz4-java's abstract form; {@link XXHashFactory#newStreamingHash64(long)} returns
 * one on Celer's {@link dev.celer.xxhash.XxHash64}. <b>Not thread-safe</b> (one per stream).
 *
 * <pre>{@code
 * try (StreamingXXHash64 h = XXHashFactory.fastestInstance().newStreamingHash64(seed)) {
 *   h.update(buf, 0, n);
 *   long value = h.getValue();
 * }
 * }</pre>
 */
public abstract class StreamingXXHash64 implements Closeable {
  final long seed;

  StreamingXXHash64(long seed) {
    this.seed = seed;
  }

  /** {@return XXH64 of the bytes fed since creation or the last {@link #reset()}} */
  public abstract long getValue();

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

  /** {@return a {@link Checksum} view of this hash; its {@code getValue()} is the full 64-bit hash} */
  public final Checksum asChecksum() {
    return new Checksum() {
      @Override
      public long getValue() {
        return StreamingXXHash64.this.getValue();
      }

      @Override
      public void reset() {
        StreamingXXHash64.this.reset();
      }

      @Override
      public void update(int b) {
        StreamingXXHash64.this.update(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void update(byte[] b, int off, int len) {
        StreamingXXHash64.this.update(b, off, len);
      }

      @Override
      public String toString() {
        return StreamingXXHash64.this.toString();
      }
    };
  }
}
