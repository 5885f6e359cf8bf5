package dev.celer.lz4.frame;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.frame.FrameWalker;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4Exception;
import dev.celer.xxhash.XxHash32;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The fast path of {@link Lz4Frame#decompress(byte[], Lz4FrameReadOptions, int, Executor)}: one
 * frame of independent blocks, held in memory, decoded by several threads each straight into its
 * place in the result, as the parallel seekable read does. The frame's blocks are walked first (in
 * place, nothing decoded); every block but the last of a frame written by {@code lz4} or Celer
 * decodes to exactly the frame's block size, so block {@code i} goes to {@code i × blockSize}.
 * The threads (the caller's and {@code parallelism - 1} tasks) take blocks in order from one
 * counter; the content checksum is computed in content order by whichever thread finds the next
 * block decoded, so no thread waits for another.
 *
 * <p>It is an optimistic path with no errors of its own: anything it does not expect (more than
 * one frame, data after it, linked blocks, a dictionary, a block shorter than the block size, a
 * corrupt block, a checksum mismatch, a limit) makes it give up and return {@code null}, and the
 * caller decodes the input the ordinary way, which gives the one result or the one error that
 * Celer gives for that input on every path. Only the executor's refusal and an interrupt of the
 * waiting caller come out of here, as the parallel stream reports them.
 */
final class ParallelOneShot {
  private ParallelOneShot() {}

  /**
   * @return the content of the single frame {@code src}, or {@code null} when this path does not
   *     apply or meets anything unexpected (then decode {@code src} the ordinary way)
   * @throws RejectedExecutionException when {@code executor} refuses a task
   * @throws UncheckedIOException wrapping {@link InterruptedIOException} when the caller is
   *     interrupted while it waits for the tasks
   */
  static byte[] tryDecode(byte[] src, Lz4FrameReadOptions options, int cap, int parallelism, Executor executor) {
    Blocks b;
    try {
      b = walk(src, options, cap);
    } catch (IOException | RuntimeException unexpected) {
      return null; // the ordinary path reports it
    }
    if (b == null) {
      return null;
    }
    Run run = new Run(src, b, options.verifyChecksums(), Math.min(cap, options.maxFrameContentSize()));
    if (!run.prepare()) {
      return null;
    }
    return run.decode(parallelism, executor) ? run.out : null;
  }

  /** Where the blocks of the frame are, and what the frame declares. */
  private static final class Blocks {
    FrameHeader header;
    int blockMax;
    final List<Block> list = new ArrayList<>();
    int contentChecksum;

    int count() {
      return list.size();
    }
  }

  /** One block: where its data starts in the source, its stored size, whether it is stored as is, its checksum (0 without). */
  private static final class Block {
    final int at;
    final int size;
    final boolean stored;
    final int checksum;

    Block(int at, int size, boolean stored, int checksum) {
      this.at = at;
      this.size = size;
      this.stored = stored;
      this.checksum = checksum;
    }
  }

  /** @return the blocks of {@code src} when it is one frame this path takes, else {@code null} */
  private static Blocks walk(byte[] src, Lz4FrameReadOptions options, int cap) throws IOException {
    FrameWalker w = new FrameWalker(new SourceReader(src, 0, src.length), options.headerChecksum());
    if (!w.nextFrame() || w.frameType() != FrameWalker.FrameType.LZ4) {
      return null;
    }
    Blocks b = new Blocks();
    b.header = w.header();
    FrameHeader h = b.header;
    if (!h.blockIndependence() || h.hasDictId() || options.dictionaryFor(false, 0) != null) {
      return null;
    }
    b.blockMax = h.blockSize().bytes();
    // Every block but the last must decode to blockMax bytes. LZ4 writes fewer than 255 bytes per
    // input byte, so a compressed block under blockMax / 256 bytes cannot: once another block
    // follows one like that, this path is out. That also bounds the list by the input's length
    // (a frame of tiny blocks gets no object per block here).
    int fullFrom = b.blockMax / 256;
    Block previous = null;
    while (w.nextBlock()) {
      if (previous != null && (previous.stored ? previous.size != b.blockMax : previous.size < fullFrom)) {
        return null;
      }
      boolean stored = w.blockStored();
      int size = w.blockSize();
      int at = w.readBlockInPlace();
      previous = new Block(at, size, stored, h.blockChecksum() ? w.blockChecksum() : 0);
      b.list.add(previous);
    }
    b.contentChecksum = h.contentChecksum() ? w.contentChecksum() : 0;
    if (w.offset() != src.length || b.count() < 2) {
      return null; // data after the frame (more frames, skippable ones, garbage), or nothing to share
    }
    long most = (long) b.count() * b.blockMax;
    long least = (long) (b.count() - 1) * b.blockMax + 1;
    if (h.hasContentSize() && (Long.compareUnsigned(h.contentSize(), least) < 0
        || Long.compareUnsigned(h.contentSize(), most) > 0)) {
      return null;
    }
    if (Math.min(cap, options.maxFrameContentSize()) < least) {
      return null; // over a limit at least: the ordinary path says which
    }
    return b;
  }

  /** One decode: the result, the block counter, and the content checksum's cursor. */
  private static final class Run implements Runnable {
    final byte[] src;
    final Blocks b;
    final boolean verify;
    /** The most bytes the result may have (the one-shot cap, the frame limit). */
    final long limit;
    final int last;
    byte[] out;
    /** The last block decoded ahead (when the frame does not declare its size), or null. */
    byte[] lastBlock;
    final AtomicInteger next = new AtomicInteger();
    /** Set on anything unexpected, or when the caller stops waiting: threads stop taking blocks. */
    volatile boolean failed;
    /** 1 for each block decoded. */
    final AtomicIntegerArray done;
    final XxHash32 hash;
    /** Blocks finished and not yet looked at by the hashing thread (see {@link #finished}). */
    final AtomicInteger pending = new AtomicInteger();
    /** The next block in content order to be hashed (the hashing thread's). */
    int hashed;
    /** Threads inside run() (guarded by this). */
    int active;

    Run(byte[] src, Blocks b, boolean verify, long limit) {
      this.src = src;
      this.b = b;
      this.verify = verify;
      this.limit = limit;
      this.last = b.count() - 1;
      this.done = new AtomicIntegerArray(b.count());
      this.hash = verify && b.header.contentChecksum() ? XxHash32.create(0) : null;
    }

    /** Sizes the result: the declared size, or the last block's decoded size after the others. */
    boolean prepare() {
      long total;
      if (b.header.hasContentSize()) {
        total = b.header.contentSize();
      } else {
        byte[] t = new byte[b.blockMax];
        int n = decodeBlock(last, t, 0, b.blockMax, false);
        if (n <= 0) {
          return false;
        }
        lastBlock = n == t.length ? t : java.util.Arrays.copyOf(t, n);
        total = (long) last * b.blockMax + n;
      }
      if (total > limit || total > Integer.MAX_VALUE - 8) {
        return false;
      }
      out = new byte[(int) total];
      return true;
    }

    /**
     * Decodes block {@code i} into {@code dst[off, off + want)}.
     *
     * @param exact whether the block must decode to exactly {@code want} bytes (else 1..want)
     * @return its length, or -1 when it is not that long or fails a check
     */
    int decodeBlock(int i, byte[] dst, int off, int want, boolean exact) {
      Block k = b.list.get(i);
      int at = k.at;
      int size = k.size;
      if (verify && b.header.blockChecksum() && XxHash32.hash(src, at, size, 0) != k.checksum) {
        return -1;
      }
      int n;
      if (k.stored) {
        if (size > want) {
          return -1;
        }
        System.arraycopy(src, at, dst, off, size);
        n = size;
      } else {
        try {
          n = BlockCodec.decompress(src, at, size, dst, off, want, null, 0, 0);
        } catch (Lz4Exception e) {
          return -1;
        }
      }
      return n == want || !exact && n > 0 ? n : -1;
    }

    @Override
    public void run() {
      synchronized (this) {
        active++;
      }
      try {
        while (!failed) {
          int i = next.getAndIncrement();
          if (i > last) {
            return;
          }
          int off = i * b.blockMax;
          if (i == last && lastBlock != null) {
            System.arraycopy(lastBlock, 0, out, off, lastBlock.length);
          } else if (decodeBlock(i, out, off, i == last ? out.length - off : b.blockMax, true) < 0) {
            failed = true;
            return;
          }
          finished(i);
        }
      } catch (RuntimeException | Error e) {
        failed = true;
      } finally {
        synchronized (this) {
          if (--active == 0) {
            notifyAll();
          }
        }
      }
    }

    /**
     * Marks block {@code i} decoded and hashes every block now next in content order. One thread
     * hashes at a time (the one that finds {@link #pending} at 0); a block finished meanwhile
     * raises it, so the hashing thread looks again before it leaves.
     */
    private void finished(int i) {
      if (hash == null) {
        return;
      }
      done.set(i, 1);
      if (pending.getAndIncrement() != 0) {
        return;
      }
      int missed = 1;
      do {
        while (hashed <= last && done.get(hashed) == 1) {
          int off = hashed * b.blockMax;
          hash.update(out, off, hashed == last ? out.length - off : b.blockMax);
          hashed++;
        }
        missed = pending.addAndGet(-missed);
      } while (missed != 0);
    }

    /** @return true when every block decoded as expected and the content checksum matches */
    boolean decode(int parallelism, Executor executor) {
      RejectedExecutionException refused = null;
      int helpers = Math.min(parallelism - 1, last);
      for (int t = 0; t < helpers; t++) {
        try {
          executor.execute(this);
        } catch (RejectedExecutionException e) {
          refused = e;
          break;
        }
      }
      if (refused != null) {
        failed = true;
        throw refused; // as the parallel stream reports it; the running tasks only touch our array
      }
      run();
      synchronized (this) {
        while (active > 0) {
          try {
            wait();
          } catch (InterruptedException e) {
            failed = true; // the tasks stop at their next block; they only touch our array
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new InterruptedIOException("interrupted while decoding a frame in parallel"));
          }
        }
      }
      if (failed || next.get() <= last) {
        return false;
      }
      return hash == null || hashed > last && hash.digest() == b.contentChecksum;
    }
  }
}
