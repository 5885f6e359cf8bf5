package dev.celer.cli;

import dev.celer.internal.stream.FailureLatch;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;

/**
 * An input read ahead by a thread of its own, so that the system's work of reading a large file
 * (copying from the page cache) overlaps the command's work on two cores, where {@code lz4} does
 * one after the other. On {@code celer -1} of a 306 MB file the read calls took about a tenth of the
 * compressing thread's CPU; here that thread copies each buffer once instead. Only for regular
 * files (see {@link Source#open}): reading ahead of what the command consumes is harmless there,
 * and the thread never blocks on a terminal or a pipe.
 *
 * <p>The thread fills buffers of {@link #BUFFER} bytes, at most {@link #IN_FLIGHT} ahead. A read
 * failure is thrown, as it is, when the consumer reaches the point where it happened (the data
 * before it is delivered first), and again by every later read; the end of the input likewise.
 * {@link #close} stops the thread and closes the wrapped stream.
 *
 * <p>For one consumer thread; the reading thread is internal.
 */
final class ReadAhead extends InputStream {
  /** Bytes per buffer. */
  static final int BUFFER = 1 << 20;
  /** The most buffers in existence: one being consumed, the rest filled or being filled. */
  static final int IN_FLIGHT = 4;

  private final InputStream in;
  private final Object lock = new Object();
  /** Filled buffers with their lengths, oldest first (guarded by lock). */
  private final ArrayDeque<byte[]> filled = new ArrayDeque<>();
  private final ArrayDeque<Integer> lengths = new ArrayDeque<>();
  /** Consumed buffers for reuse (guarded by lock). */
  private final ArrayDeque<byte[]> free = new ArrayDeque<>();
  private int allocated;
  /** What ended the reading: null while it goes on, {@link #EOF} at the end, else the failure (guarded by lock). */
  private Throwable end;
  private boolean closed;
  private Thread reader;

  private static final Throwable EOF = new Throwable("end of input", null, false, false) {
    private static final long serialVersionUID = 1L;
  };

  /** The consumer's buffer, its length and position; consumer-only. */
  private byte[] buf;
  private int len;
  private int pos;

  ReadAhead(InputStream in) {
    this.in = in;
  }

  @Override
  public int read() throws IOException {
    if (pos == len && !next()) {
      return -1;
    }
    return buf[pos++] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int n) throws IOException {
    java.util.Objects.checkFromIndexSize(off, n, b.length);
    if (n == 0) {
      return 0;
    }
    int done = 0;
    while (done < n) {
      if (pos == len) {
        // return what is there rather than wait, as a read may, or than meet the end or a failure
        // (the next read reports it)
        if (done > 0 && !ready()) {
          break;
        }
        if (!next()) {
          break;
        }
      }
      int k = Math.min(n - done, len - pos);
      System.arraycopy(buf, pos, b, off + done, k);
      pos += k;
      done += k;
    }
    return done == 0 ? -1 : done;
  }

  @Override
  public int available() {
    synchronized (lock) {
      int a = len - pos;
      for (int l : lengths) {
        a += l;
      }
      return a;
    }
  }

  /** @return whether a filled buffer can be taken without waiting */
  private boolean ready() {
    synchronized (lock) {
      return !filled.isEmpty();
    }
  }

  /**
   * Takes the next filled buffer, giving the consumed one back.
   *
   * @return false at the end of the input
   */
  private boolean next() throws IOException {
    synchronized (lock) {
      if (buf != null) {
        free.add(buf);
        buf = null;
        len = pos = 0;
        lock.notifyAll();
      }
      if (reader == null && end == null) {
        reader = new Thread(this::run, "celer-read");
        reader.setDaemon(true);
        reader.start();
      }
      while (filled.isEmpty() && end == null) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while waiting for the input");
        }
      }
      if (filled.isEmpty()) {
        if (end == EOF) {
          return false;
        }
        FailureLatch.rethrow(end);
      }
      buf = filled.poll();
      len = lengths.poll();
      pos = 0;
      return true;
    }
  }

  /** The reading thread: fills buffers until the end, a failure or {@link #close}. */
  private void run() {
    while (true) {
      byte[] b;
      synchronized (lock) {
        while (free.isEmpty() && allocated == IN_FLIGHT && !closed) {
          try {
            lock.wait();
          } catch (InterruptedException e) {
            // only close() ends this thread
          }
        }
        if (closed) {
          return;
        }
        if (free.isEmpty()) {
          allocated++;
          b = new byte[BUFFER];
        } else {
          b = free.poll();
        }
      }
      int n = 0;
      Throwable f = null;
      try {
        while (n < b.length) {
          int r = in.read(b, n, b.length - n);
          if (r < 0) {
            f = EOF;
            break;
          }
          n += r;
        }
      } catch (Throwable e) {
        f = e;
      }
      synchronized (lock) {
        if (n > 0) {
          filled.add(b);
          lengths.add(n);
        } else {
          free.add(b);
        }
        if (f != null) {
          end = f;
        }
        lock.notifyAll();
        if (f != null || closed) {
          return;
        }
      }
    }
  }

  /** Stops the reading thread (after the read in progress) and closes the wrapped stream. */
  @Override
  public void close() throws IOException {
    Thread t;
    synchronized (lock) {
      closed = true;
      t = reader;
      lock.notifyAll();
    }
    WriteBehind.join(t);
    in.close();
  }
}
