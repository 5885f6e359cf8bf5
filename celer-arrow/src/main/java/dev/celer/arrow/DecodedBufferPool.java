package dev.celer.arrow;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.ForeignAllocation;
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
 * BufferAllocator#wrapForeignAllocation}, over memory this pool took from an allocator of its own.
 * It shows exactly the bytes decoded into it; what a block held before lies beyond the buffer's
 * end, never within it (the codec checks that the frame filled the whole buffer before returning
 * it).
 *
 * <p>Bounds: buffers under {@link #minSize} come from the reader's allocator as before (small
 * allocations are cheap and reused by {@code malloc}); a free block is reused for a request of at
 * least four fifths of its size; at most {@link #maxFree} bytes are kept free, the oldest blocks
 * released first when more come back. Memory in use is bounded by the readers' allocators; a new
 * block is taken only when the reader's allocator has the room for it.
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

  /** Free blocks by capacity, each list oldest first. */
  private final TreeMap<Long, ArrayDeque<ArrowBuf>> free = new TreeMap<>();
  /** The blocks in {@link #free}, oldest first, for releasing the oldest when over {@link #maxFree}. */
  private final ArrayDeque<ArrowBuf> age = new ArrayDeque<>();
  private long freeBytes;
  private BufferAllocator backing;

  DecodedBufferPool(long maxFree, long minSize) {
    this.maxFree = maxFree;
    this.minSize = minSize;
  }

  /**
   * A buffer of exactly {@code size} bytes accounted to {@code allocator}, its contents undefined
   * (the caller writes every byte before anyone reads it).
   */
  ArrowBuf buffer(BufferAllocator allocator, long size) {
    if (size < minSize || maxFree < size) {
      return allocator.buffer(size);
    }
    ArrowBuf block = take(size);
    if (block == null) {
      if (allocator.getHeadroom() < size) {
        return allocator.buffer(size); // over the reader's limit: Arrow's own error, nothing taken
      }
      block = backing().buffer(size);
    }
    Lease lease = new Lease(size, block);
    try {
      return allocator.wrapForeignAllocation(lease);
    } catch (RuntimeException | Error e) {
      lease.release0(); // unless Arrow did (it does when it fails after accounting the buffer)
      throw e;
    }
  }

  /** @return the bytes now kept in free blocks */
  synchronized long freeBytes() {
    return freeBytes;
  }

  /** Releases every free block (tests; memory in use stays with its buffers). */
  synchronized void clear() {
    for (ArrowBuf b : age) {
      b.close();
    }
    age.clear();
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

  /** The oldest free block of capacity {@code size} to {@code size * 5 / 4}, or null. */
  private synchronized ArrowBuf take(long size) {
    Map.Entry<Long, ArrayDeque<ArrowBuf>> e = free.ceilingEntry(size);
    if (e == null || e.getKey() > size + size / 4) {
      return null;
    }
    ArrowBuf b = e.getValue().pollFirst();
    if (e.getValue().isEmpty()) {
      free.remove(e.getKey());
    }
    age.remove(b);
    freeBytes -= b.capacity();
    return b;
  }

  private synchronized void give(ArrowBuf block) {
    long c = block.capacity();
    while (freeBytes + c > maxFree && !age.isEmpty()) {
      ArrowBuf old = age.pollFirst();
      ArrayDeque<ArrowBuf> same = free.get(old.capacity());
      same.remove(old);
      if (same.isEmpty()) {
        free.remove(old.capacity());
      }
      freeBytes -= old.capacity();
      old.close();
    }
    if (freeBytes + c > maxFree) {
      block.close();
      return;
    }
    free.computeIfAbsent(c, k -> new ArrayDeque<>()).addLast(block);
    age.addLast(block);
    freeBytes += c;
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
