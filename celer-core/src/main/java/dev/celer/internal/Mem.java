package dev.celer.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The one memory-access layer of Celer: little-endian reads and writes, copies and comparisons
 * over either a {@code byte[]} or a {@link ByteBuffer} (direct, or any buffer without an
 * accessible array).
 *
 * <p>Every codec is written once against {@code (Object base, int offset)} pairs and calls these
 * leaves. A leaf tests the base's class and takes the {@code byte[]} path or the {@code
 * ByteBuffer} path; within one call the base never changes class, so the JIT sees a monomorphic,
 * well-predicted test. Heap buffers are unwrapped to their array by the public entry points before
 * they reach a codec, so the buffer path is taken for direct (and read-only) buffers only.
 *
 * <p>Offsets into a {@code ByteBuffer} are absolute indexes (position and limit are not used nor
 * changed here); the VarHandles still check them against the buffer's limit, and array accesses
 * against the array's length, so a wrong offset is an exception, never a stray memory access.
 *
 * <p>All multi-byte values are little-endian, as both LZ4 and xxHash define them, whatever the
 * platform's byte order. Stateless and thread-safe.
 */
public final class Mem {
  private Mem() {}

  private static final VarHandle ARR_SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle ARR_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle ARR_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle BUF_SHORT =
      MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle BUF_INT =
      MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle BUF_LONG =
      MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** @return the byte at {@code off}, as an unsigned value 0..255 */
  public static int getU8(Object base, int off) {
    if (base instanceof byte[]) {
      return ((byte[]) base)[off] & 0xFF;
    }
    return ((ByteBuffer) base).get(off) & 0xFF;
  }

  /** @return the byte at {@code off} */
  public static byte getByte(Object base, int off) {
    if (base instanceof byte[]) {
      return ((byte[]) base)[off];
    }
    return ((ByteBuffer) base).get(off);
  }

  /** Writes one byte. */
  public static void putByte(Object base, int off, byte v) {
    if (base instanceof byte[]) {
      ((byte[]) base)[off] = v;
    } else {
      ((ByteBuffer) base).put(off, v);
    }
  }

  /** @return the little-endian unsigned 16-bit value at {@code off} */
  public static int getU16LE(Object base, int off) {
    if (base instanceof byte[]) {
      return (short) ARR_SHORT.get((byte[]) base, off) & 0xFFFF;
    }
    return (short) BUF_SHORT.get((ByteBuffer) base, off) & 0xFFFF;
  }

  /** Writes the low 16 bits of {@code v}, little-endian. */
  public static void putShortLE(Object base, int off, int v) {
    if (base instanceof byte[]) {
      ARR_SHORT.set((byte[]) base, off, (short) v);
    } else {
      BUF_SHORT.set((ByteBuffer) base, off, (short) v);
    }
  }

  /** @return the little-endian 32-bit value at {@code off} */
  public static int getIntLE(Object base, int off) {
    if (base instanceof byte[]) {
      return (int) ARR_INT.get((byte[]) base, off);
    }
    return (int) BUF_INT.get((ByteBuffer) base, off);
  }

  /** Writes {@code v} little-endian. */
  public static void putIntLE(Object base, int off, int v) {
    if (base instanceof byte[]) {
      ARR_INT.set((byte[]) base, off, v);
    } else {
      BUF_INT.set((ByteBuffer) base, off, v);
    }
  }

  /** @return the little-endian 64-bit value at {@code off} */
  public static long getLongLE(Object base, int off) {
    if (base instanceof byte[]) {
      return (long) ARR_LONG.get((byte[]) base, off);
    }
    return (long) BUF_LONG.get((ByteBuffer) base, off);
  }

  /** Writes {@code v} little-endian. */
  public static void putLongLE(Object base, int off, long v) {
    if (base instanceof byte[]) {
      ARR_LONG.set((byte[]) base, off, v);
    } else {
      BUF_LONG.set((ByteBuffer) base, off, v);
    }
  }

