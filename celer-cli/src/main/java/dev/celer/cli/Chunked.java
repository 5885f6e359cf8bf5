package dev.celer.cli;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Caps each read and write that reaches a {@code FileInputStream} or {@code FileOutputStream} at
 * {@link #MAX} bytes. Those classes copy every call of more than 8 KB through a native buffer that
 * they {@code malloc} and free per call; at 4 MB (a whole LZ4 block, as the frame streams hand
 * them) that buffer is fresh mmapped memory every time, and the page faults cost more than the
 * work: {@code celer -d} of a 306 MB file took 0.72-0.85 s of system time writing 4 MB at a time,
 * 0.13-0.17 s in pieces of 16 KB to 1 MB (as {@code lz4}, 0.12-0.17 s). 256 KB pieces also stay
 * in the CPU's cache between the two copies.
 *
 * <p>Not thread-safe, as the streams it wraps.
 */
final class Chunked {
  /** The most bytes passed to the wrapped stream in one call. */
  static final int MAX = 256 * 1024;

  private Chunked() {}

  /** @return {@code in}, read at most {@link #MAX} bytes per call (a read may return fewer bytes, as any read may) */
  static InputStream input(InputStream in) {
    return new FilterInputStream(in) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return in.read(b, off, Math.min(len, MAX));
      }
    };
  }

  /** @return {@code out}, written at most {@link #MAX} bytes per call */
  static OutputStream output(OutputStream out) {
    return new FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        for (int end = off + len; off < end; ) {
          int n = Math.min(MAX, end - off);
          out.write(b, off, n);
          off += n;
        }
      }
    };
  }
}
