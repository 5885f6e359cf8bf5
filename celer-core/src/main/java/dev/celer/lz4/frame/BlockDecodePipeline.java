package dev.celer.lz4.frame;

import dev.celer.internal.stream.FailureLatch;
import dev.celer.xxhash.XxHash32;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.Executor;

/**
 * The parallel path of {@link Lz4FrameInputStream}: blocks read ahead by the stream's thread are
 * decoded as tasks on an {@link Executor} and handed back oldest first, so the stream delivers
 * them in input order. At most {@link #maxInFlight()} blocks are submitted and not yet taken;
 * blocks taken and delivered are given back ({@link #recycle}) and their buffers reused, so memory
 * stays at {@code maxInFlight + 1} blocks (the extra one is the block being read by the stream's
 * consumer), each a compressed buffer and a decoded buffer of at most the frame's block size.
 *
 * <p>The content checksum of a frame (when {@link #startFrame} is given one) is also computed by the
 * tasks, as {@link BlockPipeline} does for compression: XXH32 is sequential, so after decoding
 * its block each task adds to the hash every block that is next in input order and decoded, its
 * own and those that finished before their turn came, and leaves the rest to the task that
 * decodes the block they wait for. No task waits for another; {@link #take} hands a block out only
 * once it is decoded and hashed, so the reading thread only moves bytes.
 *
 * <p>A task never throws into the executor: what it throws is kept with its block and thrown by
 * {@link #take} when that block's turn comes, as it is. {@link #cancel} (after a failure, and on
 * {@code close()}) forgets every block: tasks not started never run, and it waits for the ones
 * running (each decodes one block), so that when it returns no task of the stream runs and no
 * buffer is written any more. Used by one thread (the stream's); only the decoding runs elsewhere.
 */
final class BlockDecodePipeline {
  private static final byte[] EMPTY = new byte[0];

  /** Checks and decodes one block: fills {@link Block#result} and {@link Block#n}. Runs on the executor. */
  interface Decoding {
    void decode(Block b) throws IOException;
  }

  /** One block read ahead: its place in the input, its bytes, and once decoded its content. */
  static final class Block {
    /** Offset of the block's size word in the input. */
    long offset;
    /** Offset just after the block (and its checksum): where the sequential path stands after reading it. */
    long end;
    /** Stored length of the data. */
    int size;
    /** The data is stored uncompressed. */
    boolean stored;
    /** A block of a legacy frame. */
    boolean legacy;
    /** The frame's block maximum size (legacy: 8 MB). */
    int blockMax;
    /** The block checksum is to be verified against {@link #checksum}. */
    boolean verify;
    int checksum;
    /** The frame's dictionary (independent blocks each start from it), or {@code null}. */
    byte[] dict;
    /** The data as read: {@code data[0, size)}. */
    byte[] data = EMPTY;
    /** Its place in the frame (0, 1, ...); set under the pipeline's lock. */
    long seq;
    /** Decoded without failure, so it may be hashed; guarded by the pipeline's lock. */
    boolean decoded;
    /** The decoding buffer (not used for stored blocks). */
    byte[] out = EMPTY;
    /** The content: {@code result[0, n)} (the data itself for stored blocks). */
    byte[] result;
    int n;
    /** 0 (new), {@link #QUEUED}, {@link #RUNNING}, {@link #DONE} or {@link #CANCELLED}; guarded by the pipeline's lock. */
    int state;
    /** What the task threw, if it did. */
    Throwable failure;

    /** Makes {@link #data} at least {@code needed} bytes long (it doubles, up to {@code max}). */
    byte[] data(int needed, int max) {
      if (data.length < needed) {
        int size = Math.max(needed, (int) Math.min(max, 2L * data.length));
        data = EMPTY; // let the old one go before the new one is allocated
        data = new byte[size];
      }
      return data;
    }

    /** Makes {@link #out} at least {@code needed} bytes long. */
    byte[] out(int needed) {
      if (out.length < needed) {
        out = EMPTY;
        out = new byte[needed];
      }
      return out;
    }
  }

  private static final int QUEUED = 1;
  private static final int RUNNING = 2;
  private static final int DONE = 3;
  private static final int CANCELLED = 4;

  private final Executor executor;
  private final int maxInFlight;
  private final Decoding decoding;
  private final ArrayDeque<Block> inFlight = new ArrayDeque<>();
  private final ArrayDeque<Block> free = new ArrayDeque<>();
  /** Guards the blocks' {@code state}, {@code failure} and {@link #running}. */
  private final Object lock = new Object();
  /** Tasks running now (decoding, or adding blocks to {@link #hash}). */
  private int running;
  /** The current frame's content checksum, or {@code null}; updated by one task at a time, in order. */
  private XxHash32 hash;
  /** The current frame's blocks in flight by {@code seq % maxInFlight}; guarded by {@link #lock}. */
  private final Block[] order;
  /** Blocks of the current frame submitted so far. */
  private long submitted;
  /** Blocks {@code [0, hashed)} of the current frame are in {@link #hash}; guarded by {@link #lock}. */
  private long hashed;
  /** A task is adding blocks to {@link #hash}; guarded by {@link #lock}. */
  private boolean hashing;

  BlockDecodePipeline(Executor executor, int maxInFlight, Decoding decoding) {
    assert maxInFlight >= 1;
    this.executor = executor;
    this.maxInFlight = maxInFlight;
    this.decoding = decoding;
    this.order = new Block[maxInFlight];
  }

