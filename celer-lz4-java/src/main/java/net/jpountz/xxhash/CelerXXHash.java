package net.jpountz.xxhash;

import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.nio.ByteBuffer;
import net.jpountz.util.ByteBufferUtils;
import net.jpountz.util.SafeUtils;

/**
 * The {@code net.jpountz.xxhash} types on Celer's hashes, with lz4-java's range checks. Heap
 * buffers are hashed through their arrays; other buffers through a view of the range.
 */
final class CelerXXHash {
  private CelerXXHash() {}

  static final XXHash32 HASH32 = new XXHash32() {
    @Override
    public int hash(byte[] buf, int off, int len, int seed) {
      SafeUtils.checkRange(buf, off, len);
      return XxHash32.hash(buf, off, len, seed);
    }

    @Override
    public int hash(ByteBuffer buf, int off, int len, int seed) {
      ByteBufferUtils.checkRange(buf, off, len);
      if (buf.hasArray()) {
        return XxHash32.hash(buf.array(), buf.arrayOffset() + off, len, seed);
      }
      return XxHash32.hash(window(buf, off, len), seed);
    }

    @Override
    public String toString() {
      return "CelerXXHash32";
    }
  };

  static final XXHash64 HASH64 = new XXHash64() {
    @Override
    public long hash(byte[] buf, int off, int len, long seed) {
      SafeUtils.checkRange(buf, off, len);
      return XxHash64.hash(buf, off, len, seed);
    }

    @Override
    public long hash(ByteBuffer buf, int off, int len, long seed) {
      ByteBufferUtils.checkRange(buf, off, len);
      if (buf.hasArray()) {
        return XxHash64.hash(buf.array(), buf.arrayOffset() + off, len, seed);
      }
      return XxHash64.hash(window(buf, off, len), seed);
    }

    @Override
    public String toString() {
      return "CelerXXHash64";
    }
  };

  /** What lz4-java's JNI streaming hashes throw when used after {@code close()}, with their message. */
  private static AssertionError closedJni() {
    return new AssertionError("Already finalized");
  }

  private static ByteBuffer window(ByteBuffer buf, int off, int len) {
    ByteBuffer view = buf.duplicate();
    view.clear();
    view.limit(off + len);
    view.position(off);
    return view;
  }

  /**
   * Streaming XXH32 on Celer's state. After {@link #close()}, one made for lz4-java's JNI
   * factory throws {@link AssertionError} from {@code update}, {@code getValue} and {@code reset},
   * before anything else, as lz4-java's JNI hash does once its native state is freed; one made
   * for a Java factory goes on working, as lz4-java's Java hashes do.
   */
  static final class Streaming32 extends StreamingXXHash32 {
    private final XxHash32 state;
    private final boolean jni;
    private boolean closed;

    Streaming32(int seed, boolean jni) {
      super(seed);
      this.jni = jni;
      state = XxHash32.create(seed);
    }

    @Override
    public int getValue() {
      checkOpen();
      return state.digest();
    }

    @Override
    public void update(byte[] buf, int off, int len) {
      checkOpen();
      SafeUtils.checkRange(buf, off, len);
      state.update(buf, off, len);
    }

    @Override
    public void reset() {
      checkOpen();
      state.reset();
    }

    @Override
    public void close() {
      closed = true;
    }

    private void checkOpen() {
      if (jni && closed) {
        throw closedJni();
      }
    }

    @Override
    public String toString() {
      return "CelerStreamingXXHash32(seed=" + seed + ")";
    }
  }

  /**
   * Streaming XXH64 on Celer's state. After {@link #close()}, one made for lz4-java's JNI
   * factory throws {@link AssertionError} from {@code update}, {@code getValue} and {@code reset},
   * before anything else, as lz4-java's JNI hash does once its native state is freed; one made
   * for a Java factory goes on working, as lz4-java's Java hashes do.
   */
  static final class Streaming64 extends StreamingXXHash64 {
    private final XxHash64 state;
    private final boolean jni;
    private boolean closed;

    Streaming64(long seed, boolean jni) {
      super(seed);
      this.jni = jni;
      state = XxHash64.create(seed);
    }

    @Override
    public long getValue() {
      checkOpen();
      return state.digest();
    }

    @Override
    public void update(byte[] buf, int off, int len) {
      checkOpen();
      SafeUtils.checkRange(buf, off, len);
      state.update(buf, off, len);
    }

    @Override
    public void reset() {
      checkOpen();
      state.reset();
    }

    @Override
    public void close() {
      closed = true;
    }

    private void checkOpen() {
      if (jni && closed) {
        throw closedJni();
      }
    }

    @Override
    public String toString() {
      return "CelerStreamingXXHash64(seed=" + seed + ")";
    }
  }
}
