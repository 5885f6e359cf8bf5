package dev.celer.lz4.seekable;

import java.io.EOFException;
import java.util.Objects;

/** {@link RandomAccessSource} over a byte array. Thread-safe while the array does not change. */
final class ArraySource implements RandomAccessSource {
  private final byte[] bytes;

  ArraySource(byte[] bytes) {
    this.bytes = bytes;
  }

  @Override
  public long size() {
    return bytes.length;
  }

  @Override
  public void readFully(long position, byte[] dst, int off, int len) throws EOFException {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (position < 0 || position > bytes.length - (long) len) {
      throw new EOFException("cannot read " + len + " bytes at " + position + " of " + bytes.length);
    }
    System.arraycopy(bytes, (int) position, dst, off, len);
  }
}
