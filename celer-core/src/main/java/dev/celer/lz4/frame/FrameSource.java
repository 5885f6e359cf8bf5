package dev.celer.lz4.frame;

import dev.celer.lz4.Lz4StreamException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads exactly the bytes asked for from an underlying stream, counting the offset, and turns an
 * early end of input into a {@link Lz4StreamException} that says "truncated", what was being read
 * and where. Never reads ahead, so nothing after a frame is consumed beyond what the format
 * requires. Not thread-safe.
 */
final class FrameSource {
  final InputStream in;
  /** Bytes consumed from {@link #in} so far. */
  long offset;

  FrameSource(InputStream in) {
    this.in = in;
  }

  /**
   * Reads {@code len} bytes, or none at a clean end of input.
   *
   * @return {@code len}, or 0 when the input ended before its first byte
   * @throws Lz4StreamException when the input ends after some but not all of the bytes
   */
  int readFullyOrNone(byte[] b, int off, int len, String what) throws IOException {
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
  void readFully(byte[] b, int off, int len, String what) throws IOException {
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
  void skipFully(long len, String what) throws IOException {
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

  Lz4StreamException truncated(String what, long start) {
    return new Lz4StreamException(Lz4StreamException.Kind.TRUNCATED, offset, "truncated input: the stream ends inside " + what + " (started at offset "
        + start + ", input ended at offset " + offset + ")");
  }
}
