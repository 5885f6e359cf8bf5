package dev.celer.lz4.seekable;

import static dev.celer.lz4.seekable.SeekableTestData.blocks;
import static dev.celer.lz4.seekable.SeekableTestData.mixed;
import static dev.celer.lz4.seekable.SeekableTestData.seekable;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole-file mappings of {@link RandomAccessSource#mapped(FileChannel)}: the {@code
 * MemorySegment} source of the Java 25 layer ({@code src/main/java25}; these tests skip it where
 * that layer is not loaded) and the chunked {@code MappedByteBuffer} source, under what a mapping
 * adds to a positioned read: which one {@code mapped} picks, closing while other threads read, and
 * the file shrinking under the mapping.
 *
 * <p>On Java 25 they run in celer-core's default test run when Maven runs on Java 25 (the
 * {@code java25-running} profile puts the layer first), and in the {@code packaged-native}
 * execution on the packaged multi-release jar when Maven runs on Java 17.
 */
class MappingSourcesTest {
  private static final long SEED = 0x3A99_1D6L;

  /** The Java 25 layer is there exactly when {@code Mapping} was loaded from it. */
  @Test
  void segmentsExactlyWhereTheJava25LayerIs() {
    URL url = Mapping.class.getResource("Mapping.class");
    boolean layer = url != null && url.toString().contains("META-INF/versions/25/");
    assertEquals(layer, Mapping.segmentsAvailable(), Mapping.status() + " from " + url);
    if (Boolean.getBoolean("celer.expect.packaged") && Runtime.version().feature() >= 25) {
      assertTrue(Mapping.segmentsAvailable(), "the packaged jar on Java 25 must map with segments: " + url);
    }
    if (!layer) {
      assertThrows(UnsupportedOperationException.class, () -> Mapping.segment(null));
    }
  }

