package dev.celer.lz4.frame;

import dev.celer.xxhash.XxHash32;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;

/**
 * The parallel path of {@link Lz4FrameOutputStream}: independent blocks encoded as tasks on an
 * {@link Executor} and written to the underlying stream in input order, so the bytes are those of
 * one thread. At most {@code maxInFlight} blocks are submitted and not yet written; submitting one
 * more first waits for the oldest and writes it. Each block holds its content and its encoded
 * form; finished blocks are reused, so memory stays at {@code maxInFlight + 1} block buffers (the
 * extra one is the stream's, being filled).
 *
 * <p>The content checksum (when the frame has one) is also computed by the tasks, so that the
 * writing thread only moves bytes: XXH32 is sequential, so after its encoding each task adds to
 * the hash every block that is next in input order and already encoded, its own and those that
 * finished before their turn came, and leaves the rest to the task that finishes the block they
 * wait for. No task ever waits for another (any executor, however it orders or runs its tasks,
 * finishes the hash), and a block is written, and its buffers reused, only once it is both
 * encoded and hashed.
 *
 * <p>Failures come out of {@link #submit} and {@link #drain} as they happened (a task's unchecked
 * exception or error unwrapped, the underlying stream's {@link IOException}, an {@link
 * InterruptedIOException} when the waiting thread is interrupted, with its interrupt status kept);
 * the stream latches them and then {@link #cancel}s what is left. Used by one thread (the
 * stream's); only the encoding and the hashing run elsewhere.
 */
final class BlockPipeline {
  /** Encodes {@code src[0, len)} into {@code dst} (room for {@link Lz4FrameBlockEncoder#maxEncodedLength}) and returns the encoded length. */
  interface Encoding {
    int encode(byte[] src, int len, byte[] dst);
  }

  /** One block: its content, its encoded form once the task has run. */
  private static final class Block {
    byte[] content;
    int len;
    byte[] encoded;
    FutureTask<Integer> task;
    /** Its place in input order (0, 1, ...); set under {@link #lock}. */
    long seq;
    /** The task has encoded it, so it may be hashed; guarded by {@link #lock}. */
    boolean ready;
  }

  private final Lz4FrameBlockEncoder encoder;
  private final Encoding encoding;
  private final Executor executor;
  private final int maxInFlight;
  private final ArrayDeque<Block> inFlight = new ArrayDeque<>();
  private final ArrayDeque<Block> free = new ArrayDeque<>();
  /** The content checksum, or {@code null}: updated by one task at a time, in input order. */
  private final XxHash32 hash;
  /** Guards the hash chain: {@link #order}, {@link #hashed}, {@link #hashing}, {@link #hashFailure}. */
  private final Object lock = new Object();
  /** The blocks in flight by {@code seq % maxInFlight} (a slot is free again once its block is written). */
  private final Block[] order;
  /** Blocks submitted so far (the writing thread's). */
  private long submitted;
  /** Blocks {@code [0, hashed)} are in {@link #hash}. */
  private long hashed;
  /** A task is adding blocks to {@link #hash}. */
  private boolean hashing;
  /** What the hash threw, if it did (then the chain stops and the writing thread throws it). */
  private Throwable hashFailure;

  /** With {@code hash} non-null, the tasks add every block's content to it, in input order. */
  BlockPipeline(Lz4FrameBlockEncoder encoder, Encoding encoding, Executor executor, int maxInFlight, XxHash32 hash) {
    assert maxInFlight >= 1;
    this.encoder = encoder;
    this.encoding = encoding;
    this.executor = executor;
    this.maxInFlight = maxInFlight;
    this.hash = hash;
    this.order = new Block[maxInFlight];
  }