  /**
   * Starts a frame, with no block in flight: with {@code hash} non-null (reset), the tasks add
   * every block's content to it in input order, and {@link #take} hands out only hashed blocks.
   * Waits for the tasks of the previous frame that are still ending.
   */
  void startFrame(XxHash32 hash) throws InterruptedIOException {
    synchronized (lock) {
      while (running > 0) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          throw BlockPipeline.interrupted("interrupted while waiting for a block to be decompressed", e);
        }
      }
      this.hash = hash;
      submitted = 0;
      hashed = 0;
      hashing = false;
      Arrays.fill(order, null);
    }
  }

  /** @return how many blocks may be submitted and not yet taken */
  int maxInFlight() {
    return maxInFlight;
  }

  /** @return how many blocks are submitted and not yet taken */
  int inFlight() {
    return inFlight.size();
  }

  /** The last unchecked exception the executor threw from {@code execute}, to tell it from a decoder's own. */
  private RuntimeException executorThrew;

  /** @return a block to fill before {@link #submit}: a recycled one, with its buffers, or a new one */
  Block obtain() {
    Block b = free.poll();
    return b != null ? b : new Block();
  }

  /**
   * Hands {@code b} to a task. When the executor refuses it ({@link
   * java.util.concurrent.RejectedExecutionException}, or anything else it throws), that passes
   * through as it is and {@code b} is not in flight.
   */
  void submit(Block b) {
    synchronized (lock) {
      b.state = QUEUED;
      b.failure = null;
      b.decoded = false;
      b.seq = submitted;
      // its slot's previous block was taken, so hashed: fewer than maxInFlight are in flight
      order[(int) (submitted % maxInFlight)] = b;
    }
    submitted++;
    inFlight.add(b);
    try {
      executor.execute(() -> run(b));
    } catch (RuntimeException | Error e) {
      synchronized (lock) {
        if (b.state == QUEUED) { // a direct executor may have run it and then thrown
          b.state = CANCELLED;
        }
      }
      inFlight.removeLast();
      if (e instanceof RuntimeException) {
        executorThrew = (RuntimeException) e;
      }
      throw e;
    }
  }

  /** @return whether {@code e} is what the executor threw when it refused a task */
  boolean executorThrew(RuntimeException e) {
    return e == executorThrew;
  }

  /** The task: decodes {@code b} unless it was cancelled first, and keeps what it threw. */
  private void run(Block b) {
    XxHash32 h;
    synchronized (lock) {
      if (b.state != QUEUED) {
        return;
      }
      b.state = RUNNING;
      running++;
      h = hash;
    }
    Throwable failure = null;
    try {
      decoding.decode(b);
    } catch (Throwable t) {
      failure = t;
    }
    synchronized (lock) {
      b.failure = failure;
      b.decoded = failure == null;
      b.state = DONE;
      lock.notifyAll();
    }
    if (failure == null && h != null) {
      hashInOrder(h);
    }
    synchronized (lock) {
      running--;
      lock.notifyAll();
    }
  }

  /**
   * On a task's thread, after its block is decoded: unless another task is at it, adds to {@code
   * h} every block that is next in order and decoded. Never waits: a block whose turn has not come
   * is hashed by the task that fills the gap. What the hash throws becomes the failure of the
   * block it was hashing (and the chain stops there).
   */
  private void hashInOrder(XxHash32 h) {
    Block next;
    synchronized (lock) {
      if (hashing || (next = nextToHash()) == null) {
        return;
      }
      hashing = true;
    }
    while (true) {
      Throwable failure = null;
      try {
        h.update(next.result, 0, next.n); // outside the lock: other tasks and the reading thread go on
      } catch (RuntimeException | Error e) {
        failure = e;
      }
      synchronized (lock) {
        if (failure != null) {
          next.failure = failure;
          hashing = false;
          lock.notifyAll();
          return;
        }
        hashed++;
        lock.notifyAll();
        if ((next = nextToHash()) == null) {
          hashing = false;
          return;
        }
      }
    }
  }

  /** @return the block whose turn it is to be hashed, when it is decoded; else {@code null} (holding {@link #lock}) */
  private Block nextToHash() {
    Block b = order[(int) (hashed % maxInFlight)];
    return b != null && b.seq == hashed && b.decoded && b.failure == null ? b : null;
  }

  /**
   * Waits for the oldest block in flight (decoded, and hashed when the frame has a hash) and takes
   * it out of the pipeline: it is the caller's until {@link #recycle}.
   *
   * @return that block; {@code null} when none is in flight
   * @throws IOException what its task threw, as it is (also an unchecked exception or an error);
   *     {@link InterruptedIOException} when the waiting thread is interrupted (its interrupt
   *     status kept)
   */
  Block take() throws IOException {
    Block b = inFlight.peek();
    if (b == null) {
      return null;
    }
    synchronized (lock) {
      while (b.state != DONE || b.failure == null && hash != null && hashed <= b.seq) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          throw BlockPipeline.interrupted("interrupted while waiting for a block to be decompressed", e);
        }
      }
    }
    inFlight.poll();
    if (b.failure != null) {
      Throwable t = b.failure;
      b.failure = null;
      free.add(b);
      FailureLatch.rethrow(t);
    }
    return b;
  }

  /** Gives back a block that {@link #take} returned, once its content is no longer read. */
  void recycle(Block b) {
    b.result = null;
    b.dict = null;
    free.add(b);
  }

  /**
   * Forgets every block (in flight or free): tasks not started never run, and this waits for the
   * running ones to finish their block. An interrupt ends the wait early (the interrupt status is
   * kept); the running tasks then finish on their own, writing only into blocks no one reads.
   */
  void cancel() {
    boolean interrupted = false;
    synchronized (lock) {
      for (Block b : inFlight) {
        if (b.state == QUEUED) {
          b.state = CANCELLED;
        }
      }
      while (running > 0) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          interrupted = true;
          break;
        }
      }
    }
    inFlight.clear();
    free.clear();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
