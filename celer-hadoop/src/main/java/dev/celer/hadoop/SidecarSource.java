package dev.celer.hadoop;

import dev.celer.lz4.seekable.RandomAccessSource;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;

/**
 * A data file and its side-car index read as one source: the data file's bytes, then the side-car's,
 * which is exactly the file that appending the index would have made ({@code docs/seekable-format.md}
 * §4: a side-car holds the index frame as it would be appended, its {@code Data_Size} the data file's
 * length). So {@link dev.celer.lz4.seekable.LazySeekIndex} finds the index at the end and reads only
 * the parts a split needs, and blocks are read from the data file. A read that spans the two (the
 * index's tail read, when the side-car is shorter than it) reads each part. Closing closes the
 * side-car's stream; the data file's belongs to the caller.
 */
final class SidecarSource implements RandomAccessSource {
  private final RandomAccessSource data;
  private final RandomAccessSource sidecar;
  private final Closeable sidecarStream;
  private final long dataLength;
  private final long size;

  SidecarSource(RandomAccessSource data, RandomAccessSource sidecar, Closeable sidecarStream) throws IOException {
    this.data = data;
    this.sidecar = sidecar;
    this.sidecarStream = sidecarStream;
    this.dataLength = data.size();
    this.size = dataLength + sidecar.size();
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public void readFully(long position, byte[] dst, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, dst.length);
    if (position < 0 || position > size - len) {
      throw new EOFException("read of " + len + " bytes at " + position + " is outside the data and its side-car index ("
          + size + " bytes)");
    }
    if (position < dataLength) {
      int n = (int) Math.min(len, dataLength - position);
      data.readFully(position, dst, off, n);
      position += n;
      off += n;
      len -= n;
    }
    if (len > 0) {
      sidecar.readFully(position - dataLength, dst, off, len);
    }
  }

  @Override
  public void close() throws IOException {
    sidecarStream.close();
  }
}
