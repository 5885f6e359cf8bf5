package dev.celer.hadoop;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;

/**
 * An in-memory file as a file system would hand it to a codec (wrap it in an {@code
 * FSDataInputStream}), counting every read: each positioned read stands for one GET on an object
 * store. {@code honestAvailable} off makes {@link #available()} say 0, as a stream that cannot
 * tell what is left would.
 */
final class CountingStream extends InputStream implements Seekable, PositionedReadable {
  private final byte[] data;
  private final boolean honestAvailable;
  /** When set, what {@link #available()} says instead (e.g. HDFS's cap, Integer.MAX_VALUE). */
  Integer availableOverride;
  private long pos;
  int positionedReads;
  long positionedBytes;
  int streamReads;

  CountingStream(byte[] data, boolean honestAvailable) {
    this.data = data;
    this.honestAvailable = honestAvailable;
  }

  void resetCounts() {
    positionedReads = 0;
    positionedBytes = 0;
    streamReads = 0;
  }

  @Override
  public int read() {
    streamReads++;
    return pos < data.length ? data[(int) pos++] & 0xFF : -1;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    streamReads++;
    if (len == 0) {
      return 0;
    }
    if (pos >= data.length) {
      return -1;
    }
    int n = (int) Math.min(len, data.length - pos);
    System.arraycopy(data, (int) pos, b, off, n);
    pos += n;
    return n;
  }

  @Override
  public int available() {
    if (availableOverride != null) {
      return availableOverride;
    }
    return honestAvailable ? (int) Math.max(0, data.length - pos) : 0;
  }

  @Override
  public int read(long position, byte[] buffer, int offset, int length) {
    positionedReads++;
    if (position >= data.length) {
      return -1;
    }
    int n = (int) Math.min(length, data.length - position);
    System.arraycopy(data, (int) position, buffer, offset, n);
    positionedBytes += n;
    return n;
  }

  @Override
  public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
    positionedReads++;
    if (position < 0 || position + length > data.length) {
      throw new EOFException("read past the end: " + position + "+" + length + " of " + data.length);
    }
    System.arraycopy(data, (int) position, buffer, offset, length);
    positionedBytes += length;
  }

  @Override
  public void readFully(long position, byte[] buffer) throws IOException {
    readFully(position, buffer, 0, buffer.length);
  }

  @Override
  public void seek(long p) {
    pos = p;
  }

  @Override
  public long getPos() {
    return pos;
  }

  @Override
  public boolean seekToNewSource(long targetPos) {
    return false;
  }
}
