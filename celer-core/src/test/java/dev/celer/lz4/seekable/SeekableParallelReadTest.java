package dev.celer.lz4.seekable;

import static dev.celer.lz4.seekable.SeekableTestData.blocks;
import static dev.celer.lz4.seekable.SeekableTestData.mixed;
import static dev.celer.lz4.seekable.SeekableTestData.seekable;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reads of several blocks decoded on several threads ({@link SeekableReadOptions.Builder#parallelism}):
 * the same bytes as one thread for seeded ranges, the same failure for a corrupt block in the
 * middle, the caller doing everything when the executor refuses, and option checks.
 */
class SeekableParallelReadTest {
  private static final long SEED = 0x9A8A_11E1L;
  private static ExecutorService pool;
  private static byte[] data;
  private static byte[] file;

  @BeforeAll
  static void setUp() throws IOException {
    pool = Executors.newFixedThreadPool(3);
    data = mixed(1_500_000, SEED);
    file = seekable(data, blocks(Lz4FrameOptions.BlockSize.SIZE_64KB));
  }

  @AfterAll
  static void tearDown() {
    pool.shutdownNow();
  }

  private static SeekableLz4Reader open(byte[] f, int p, Executor e) throws IOException {
    return SeekableLz4Reader.open(RandomAccessSource.of(f), SeekableReadOptions.builder().parallelism(p, e).build());
  }

  @Test
  void seededRangesGiveTheOriginalBytes() throws IOException {
    Random r = new Random(SEED);
    try (SeekableLz4Reader par = open(file, 4, pool)) {
      for (int t = 0; t < 300; t++) {
        long pos = r.nextInt(data.length);
        int len = r.nextInt(t % 3 == 0 ? 600_000 : 150_000);
        byte[] got = new byte[len + 10];
        int n = par.read(pos, got, 5, len);
        int want = (int) Math.min(len, data.length - pos);
        assertEquals(len == 0 ? 0 : want, n);
        assertArrayEquals(Arrays.copyOfRange(data, (int) pos, (int) pos + want), Arrays.copyOfRange(got, 5, 5 + want),
            "at " + pos + ", " + len + " bytes");
        assertTrue(got[0] == 0 && got[4] == 0 && (want < len || got[5 + want] == 0), "nothing outside the range");
      }
      assertArrayEquals(data, par.readFully(0, data.length), "the whole content at once");
    }
  }

  @Test
  void aCorruptBlockFailsAsOnOneThread() throws IOException {
    byte[] bad = file.clone();
    // spoil the middle of the file (a block's data: the checksum or the decode fails)
    for (int i = 0; i < 64; i++) {
      bad[bad.length / 2 + i] ^= 0x5A;
    }
    Lz4StreamException one;
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(bad))) {
      one = assertThrows(Lz4StreamException.class, () -> r.readFully(0, data.length));
    }
    for (int p : new int[] {2, 4, 8}) {
      try (SeekableLz4Reader r = open(bad, p, pool)) {
        Lz4StreamException par = assertThrows(Lz4StreamException.class, () -> r.readFully(0, data.length));
        assertEquals(one.getMessage(), par.getMessage());
        assertEquals(one.kind(), par.kind());
        assertEquals(one.offset(), par.offset());
      }
    }
  }

  @Test
  void theCallerDoesItAllWhenTheExecutorRefuses() throws IOException {
    AtomicInteger asked = new AtomicInteger();
    Executor refusing = task -> {
      asked.incrementAndGet();
      throw new RejectedExecutionException("full");
    };
    try (SeekableLz4Reader r = open(file, 3, refusing)) {
      assertArrayEquals(data, r.readFully(0, data.length));
    }
    assertTrue(asked.get() > 0);
    try (SeekableLz4Reader r = open(file, 3, Runnable::run)) { // tasks run inline, before the caller's share
      assertArrayEquals(data, r.readFully(0, data.length));
    }
  }

  @Test
  void tasksStartedLateTouchNothing() throws Exception {
    // an executor that holds the helpers back until the read has returned
    java.util.List<Runnable> held = new java.util.ArrayList<>();
    try (SeekableLz4Reader r = open(file, 4, held::add)) {
      byte[] got = r.readFully(0, data.length);
      assertArrayEquals(data, got);
      byte[] copy = got.clone();
      held.forEach(Runnable::run);
      assertArrayEquals(copy, got, "a late task finds no block left");
      assertEquals(3, held.size());
    }
  }

  @Test
  void optionsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> SeekableReadOptions.builder().parallelism(0, pool));
    assertThrows(IllegalArgumentException.class, () -> SeekableReadOptions.builder().parallelism(257, pool));
    assertThrows(NullPointerException.class, () -> SeekableReadOptions.builder().parallelism(2, null));
    SeekableReadOptions one = SeekableReadOptions.builder().parallelism(1, null).build();
    assertEquals(1, one.parallelism());
    assertEquals(null, one.executor());
    SeekableReadOptions four = SeekableReadOptions.builder().parallelism(4, pool).build();
    assertEquals(4, four.parallelism());
    assertSame(pool, four.executor());
    assertEquals(1, SeekableReadOptions.defaults().parallelism());
  }
}
