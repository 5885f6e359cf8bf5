package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Decompressed buffers on reused memory ({@link DecodedBufferPool}): accounted to the reader's
 * allocator for their exact length, the memory of a released buffer reused, nothing of an earlier
 * buffer visible in a later one, blocks back in the pool after a failed decompression, the reader's
 * limit kept, at most {@code maxFree} bytes kept, and many threads at once. Each test's own pool
 * (1 MiB kept free, buffers from 64 KB); the root allocator closes clean after every test.
 */
class DecodedBufferPoolTest extends LeakCheckedTest {
  private final DecodedBufferPool pool = new DecodedBufferPool(1 << 20, 64 << 10);
  private final CompressionCodec codec =
      new CelerLz4FrameCodec(Lz4Level.of(1), CelerLz4FrameCodec.DEFAULT_BLOCK_SIZE, pool);

  @AfterEach
  void releaseThePool() {
    pool.clear();
  }

  private static byte[] data(int n, long seed) {
    byte[] t = CelerCodecTest.text(n);
    Random r = new Random(seed);
    for (int i = 0; i < n; i += 1 + r.nextInt(64)) {
      t[i] = (byte) r.nextInt(); // differs from seed to seed
    }
    return t;
  }

  private ArrowBuf compressed(byte[] data) {
    ArrowBuf in = allocator.buffer(data.length);
    in.setBytes(0, data);
    in.writerIndex(data.length);
    return codec.compress(allocator, in);
  }

  private ArrowBuf decompressed(byte[] data) {
    return codec.decompress(allocator, compressed(data));
  }

  private static byte[] bytes(ArrowBuf b) {
    return CelerCodecTest.bytes(b);
  }

  @Test
  void aReleasedBufferIsReusedAndTheNewOneShowsOnlyItsOwnBytes() {
    byte[] first = data(300_000, 1);
    ArrowBuf a = decompressed(first);
    long address = a.memoryAddress();
    assertEquals(300_000, a.capacity());
    assertEquals(300_000, allocator.getAllocatedMemory(), "accounted to the reader, exactly");
    assertArrayEquals(first, bytes(a));
    a.close();
    assertEquals(0, allocator.getAllocatedMemory());
    assertEquals(303_104, pool.freeBytes(), "kept, in whole pages");

    byte[] second = data(250_000, 2); // at least four fifths of the block: reused
    ArrowBuf b = decompressed(second);
    assertEquals(address, b.memoryAddress());
    assertEquals(250_000, b.capacity());
    assertEquals(250_000, allocator.getAllocatedMemory());
    assertArrayEquals(second, bytes(b));
    assertThrows(IndexOutOfBoundsException.class, () -> b.getByte(250_000), "the first buffer's tail is out of reach");
    assertEquals(0, pool.freeBytes());

    ArrowBuf c = decompressed(data(300_000, 3)); // the block is in use: another one
    assertNotEquals(address, c.memoryAddress());
    b.close();
    ArrowBuf d = decompressed(data(100_000, 4)); // too small for a 300 KB block: not reused
    assertNotEquals(address, d.memoryAddress());
    c.close();
    d.close();
  }

  @Test
  void buffersUnderTheMinimumComeFromTheReadersAllocator() {
    ArrowBuf a = decompressed(data(10_000, 5));
    // Arrow allocates 16 KB for it; the 6 KB past the buffer's end are not within its reach
    assertEquals(10_000, a.capacity());
    assertThrows(IndexOutOfBoundsException.class, () -> a.getByte(10_000));
    a.close();
    assertEquals(0, pool.freeBytes());
  }

  @Test
  void aBlockLargerThanWhatIsKeptIsReleasedWithoutEmptyingThePool() {
    DecodedBufferPool small = new DecodedBufferPool(300_000, 64 << 10); // not a multiple of 4 KB
    CompressionCodec c = new CelerLz4FrameCodec(Lz4Level.of(1), CelerLz4FrameCodec.DEFAULT_BLOCK_SIZE, small);
    try {
      c.decompress(allocator, compressed(data(100_000, 20))).close();
      assertEquals(102_400, small.freeBytes());
      c.decompress(allocator, compressed(data(299_990, 21))).close(); // its block: 303,104 bytes
      assertEquals(102_400, small.freeBytes());
    } finally {
      small.clear();
    }
  }

