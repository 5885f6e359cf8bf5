package dev.celer.lz4.seekable;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Objects;

/**
 * {@link RandomAccessSource} over a {@link FileChannel}: positioned reads, which never move the
 * channel's position and may run on many threads at once.
 */
final class ChannelSource implements RandomAccessSource {
  private final FileChannel channel;

  ChannelSource(FileChannel channel) {
    this.channel = channel;
  }

  @Override
  public long size() throws IOException {
    return channel.size();
  }

  @Override
  public void readFully(long position, byte[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    ByteBuffer b = ByteBuffer.wrap(dst, off, len);
    long p = position;
    while (b.hasRemaining()) {
      int n = channel.read(b, p);
      if (n < 0) {
        throw new EOFException("the file ended at " + p + " while reading " + len + " bytes at " + position);
      }
      p += n;
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
