package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;

/**
 * Reading a decoder stream to its end while counting what it does, so that tests can bound its
 * work and memory by counts instead of time: calls to {@code read}, reads of the underlying
 * stream after its end, bytes allocated by the reading thread. Not thread-safe.
 */
final class StreamChecks {
  private StreamChecks() {}

  /** What reading a stream to its end produced. */
  static final class Result {
    private final byte[] data;
    private final IOException error;
    private final long allocatedBytes;
    private final int reads;

    Result(byte[] data, IOException error, long allocatedBytes, int reads) {
      this.data = data;
      this.error = error;
      this.allocatedBytes = allocatedBytes;
      this.reads = reads;
    }

    byte[] data() {
      return data;
    }

    IOException error() {
      return error;
    }

    long allocatedBytes() {
      return allocatedBytes;
    }

    int reads() {
      return reads;
    }

    boolean ok() {
      return error == null;
    }
  }

  /** An in-memory input that counts reads made after its end (a decoder looping on EOF shows here). */
  static final class CountingInput extends ByteArrayInputStream {
    int readsAtEof;
    int calls;

    CountingInput(byte[] b) {
      super(b);
    }

    @Override
    public synchronized int read() {
      calls++;
      int r = super.read();
      if (r < 0) {
        readsAtEof++;
      }
      return r;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
      calls++;
      int r = super.read(b, off, len);
      if (r < 0 || (len > 0 && r == 0)) {
        readsAtEof++;
      }
      return r;
    }
  }

  /** A stream that delivers at most {@code chunk} bytes per call (exercises partial reads). */
  static final class Trickle extends InputStream {
    private final InputStream in;
    private final int chunk;

    Trickle(InputStream in, int chunk) {
      this.in = in;
      this.chunk = chunk;
    }

    @Override
    public int read() throws IOException {
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return in.read(b, off, Math.min(len, chunk));
    }
  }

  /** A decoder over some input. */
  interface Opener {
    InputStream open(InputStream in) throws IOException;
  }

  /**
   * Opens a decoder over {@code input}, reads it to its end with reads of mixed sizes, and checks
   * the stream contract on the way: only {@link IOException}s escape, {@code read(b, off, len>0)}
   * never returns 0, the decoder does not keep reading its input after the end, and at most
   * {@code maxOutput} bytes come out (a guard: a decoder without a size limit would show here).
   */
  static Result readAll(Opener opener, byte[] input, int maxOutput) {
    CountingInput under = new CountingInput(input);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long before = allocated();
    int reads = 0;
    IOException error = null;
    try (InputStream dec = opener.open(under)) {
      byte[] buf = new byte[4099];
      int size = 1;
      while (true) {
        int r;
        if (reads % 7 == 3) {
          r = dec.read();
          if (r >= 0) {
            out.write(r);
            r = 1;
          }
        } else {
          size = size * 3 % buf.length + 1;
          r = dec.read(buf, 0, size);
          if (r == 0) {
            fail("read(b, 0, " + size + ") returned 0: the InputStream contract allows only -1 or at least 1 byte");
          }
          if (r > 0) {
            out.write(buf, 0, r);
          }
        }
        reads++;
        if (r < 0) {
          assertTrue(dec.read() < 0, "read after the end returned data");
          break;
        }
        if (out.size() > maxOutput) {
          fail("more than " + maxOutput + " bytes from " + input.length + " bytes of input: no size limit?");
        }
      }
    } catch (IOException e) {
      error = e;
      assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "IOException without a message");
    } catch (RuntimeException | Error e) {
      throw new AssertionError("not an IOException: " + e + " on input " + Checks.hex(input), e);
    }
    assertTrue(under.readsAtEof <= 4, "the decoder read its input " + under.readsAtEof + " times after its end");
    return new Result(out.toByteArray(), error, allocated() - before, reads);
  }

  /**
   * Bytes allocated by the current thread so far (HotSpot's per-thread counter, {@code
   * com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}), or 0 where unavailable.
   * Looked up reflectively: the tests are compiled inside module {@code dev.celer}, which does not
   * read {@code java.management}.
   */
  static long allocated() {
    try {
      return (long) CURRENT_THREAD_ALLOCATED.invoke(THREAD_MX);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return 0;
    }
  }

  private static final Object THREAD_MX;
  private static final Method CURRENT_THREAD_ALLOCATED;

  static {
    Object mx = null;
    Method m = null;
    try {
      mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
      m = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
    } catch (ReflectiveOperationException | RuntimeException e) {
      // not HotSpot: memory bounds are then not checked
    }
    THREAD_MX = mx;
    CURRENT_THREAD_ALLOCATED = m;
  }
}