  /**
   * Hands {@code content[0, len)} to a task (the array now belongs to the pipeline) and writes
   * finished blocks while too many are in flight.
   *
   * @return an array of an earlier, written block for the caller to fill next, or {@code null}
   */
  byte[] submit(byte[] content, int len, OutputStream out) throws IOException {
    Block b = free.isEmpty() ? new Block() : free.poll();
    byte[] next = b.content;
    b.content = content;
    int max = encoder.maxEncodedLength(len);
    if (b.encoded == null || b.encoded.length < max) {
      b.encoded = null; // let the old one go before the new one is allocated
      b.encoded = new byte[max];
    }
    byte[] dst = b.encoded;
    b.len = len;
    if (hash != null) {
      synchronized (lock) {
        b.seq = submitted;
        b.ready = false;
        order[(int) (submitted % maxInFlight)] = b; // its slot's last block is written (fewer than maxInFlight in flight)
      }
    }
    submitted++;
    b.task = new FutureTask<>(() -> {
      int n = encoding.encode(content, len, dst);
      if (hash != null) {
        hashInOrder(b);
      }
      return n;
    });
    inFlight.add(b);
    executor.execute(b.task); // a RejectedExecutionException latches like any other failure
    while (inFlight.size() >= maxInFlight) {
      writeOldest(out);
    }
    return next;
  }

  /** Waits for every block in flight and writes them in order. */
  void drain(OutputStream out) throws IOException {
    while (!inFlight.isEmpty()) {
      writeOldest(out);
    }
  }

  /** After a failure: cancels the blocks not yet written (tasks not started never run) and forgets them. */
  void cancel() {
    for (Block b : inFlight) {
      b.task.cancel(false);
    }
    inFlight.clear();
    free.clear();
  }

  private void writeOldest(OutputStream out) throws IOException {
    Block b = inFlight.peek();
    int n;
    try {
      n = b.task.get();
    } catch (InterruptedException e) {
      throw interrupted("interrupted while waiting for a block to be compressed", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IOException("block compression failed", cause);
    } catch (CancellationException e) {
      throw new IOException("block compression was cancelled", e);
    }
    if (hash != null) {
      awaitHashed(b.seq + 1);
    }
    inFlight.poll();
    b.task = null;
    free.add(b);
    out.write(b.encoded, 0, n);
  }

  /**
   * Waits until blocks {@code [0, count)} are hashed. Every one of them is encoded (the blocks
   * are written in order, each after its task), so the chain gets there unless the hash throws.
   */
  private void awaitHashed(long count) throws IOException {
    synchronized (lock) {
      while (hashed < count) {
        if (hashFailure instanceof RuntimeException) {
          throw (RuntimeException) hashFailure;
        }
        if (hashFailure instanceof Error) {
          throw (Error) hashFailure;
        }
        try {
          lock.wait();
        } catch (InterruptedException e) {
          throw interrupted("interrupted while waiting for a block to be hashed", e);
        }
      }
    }
  }

  /**
   * On a task's thread, after {@code done} is encoded: unless another task is at it, adds to the
   * hash every block that is next in order and encoded, {@code done} among them when its turn has
   * come. Never waits: a block whose turn has not come is hashed by the task that fills the gap.
   */
  private void hashInOrder(Block done) {
    Block next;
    synchronized (lock) {
      done.ready = true;
      if (hashing || (next = nextToHash()) == null) {
        return;
      }
      hashing = true;
    }
    while (true) {
      try {
        hash.update(next.content, 0, next.len); // outside the lock: the writing thread may submit meanwhile
      } catch (RuntimeException | Error e) {
        synchronized (lock) {
          hashFailure = e;
          hashing = false;
          lock.notifyAll();
        }
        return;
      }
      synchronized (lock) {
        hashed++;
        lock.notifyAll();
        if ((next = nextToHash()) == null) {
          hashing = false;
          return;
        }
      }
    }
  }

  /**
   * Keeps the interrupt status of the waiting thread that {@code e} interrupted, and returns what
   * the frame streams' parallel paths throw for it.
   */
  static InterruptedIOException interrupted(String message, InterruptedException e) {
    Thread.currentThread().interrupt();
    InterruptedIOException io = new InterruptedIOException(message);
    io.initCause(e);
    return io;
  }

  /** @return the block whose turn it is, when it is encoded; else {@code null} (holding {@link #lock}) */
  private Block nextToHash() {
    Block b = order[(int) (hashed % maxInFlight)];
    return b != null && b.seq == hashed && b.ready ? b : null;
  }
}
