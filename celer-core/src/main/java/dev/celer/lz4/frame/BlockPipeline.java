package dev.celer.lz4.frame;

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
 * <p>Failures come out of {@link #submit} and {@link #drain} as they happened (a task's unchecked
 * exception or error unwrapped, the underlying stream's {@link IOException}, an {@link
 * InterruptedIOException} when the waiting thread is interrupted, with its interrupt status kept);
 * the stream latches them and then {@link #cancel}s what is left. Used by one thread (the
 * stream's); only the encoding runs elsewhere.
 */
final class BlockPipeline {
  /** Encodes {@code src[0, len)} into {@code dst} (room for {@link Lz4FrameBlockEncoder#maxEncodedLength}) and returns the encoded length. */
  interface Encoding {
    int encode(byte[] src, int len, byte[] dst);
  }

  /** One block: its content, its encoded form once the task has run. */
  private static final class Block {
    byte[] content;
    byte[] encoded;
    FutureTask<Integer> task;
  }

  private final Lz4FrameBlockEncoder encoder;
  private final Encoding encoding;
  private final Executor executor;
  private final int maxInFlight;
  private final ArrayDeque<Block> inFlight = new ArrayDeque<>();
  private final ArrayDeque<Block> free = new ArrayDeque<>();

  BlockPipeline(Lz4FrameBlockEncoder encoder, Encoding encoding, Executor executor, int maxInFlight) {
    assert maxInFlight >= 1;
    this.encoder = encoder;
    this.encoding = encoding;
    this.executor = executor;
    this.maxInFlight = maxInFlight;
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
    b.task = new FutureTask<>(() -> encoding.encode(content, len, dst));
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
      Thread.currentThread().interrupt();
      InterruptedIOException io = new InterruptedIOException("interrupted while waiting for a block to be compressed");
      io.initCause(e);
      throw io;
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
    inFlight.poll();
    b.task = null;
    free.add(b);
    out.write(b.encoded, 0, n);
  }
}
