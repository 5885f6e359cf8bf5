package dev.celer.hadoop;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;

/**
 * Streams that fail at their {@code failAt}-th call (every call counts but {@code close}): once,
 * as a transient fault would, so a stream under test that went on after it would see good data
 * again and must latch on its own. {@link Fault#ZERO} instead makes every read from that call on
 * return 0 bytes, neither data nor the end.
 */
final class FaultyStreams {
  private FaultyStreams() {}

  /** What happens at the failing call. */
  enum Fault {
    /** An {@link IOException}. */
    IO,
    /** An unchecked exception, as some file systems throw (an {@link UncheckedIOException}). */
    UNCHECKED,
    /** Reads return 0 from then on (positioned {@code readFully}, which cannot, works). */
    ZERO,
    /** The next two calls, reads among them, return 0; then the stream works again. */
    ZERO_BURST,
    /** Output only: the first half of the bytes of a write reach the stream, then an {@link IOException}. */
    PARTIAL
  }

  /** An in-memory file read as a plain stream. */
  static class In extends InputStream {
    final byte[] data;
    final int failAt;
    final Fault fault;
    /** Calls so far, {@code close} not counted. */
    int calls;
    int closes;
    /** What {@code close()} throws, or null. */
    IOException closeFailure;
    /** What was thrown at the failing call, or null. */
    Throwable thrown;
    long pos;

    In(byte[] data, int failAt, Fault fault) {
      this.data = data;
      this.failAt = failAt;
      this.fault = fault;
    }

    /** Counts a call; throws at the failing one. @return whether this read must return 0 */
    final boolean call() throws IOException {
      calls++;
      if (calls < failAt) {
        return false;
      }
      if (fault == Fault.ZERO) {
        return true;
      }
      if (fault == Fault.ZERO_BURST) {
        return calls < failAt + 2;
      }
      if (calls == failAt) {
        if (fault == Fault.UNCHECKED) {
          thrown = new UncheckedIOException(new IOException("injected unchecked fault at call " + calls));
          throw (UncheckedIOException) thrown;
        }
        thrown = new IOException("injected fault at call " + calls);
        throw (IOException) thrown;
      }
      return false;
    }

    /** Whether the fault happened (for ZERO: whether any read was made empty). */
    boolean tripped() {
      return calls >= failAt;
    }

    @Override
    public int read() throws IOException {
      call(); // read() cannot return "no data": ZERO leaves it alone
      return pos < data.length ? data[(int) pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (call() || len == 0) {
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
    public int available() throws IOException {
      call();
      return (int) Math.max(0, data.length - pos);
    }

    @Override
    public void close() throws IOException {
      closes++;
      if (closeFailure != null) {
        throw closeFailure;
      }
    }
  }

  /** The same file with {@link Seekable} and {@link PositionedReadable}, as a file system gives it to a codec. */
  static final class Positioned extends In implements Seekable, PositionedReadable {
    Positioned(byte[] data, int failAt, Fault fault) {
      super(data, failAt, fault);
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) throws IOException {
      if (call()) {
        return 0;
      }
      if (position >= data.length) {
        return -1;
      }
      int n = (int) Math.min(length, data.length - position);
      System.arraycopy(data, (int) position, buffer, offset, n);
      return n;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
      call();
      if (position < 0 || position + length > data.length) {
        throw new EOFException("read past the end: " + position + "+" + length + " of " + data.length);
      }
      System.arraycopy(data, (int) position, buffer, offset, length);
    }

    @Override
    public void readFully(long position, byte[] buffer) throws IOException {
      readFully(position, buffer, 0, buffer.length);
    }

    @Override
    public void seek(long p) throws IOException {
      call();
      pos = p;
    }

    @Override
    public long getPos() throws IOException {
      call();
      return pos;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }
  }

  /** Collects what is written; fails at the {@code failAt}-th write or flush (once). */
  static final class Out extends OutputStream {
    final ByteArrayOutputStream written = new ByteArrayOutputStream();
    final int failAt;
    final Fault fault;
    int calls;
    int closes;
    /** What {@code close()} throws, or null. */
    IOException closeFailure;
    Throwable thrown;

    Out(int failAt, Fault fault) {
      this.failAt = failAt;
      this.fault = fault;
    }

    private void call(byte[] b, int off, int len) throws IOException {
      calls++;
      if (calls != failAt) {
        return;
      }
      switch (fault) {
        case UNCHECKED:
          thrown = new UncheckedIOException(new IOException("injected unchecked fault at call " + calls));
          throw (UncheckedIOException) thrown;
        case PARTIAL:
          written.write(b, off, len / 2);
          // fall through
        default:
          thrown = new IOException("injected fault at call " + calls);
          throw (IOException) thrown;
      }
    }

    @Override
    public void write(int b) throws IOException {
      call(new byte[] {(byte) b}, 0, 1);
      written.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      call(b, off, len);
      written.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      call(new byte[0], 0, 0);
    }

    @Override
    public void close() throws IOException {
      closes++;
      if (closeFailure != null) {
        throw closeFailure;
      }
    }
  }
}
