package net.jpountz.util;

import java.nio.ByteOrder;

/**
 * Range checks and little helpers over arrays, as lz4-java's {@code net.jpountz.util.SafeUtils}
 * declares them, kept because callers (and lz4-java's own stream classes in other libraries) use
 * them. The range checks throw what lz4-java throws: {@link ArrayIndexOutOfBoundsException} for an
 * offset outside the array and {@link IllegalArgumentException} for a negative length.
 *
 * <p>Stateless; all members are static and thread-safe.
 *
 * <pre>{@code
 * SafeUtils.checkRange(bytes, off, len);   // ArrayIndexOutOfBoundsException or IllegalArgumentException
 * }</pre>
 */
public enum SafeUtils {
  ;

  /**
   * Checks that {@code off} indexes a byte of {@code buf}.
   *
   * @param buf the array or buffer
   * @param off the start of the range
   * @throws ArrayIndexOutOfBoundsException unless {@code off} indexes a byte of {@code buf}
   */
  public static void checkRange(byte[] buf, int off) {
    if (off < 0 || off >= buf.length) {
      throw new ArrayIndexOutOfBoundsException(off);
    }
  }

  /**
   * Checks that {@code [off, off+len)} lies inside {@code buf}.
   *
   * @param buf the array or buffer
   * @param off the start of the range
   * @param len the length of the range
   * @throws IllegalArgumentException when {@code len} is negative
   * @throws ArrayIndexOutOfBoundsException unless {@code [off, off+len)} lies inside {@code buf}
   */
  public static void checkRange(byte[] buf, int off, int len) {
    checkLength(len);
    int size = buf.length; // also the null check when len is 0
    if (off < 0 || off > size - len) {
      throw new ArrayIndexOutOfBoundsException(off);
    }
  }

  /**
   * Checks that {@code len} is not negative.
   *
   * @param len the length of the range
   * @throws IllegalArgumentException when {@code len} is negative
   */
  public static void checkLength(int len) {
    if (len < 0) {
      throw new IllegalArgumentException("lengths must be >= 0");
    }
  }

  /**
   * {@return {@code buf[i]}}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static byte readByte(byte[] buf, int i) {
    return buf[i];
  }

  /**
   * {@return the big-endian int at {@code buf[i, i+4)}}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static int readIntBE(byte[] buf, int i) {
    return (buf[i] & 0xFF) << 24 | (buf[i + 1] & 0xFF) << 16 | (buf[i + 2] & 0xFF) << 8 | (buf[i + 3] & 0xFF);
  }

  /**
   * {@return the little-endian int at {@code buf[i, i+4)}}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static int readIntLE(byte[] buf, int i) {
    return Integer.reverseBytes(readIntBE(buf, i));
  }

  /**
   * {@return the int at {@code buf[i, i+4)} in the platform's byte order}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static int readInt(byte[] buf, int i) {
    return Utils.NATIVE_BYTE_ORDER == ByteOrder.BIG_ENDIAN ? readIntBE(buf, i) : readIntLE(buf, i);
  }

  /**
   * {@return the little-endian long at {@code buf[i, i+8)}}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static long readLongLE(byte[] buf, int i) {
    return (readIntLE(buf, i) & 0xFFFFFFFFL) | (long) readIntLE(buf, i + 4) << 32;
  }

  /**
   * Writes the low 16 bits of {@code v} little-endian at {@code buf[off, off+2)}.
   *
   * @param buf the array or buffer
   * @param off the start of the range
   * @param v the value to write
   */
  public static void writeShortLE(byte[] buf, int off, int v) {
    buf[off] = (byte) v;
    buf[off + 1] = (byte) (v >>> 8);
  }

  /**
   * {@code buf[off] = v}
   *
   * @param buf the array or buffer
   * @param off the start of the range
   * @param v the value to write
   */
  public static void writeInt(int[] buf, int off, int v) {
    buf[off] = v;
  }

  /**
   * {@return {@code buf[off]}}
   *
   * @param buf the array or buffer
   * @param off the start of the range
   */
  public static int readInt(int[] buf, int off) {
    return buf[off];
  }

  /**
   * {@code dest[off] = (byte) i}
   *
   * @param dest where the compressed bytes go
   * @param off the start of the range
   * @param i the index of the first byte
   */
  public static void writeByte(byte[] dest, int off, int i) {
    dest[off] = (byte) i;
  }

  /**
   * {@code buf[off] = (short) v}
   *
   * @param buf the array or buffer
   * @param off the start of the range
   * @param v the value to write
   */
  public static void writeShort(short[] buf, int off, int v) {
    buf[off] = (short) v;
  }

  /**
   * {@return the unsigned little-endian 16-bit value at {@code buf[i, i+2)}}
   *
   * @param buf the array or buffer
   * @param i the index of the first byte
   */
  public static int readShortLE(byte[] buf, int i) {
    return (buf[i] & 0xFF) | (buf[i + 1] & 0xFF) << 8;
  }

  /**
   * {@return {@code buf[off]} as an unsigned 16-bit value}
   *
   * @param buf the array or buffer
   * @param off the start of the range
   */
  public static int readShort(short[] buf, int off) {
    return buf[off] & 0xFFFF;
  }
}
