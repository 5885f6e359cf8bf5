package dev.celer.hadoop;

import dev.celer.lz4.seekable.RandomAccessSource;
import java.io.IOException;
import org.apache.hadoop.fs.PositionedReadable;

/**
 * A {@link RandomAccessSource} over a Hadoop stream's positioned reads, with the length found by
 * {@link StreamLength}. Positioned reads leave the stream's own position alone. Closing does
 * nothing: the stream belongs to the caller (the codec's input stream closes it).
 */
final class PositionedSource implements RandomAccessSource {
  private final PositionedReadable in;
  private final long length;

  PositionedSource(PositionedReadable in, long length) {
    this.in = in;
    this.length = length;
  }

  @Override
  public long size() {
    return length;
  }

  @Override
  public void readFully(long position, byte[] dst, int off, int len) throws IOException {
    in.readFully(position, dst, off, len);
  }
}
