package dev.celer.arrow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.ForeignAllocation;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.rounding.SegmentRoundingPolicy;

/**
 * Memory for decompressed buffers that outlives them: when Arrow releases a decompressed buffer
 * (the next record batch is loaded, the root is closed), its memory goes back here and the next
 * buffer of about its size is decoded into it, instead of into memory fresh from {@code malloc},
 * whose every page the kernel must clear on first touch (a fifth of an LZ4 IPC read's time on
 * Arrow Java's default allocator; docs/arrow.md, "Benchmark"). pyarrow gets the same from its
 * jemalloc pool.
 *
 * <p>A decompressed buffer is still accounted to the reader's allocator, for its exact length (its
 * limit and leak checks apply as for any buffer): it is handed out through {@link
 * BufferAllocator#wrapForeignAllocation}, over memory this pool took from an allocator of its own
 * (the block under it may be up to a quarter larger, plus the rounding to 4 KB pages).
 * It shows exactly the bytes decoded into it; what a block held before lies beyond the buffer's
 * end, never within it (the codec checks that the frame filled the whole buffer before returning
 * it).
 *
 * <p>Bounds: buffers under {@link #minSize} come from the reader's allocator as before (small
 * allocations are cheap and reused by {@code malloc}); a free block is reused for a request of at
 * least four fifths of its size (a block's size: its first request rounded up to 4 KB pages); at
 * most {@link #maxFree} bytes are kept free, outside any reader's allocator, the oldest blocks
 * released first when more come back; free blocks stay until the JVM exits, even where the class
 * loader that loaded celer-arrow is discarded (one pool per such loader). A new block is
 * taken only when the reader's allocator has room for the buffer; where the pool cannot get
 * memory, or the reader's allocator takes no foreign memory, the buffer comes from the reader's
 * allocator as before.
 *
 * <p>Thread-safe.
 */
final class DecodedBufferPool {
  /** The system property that sets {@link #SHARED}'s {@link #maxFree}, in bytes (0: no reuse). */
  static final String KEPT_FREE_PROPERTY = "dev.celer.arrow.keptFree";

  /** The pool of every codec of {@link CelerCompressionFactory}: 64 MiB kept free, buffers from 256 KB. */
  static final DecodedBufferPool SHARED = new DecodedBufferPool(Long.getLong(KEPT_FREE_PROPERTY, 64L << 20), 256L << 10);

  /** At most this many bytes are kept in free blocks. */
  final long maxFree;
  /** Smaller buffers are not pooled. */
  final long minSize;

  /**
   * The free blocks, oldest first (the first released when over {@link #maxFree}); at most {@code
   * maxFree / minSize} of them, so a scan for the best fit is short.
   */
  private final ArrayDeque<ArrowBuf> free = new ArrayDeque<>();
  private long freeBytes;
  private BufferAllocator backing;

  DecodedBufferPool(long maxFree, long minSize) {
    this.maxFree = maxFree;
    this.minSize = minSize;
  }

  /**
   * A buffer of exactly {@code size} bytes (its capacity too) accounted to {@code allocator}, its
   * contents undefined (the caller writes every byte before anyone reads it).
   */
  ArrowBuf buffer(BufferAllocator allocator, long size) {
    if (size < minSize || maxFree < size) {
      return plain(allocator, size);
    }
    ArrowBuf block = take(size);
    if (block == null) {
      if (allocator.getHeadroom() < size) {
        return plain(allocator, size); // over the reader's limit: Arrow's own error, nothing taken
      }
      try {
        block = backing().buffer(size);
      } catch (OutOfMemoryException | OutOfMemoryError e) {
        clear(); // no native memory for a new block: give the free ones back, use the reader's
        return plain(allocator, size);
      }
    }
    Lease lease = new Lease(size, block);
    try {
      return allocator.wrapForeignAllocation(lease);
    } catch (UnsupportedOperationException e) {
      lease.release0(); // an allocator of its own kind that takes no foreign memory
      return plain(allocator, size);
    } catch (RuntimeException | Error e) {
      lease.release0(); // unless Arrow did (it does when it fails after accounting the buffer)
      throw e;
    }
  }

  /**
   * A buffer of the reader's allocator, its capacity cut to {@code size}: Arrow rounds what it
   * allocates up (to a power of two below its chunk size), and the bytes past {@code size} are
   * whatever that memory held before, possibly an earlier buffer's.
   */
  private static ArrowBuf plain(BufferAllocator allocator, long size) {
    ArrowBuf b = allocator.buffer(size);
    if (b.capacity() > size) {
      b.capacity(size);
    }
    return b;
  }

  /** @return the bytes now kept in free blocks */
  synchronized long freeBytes() {
    return freeBytes;
  }

  /** Releases every free block (tests; memory in use stays with its buffers). */
  synchronized void clear() {
    for (ArrowBuf b : free) {
      b.close();
    }
    free.clear();
    freeBytes = 0;
  }

  private synchronized BufferAllocator backing() {
    if (backing == null) {
      // page-sized rounding, not Arrow's default powers of two: a block is reused by size
      backing = new RootAllocator(AllocationListener.NOOP, Long.MAX_VALUE, new SegmentRoundingPolicy(4096L));
    }
    return backing;
  }

  /** The smallest free block of capacity {@code size} to {@code size * 5 / 4} (the oldest of equals), or null. */
  private synchronized ArrowBuf take(long size) {
    ArrowBuf best = null;
    for (ArrowBuf b : free) {
      long c = b.capacity();
      if (c >= size && c <= size + size / 4 && (best == null || c < best.capacity())) {
        best = b;
      }
    }
    if (best != null) {
      free.removeFirstOccurrence(best);
      freeBytes -= best.capacity();
    }
    return best;
  }

  private void give(ArrowBuf block) {
    List<ArrowBuf> release = new ArrayList<>(2);
    try {
      synchronized (this) {
        long c = block.capacity();
        release.add(block); // unless it is kept below
        if (c > maxFree) {
          return;
        }
        while (freeBytes + c > maxFree) { // the oldest free blocks make room
          ArrowBuf old = free.pollFirst();
          freeBytes -= old.capacity();
          release.add(old);
        }
        free.addLast(block); // (no memory to grow the list: the block is released with the others)
        release.remove(0);
        freeBytes += c;
      }
    } finally {
      for (ArrowBuf b : release) { // outside the pool's lock: freeing takes the backing allocator's
        b.close();
      }
    }
  }

  /**
   * One decompressed buffer's hold on a block: the block comes back once, however many times it is
   * released (Arrow releases it when the buffer's last reference goes, and also when wrapping it
   * fails after the allocator accounted it; {@link #buffer} releases it when wrapping fails).
   */
  private final class Lease extends ForeignAllocation {
    private final ArrowBuf block;
    private final AtomicBoolean released = new AtomicBoolean();

    Lease(long size, ArrowBuf block) {
      super(size, block.memoryAddress());
      this.block = block;
    }

    @Override
    protected void release0() {
      if (released.compareAndSet(false, true)) {
        give(block);
      }
    }
  }
}