  @Test
  void aFailedDecompressionGivesTheBlockBack() {
    byte[] good = data(400_000, 6);
    ArrowBuf c = compressed(good);
    // corrupt the last block's data: the frame fails to decode after the block was taken
    c.setByte(c.writerIndex() - 40, c.getByte(c.writerIndex() - 40) ^ 0x55);
    c.setByte(c.writerIndex() - 41, 0xF0);
    try {
      ArrowBuf out = codec.decompress(allocator, c); // a flip may still decode: then it has all the bytes
      assertEquals(400_000, out.writerIndex());
      out.close();
    } catch (IllegalArgumentException e) {
      c.close(); // left to its owner
    }
    assertEquals(0, allocator.getAllocatedMemory());
    assertEquals(401_408, pool.freeBytes(), "the block is back either way");
    ArrowBuf again = decompressed(good);
    assertArrayEquals(good, bytes(again));
    again.close();
  }

  @Test
  void theReadersLimitHolds() {
    try (BufferAllocator small = allocator.newChildAllocator("small", 0, 200_000)) {
      ArrowBuf c = compressed(data(300_000, 7));
      // the compressed buffer belongs to the parent; the output would exceed the child's limit
      assertThrows(OutOfMemoryException.class, () -> codec.decompress(small, c));
      c.close();
      assertEquals(0, pool.freeBytes(), "no block was taken for it");
    }
  }

  @Test
  void aBufferMovedToAnotherAllocatorComesBackWhenThatOneReleasesIt() {
    byte[] d = data(300_000, 8);
    try (BufferAllocator other = allocator.newChildAllocator("other", 0, Long.MAX_VALUE)) {
      ArrowBuf a = decompressed(d);
      ArrowBuf moved = a.getReferenceManager().transferOwnership(a, other).getTransferredBuffer();
      a.close();
      assertEquals(300_000, other.getAllocatedMemory());
      assertArrayEquals(d, bytes(moved));
      assertEquals(0, pool.freeBytes());
      moved.close();
    }
    assertEquals(303_104, pool.freeBytes());
  }

  /**
   * Arrow gives the memory back itself when wrapping fails after its allocator accounted the
   * buffer (here: a listener that throws); the block must come back once, not twice (twice would
   * hand one block to two buffers).
   */
  @Test
  void aWrapThatFailsAfterAccountingGivesTheBlockBackOnce() {
    AtomicBoolean armed = new AtomicBoolean();
    AllocationListener failing = new AllocationListener() {
      @Override
      public void onAllocation(long size) {
        if (armed.get()) {
          throw new IllegalStateException("the listener refuses " + size);
        }
      }
    };
    byte[] d = data(300_000, 9);
    try (BufferAllocator reader = new RootAllocator(failing, Long.MAX_VALUE)) {
      codec.decompress(reader, compressed(d)).close(); // a block in the pool
      assertEquals(303_104, pool.freeBytes());
      armed.set(true);
      ArrowBuf c = compressed(d);
      assertThrows(IllegalStateException.class, () -> codec.decompress(reader, c));
      c.close();
      armed.set(false);
      assertEquals(303_104, pool.freeBytes(), "the block came back once");
      ArrowBuf a = codec.decompress(reader, compressed(d));
      ArrowBuf b = codec.decompress(reader, compressed(d));
      assertNotEquals(a.memoryAddress(), b.memoryAddress(), "two buffers, two blocks");
      assertArrayEquals(d, bytes(a));
      assertArrayEquals(d, bytes(b));
      a.close();
      b.close();
    }
  }

  @Test
  void atMostMaxFreeIsKept() {
    List<ArrowBuf> held = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      held.add(decompressed(data(300_000, 10 + i)));
    }
    for (ArrowBuf b : held) {
      b.close();
    }
    assertTrue(pool.freeBytes() <= 1 << 20, "kept " + pool.freeBytes());
    assertEquals(3 * 303_104, pool.freeBytes(), "the newest three that fit");
  }

  @Test
  void manyThreadsDecodeIntoTheirOwnBuffers() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        long seed = 100 + t;
        done.add(threads.submit(() -> {
          Random r = new Random(seed);
          for (int i = 0; i < 40; i++) {
            byte[] d = data(70_000 + r.nextInt(400_000), r.nextLong());
            ArrowBuf b = decompressed(d);
            try {
              assertArrayEquals(d, bytes(b));
            } finally {
              b.close();
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      threads.shutdown();
    }
    assertTrue(pool.freeBytes() <= 1 << 20);
  }
}
