package dev.celer.internal.stream;

import dev.celer.lz4.Lz4StreamException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads exactly the bytes asked for from an underlying stream, counting the offset, and turns an
 * early end of input into a {@link Lz4StreamException} of kind {@code TRUNCATED} that says what
 * was being read and where. Never reads ahead, so nothing after a frame is consumed beyond what
 * the format requires. Failures of the underlying stream pass through unchanged. Not thread-safe.
 */
public final class SourceReader {
  private final InputStream in;
  /** Bytes consumed from {@link #in} so far. */
  private long offset;

  /** @param in the stream to read; never closed here */
  public SourceReader(InputStream in) {
    this.in = in;
  }

  /** @return the underlying stream */
  public InputStream in() {
    return in;
  }

  /** @return the bytes consumed from the underlying stream so far */
  public long offset() {
    return offset;
  }

  /**
   * Reads {@code len} bytes, or none at a clean end of input.
   *
   * @param what what is being read, for the message of a truncation
   * @return {@code len}, or 0 when the input ended before its first byte
   * @throws Lz4StreamException when the input ends after some but not all of the bytes
   */
  public int readFullyOrNone(byte[] b, int off, int len, String what) throws IOException {
    int n = in.read(b, off, len);
    if (n <= 0) {
      if (n == 0) {
        // A misbehaving stream; read again through the loop below, which tolerates 0.
        readFully(b, off, len, what);
        return len;
      }
      return 0;
    }
    offset += n;
    if (n < len) {
      readFully(b, off + n, len - n, what);
    }
    return len;
  }

  /** Reads exactly {@code len} bytes, or throws "truncated". */
  public void readFully(byte[] b, int off, int len, String what) throws IOException {
    long start = offset;
    while (len > 0) {
      int n = in.read(b, off, len);
      if (n < 0) {
        throw truncated(what, start);
      }
      offset += n;
      off += n;
      len -= n;
    }
  }

  /**
   * Skips exactly {@code len} bytes, or throws "truncated". Reads rather than calls {@link
   * InputStream#skip}, which may skip past the end of a file without telling.
   */
  public void skipFully(long len, String what) throws IOException {
    long start = offset;
    byte[] scratch = new byte[(int) Math.min(8192, Math.max(len, 1))];
    while (len > 0) {
      int r = in.read(scratch, 0, (int) Math.min(scratch.length, len));
      if (r < 0) {
        throw truncated(what, start);
      }
      offset += r;
      len -= r;
    }
  }

  private Lz4StreamException truncated(String what, long start) {
    return new Lz4StreamException(Lz4StreamException.Kind.TRUNCATED, offset, "truncated input: the stream ends inside "
        + what + " (started at offset " + start + ", input ended at offset " + offset + ")");
  }
}
