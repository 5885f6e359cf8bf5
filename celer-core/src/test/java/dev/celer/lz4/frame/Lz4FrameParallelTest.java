package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The parallel path of {@link Lz4FrameOutputStream}: the same bytes as one thread, a bounded
 * number of blocks in flight, and the failure rules of the stream (a failure latches; later calls
 * fail) for the underlying stream failing at write N, a task throwing, the executor refusing a
 * task and the writing thread being interrupted.
 */
class Lz4FrameParallelTest {
  private static final Lz4FrameOptions SMALL_BLOCKS =
      Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build();
  private static ExecutorService pool;

  @BeforeAll
  static void startPool() {
    pool = Executors.newFixedThreadPool(3);
  }

  @AfterAll
  static void stopPool() {
    pool.shutdownNow();
  }

  private static List<Lz4FrameOptions> options(int contentSize) {
    byte[] dict = mixed(10_000, 1);
    return List.of(
        SMALL_BLOCKS,
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).contentChecksum(false).build(),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_256KB).contentSize(contentSize)
            .dictionary(dict).dictionaryId(7).build(),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).level(9).build(),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).build(),
        Lz4FrameOptions.builder().legacy(true).build(),
        Lz4FrameOptions.defaults());
  }

  /** Writes {@code in} in pieces of random sizes (single bytes too) with an occasional flush, the same for a given seed. */
  private static byte[] write(byte[] in, Lz4FrameOptions o, int parallelism, Executor executor, long seed) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Random r = new Random(seed);
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o, parallelism, executor)) {
      int p = 0;
      while (p < in.length) {
        int kind = r.nextInt(20);
        int n = Math.min(in.length - p, kind == 0 ? 1 : kind == 1 ? 300_000 : r.nextInt(70_000));
        if (n == 1) {
          out.write(in[p]);
        } else {
          out.write(in, p, n);
        }
        p += n;
        if (kind == 2) {
          out.flush();
        }
      }
    }
    return bytes.toByteArray();
  }

  @Test
  void parallelWritesTheBytesOfOneThread() throws IOException {
    byte[] in = mixed(1_300_000, 21);
    Executor direct = Runnable::run;
    for (Lz4FrameOptions o : options(in.length)) {
      for (long seed : new long[] {1, 2}) {
        byte[] expected = write(in, o, 1, null, seed);
        assertBytes(expected, write(in, o, 2, pool, seed), "parallelism 2, seed " + seed + ", " + o);
        assertBytes(expected, write(in, o, 5, pool, seed), "parallelism 5, seed " + seed + ", " + o);
        assertBytes(expected, write(in, o, 3, direct, seed), "a caller-runs executor, seed " + seed + ", " + o);
      }
      // one large write of everything, as the CLI does it
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o, 2, pool)) {
        out.write(in);
      }
      assertBytes(Lz4Frame.compress(in, o), bytes.toByteArray(), "one write, " + o);
    }
  }

  /**
   * The tasks compute the content checksum in input order among themselves: an executor that runs
   * the newest waiting task first (a stack), so blocks are often encoded out of order and a later
   * task adds the earlier blocks to the hash, still gives the bytes of one thread; so does a pool
   * of one thread.
   */
  @Test
  void contentChecksumInOrderWhateverOrderTheTasksRunIn() throws IOException {
    byte[] in = mixed(2_000_000, 31);
    ThreadPoolExecutor newestFirst = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingDeque<>() {
      @Override
      public boolean offer(Runnable r) {
        return offerFirst(r);
      }
    });
    ExecutorService single = Executors.newSingleThreadExecutor();
    try {
      for (Lz4FrameOptions o : List.of(SMALL_BLOCKS, SMALL_BLOCKS.toBuilder().blockChecksum(true).build(),
          SMALL_BLOCKS.toBuilder().contentChecksum(false).build())) {
        byte[] expected = Lz4Frame.compress(in, o);
        for (int parallelism : new int[] {2, 3, 8}) {
          for (Executor e : new Executor[] {newestFirst, single}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o, parallelism, e)) {
              for (int p = 0; p < in.length; p += 200_000) {
                out.write(in, p, Math.min(200_000, in.length - p));
              }
            }
            assertBytes(expected, bytes.toByteArray(), "parallelism " + parallelism + ", " + e + ", " + o);
            assertArrayEquals(in, Lz4Frame.decompress(bytes.toByteArray()));
          }
        }
      }
    } finally {
      newestFirst.shutdownNow();
      single.shutdownNow();
    }
  }

  /** An input that gives at most {@code piece} bytes a read and, from byte {@code failAt} on, throws. */
  private static final class PiecesThenFailure extends java.io.InputStream {
    final IOException failure = new IOException("read error");
    final byte[] data;
    final int piece;
    final int failAt;
    int pos;

    PiecesThenFailure(byte[] data, int piece, int failAt) {
      this.data = data;
      this.piece = piece;
      this.failAt = failAt;
    }

    @Override
    public int read() {
      throw new AssertionError("the stream reads into arrays");
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (pos >= failAt) {
        throw failure;
      }
      if (pos == data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, piece), Math.min(data.length, failAt) - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }
  }

  /**
   * {@code transferFrom} reads into the stream's own block buffers and gives the bytes of writing
   * the same data, on one thread and in parallel, for every kind of frame, whatever the size of
   * the reads, after a write and before one.
   */
  @Test
  void transferFromGivesTheBytesOfWrite() throws IOException {
    byte[] in = mixed(1_300_000, 41);
    for (Lz4FrameOptions o : options(in.length)) {
      byte[] expected = Lz4Frame.compress(in, o);
      for (int parallelism : new int[] {1, 2}) {
        for (int piece : new int[] {1000, 65_536, 300_000}) {
          ByteArrayOutputStream bytes = new ByteArrayOutputStream();
          try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o, parallelism, pool)) {
            out.write(in, 0, 100_000);
            byte[] middle = java.util.Arrays.copyOfRange(in, 100_000, in.length - 10);
            assertEquals(middle.length, out.transferFrom(new PiecesThenFailure(middle, piece, Integer.MAX_VALUE)));
            out.write(in, in.length - 10, 10);
            assertEquals(in.length, out.bytesWritten());
          }
          assertBytes(expected, bytes.toByteArray(), "parallelism " + parallelism + ", reads of " + piece + ", " + o);
        }
      }
    }
  }

  /**
   * A failing input does not latch: what was read before the failure is written, and the frame
   * can still be finished; reading past an announced content size is refused without latching.
   */
  @Test
  void transferFromInputFailureDoesNotLatch() throws IOException {
    byte[] in = mixed(500_000, 42);
    for (int parallelism : new int[] {1, 2}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      PiecesThenFailure failing = new PiecesThenFailure(in, 40_000, 200_000);
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, SMALL_BLOCKS, parallelism, pool)) {
        assertSame(failing.failure, assertThrows(IOException.class, () -> out.transferFrom(failing)));
        assertEquals(200_000, out.bytesWritten());
        out.write(in, 200_000, in.length - 200_000); // the stream goes on
      }
      assertArrayEquals(in, Lz4Frame.decompress(bytes.toByteArray()), "parallelism " + parallelism);

      Lz4FrameOptions sized = SMALL_BLOCKS.toBuilder().contentSize(300_000).build();
      ByteArrayOutputStream sizedBytes = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(sizedBytes, sized, parallelism, pool)) {
        IOException e = assertThrows(IOException.class,
            () -> out.transferFrom(new PiecesThenFailure(in, 50_000, Integer.MAX_VALUE)));
        assertTrue(e.getMessage().contains("content size exceeded"), e.getMessage());
        assertEquals(300_000, out.bytesWritten(), "the reads that fitted were written");
      }
      assertArrayEquals(java.util.Arrays.copyOf(in, 300_000), Lz4Frame.decompress(sizedBytes.toByteArray()));

      Lz4FrameOutputStream closed = new Lz4FrameOutputStream(new ByteArrayOutputStream(), SMALL_BLOCKS, parallelism, pool);
      closed.close();
      assertThrows(IOException.class, () -> closed.transferFrom(new PiecesThenFailure(in, 1, 10)));
    }
  }

  /**
   * An input that returns 0 bytes forever ends transferFrom with an {@link IOException} instead of
   * a hang, and one that returns 0 bytes a few times is read on; an input that claims to have read
   * more than it was asked for is refused. Neither latches: the frame can still be finished.
   */
  @Test
  void transferFromBoundsEmptyReadsAndRefusesImpossibleCounts() throws IOException {
    byte[] in = mixed(200_000, 44);
    for (int parallelism : new int[] {1, 2}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, SMALL_BLOCKS, parallelism, pool)) {
        java.io.InputStream stalls = new java.io.InputStream() {
          int calls;
          int pos;

          @Override
          public int read() {
            throw new AssertionError("transferFrom reads arrays");
          }

          @Override
          public int read(byte[] b, int off, int len) {
            // the first 70,000 bytes in reads of at most 10,000, each after three empty reads; then
            // nothing, forever
            if (++calls % 4 != 0 || pos == 70_000) {
              return 0;
            }
            int n = Math.min(len, Math.min(10_000, 70_000 - pos));
            System.arraycopy(in, pos, b, off, n);
            pos += n;
            return n;
          }
        };
        IOException e = assertThrows(IOException.class, () -> out.transferFrom(stalls));
        assertTrue(e.getMessage().contains("no data"), e.getMessage());
        assertEquals(70_000, out.bytesWritten());
        java.io.InputStream boasting = new java.io.InputStream() {
          @Override
          public int read() {
            throw new AssertionError("transferFrom reads arrays");
          }

          @Override
          public int read(byte[] b, int off, int len) {
            return len + 1;
          }
        };
        e = assertThrows(IOException.class, () -> out.transferFrom(boasting));
        assertTrue(e.getMessage().contains("claims"), e.getMessage());
        out.write(in, 70_000, in.length - 70_000);
      }
      assertArrayEquals(in, Lz4Frame.decompress(bytes.toByteArray()), "parallelism " + parallelism);
    }
  }

  /** An underlying stream failing while transferFrom writes latches, as for write. */
  @Test
  void transferFromUnderlyingFailureLatches() {
    byte[] in = mixed(1_000_000, 43);
    for (int n = 1; n <= 9; n += 2) {
      FailingAt sink = new FailingAt(n);
      Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 2, pool);
      boolean[] inClose = {false};
      Throwable first = assertThrows(IOException.class, () -> {
        out.transferFrom(new PiecesThenFailure(in, 30_000, Integer.MAX_VALUE));
        inClose[0] = true;
        out.close();
      });
      assertSame(sink.failure, first, "write " + n);
      assertLatched(out, new Failure(first, inClose[0]));
      assertTrue(sink.closed);
    }
  }

  @Test
  void emptyAndTinyFrames() throws IOException {
    for (int n : new int[] {0, 1, 100, 65_536, 65_537}) {
      byte[] in = mixed(n, n);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, SMALL_BLOCKS, 4, pool)) {
        out.write(in);
      }
      assertBytes(Lz4Frame.compress(in, SMALL_BLOCKS), bytes.toByteArray(), n + " bytes");
    }
  }

  @Test
  void atMostTwoBlocksPerThreadInFlight() throws IOException {
    byte[] in = mixed(3_000_000, 3);
    AtomicInteger submitted = new AtomicInteger();
    AtomicInteger writes = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    OutputStream counting = new OutputStream() {
      @Override
      public void write(int b) {
        throw new AssertionError("the stream writes whole arrays");
      }

      @Override
      public void write(byte[] b, int off, int len) {
        writes.incrementAndGet();
      }
    };
    Lz4FrameOptions o = Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build();
    Executor watching = task -> {
      // blocks handed out and not yet written: the header is the first write, then one per block
      int inFlight = submitted.incrementAndGet() - Math.max(0, writes.get() - 1);
      most.accumulateAndGet(inFlight, Math::max);
      pool.execute(task);
    };
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(counting, o, 3, watching)) {
      for (int p = 0; p < in.length; p += 10_000) {
        out.write(in, p, Math.min(10_000, in.length - p));
      }
    }
    assertEquals(in.length / 65_536 + 1, submitted.get());
    assertTrue(most.get() <= 6, "at most 2 x 3 blocks in flight, saw " + most.get());
  }

  @Test
  void argumentsAreChecked() {
    OutputStream sink = OutputStream.nullOutputStream();
    assertThrows(IllegalArgumentException.class, () -> new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 0, pool));
    assertThrows(IllegalArgumentException.class,
        () -> new Lz4FrameOutputStream(sink, SMALL_BLOCKS, Lz4FrameOutputStream.MAX_PARALLELISM + 1, pool));
    assertThrows(NullPointerException.class, () -> new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 2, null));
    assertEquals(2, new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 2, pool).parallelism());
    Lz4FrameOptions linked = SMALL_BLOCKS.toBuilder().linkedBlocks(true).build();
    assertEquals(1, new Lz4FrameOutputStream(sink, linked, 4, null).parallelism(), "linked blocks use one thread");
  }

  /** An underlying stream whose write number {@code failAt} (1-based) fails. */
  private static final class FailingAt extends OutputStream {
    final ByteArrayOutputStream sink = new ByteArrayOutputStream();
    final IOException failure = new IOException("disk full");
    final int failAt;
    int writes;
    boolean closed;

    FailingAt(int failAt) {
      this.failAt = failAt;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (++writes == failAt) {
        throw failure;
      }
      sink.write(b, off, len);
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  /** The first failure, and whether {@code close()} threw it (then it was reported already). */
  private static final class Failure {
    private final Throwable first;
    private final boolean inClose;

    Failure(Throwable first, boolean inClose) {
      this.first = first;
      this.inClose = inClose;
    }

    Throwable first() {
      return first;
    }

    boolean inClose() {
      return inClose;
    }
  }

  /** Writes {@code in} and closes, until a call throws; @return what it threw, and where */
  private static Failure firstFailure(Lz4FrameOutputStream out, byte[] in) {
    boolean inClose = false;
    try {
      for (int p = 0; p < in.length; p += 50_000) {
        out.write(in, p, Math.min(50_000, in.length - p));
      }
      inClose = true;
      out.close();
    } catch (IOException | RuntimeException | Error e) {
      return new Failure(e, inClose);
    }
    throw new AssertionError("nothing failed");
  }

  /**
   * After the first failure: every call but close fails with it as the cause; close reports it
   * once (unless it was close that threw it) and a second close does nothing.
   */
  private static void assertLatched(Lz4FrameOutputStream out, Failure f) {
    Throwable first = f.first();
    assertSame(first, assertThrows(IOException.class, () -> out.write(1)).getCause());
    assertSame(first, assertThrows(IOException.class, () -> out.write(new byte[100_000])).getCause());
    assertSame(first, assertThrows(IOException.class, out::flush).getCause());
    if (!f.inClose()) {
      assertSame(first, assertThrows(IOException.class, out::close).getCause());
    }
    assertDoesNotThrow(out::close, "a second close does nothing");
    assertSame(first, assertThrows(IOException.class, () -> out.write(1)).getCause(), "still latched after close");
  }

  @Test
  void underlyingStreamFailingAtWriteN() {
    byte[] in = mixed(1_000_000, 5);
    for (int n = 1; n <= 17; n += 2) { // the header, blocks, the end mark (17 writes in all)
      FailingAt sink = new FailingAt(n);
      Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 2, pool);
      Failure first = firstFailure(out, in);
      assertSame(sink.failure, first.first(), "write " + n);
      assertLatched(out, first);
      assertTrue(sink.closed, "the underlying stream is closed");
      // no frame end was written, so a reader never takes the frame for complete
      byte[] written = sink.sink.toByteArray();
      if (n > 1) {
        assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(written), "write " + n);
      }
    }
  }

  @Test
  void taskThrowingSurfacesAsItIsAndLatches() {
    byte[] in = mixed(1_000_000, 6);
    for (int failing : new int[] {0, 3, 14}) {
      for (Throwable injected : new Throwable[] {new IllegalStateException("codec bug"), new OutOfMemoryError("injected")}) {
        AtomicInteger block = new AtomicInteger();
        FailingAt sink = new FailingAt(-1);
        Lz4FrameBlockEncoder enc = Lz4FrameBlockEncoder.of(SMALL_BLOCKS);
        Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 2, pool, (src, len, dst) -> {
          if (block.getAndIncrement() == failing) {
            sneakyThrow(injected);
          }
          return enc.encode(src, 0, len, dst, 0);
        });
        Failure first = firstFailure(out, in);
        assertSame(injected, first.first(), "block " + failing);
        assertLatched(out, first);
        assertTrue(sink.closed);
        byte[] written = sink.sink.toByteArray();
        assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(written), "block " + failing);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
    throw (T) t;
  }

  @Test
  void executorRefusingATaskLatches() {
    RejectedExecutionException refused = new RejectedExecutionException("pool shut down");
    AtomicInteger tasks = new AtomicInteger();
    Executor refusingThird = task -> {
      if (tasks.incrementAndGet() == 3) {
        throw refused;
      }
      pool.execute(task);
    };
    FailingAt sink = new FailingAt(-1);
    Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 2, refusingThird);
    Failure first = firstFailure(out, mixed(1_000_000, 7));
    assertSame(refused, first.first());
    assertLatched(out, first);
  }

  @Test
  void interruptWhileWaitingLatchesAndKeepsTheInterruptStatus() throws IOException {
    List<Runnable> held = new ArrayList<>();
    Executor holding = held::add; // accepts tasks and never runs them (until cancelled)
    FailingAt sink = new FailingAt(-1);
    Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, SMALL_BLOCKS, 2, holding);
    byte[] block = mixed(65_536, 8);
    for (int i = 0; i < 3; i++) {
      out.write(block); // three blocks in flight, none finished: no wait yet
    }
    assertEquals(3, held.size());
    Thread.currentThread().interrupt();
    InterruptedIOException e;
    try {
      e = assertThrows(InterruptedIOException.class, () -> out.write(block)); // the fourth waits for the first
    } finally {
      assertTrue(Thread.interrupted(), "the interrupt status is kept");
    }
    assertLatched(out, new Failure(e, false));
    assertTrue(sink.closed);
    for (Runnable r : held) {
      assertTrue(((Future<?>) r).isCancelled(), "blocks in flight are cancelled after the failure");
    }
  }
}
