package dev.celer.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Counts the bytes written through it: the compressed size of a compression, the decoded size of
 * a decompression. With a {@link Progress}, each array written also updates the progress line's
 * count of decoded bytes. {@link #close()} only flushes: the caller owns the underlying stream.
 */
final class CountingOutputStream extends FilterOutputStream {
  private final Progress progress;
  long count;

  CountingOutputStream(OutputStream out) {
    this(out, null);
  }

  /** @param progress shown the running count after each array, or {@code null} */
  CountingOutputStream(OutputStream out, Progress progress) {
    super(out);
    this.progress = progress;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    count++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    count += len;
    if (progress != null) {
      progress.update(count, -1);
    }
  }

  @Override
  public void close() throws IOException {
    flush(); // the caller owns the underlying stream
  }
}
