package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The CLI's write-behind output: order, failures, flush, close and discard. */
class WriteBehindTest {
  private static byte[] data(int n) {
    byte[] b = new byte[n];
    new Random(n).nextBytes(b);
    return b;
  }

  @Test
  void writesEverythingInOrderWhateverTheWriteSizes() throws IOException {
    byte[] d = data(3 * WriteBehind.BUFFER + 12345);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    WriteBehind w = new WriteBehind(sink);
    Random r = new Random(1);
    int pos = 0;
    while (pos < d.length) {
      if (r.nextInt(10) == 0) {
        w.write(d[pos++]);
        continue;
      }
      int n = Math.min(d.length - pos, r.nextInt(WriteBehind.BUFFER + 7));
      w.write(d, pos, n);
      pos += n;
    }
    w.flush();
    assertArrayEquals(d, sink.toByteArray(), "flush writes everything handed over");
    w.write(d, 0, 10);
    w.close();
    assertEquals(d.length + 10, sink.size(), "close writes what is pending");
  }

  @Test
  void aSmallOutputIsWrittenByTheCallerAtFlush() throws IOException {
    AtomicReference<Thread> writer = new AtomicReference<>();
    OutputStream sink = new OutputStream() {
      @Override
      public void write(int b) {
        throw new AssertionError();
      }

      @Override
      public void write(byte[] b, int off, int len) {
        writer.set(Thread.currentThread());
      }
    };
    WriteBehind w = new WriteBehind(sink);
    w.write(data(100));
    w.close();
    assertSame(Thread.currentThread(), writer.get(), "no thread for an output that never filled a buffer");
  }

  @Test
  void theFirstFailureIsThrownByEveryLaterCallAndNothingAfterItIsWritten() throws IOException {
    IOException boom = new IOException("No space left on device");
    AtomicInteger calls = new AtomicInteger();
    ByteArrayOutputStream written = new ByteArrayOutputStream();
    OutputStream sink = new OutputStream() {
      @Override
      public void write(int b) {
        throw new AssertionError();
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (calls.incrementAndGet() == 2) {
          throw boom;
        }
        written.write(b, off, len);
      }
    };
    WriteBehind w = new WriteBehind(sink);
    byte[] d = data(WriteBehind.BUFFER);
    IOException seen = null;
    for (int i = 0; i < 20 && seen == null; i++) {
      try {
        w.write(d);
      } catch (IOException e) {
        seen = e;
      }
    }
    if (seen == null) {
      seen = assertThrows(IOException.class, w::flush);
    }
    assertSame(boom, seen, "the wrapped stream's own exception, as it is");
    assertSame(boom, assertThrows(IOException.class, () -> w.write(1)));
    assertSame(boom, assertThrows(IOException.class, () -> w.write(d, 0, 10)));
    assertSame(boom, assertThrows(IOException.class, w::flush));
    assertSame(boom, assertThrows(IOException.class, w::close));
    assertEquals(2, calls.get(), "nothing is written after the failure");
    assertEquals(WriteBehind.BUFFER, written.size());
  }

  @Test
  void anUncheckedFailureOfTheOutputPassesThrough() throws IOException {
    IllegalStateException boom = new IllegalStateException("boom");
    WriteBehind w = new WriteBehind(new OutputStream() {
      @Override
      public void write(int b) {
        throw boom;
      }

      @Override
      public void write(byte[] b, int off, int len) {
        throw boom;
      }
    });
    w.write(data(WriteBehind.BUFFER + 1)); // hands one buffer to the thread
    assertSame(boom, assertThrows(IllegalStateException.class, w::flush));
    w.discard();
  }

  @Test
  void aSlowOutputHoldsTheProducerBackAtTheBufferLimit() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    WriteBehind w = new WriteBehind(new OutputStream() {
      @Override
      public void write(int b) {
        throw new AssertionError();
      }

      @Override
      public synchronized void write(byte[] b, int off, int len) {
        try {
          release.await();
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        sink.write(b, off, len);
      }
    });
    byte[] d = data(WriteBehind.BUFFER);
    AtomicInteger handed = new AtomicInteger();
    Thread producer = new Thread(() -> {
      try {
        for (int i = 0; i < WriteBehind.IN_FLIGHT + 3; i++) {
          w.write(d);
          handed.incrementAndGet();
        }
        w.close();
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    });
    producer.start();
    producer.join(300);
    assertTrue(producer.isAlive(), "the producer waits for the output");
    assertTrue(handed.get() <= WriteBehind.IN_FLIGHT, "at most " + WriteBehind.IN_FLIGHT + " buffers: " + handed.get());
    release.countDown();
    producer.join(TimeUnit.SECONDS.toMillis(30));
    assertEquals((WriteBehind.IN_FLIGHT + 3) * (long) WriteBehind.BUFFER, sink.size());
  }

  @Test
  void discardDropsWhatIsPendingAndEndsTheThread() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger writes = new AtomicInteger();
    WriteBehind w = new WriteBehind(new OutputStream() {
      @Override
      public void write(int b) {
        throw new AssertionError();
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        writes.incrementAndGet();
        started.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
      }
    });
    byte[] d = data(WriteBehind.BUFFER);
    for (int i = 0; i < 3; i++) {
      w.write(d);
    }
    w.write(1); // hands the third buffer over
    assertTrue(started.await(30, TimeUnit.SECONDS));
    Thread stopper = new Thread(w::discard);
    stopper.start();
    while (stopper.getState() != Thread.State.WAITING) { // discard has asked, and waits for the thread
      Thread.sleep(1);
    }
    release.countDown();
    stopper.join(TimeUnit.SECONDS.toMillis(30));
    assertTrue(!stopper.isAlive(), "discard returns once the write in progress ends");
    assertEquals(1, writes.get(), "the queued buffers are dropped");
  }
}