  @Test
  void mappedPicksBySystemProperty(@TempDir Path tmp) throws IOException {
    Path p = tmp.resolve("p.lz4");
    Files.write(p, seekable(mixed(100_000, SEED), SeekableLz4Writer.DEFAULT_OPTIONS));
    String old = System.getProperty(MappingKind.PROPERTY);
    try {
      for (String v : new String[] {"auto", "segment", "buffers", " Buffers ", "AUTO"}) {
        System.setProperty(MappingKind.PROPERTY, v);
        try (RandomAccessSource s = RandomAccessSource.mapped(FileChannel.open(p, StandardOpenOption.READ))) {
          boolean segment = Mapping.segmentsAvailable() && v.equals("segment"); // opt-in: see Mapping.AUTO_SEGMENT
          assertEquals(segment ? "SegmentSource" : "MappedSource", s.getClass().getSimpleName(), v);
        }
      }
      System.setProperty(MappingKind.PROPERTY, "mmap");
      try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RandomAccessSource.mapped(ch));
        assertEquals("dev.celer.seekable.mapping=mmap is none of auto, segment, buffers", e.getMessage());
      }
    } finally {
      if (old == null) {
        System.clearProperty(MappingKind.PROPERTY);
      } else {
        System.setProperty(MappingKind.PROPERTY, old);
      }
    }
  }

  @Test
  void randomReadsThroughTheSegment(@TempDir Path tmp) throws IOException {
    assumeTrue(Mapping.segmentsAvailable(), Mapping.status());
    byte[] data = mixed(700_000, SEED + 1);
    for (Lz4FrameOptions.BlockSize bs : Lz4FrameOptions.BlockSize.values()) {
      Path p = tmp.resolve("f-" + bs + ".lz4");
      Files.write(p, seekable(data, blocks(bs)));
      try (SeekableLz4Reader r = SeekableLz4Reader.open(Mapping.segment(FileChannel.open(p, StandardOpenOption.READ)))) {
        SeekableLz4ReaderTest.checkReads(r, data, bs.bytes() > 65536 ? 80 : 300, SEED + bs.code());
      }
    }
  }

  @Test
  void aFileWithoutIndexOrEmptyIsNotSeekable(@TempDir Path tmp) throws IOException {
    assumeTrue(Mapping.segmentsAvailable(), Mapping.status());
    Path empty = Files.write(tmp.resolve("empty"), new byte[0]);
    try (RandomAccessSource s = Mapping.segment(FileChannel.open(empty, StandardOpenOption.READ))) {
      assertEquals(0, s.size());
      Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> SeekableLz4Reader.open(s));
      assertEquals(Lz4StreamException.Kind.NOT_SEEKABLE, e.kind());
      assertThrows(EOFException.class, () -> s.readFully(0, new byte[1], 0, 1));
      s.readFully(0, new byte[0], 0, 0);
    }
  }

  /** After {@code close()}, every read of every source fails with {@link ClosedChannelException}; close twice is fine. */
  @ParameterizedTest
  @ValueSource(strings = {"segment", "buffers", "channel"})
  void readsAfterCloseFailCleanly(String kind, @TempDir Path tmp) throws IOException {
    Path p = tmp.resolve("c.lz4");
    byte[] data = mixed(300_000, SEED + 2);
    Files.write(p, seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS));
    SeekableLz4Reader r = SeekableLz4Reader.open(open(kind, p));
    assertArrayEquals(Arrays.copyOfRange(data, 1000, 5000), r.readFully(1000, 4000));
    r.close();
    r.close();
    assertThrows(ClosedChannelException.class, () -> r.readFully(1000, 4000));
    assertThrows(ClosedChannelException.class, () -> r.newInputStream(0).read());
  }

  /**
   * Eight threads read a shared reader at random while it is closed under them, many times over:
   * every read before the close returns the right bytes, and every thread then stops on a {@link
   * ClosedChannelException}, never another exception or a crash of the JVM (for the segment, the
   * arena's close must stop reads that are inside a copy at that moment).
   */
  @ParameterizedTest
  @ValueSource(strings = {"segment", "buffers", "channel"})
  void closeWhileOtherThreadsRead(String kind, @TempDir Path tmp) throws Exception {
    Path p = tmp.resolve("t.lz4");
    byte[] data = mixed(2_000_000, SEED + 3);
    Files.write(p, seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS));
    int threads = 8;
    for (int round = 0; round < 20; round++) {
      SeekableLz4Reader r = SeekableLz4Reader.open(open(kind, p));
      AtomicInteger reads = new AtomicInteger();
      AtomicReference<Throwable> wrong = new AtomicReference<>();
      CountDownLatch stopped = new CountDownLatch(threads);
      List<Thread> ts = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        long seed = SEED + 100 * round + t;
        Thread th = new Thread(() -> {
          Random rnd = new Random(seed);
          try {
            while (true) {
              int pos = rnd.nextInt(data.length - 200_000);
              int len = 1 + rnd.nextInt(rnd.nextBoolean() ? 200_000 : 5000);
              byte[] got = r.readFully(pos, len);
              if (Arrays.mismatch(data, pos, pos + len, got, 0, len) != -1) {
                wrong.compareAndSet(null, new AssertionError("read(" + pos + ", " + len + ") seed " + seed));
                return;
              }
              reads.incrementAndGet();
            }
          } catch (ClosedChannelException expected) {
            // the close reached this thread
          } catch (Throwable e) {
            wrong.compareAndSet(null, e);
          } finally {
            stopped.countDown();
          }
        });
        th.start();
        ts.add(th);
      }
      while (reads.get() < 4 * threads && wrong.get() == null) {
        Thread.onSpinWait();
      }
      r.close();
      for (Thread th : ts) {
        th.join(60_000);
        assertFalse(th.isAlive(), "a reader thread did not stop after close");
      }
      if (wrong.get() != null) {
        throw new AssertionError(kind + ", round " + round + ": a read failed other than with ClosedChannelException",
            wrong.get());
      }
    }
  }

  /**
   * A file truncated after it was mapped: reads of what is left still work; a read of blocks past
   * the new end is {@code TRUNCATED} with the JVM's {@code InternalError} (for {@code SIGBUS}) as
   * its cause, through {@code readFully} and through a stream, and the JVM goes on.
   */
  @ParameterizedTest
  @ValueSource(strings = {"segment", "buffers"})
  @DisabledOnOs(value = OS.WINDOWS, disabledReason = "Windows refuses to truncate a mapped file")
  void truncatedAfterMapping(String kind, @TempDir Path tmp) throws IOException {
    Path p = tmp.resolve("s.lz4");
    byte[] data = SeekableTestData.random(3_000_000, SEED + 4); // stored blocks: decoded offset ~ file offset
    Files.write(p, seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS));
    try (SeekableLz4Reader r = SeekableLz4Reader.open(open(kind, p))) {
      try (FileChannel w = FileChannel.open(p, StandardOpenOption.WRITE)) {
        w.truncate(1 << 20);
      }
      assertArrayEquals(Arrays.copyOfRange(data, 1000, 9000), r.readFully(1000, 8000));
      for (int round = 0; round < 50; round++) {
        for (long pos : new long[] {2_000_000, 2_900_000, 1_500_000 + round}) {
          Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> r.readFully(pos, 4096));
          assertEquals(Lz4StreamException.Kind.TRUNCATED, e.kind(), e.toString());
          assertInstanceOf(InternalError.class, e.getCause(), e.toString());
          assertTrue(e.getMessage().contains("when it was mapped and is 1048576 bytes now"), e.getMessage());
          enterVm(); // nothing of the fault is left to surface in the caller's code
        }
      }
      InputStream in = r.newInputStream(2_000_000);
      Lz4StreamException e = assertThrows(Lz4StreamException.class, in::read);
      assertEquals(Lz4StreamException.Kind.TRUNCATED, e.kind(), e.toString());
      enterVm();
      assertArrayEquals(Arrays.copyOfRange(data, 500_000, 504_096), r.readFully(500_000, 4096));
    }
  }

  private static int zero;
  private static Object sink;

  /**
   * Enters the VM from this thread (HotSpot allocates a two-dimensional array of unknown length
   * there on every tier), where it would throw an asynchronous {@code InternalError} still pending
   * from a fault in a mapping: on Java 11-20 the JVM delivers such an error at the thread's next
   * VM entry, so a read that left one pending would make the caller fail later, anywhere.
   */
  private static void enterVm() {
    sink = new byte[zero][0];
  }

  /**
   * As {@link #truncatedAfterMapping}, with reads over several blocks decoded on three threads
   * ({@link SeekableReadOptions.Builder#parallelism}): the lost pages are {@code TRUNCATED} there
   * too, never a read that returns, and the reader goes on.
   */
  @ParameterizedTest
  @ValueSource(strings = {"segment", "buffers"})
  @DisabledOnOs(value = OS.WINDOWS, disabledReason = "Windows refuses to truncate a mapped file")
  void truncatedAfterMappingInParallel(String kind, @TempDir Path tmp) throws IOException {
    Path p = tmp.resolve("s.lz4");
    byte[] data = SeekableTestData.random(3_000_000, SEED + 5);
    Files.write(p, seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS));
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(open(kind, p),
        SeekableReadOptions.builder().parallelism(3, pool).build())) {
      try (FileChannel w = FileChannel.open(p, StandardOpenOption.WRITE)) {
        w.truncate(1 << 20);
      }
      for (int round = 0; round < 30; round++) {
        // from before the cut to past it: the blocks after the cut fail
        long at = 800_000 + round;
        Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> r.readFully(at, 600_000));
        assertEquals(Lz4StreamException.Kind.TRUNCATED, e.kind(), e.toString());
      }
      assertArrayEquals(Arrays.copyOfRange(data, 100_000, 700_000), r.readFully(100_000, 600_000));
    } finally {
      pool.shutdownNow();
    }
  }

  private static RandomAccessSource open(String kind, Path p) throws IOException {
    if (kind.equals("segment")) {
      assumeTrue(Mapping.segmentsAvailable(), Mapping.status());
    }
    FileChannel ch = FileChannel.open(p, StandardOpenOption.READ);
    switch (kind) {
      case "segment":
        return Mapping.segment(ch);
      case "buffers":
        return RandomAccessSource.mapped(ch, RandomAccessSource.DEFAULT_MAP_CHUNK);
      default:
        return RandomAccessSource.of(ch);
    }
  }
}
