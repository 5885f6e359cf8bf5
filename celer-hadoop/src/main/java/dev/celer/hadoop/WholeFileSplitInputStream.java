package dev.celer.hadoop;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.Seekable;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;

/**
 * A split of an LZ4 file without a seek index (or of a stream without positioned reads): the
 * split that starts at 0 decodes the whole file (its adjusted end is {@link Long#MAX_VALUE}, so
 * {@code LineRecordReader} reads to the end), every other split reads nothing (its adjusted start
 * and end are its start). Correct, but one task does all the work. Faults are {@link
 * Lz4DecodingInputStream}'s: any failure latches; {@code close()} closes the underlying stream
 * once and returns normally, also after one.
 */
final class WholeFileSplitInputStream extends SplitCompressionInputStream {
  private final Lz4DecodingInputStream decoded;
  private boolean closed;

  WholeFileSplitInputStream(InputStream in, long start, long end) throws IOException {
    super(in, start, end);
    if (start == 0) {
      if (in instanceof Seekable) {
        ((Seekable) in).seek(0);
      }
      decoded = new Lz4DecodingInputStream(in);
      setEnd(Long.MAX_VALUE);
    } else {
      decoded = null;
      setEnd(start);
    }
  }

  @Override
  public int read() throws IOException {
    return decoded == null ? -1 : decoded.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (decoded == null) {
      return len == 0 ? 0 : -1;
    }
    return decoded.read(b, off, len);
  }

  @Override
  public long getPos() throws IOException {
    if (decoded == null) {
      return getAdjustedStart();
    }
    decoded.checkNotFailed();
    return in instanceof Seekable ? ((Seekable) in).getPos() : 0;
  }

  @Override
  public void resetState() throws IOException {
    if (decoded != null) {
      decoded.resetState();
    }
  }

  @Override
  public void close() throws IOException {
    if (decoded != null) {
      decoded.close(); // closes the underlying stream, once
    } else if (!closed) {
      closed = true;
      super.close();
    }
  }
}
