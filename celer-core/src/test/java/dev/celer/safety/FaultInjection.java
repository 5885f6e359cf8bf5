package dev.celer.safety;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Underlying streams that misbehave on cue, for the fault tests of Celer's streams: the fault
 * happens at call number N (1-based; every {@code read}, {@code write}, {@code flush} and {@code
 * close} counts), so a test can walk N over every call a stream makes.
 */
final class FaultInjection {
  private FaultInjection() {}

  /** What happens at the chosen call. */
  enum Fault {
    /** Throws an {@link IOException}, as a full disk or a reset connection does. */
    IO_EXCEPTION,
    /** Throws an {@link UncheckedIOException}, as wrappers over NIO or lambdas do. */
    UNCHECKED,
    /** An input returns 0 bytes at that call, once; an output treats it as no fault. */
    ZERO_ONCE,
    /** An input returns 0 bytes at that call and every later one. */
    ZERO_FOREVER
  }

  /** The exception a fault throws, marked so a test can find it as a cause. */
  static RuntimeException unchecked(int call) {
    return new UncheckedIOException(new IOException("injected unchecked failure at call " + call));
  }

  static IOException checked(int call) {
    return new IOException("injected failure at call " + call);
  }

  /**
   * An input over {@code data} handing out at most {@code chunk} bytes per read, with one fault at
   * call {@code failAt} (0: none). A fault that throws throws once; the stream then works again,
   * so only the reader's own latch can stop it from reading on.
   */
  static final class Input extends InputStream {
    private final byte[] data;
    private final int chunk;
    private final int failAt;
    private final Fault fault;
    private int pos;
    int calls;
    int closes;

    Input(byte[] data, int chunk, int failAt, Fault fault) {
      this.data = data;
      this.chunk = chunk;
      this.failAt = failAt;
      this.fault = fault;
    }

    /** An input that returns 0 bytes before every real read, and once more before its end. */
    static InputStream zeroBetweenReads(byte[] data, int chunk) {
      return new InputStream() {
        private int pos;
        private boolean zero = true;

        @Override
        public int read() {
          throw new AssertionError("the readers under test read arrays");
        }

        @Override
        public int read(byte[] b, int off, int len) {
          zero = !zero;
          if (!zero || len == 0) {
            return 0;
          }
          if (pos == data.length) {
            return -1;
          }
          int n = Math.min(Math.min(len, chunk), data.length - pos);
          System.arraycopy(data, pos, b, off, n);
          pos += n;
          return n;
        }
      };
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n;
      while ((n = read(one, 0, 1)) == 0) {
        // the ZERO faults; a single-byte read retries as a caller would
      }
      return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int call = ++calls;
      if (call == failAt || (fault == Fault.ZERO_FOREVER && failAt > 0 && call > failAt)) {
        switch (fault) {
          case IO_EXCEPTION:
            throw checked(call);
          case UNCHECKED:
            throw unchecked(call);
          default:
            return 0;
        }
      }
      if (len == 0) {
        return 0;
      }
      if (pos == data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, chunk), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public void close() {
      closes++;
    }
  }

  /**
   * An output that keeps what it receives and fails once, at call {@code failAt} (0: none). A
   * failing write first takes half of its bytes, as a filling disk does. After the fault the
   * stream works again, so only the writer's own latch stops later data from reaching it.
   */
  static final class Output extends OutputStream {
    final ByteArrayOutputStream got = new ByteArrayOutputStream();
    private final int failAt;
    private final Fault fault;
    int calls;
    /** {@code write} and {@code flush} calls that came after the fault. */
    int writesAfterFault;
    int closes;
    boolean failed;

    Output(int failAt, Fault fault) {
      this.failAt = failAt;
      this.fault = fault;
    }

    private void maybeFail() throws IOException {
      int call = ++calls;
      if (call == failAt && (fault == Fault.IO_EXCEPTION || fault == Fault.UNCHECKED)) {
        failed = true;
        if (fault == Fault.IO_EXCEPTION) {
          throw checked(call);
        }
        throw unchecked(call);
      }
    }

    @Override
    public void write(int b) throws IOException {
      writesAfterFault += failed ? 1 : 0;
      maybeFail();
      got.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      writesAfterFault += failed ? 1 : 0;
      if (calls + 1 == failAt) {
        got.write(b, off, len / 2);
      }
      maybeFail();
      got.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      writesAfterFault += failed ? 1 : 0;
      maybeFail();
    }

    @Override
    public void close() throws IOException {
      closes++;
      maybeFail();
    }
  }
}
