package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The CLI's read-ahead input: order, short reads of the source, failures at their place, close. */
class ReadAheadTest {
  private static byte[] data(int n) {
    byte[] b = new byte[n];
    new Random(n).nextBytes(b);
    return b;
  }

  /** A source that returns at most a few bytes per read, sometimes 0, as pipes and odd streams may. */
  private static InputStream trickle(byte[] d) {
    return new ByteArrayInputStream(d) {
      private final Random r = new Random(7);

      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, r.nextInt(100_000)));
      }
    };
  }

  @Test
  void deliversEverythingInOrderWhateverTheReadSizes() throws IOException {
    byte[] d = data(3 * ReadAhead.BUFFER + 4321);
    try (ReadAhead in = new ReadAhead(trickle(d))) {
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      Random r = new Random(3);
      byte[] b = new byte[ReadAhead.BUFFER + 100];
      while (true) {
        if (r.nextInt(8) == 0) {
          int c = in.read();
          if (c < 0) {
            break;
          }
          got.write(c);
          continue;
        }
        int n = in.read(b, 0, 1 + r.nextInt(b.length - 1));
        if (n < 0) {
          break;
        }
        assertTrue(n > 0, "a read returns data or the end, never 0 bytes");
        got.write(b, 0, n);
      }
      assertArrayEquals(d, got.toByteArray());
      assertEquals(-1, in.read(), "the end again");
      assertEquals(-1, in.read(b, 0, 10));
      assertEquals(0, in.read(b, 0, 0));
    }
  }

  @Test
  void aFailureComesAfterTheDataBeforeItAndOnEveryLaterRead() throws IOException {
    byte[] d = data(2 * ReadAhead.BUFFER + 999);
    IOException boom = new IOException("Input/output error");
    InputStream failing = new InputStream() {
      private int pos;

      @Override
      public int read() {
        throw new AssertionError();
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (pos == d.length) {
          throw boom;
        }
        int n = Math.min(len, Math.min(65536, d.length - pos));
        System.arraycopy(d, pos, b, off, n);
        pos += n;
        return n;
      }
    };
    try (ReadAhead in = new ReadAhead(failing)) {
      byte[] got = new byte[d.length + 1];
      int pos = 0;
      IOException seen = null;
      try {
        while (true) {
          int n = in.read(got, pos, Math.min(got.length - pos, 70_000));
          pos += n;
        }
      } catch (IOException e) {
        seen = e;
      }
      assertSame(boom, seen, "the source's own exception, as it is");
      assertEquals(d.length, pos, "every byte before the failure first");
      assertArrayEquals(d, java.util.Arrays.copyOf(got, d.length));
      assertSame(boom, assertThrows(IOException.class, in::read));
    }
  }

  @Test
  void closeStopsTheThreadAndClosesTheSource() throws Exception {
    AtomicBoolean closed = new AtomicBoolean();
    AtomicLong served = new AtomicLong();
    InputStream endless = new InputStream() {
      @Override
      public int read() {
        throw new AssertionError();
      }

      @Override
      public int read(byte[] b, int off, int len) {
        served.addAndGet(len);
        return len;
      }

      @Override
      public void close() {
        closed.set(true);
      }
    };
    ReadAhead in = new ReadAhead(endless);
    assertEquals(0, in.read()); // starts the thread
    in.close();
    assertTrue(closed.get());
    long after = served.get();
    assertTrue(after <= (long) ReadAhead.IN_FLIGHT * ReadAhead.BUFFER, "reads at most the buffers ahead: " + after);
    assertEquals(after, served.get(), "nothing is read after close");
  }
}
