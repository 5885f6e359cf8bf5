package dev.celer.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Bulk copies at absolute indexes of a {@link ByteBuffer}, for {@link Mem#copy} and the seekable
 * mapped reader: position and limit are neither used nor changed, indexes are checked against the
 * limit. This is the Java 11 form: Java 11 has no absolute bulk {@code get}/{@code put} (JDK 13
 * added them for arrays, JDK 16 for buffers), and a {@code duplicate()} per copy would allocate on
 * the codecs' buffer paths, which allocate nothing per call. So it copies 8 bytes at a time through
 * a VarHandle (the bytes keep their order: read and written little-endian alike), then the tail.
 * The multi-release layer for Java 17+ ({@code src/main/java17}, {@code META-INF/versions/17})
 * replaces this class with one that calls the JDK's absolute bulk methods.
 *
 * <p>Stateless and thread-safe.
 */
final class BufferCopy {
  private BufferCopy() {}

  private static final VarHandle ARR_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle BUF_LONG =
      MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** {@code dst[dstOff, dstOff+len) = src[srcOff, srcOff+len)}. */
  static void put(ByteBuffer dst, int dstOff, byte[] src, int srcOff, int len) {
    checkRange(dstOff, len, dst.limit());
    java.util.Objects.checkFromIndexSize(srcOff, len, src.length);
    int i = 0;
    for (; i <= len - 8; i += 8) {
      BUF_LONG.set(dst, dstOff + i, (long) ARR_LONG.get(src, srcOff + i));
    }
    for (; i < len; i++) {
      dst.put(dstOff + i, src[srcOff + i]);
    }
  }

  /** {@code dst[dstOff, dstOff+len) = src[srcOff, srcOff+len)}. */
  static void get(ByteBuffer src, int srcOff, byte[] dst, int dstOff, int len) {
    checkRange(srcOff, len, src.limit());
    java.util.Objects.checkFromIndexSize(dstOff, len, dst.length);
    int i = 0;
    for (; i <= len - 8; i += 8) {
      ARR_LONG.set(dst, dstOff + i, (long) BUF_LONG.get(src, srcOff + i));
    }
    for (; i < len; i++) {
      dst[dstOff + i] = src.get(srcOff + i);
    }
  }

  /**
   * {@code dst[dstOff, dstOff+len) = src[srcOff, srcOff+len)}, front to back: when {@code src ==
   * dst} the ranges may overlap only with {@code srcOff > dstOff} ({@link Mem#copy} takes the other
   * overlap itself).
   */
  static void put(ByteBuffer dst, int dstOff, ByteBuffer src, int srcOff, int len) {
    checkRange(dstOff, len, dst.limit());
    checkRange(srcOff, len, src.limit());
    int i = 0;
    for (; i <= len - 8; i += 8) {
      BUF_LONG.set(dst, dstOff + i, (long) BUF_LONG.get(src, srcOff + i));
    }
    for (; i < len; i++) {
      dst.put(dstOff + i, src.get(srcOff + i));
    }
  }

  /** Checks up front, as the bulk methods do, so that a bad range writes nothing. */
  private static void checkRange(int off, int len, int limit) {
    java.util.Objects.checkFromIndexSize(off, len, limit);
  }
}
