package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.concat;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static dev.celer.lz4.frame.FrameTestSupport.random;
import static dev.celer.lz4.frame.FrameTestSupport.skippable;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The parallel path of {@link Lz4FrameInputStream}: the same content, errors and offsets as one
 * thread on every kind of frame (independent, linked, legacy, dictionary, stored blocks,
 * concatenated and skippable frames), corrupted and truncated late blocks, a bounded read-ahead,
 * and the failure rules: a task's failure, the executor refusing a task, an interrupt while
 * waiting, and close() dropping the blocks in flight with no task left running.
 */
class Lz4FrameParallelDecodeTest {
  private static final ExecutorService pool = FrameTestSupport.POOL;

  private static final Lz4FrameOptions.BlockSize B64K = Lz4FrameOptions.BlockSize.SIZE_64KB;

  /** Frames of many kinds, one after another, with skippable frames between them. */
  private static byte[] mixedFrames(byte[] data, byte[] dict) {
    return concat(
        Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).blockChecksum(true).build()),
        skippable(3, new byte[100]),
        Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).linkedBlocks(true).build()),
        Lz4Frame.compress(data, Lz4FrameOptions.builder().legacy(true).build()),
        Lz4Frame.compress(random(300_000, 5), Lz4FrameOptions.builder().blockSize(B64K).blockChecksum(true)
            .contentSize(300_000).build()), // stored blocks
        Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).dictionary(dict).dictionaryId(9).build()),
        Lz4Frame.compress(new byte[0], Lz4FrameOptions.defaults()),
        Lz4Frame.compress(data, Lz4FrameOptions.defaults()));
  }

  private static Lz4FrameReadOptions readOptions(byte[] dict) {
    return Lz4FrameReadOptions.builder().dictionary(9, dict).build();
  }

  /** Reads {@code in} to its end (or its first failure) in reads of {@code chunk} bytes, and closes it. */
  private static Failure read(InputStream in, int chunk) {
    try (in) {
      return readUnchecked(in, chunk);
    } catch (IOException e) {
      throw new AssertionError("close() failed", e);
    }
  }

  /** Reads {@code frames} on one thread and in parallel, and checks both give the same content and error. */
  private static Failure assertSameAsSequential(byte[] frames, Lz4FrameReadOptions o, int parallelism, String what) {
    Failure seq = read(new Lz4FrameInputStream(new ByteArrayInputStream(frames), o), 10_000);
    Failure par = read(new Lz4FrameInputStream(new ByteArrayInputStream(frames), o, parallelism, pool), 10_000);
    assertBytes(seq.data, par.data, what);
    assertEquals(String.valueOf(seq.failure), String.valueOf(par.failure), what);
    if (seq.failure instanceof Lz4StreamException) {
      assertEquals(((Lz4StreamException) seq.failure).offset(), ((Lz4StreamException) par.failure).offset(), what);
      assertEquals(((Lz4StreamException) seq.failure).kind(), ((Lz4StreamException) par.failure).kind(), what);
    }
    return par;
  }

  @Test
  void everyKindOfFrameReadsAsOnOneThread() throws IOException {
    byte[] data = mixed(700_000, 3);
    byte[] dict = mixed(20_000, 4);
    byte[] frames = mixedFrames(data, dict);
    for (int p : new int[] {1, 2, 3, 8}) { // 1: one block at a time on the pool, ahead of the reader
      Failure r = assertSameAsSequential(frames, readOptions(dict), p, "parallelism " + p);
      assertEquals(null, r.failure);
      try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(frames), readOptions(dict), p, pool)) {
        assertEquals(p, in.parallelism());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        assertBytes(r.data, out.toByteArray(), "transferTo, parallelism " + p);
      }
    }
    Lz4FrameInputStream one = new Lz4FrameInputStream(new ByteArrayInputStream(frames), readOptions(dict), 1, (Executor) null);
    assertEquals(1, one.parallelism());
    assertBytes(read(one, 777).data, read(new Lz4FrameInputStream(new ByteArrayInputStream(frames), readOptions(dict)),
        777).data, "parallelism 1");
  }

  @Test
  void oneShotAsOnOneThread() throws IOException {
    byte[] data = mixed(700_000, 3);
    byte[] dict = mixed(20_000, 4);
    byte[] frames = mixedFrames(data, dict);
    Lz4FrameReadOptions o = readOptions(dict);
    assertBytes(Lz4Frame.decompress(frames, o), Lz4Frame.decompress(frames, o, 2, pool), "one-shot");
    assertBytes(Lz4Frame.decompress(frames, o), Lz4Frame.decompress(frames, o, 1, null), "one-shot, one thread");
    byte[] bad = frames.clone();
    bad[bad.length / 3] ^= 0x40;
    Lz4StreamException seq = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(bad, o));
    Lz4StreamException par = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(bad, o, 3, pool));
    assertEquals(seq.kind() + " at " + seq.offset(), par.kind() + " at " + par.offset());
    Lz4FrameReadOptions small = o.toBuilder().maxOneShotSize(1_000_000).build();
    seq = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(frames, small));
    par = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(frames, small, 3, pool));
    assertEquals(seq.getMessage(), par.getMessage());
  }

  /** The one-shot result or failure ({@code class: message @offset kind}) of {@code call}. */
  private static String outcome(java.util.concurrent.Callable<byte[]> call) {
    try {
      byte[] r = call.call();
      return "ok " + r.length + " " + java.util.Arrays.hashCode(r);
    } catch (Lz4StreamException e) {
      return e.getClass().getName() + ": " + e.getMessage() + " @" + e.offset() + " " + e.kind();
    } catch (Exception e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  private static void assertOneShotSameAsSequential(byte[] f, Lz4FrameReadOptions o, Executor ex, String what) {
    assertEquals(outcome(() -> Lz4Frame.decompress(f, o)), outcome(() -> Lz4Frame.decompress(f, o, 3, ex)), what);
  }

  /**
   * One frame of independent blocks, decoded by the direct path (each block into its place):
   * every option, short (flushed) blocks, corruptions, cuts and limits give the one-thread result
   * or error; only a couple of tasks are submitted (not one per block), and a refusing executor
   * passes its exception through.
   */
  @Test
  void directOneShotAsOnOneThread() throws IOException {
    byte[] data = mixed(1_500_000, 21);
    Lz4FrameReadOptions o = Lz4FrameReadOptions.defaults();
    List<byte[]> frames = new ArrayList<>();
    for (boolean blockSums : new boolean[] {false, true}) {
      for (boolean contentSum : new boolean[] {false, true}) {
        for (boolean size : new boolean[] {false, true}) {
          Lz4FrameOptions.Builder b = Lz4FrameOptions.builder().blockSize(B64K).blockChecksum(blockSums)
              .contentChecksum(contentSum);
          frames.add(Lz4Frame.compress(data, (size ? b.contentSize(data.length) : b).build()));
        }
      }
    }
    frames.add(Lz4Frame.compress(random(400_000, 22), Lz4FrameOptions.builder().blockSize(B64K).contentChecksum(true)
        .build())); // stored blocks
    frames.add(Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).linkedBlocks(true).build()));
    ByteArrayOutputStream flushed = new ByteArrayOutputStream();
    try (Lz4FrameOutputStream w = new Lz4FrameOutputStream(flushed, Lz4FrameOptions.builder().blockSize(B64K)
        .contentChecksum(true).build())) {
      w.write(data, 0, 100_000);
      w.flush(); // a short block in the middle
      w.write(data, 100_000, data.length - 100_000);
    }
    frames.add(flushed.toByteArray());
    ByteArrayOutputStream tiny = new ByteArrayOutputStream(); // thousands of blocks too short to be full
    try (Lz4FrameOutputStream w = new Lz4FrameOutputStream(tiny, Lz4FrameOptions.builder().blockSize(B64K)
        .contentChecksum(true).build())) {
      for (int i = 0; i < 21_000; i += 7) {
        w.write(data, i, 7);
        w.flush();
      }
    }
    frames.add(tiny.toByteArray());
    for (byte[] f : frames) {
      CountingExecutor counting = new CountingExecutor(-1);
      assertArrayEquals(Lz4Frame.decompress(f, o), Lz4Frame.decompress(f, o, 3, counting));
      assertOneShotSameAsSequential(f, o, Runnable::run, "tasks run inline");
      for (int at : new int[] {20, f.length / 5, f.length / 2, f.length * 4 / 5, f.length - 9, f.length - 5, f.length - 1}) {
        for (int xor : new int[] {1, 0x80}) {
          byte[] bad = f.clone();
          bad[at] ^= (byte) xor;
          assertOneShotSameAsSequential(bad, o, pool, "byte " + at + " ^ " + xor + " of " + f.length);
        }
      }
      for (int cut : new int[] {f.length - 1, f.length - 4, f.length / 2, 30}) {
        assertOneShotSameAsSequential(java.util.Arrays.copyOf(f, cut), o, pool, "cut at " + cut);
      }
      assertOneShotSameAsSequential(concat(f, skippable(1, new byte[3])), o, pool, "a skippable frame after it");
      assertOneShotSameAsSequential(concat(f, new byte[] {1, 2}), o, pool, "data after it");
      assertOneShotSameAsSequential(f, o.toBuilder().maxOneShotSize(1_000_000).build(), pool, "one-shot limit");
      assertOneShotSameAsSequential(f, o.toBuilder().maxFrameContentSize(1_499_999).build(), pool, "frame limit");
      assertOneShotSameAsSequential(f, o.toBuilder().verifyChecksums(false).build(), pool, "checksums not verified");
    }
    CountingExecutor counting = new CountingExecutor(-1);
    Lz4Frame.decompress(frames.get(0), o, 3, counting);
    assertEquals(2, counting.submitted.get(), "the direct path: two helpers, not a task per block");
    assertThrows(RejectedExecutionException.class, () -> Lz4Frame.decompress(frames.get(0), o, 3, new CountingExecutor(1)));
  }

  @Test
  void argumentsAreChecked() {
    ByteArrayInputStream in = new ByteArrayInputStream(new byte[0]);
    assertThrows(IllegalArgumentException.class,
        () -> new Lz4FrameInputStream(in, Lz4FrameReadOptions.defaults(), 0, pool));
    assertThrows(IllegalArgumentException.class, () -> new Lz4FrameInputStream(in, Lz4FrameReadOptions.defaults(),
        Lz4FrameOutputStream.MAX_PARALLELISM + 1, pool));
    assertThrows(NullPointerException.class, () -> new Lz4FrameInputStream(in, Lz4FrameReadOptions.defaults(), 2, (Executor) null));
  }

  /** A late block corrupted, its checksum or the content checksum wrong, the input cut: same error, same offset. */
  @Test
  void lateFailuresAreTheSequentialOnes() {
    byte[] data = mixed(1_500_000, 8);
    byte[] frame = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).blockChecksum(true)
        .contentChecksum(true).build());
    byte[] noBlockSums = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).contentChecksum(true).build());
    byte[] legacy = Lz4Frame.compress(data, Lz4FrameOptions.builder().legacy(true).build());
    Lz4FrameReadOptions o = Lz4FrameReadOptions.defaults();
    for (byte[] f : List.of(frame, noBlockSums, legacy)) {
      for (int at : new int[] {f.length * 3 / 4, f.length - 30, f.length - 5, f.length - 1, 40}) {
        for (int xor : new int[] {1, 0x80}) {
          byte[] bad = f.clone();
          bad[at] ^= (byte) xor;
          for (int p : new int[] {1, 2}) {
            Failure r = assertSameAsSequential(bad, o, p, "byte " + at + " ^ " + xor + " of " + f.length + ", parallelism " + p);
            assertTrue(r.failure != null || f == legacy, "a corruption went unnoticed at " + at);
          }
        }
      }
      for (int cut : new int[] {f.length - 1, f.length - 4, f.length * 2 / 3, 30}) {
        assertSameAsSequential(java.util.Arrays.copyOf(f, cut), o, 3, "cut at " + cut);
        assertSameAsSequential(java.util.Arrays.copyOf(f, cut), o, 1, "cut at " + cut + ", parallelism 1");
      }
    }
    // a late block that decodes to more than the limits allow, or than the header declares
    assertSameAsSequential(frame, Lz4FrameReadOptions.builder().maxTotalOutputSize(1_000_000).build(), 2, "total limit");
    assertSameAsSequential(frame, Lz4FrameReadOptions.builder().maxFrameContentSize(1_200_000).build(), 2, "frame limit");
    byte[] declared = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).contentSize(data.length).build());
    byte[] lie = concat(Lz4Frame.compress(mixed(100, 1), Lz4FrameOptions.builder().contentSize(100).build()), declared);
    assertSameAsSequential(lie, o, 2, "a frame after another");
  }

  /** Counts tasks submitted and tasks running, and can refuse or hold them. */
  private static final class CountingExecutor implements Executor {
    final AtomicInteger submitted = new AtomicInteger();
    final int refuseAt;
    /** Refuses with an IllegalStateException, as a broken executor might, instead of the usual exception. */
    final boolean broken;

    CountingExecutor(int refuseAt) {
      this(refuseAt, false);
    }

    CountingExecutor(int refuseAt, boolean broken) {
      this.refuseAt = refuseAt;
      this.broken = broken;
    }

    @Override
    public void execute(Runnable task) {
      if (submitted.incrementAndGet() == refuseAt) {
        throw broken ? new IllegalStateException("broken at task " + refuseAt)
            : new RejectedExecutionException("refused task " + refuseAt);
      }
      pool.execute(task);
    }
  }

  @Test
  void readAheadIsBounded() throws IOException {
    byte[] data = mixed(2_000_000, 9);
    byte[] frame = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).build());
    for (int p : new int[] {1, 2, 3}) {
      CountingExecutor ex = new CountingExecutor(-1);
      try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(frame),
          Lz4FrameReadOptions.defaults(), p, ex)) {
        byte[] block = new byte[65536];
        int blocks = 0;
        int pos = 0;
        while (true) {
          int n = in.read(block); // one block at most per read
          if (n < 0) {
            break;
          }
          assertArrayEquals(java.util.Arrays.copyOfRange(data, pos, pos + n), java.util.Arrays.copyOf(block, n));
          pos += n;
          blocks++;
          assertTrue(ex.submitted.get() <= blocks + 2 * p - 1, ex.submitted.get() + " blocks submitted, "
              + blocks + " handed out, parallelism " + p);
          // the underlying stream is read at most 2p blocks ahead (each 65,536 bytes and a size word)
          assertTrue(in.compressedBytesRead() <= 7 + (long) (blocks + 2 * p - 1) * (65536 + 4),
              in.compressedBytesRead() + " bytes read at block " + blocks);
        }
        assertEquals(data.length, pos);
        assertEquals((data.length + 65535) / 65536, ex.submitted.get());
      }
    }
  }

  @Test
  void aRefusedTaskPassesThroughAfterTheBlocksBeforeItAndLatches() {
    byte[] data = mixed(1_000_000, 10);
    byte[] frame = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).build());
    for (int p : new int[] {1, 2}) {
      for (int refuse : new int[] {1, 2, 7}) {
        for (boolean broken : new boolean[] {false, true}) {
          CountingExecutor ex = new CountingExecutor(refuse, broken);
          Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(frame), Lz4FrameReadOptions.defaults(), p, ex);
          Failure r = readUnchecked(in);
          assertEquals(65536L * (refuse - 1), r.data.length, "the blocks before the refused one, parallelism " + p);
          assertBytes(java.util.Arrays.copyOf(data, r.data.length), r.data, "refused at " + refuse);
          assertLatched(in, r.failure);
          // the executor's failure as it is, never taken for corrupt input
          assertTrue(broken ? r.failure instanceof IllegalStateException : r.failure instanceof RejectedExecutionException,
              String.valueOf(r.failure));
        }
      }
    }
  }

  /** What reading to the end gave: the content, and what ended it (or null). */
  private static final class Failure {
    final byte[] data;
    final Throwable failure;

    Failure(byte[] data, Throwable failure) {
      this.data = data;
      this.failure = failure;
    }
  }

  private static Failure readUnchecked(InputStream in) {
    return readUnchecked(in, 5000);
  }

  private static Failure readUnchecked(InputStream in, int chunk) {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    byte[] buf = new byte[chunk];
    try {
      for (int n; (n = in.read(buf)) >= 0; ) {
        got.write(buf, 0, n);
      }
      return new Failure(got.toByteArray(), null);
    } catch (IOException | RuntimeException | Error e) {
      return new Failure(got.toByteArray(), e);
    }
  }

  private static void assertLatched(InputStream in, Throwable first) {
    assertTrue(first != null, "no failure");
    for (int i = 0; i < 2; i++) {
      IOException later = assertThrows(IOException.class, in::read);
      assertSame(first, later.getCause());
      assertDoesNotThrow(in::close);
    }
  }

  private static Lz4FrameInputStream hooked(byte[] frame, int parallelism, Executor ex,
      UnaryOperator<BlockDecodePipeline.Decoding> hook) {
    return new Lz4FrameInputStream(new ByteArrayInputStream(frame), Lz4FrameReadOptions.defaults(), Long.MAX_VALUE,
        "test", parallelism, ex, hook);
  }

  @Test
  void aTaskFailureComesOutInItsTurnAndLatches() {
    byte[] data = mixed(1_000_000, 11);
    byte[] frame = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).build());
    for (int failAt : new int[] {1, 5, 12}) {
      for (boolean error : new boolean[] {false, true}) {
        AtomicInteger calls = new AtomicInteger();
        Throwable injected = error ? new OutOfMemoryError("injected") : new IOException("injected");
        Lz4FrameInputStream in = hooked(frame, error ? 1 : 2, pool, real -> b -> {
          if (b.offset > 0 && calls.incrementAndGet() == failAt) {
            if (injected instanceof Error) {
              throw (Error) injected;
            }
            throw (IOException) injected;
          }
          real.decode(b);
        });
        Failure r = readUnchecked(in);
        assertSame(injected, r.failure);
        assertLatched(in, r.failure);
        assertEquals(0, r.data.length % 65536, "whole blocks before the failing one");
        assertBytes(java.util.Arrays.copyOf(data, r.data.length), r.data, "prefix");
      }
    }
  }

  /** Later blocks decoded first: the tasks still hash the content in input order. */
  @Test
  void theContentChecksumIsChainedInInputOrder() throws Exception {
    byte[] data = mixed(1_000_000, 15);
    byte[] frame = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).contentChecksum(true).build());
    CountDownLatch laterDone = new CountDownLatch(1);
    Lz4FrameInputStream in = hooked(frame, 3, pool, real -> b -> {
      if (b.offset == 7) {
        try {
          laterDone.await(30, TimeUnit.SECONDS); // the first block waits for a later one
        } catch (InterruptedException e) {
          throw new InterruptedIOException();
        }
      }
      real.decode(b);
      if (b.offset != 7) {
        laterDone.countDown(); // a later block is decoded (and could not be hashed yet)
      }
    });
    Failure r = read(in, 4096);
    assertEquals(null, r.failure);
    assertBytes(data, r.data, "content");
    byte[] bad = frame.clone();
    bad[bad.length - 2] ^= 1; // the stored content checksum
    Failure seq = read(new Lz4FrameInputStream(new ByteArrayInputStream(bad)), 4096);
    Failure par = read(hooked(bad, 3, pool, real -> real), 4096);
    assertEquals(String.valueOf(seq.failure), String.valueOf(par.failure));
    assertTrue(String.valueOf(par.failure).contains("content checksum mismatch"), String.valueOf(par.failure));
  }

  @ParameterizedTest(name = "parallelism {0}")
  @ValueSource(ints = {1, 3})
  void closeDropsTheBlocksInFlightAndNoTaskRunsAfterIt(int parallelism) throws Exception {
    byte[] data = mixed(2_000_000, 12);
    byte[] frame = Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).build());
    ExecutorService own = Executors.newFixedThreadPool(Math.min(parallelism, 2));
    try {
      AtomicInteger running = new AtomicInteger();
      AtomicInteger started = new AtomicInteger();
      CountDownLatch release = new CountDownLatch(1);
      Lz4FrameInputStream in = hooked(frame, parallelism, own, real -> b -> {
        started.incrementAndGet();
        running.incrementAndGet();
        try {
          if (b.offset > 100_000) {
            release.await(); // held until close() has started
          }
          real.decode(b);
        } catch (InterruptedException e) {
          throw new InterruptedIOException();
        } finally {
          running.decrementAndGet();
        }
      });
      byte[] first = new byte[1000];
      assertEquals(1000, in.read(first));
      // the held tasks go on once close() waits for them (or has returned: then none was running)
      Thread main = Thread.currentThread();
      java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
      Thread opener = new Thread(() -> {
        while (!closed.get() && main.getState() != Thread.State.WAITING) {
          Thread.onSpinWait();
        }
        release.countDown();
      });
      opener.start();
      in.close();
      closed.set(true);
      assertEquals(0, running.get(), "a task still ran after close()");
      int startedAtClose = started.get();
      opener.join();
      own.shutdown();
      assertTrue(own.awaitTermination(30, TimeUnit.SECONDS), "the executor's threads are free again");
      assertEquals(startedAtClose, started.get(), "a task dropped by close() ran");
      assertThrows(IOException.class, in::read);
    } finally {
      own.shutdownNow();
    }
  }

  @Test
  void anInterruptWhileWaitingThrowsAndLatches() throws Exception {
    byte[] frame = Lz4Frame.compress(mixed(500_000, 13), Lz4FrameOptions.builder().blockSize(B64K).build());
    CountDownLatch never = new CountDownLatch(1);
    ExecutorService own = Executors.newFixedThreadPool(2);
    try {
      Lz4FrameInputStream in = hooked(frame, 2, own, real -> b -> {
        try {
          never.await();
        } catch (InterruptedException e) {
          throw new InterruptedIOException("task interrupted");
        }
      });
      Thread.currentThread().interrupt();
      InterruptedIOException e;
      try {
        e = assertThrows(InterruptedIOException.class, in::read);
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status stays set");
      } finally {
        Thread.interrupted();
      }
      assertTrue(e.getMessage().contains("waiting for a block"), e.getMessage());
      never.countDown(); // the tasks end; close() waits for them
      in.close();
      IOException later = assertThrows(IOException.class, in::read);
      assertSame(e, later.getCause());
    } finally {
      own.shutdownNow();
    }
  }

  /** Underlying failures at every read call, on the parallel path: the same content and failure as one thread. */
  @Test
  void underlyingFailuresAsOnOneThread() {
    byte[] data = mixed(400_000, 14);
    byte[] frame = concat(Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(B64K).blockChecksum(true).build()),
        Lz4Frame.compress(data, Lz4FrameOptions.builder().legacy(true).build()));
    for (int failAt = 1; failAt < 60; failAt++) {
      List<Object> got = new ArrayList<>();
      for (int p : new int[] {0, 1, 2}) { // 0: parallelism 1 without an executor (on the reading thread)
        int n = failAt;
        InputStream raw = new ByteArrayInputStream(frame) {
          int calls;

          @Override
          public synchronized int read(byte[] b, int off, int len) {
            if (++calls == n) {
              throw new IllegalStateException("injected at " + n);
            }
            return super.read(b, off, Math.min(len, 20_000));
          }
        };
        Failure r = readUnchecked(new Lz4FrameInputStream(raw, Lz4FrameReadOptions.defaults(), Math.max(p, 1),
            p == 0 ? null : pool));
        got.add(r.data.length + " " + r.failure);
      }
      assertEquals(got.get(0), got.get(1), "failure at call " + failAt + ", parallelism 1");
      assertEquals(got.get(0), got.get(2), "failure at call " + failAt + ", parallelism 2");
    }
  }
}