  /**
   * Copies {@code len} bytes; like {@link System#arraycopy}, correct when source and destination
   * overlap in the same base.
   */
  public static void copy(Object src, int srcOff, Object dst, int dstOff, int len) {
    if (src instanceof byte[]) {
      if (dst instanceof byte[]) {
        System.arraycopy((byte[]) src, srcOff, (byte[]) dst, dstOff, len);
      } else {
        BufferCopy.put((ByteBuffer) dst, dstOff, (byte[]) src, srcOff, len);
      }
    } else if (dst instanceof byte[]) {
      BufferCopy.get((ByteBuffer) src, srcOff, (byte[]) dst, dstOff, len);
    } else if (src == dst && srcOff < dstOff && dstOff < srcOff + len) {
      // overlapping, forward in the same buffer: go back to front
      ByteBuffer b = (ByteBuffer) src;
      for (int i = len - 1; i >= 0; i--) {
        b.put(dstOff + i, b.get(srcOff + i));
      }
    } else {
      BufferCopy.put((ByteBuffer) dst, dstOff, (ByteBuffer) src, srcOff, len);
    }
  }

  /**
   * Copies {@code len} bytes in 8-byte steps ("wild copy", as {@code LZ4_wildCopy8} in lz4.c): it
   * reads and writes whole words, so up to 7 bytes past {@code len} on each side are read and
   * overwritten. The caller guarantees that both ranges, rounded up to a multiple of 8, lie in
   * their bases, and, when {@code src == dst} with overlapping ranges, that {@code dstOff - srcOff
   * >= 8} (each word read is then made of bytes already in place: an LZ4 match copy).
   */
  public static void copyWild(Object src, int srcOff, Object dst, int dstOff, int len) {
    if (src instanceof byte[] && dst instanceof byte[]) {
      byte[] s = (byte[]) src;
      byte[] d = (byte[]) dst;
      for (int i = 0; i < len; i += 8) {
        ARR_LONG.set(d, dstOff + i, (long) ARR_LONG.get(s, srcOff + i));
      }
    } else {
      for (int i = 0; i < len; i += 8) {
        putLongLE(dst, dstOff + i, getLongLE(src, srcOff + i));
      }
    }
  }

  /** Sets {@code len} bytes to zero; into a buffer in bulk runs, not byte by byte. */
  public static void zero(Object base, int off, int len) {
    if (base instanceof byte[]) {
      java.util.Arrays.fill((byte[]) base, off, off + len, (byte) 0);
    } else {
      ByteBuffer b = (ByteBuffer) base;
      for (int i = 0; i < len; i += ZEROS.length) {
        BufferCopy.put(b, off + i, ZEROS, 0, Math.min(ZEROS.length, len - i));
      }
    }
  }

  /** The run of zeros {@link #zero} copies into buffers. */
  private static final byte[] ZEROS = new byte[4096];

  /**
   * Counts how many bytes are equal going forward from {@code a} and {@code b} in the same base,
   * looking at no byte at or beyond {@code limit} on the {@code b} side ({@code a < b}).
   *
   * @return the length of the common run, {@code 0..limit-b}
   */
  public static int commonBytes(Object base, int a, int b, int limit) {
    if (b + 8 <= limit) {
      // most matches are short: one word answers them without the call of a vectorized compare
      long x = getLongLE(base, a) ^ getLongLE(base, b);
      if (x != 0) {
        return Long.numberOfTrailingZeros(x) >>> 3;
      }
      a += 8;
      b += 8;
      if (base instanceof byte[]) {
        byte[] arr = (byte[]) base;
        int len = limit - b;
        int m = java.util.Arrays.mismatch(arr, a, a + len, arr, b, b + len);
        return 8 + (m < 0 ? len : m);
      }
      return 8 + commonBytesSlow(base, a, b, limit);
    }
    return commonBytesSlow(base, a, b, limit);
  }

  /**
   * {@link #commonBytes} without the call of the vectorized compare: 8 bytes per step all the
   * way. Slower on very long matches, but a loop with no call in it lets the JIT keep the caller's
   * loop values in registers (the fast compressor's common case, see docs/benchmarks.md, "Pure-Java performance notes").
   *
   * @return the length of the common run, {@code 0..limit-b}
   */
  public static int commonBytesNoCall(Object base, int a, int b, int limit) {
    return commonBytesSlow(base, a, b, limit);
  }

  private static int commonBytesSlow(Object base, int a, int b, int limit) {
    int n = 0;
    while (b + n + 8 <= limit) {
      long x = getLongLE(base, a + n) ^ getLongLE(base, b + n);
      if (x != 0) {
        return n + (Long.numberOfTrailingZeros(x) >>> 3);
      }
      n += 8;
    }
    while (b + n < limit && getByte(base, a + n) == getByte(base, b + n)) {
      n++;
    }
    return n;
  }
}
