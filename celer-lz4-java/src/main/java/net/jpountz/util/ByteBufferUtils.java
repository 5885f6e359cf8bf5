package net.jpountz.util;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;

/**
 * Range checks and absolute reads and writes over {@link ByteBuffer}s, as lz4-java's {@code
 * net.jpountz.util.ByteBufferUtils} declares them. Ranges are checked against the buffer's
 * <i>capacity</i> (not its limit), as lz4-java does: the block API addresses buffers with absolute
 * offsets.
 *
 * <p>Stateless; all members are static and thread-safe.
 *
 * <pre>{@code
 * ByteBufferUtils.checkRange(buf, off, len);   // as lz4-java: against the capacity
 * }</pre>
 */
public enum ByteBufferUtils {
  ;

  /**
   * Checks that {@code [off, off+len)} lies inside the buffer's capacity.
   *
   * @param buf the array or buffer
   * @param off the start of the range
   * @param len the length of the range
   * @throws IllegalArgumentException when {@code len} is negative
   * @throws ArrayIndexOutOfBoundsException unless {@code [off, off+len)} lies inside the capacity
   */
  public static void checkRange(ByteBuffer buf, int off, int len) {
    SafeUtils.checkLength(len);
    int size = buf.capacity(); // also the null check when len is 0
    if (off < 0 || off > size - len) {
      throw new ArrayIndexOutOfBoundsException(off);
    }
  }

  /**
   * Checks that {@code off} is inside the buffer's capacity.
   *
   * @param buf the array or buffer
   * @param off the start of the range
   * @throws ArrayIndexOutOfBoundsException unless {@code off} is inside the capacity
   */
  public static void checkRange(ByteBuffer buf, int off) {
    if (off < 0 || off >= buf.capacity()) {
      throw new ArrayIndexOutOfBoundsException(off);
    }
  }

  /**
   * {@return {@code buf} if it is little-endian, else a little-endian duplicate of it}
   *
   * @param buf the array or buffer
   */
  public static ByteBuffer inLittleEndianOrder(ByteBuffer buf) {
    return buf.order() == ByteOrder.LITTLE_ENDIAN ? buf : buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * {@return {@code buf} if it is in the platform's order, else a duplicate in that order}
   *
   * @param buf the array or buffer
   */
  public static ByteBuffer inNativeByteOrder(ByteBuffer buf) {
    return buf.order() == Utils.NATIVE_BYTE_ORDER ? buf : buf.duplicate().order(Utils.NATIVE_BYTE_ORDER);
  }

  /**
   * {@return the byte at absolute index {@code i}}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static byte readByte(ByteBuffer buf, int i) {
    return buf.get(i);
  }

  /**
   * Writes {@code v} at absolute index {@code i} in the buffer's order.
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   * @param v the value to write
   */
  public static void writeInt(ByteBuffer buf, int i, int v) {
    buf.putInt(i, v);
  }

  /**
   * {@return the int at absolute index {@code i} in the buffer's order}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static int readInt(ByteBuffer buf, int i) {
    return buf.getInt(i);
  }

  /**
   * {@return the little-endian int at absolute index {@code i}, whatever the buffer's order}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static int readIntLE(ByteBuffer buf, int i) {
    int v = buf.getInt(i);
    return buf.order() == ByteOrder.LITTLE_ENDIAN ? v : Integer.reverseBytes(v);
  }

  /**
   * Writes {@code v} at absolute index {@code i} in the buffer's order.
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   * @param v the value to write
   */
  public static void writeLong(ByteBuffer buf, int i, long v) {
    buf.putLong(i, v);
  }

  /**
   * {@return the long at absolute index {@code i} in the buffer's order}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static long readLong(ByteBuffer buf, int i) {
    return buf.getLong(i);
  }

  /**
   * {@return the little-endian long at absolute index {@code i}, whatever the buffer's order}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static long readLongLE(ByteBuffer buf, int i) {
    long v = buf.getLong(i);
    return buf.order() == ByteOrder.LITTLE_ENDIAN ? v : Long.reverseBytes(v);
  }

  /**
   * Writes the low byte of {@code i} at absolute index {@code off}.
   *
   * @param dest where the compressed bytes go
   * @param off the start of the range
   * @param i the index of the first byte
   */
  public static void writeByte(ByteBuffer dest, int off, int i) {
    dest.put(off, (byte) i);
  }

  /**
   * Writes the low 16 bits of {@code i} little-endian at absolute index {@code off}.
   *
   * @param dest where the compressed bytes go
   * @param off the start of the range
   * @param i the index of the first byte
   */
  public static void writeShortLE(ByteBuffer dest, int off, int i) {
    dest.put(off, (byte) i);
    dest.put(off + 1, (byte) (i >>> 8));
  }

  /**
   * Checks that {@code buffer} can be written.
   *
   * @param buffer the buffer
   * @throws ReadOnlyBufferException when {@code buffer} is read-only
   */
  public static void checkNotReadOnly(ByteBuffer buffer) {
    if (buffer.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
  }

  /**
   * {@return the unsigned little-endian 16-bit value at absolute index {@code i}}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static int readShortLE(ByteBuffer buf, int i) {
    return (buf.get(i) & 0xFF) | (buf.get(i + 1) & 0xFF) << 8;
  }
}
