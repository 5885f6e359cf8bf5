package dev.celer.internal;

import java.nio.ByteBuffer;

/**
 * Bulk copies at absolute indexes of a {@link ByteBuffer} (Java 17+ layer,
 * {@code META-INF/versions/17}): the JDK's absolute bulk {@code get}/{@code put} (JDK 13 and 16),
 * one intrinsic memory copy each, no allocation. The Java 11 base class of the same name copies 8
 * bytes at a time instead; both check the ranges against the limit and leave position and limit
 * alone.
 *
 * <p>Stateless and thread-safe.
 */
final class BufferCopy {
  private BufferCopy() {}

  /** {@code dst[dstOff, dstOff+len) = src[srcOff, srcOff+len)}. */
  static void put(ByteBuffer dst, int dstOff, byte[] src, int srcOff, int len) {
    dst.put(dstOff, src, srcOff, len);
  }

  /** {@code dst[dstOff, dstOff+len) = src[srcOff, srcOff+len)}. */
  static void get(ByteBuffer src, int srcOff, byte[] dst, int dstOff, int len) {
    src.get(srcOff, dst, dstOff, len);
  }

  /** {@code dst[dstOff, dstOff+len) = src[srcOff, srcOff+len)}; see the Java 11 class for overlap. */
  static void put(ByteBuffer dst, int dstOff, ByteBuffer src, int srcOff, int len) {
    dst.put(dstOff, src, srcOff, len);
  }
}
