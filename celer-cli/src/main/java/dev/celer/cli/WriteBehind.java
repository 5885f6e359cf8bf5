package dev.celer.cli;

import dev.celer.internal.stream.FailureLatch;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;

/**
 * A buffered output whose writes to the wrapped stream run on a thread of their own, so that a
 * command's work (decoding, compressing) and the system's work of writing the output overlap on
 * two cores, where {@code lz4} does one after the other. On {@code celer -d} of a 306 MB file the
 * write calls take about a quarter of the process's CPU time (copying into the page cache, the
 * file system's block allocation); here they leave the decoding thread, which copies each buffer
 * once instead.
 *
 * <p>Bytes are collected in buffers of {@link #BUFFER} bytes; a full buffer (or {@link #flush})
 * hands the data to the writer thread, which writes the buffers in order. At most {@link
 * #IN_FLIGHT} buffers exist, so a slow output slows the producer down instead of filling memory.
 * The thread starts with the first hand-over; an output that never fills a buffer is written by
 * the caller's thread at {@link #flush}, as a plain buffered stream would.
 *
 * <p>Failures: the first failure of the wrapped stream stops the writer (nothing after it is
 * written) and is thrown, as it is, by the next {@code write} or {@code flush}, and by every one
 * after it. {@link #close} writes what is pending and stops the thread; it never closes the
 * wrapped stream (its owner does). {@link #discard} stops the thread without writing what is
 * pending (for an output about to be removed).
 *
 * <p>For one producer thread; the writer thread is internal.
 */
final class WriteBehind extends OutputStream {
  /** Bytes per buffer: large enough that hand-overs are rare, small enough to stay in the CPU's cache. */
  static final int BUFFER = 1 << 20;
  /** The most buffers in existence: one being filled, the rest queued or being written. */
  static final int IN_FLIGHT = 4;

  private final OutputStream out;
  private final Object lock = new Object();
  /** Filled buffers waiting for the writer, oldest first, with their lengths (guarded by lock). */
  private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
  private final ArrayDeque<Integer> lengths = new ArrayDeque<>();
  /** Written buffers ready for reuse (guarded by lock). */
  private final ArrayDeque<byte[]> free = new ArrayDeque<>();
  /** Buffers allocated so far (guarded by lock). */
  private int allocated;
  /** Whether the writer is in the middle of a buffer (guarded by lock). */
  private boolean busy;
  /** The writer's first failure (guarded by lock). */
  private Throwable failure;
  /** Set when the writer is to stop; with {@link #dropPending}, without writing the queue (guarded by lock). */
  private boolean stopping;
  private boolean dropPending;
  private Thread writer;

  /** The buffer being filled by the producer, and how much of it is filled; producer-only. */
  private byte[] buf;
  private int pos;

  WriteBehind(OutputStream out) {
    this.out = out;
  }

  @Override
  public void write(int b) throws IOException {
    if (buf == null || pos == buf.length) {
      next();
    }
    buf[pos++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    while (len > 0) {
      if (buf == null || pos == buf.length) {
        next();
      }
      int n = Math.min(len, buf.length - pos);
      System.arraycopy(b, off, buf, pos, n);
      pos += n;
      off += n;
      len -= n;
    }
  }

  /** Hands a full buffer over (if any) and takes an empty one, waiting while all are in flight. */
  private void next() throws IOException {
    synchronized (lock) {
      rethrow();
      if (buf != null && pos > 0) {
        enqueue();
      }
      while (free.isEmpty() && allocated == IN_FLIGHT && failure == null) {
        await();
      }
      rethrow();
      if (free.isEmpty()) {
        allocated++;
        buf = new byte[BUFFER];
      } else {
        buf = free.poll();
      }
      pos = 0;
    }
  }

  /** Queues the producer's buffer for the writer; caller holds the lock. */
  private void enqueue() {
    queue.add(buf);
    lengths.add(pos);
    buf = null;
    pos = 0;
    if (writer == null) {
      writer = new Thread(this::run, "celer-write");
      writer.setDaemon(true);
      writer.start();
    }
    lock.notifyAll();
  }

  /**
   * Writes everything handed over so far, then flushes the wrapped stream.
   *
   * @throws IOException the writer's failure, or the flush's
   */
  @Override
  public void flush() throws IOException {
    synchronized (lock) {
      rethrow();
      if (writer == null) {
        // nothing was ever handed over: write on this thread, as a plain buffered stream would
        if (buf != null && pos > 0) {
          out.write(buf, 0, pos);
          pos = 0;
        }
      } else {
        if (buf != null && pos > 0) {
          enqueue();
        }
        while ((!queue.isEmpty() || busy) && failure == null) {
          await();
        }
        rethrow();
      }
    }
    out.flush();
  }

  /** Writes what is pending and stops the writer thread; the wrapped stream stays open. */
  @Override
  public void close() throws IOException {
    try {
      flush();
    } finally {
      stop(false);
    }
  }

  /** Stops the writer thread without writing what is pending; the wrapped stream stays open. */
  void discard() {
    stop(true);
  }

  private void stop(boolean drop) {
    Thread t;
    synchronized (lock) {
      stopping = true;
      dropPending |= drop;
      t = writer;
      lock.notifyAll();
    }
    join(t);
  }

  /** Waits for {@code t} (null: nothing) to end, keeping an interrupt for the caller to see. */
  static void join(Thread t) {
    if (t == null) {
      return;
    }
    boolean interrupted = false;
    while (t.isAlive()) {
      try {
        t.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void await() throws IOException {
    try {
      lock.wait();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the output");
    }
  }

  private void rethrow() throws IOException {
    if (failure != null) {
      FailureLatch.rethrow(failure);
    }
  }

  /** The writer thread: writes queued buffers in order until stopped or failed. */
  private void run() {
    while (true) {
      byte[] b;
      int n;
      synchronized (lock) {
        while (queue.isEmpty() && !stopping) {
          try {
            lock.wait();
          } catch (InterruptedException e) {
            // only stop() ends this thread
          }
        }
        if (queue.isEmpty() || dropPending || failure != null) {
          queue.clear();
          lengths.clear();
          lock.notifyAll();
          return;
        }
        b = queue.poll();
        n = lengths.poll();
        busy = true;
      }
      Throwable f = null;
      try {
        out.write(b, 0, n);
      } catch (Throwable e) {
        f = e;
      }
      synchronized (lock) {
        busy = false;
        free.add(b);
        if (f != null && failure == null) {
          failure = f;
        }
        lock.notifyAll();
        if (failure != null) {
          queue.clear();
          lengths.clear();
          return;
        }
      }
    }
  }
}
