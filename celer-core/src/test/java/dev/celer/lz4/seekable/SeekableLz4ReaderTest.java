package dev.celer.lz4.seekable;

import static dev.celer.lz4.seekable.SeekableTestData.blocks;
import static dev.celer.lz4.seekable.SeekableTestData.mixed;
import static dev.celer.lz4.seekable.SeekableTestData.seekable;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random reads from seekable files compared with the original: seeded (position, length) pairs
 * including every block boundary ±1, through every built-in source (array, channel, mappings
 * with tiny chunks so reads straddle them), the channel and stream views, the read count per
 * block, and 16 threads sharing one reader.
 */
class SeekableLz4ReaderTest {
  private static final long SEED = 0x5EEC_AB1EL;

  @Test
  void randomReadsMatchTheOriginal() throws IOException {
    byte[] data = mixed(1_300_000, SEED);
    byte[] file = seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS);
    assertArrayEquals(data, new Lz4FrameInputStream(new ByteArrayInputStream(file)).readAllBytes());
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
      assertEquals(data.length, r.size());
      assertEquals((data.length + 65535) / 65536, r.index().blockCount());
      checkReads(r, data, 3000, SEED);
    }
  }

  @Test
  void everyBlockSizeAndSource(@TempDir Path tmp) throws IOException {
    byte[] data = mixed(700_000, SEED + 1);
    for (Lz4FrameOptions.BlockSize bs : Lz4FrameOptions.BlockSize.values()) {
      int reads = bs.bytes() > 65536 ? 40 : 150; // a 4 MB block costs a 4 MB decode per read
      byte[] file = seekable(data, blocks(bs));
      Path p = tmp.resolve("f-" + bs + ".lz4");
      Files.write(p, file);
      try (SeekableLz4Reader r = SeekableLz4Reader.open(p)) {
        checkReads(r, data, 2 * reads, SEED + bs.code());
      }
      // Every chunk is one mapping, and a process has about 65,000: keep chunks * mappings small.
      for (int chunk : new int[] {1000, 4099, 65536}) {
        FileChannel ch = FileChannel.open(p, StandardOpenOption.READ);
        try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.mapped(ch, chunk))) {
          checkReads(r, data, reads, SEED + chunk);
        }
      }
    }
  }

  @Test
  void tinyMappingChunksStraddledByEveryRead(@TempDir Path tmp) throws IOException {
    byte[] data = mixed(30_000, SEED + 20);
    Lz4FrameOptions o = SeekableLz4Writer.DEFAULT_OPTIONS.toBuilder().level(9).build();
    Path p = tmp.resolve("small.lz4");
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (SeekableLz4Writer w = new SeekableLz4Writer(bos, o)) {
      for (int i = 0; i < 5; i++) {
        w.write(data);
      }
    }
    Files.write(p, bos.toByteArray());
    byte[] all = new byte[5 * data.length];
    for (int i = 0; i < 5; i++) {
      System.arraycopy(data, 0, all, i * data.length, data.length);
    }
    for (int chunk : new int[] {7, 64, 333}) {
      FileChannel ch = FileChannel.open(p, StandardOpenOption.READ);
      try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.mapped(ch, chunk))) {
        checkReads(r, all, 300, SEED + chunk);
      }
    }
  }

  @Test
  void partialAndUnverifiedReads() throws IOException {
    byte[] data = mixed(400_000, SEED + 2);
    Lz4FrameOptions noChecksums = SeekableLz4Writer.DEFAULT_OPTIONS.toBuilder()
        .blockChecksum(false).contentChecksum(false).level(9).contentSize(data.length).build();
    byte[] file = seekable(data, noChecksums);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
      checkReads(r, data, 500, SEED + 3);
    }
    byte[] file2 = seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS);
    SeekableReadOptions skip = SeekableReadOptions.builder().verifyBlockChecksums(false).build();
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file2), skip)) {
      checkReads(r, data, 500, SEED + 4);
    }
  }

  @Test
  void emptyAndOneByte() throws IOException {
    byte[] empty = seekable(new byte[0], SeekableLz4Writer.DEFAULT_OPTIONS);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(empty))) {
      assertEquals(0, r.size());
      assertEquals(0, r.index().blockCount());
      assertEquals(0, r.index().frameCount());
      assertEquals(-1, r.read(0, new byte[1], 0, 1));
      assertEquals(0, r.readFully(0, 0).length);
      assertEquals(-1, r.newInputStream(0).read());
    }
    byte[] one = seekable(new byte[] {42}, SeekableLz4Writer.DEFAULT_OPTIONS);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(one))) {
      assertEquals(1, r.size());
      assertArrayEquals(new byte[] {42}, r.readFully(0, 1));
      assertEquals(-1, r.read(1, new byte[1], 0, 1));
    }
  }

  @Test
  void onePositionedReadPerBlockAndAtMostTwoAtOpen() throws IOException {
    byte[] data = mixed(1_000_000, SEED + 5);
    byte[] file = seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS);
    SeekableTestData.Counting src = new SeekableTestData.Counting(RandomAccessSource.of(file));
    try (SeekableLz4Reader r = SeekableLz4Reader.open(src)) {
      assertTrue(src.reads.get() <= 2, "reads at open: " + src.reads.get());
      assertEquals(1, src.reads.get(), "an index under 64 KiB takes one read");
      SeekIndex idx = r.index();
      Random rnd = new Random(SEED + 6);
      for (int k = 0; k < 500; k++) {
        int i = rnd.nextInt(idx.blockCount());
        int d = idx.decodedLength(i);
        int from = rnd.nextInt(d);
        int len = 1 + rnd.nextInt(d - from);
        long pos = idx.contentOffset(i) + from;
        src.reads.set(0);
        byte[] got = r.readFully(pos, len);
        assertEquals(1, src.reads.get(), "one positioned read for one block");
        assertArrayEquals(Arrays.copyOfRange(data, (int) pos, (int) pos + len), got);
      }
      src.reads.set(0);
      r.readFully(idx.contentOffset(3) + 10, 3 * 65536);
      assertEquals(4, src.reads.get(), "one read per block spanned");
    }
  }

  @Test
  void largeIndexTakesTwoReadsAtOpen() throws IOException {
    // 5000 short blocks (a flush after every 11 bytes), indexed after the fact: an index of
    // 80 KB, over the 64 KiB the first read takes.
    byte[] data = mixed(5000 * 11, SEED + 7);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bos, SeekableLz4Writer.DEFAULT_OPTIONS)) {
      for (int i = 0; i < data.length; i += 11) {
        out.write(data, i, 11);
        out.flush();
      }
    }
    byte[] frame = bos.toByteArray();
    SeekIndex idx = SeekableLz4Indexer.index(new ByteArrayInputStream(frame));
    assertEquals(5000, idx.blockCount());
    byte[] file = Arrays.copyOf(frame, frame.length + idx.toBytes().length);
    System.arraycopy(idx.toBytes(), 0, file, frame.length, idx.toBytes().length);
    SeekableTestData.Counting src = new SeekableTestData.Counting(RandomAccessSource.of(file));
    try (SeekableLz4Reader r = SeekableLz4Reader.open(src)) {
      assertEquals(2, src.reads.get());
      assertEquals(5000, r.index().blockCount());
      checkReads(r, data, 200, SEED + 7);
    }
  }

  @Test
  void channelAndStreamViews() throws IOException {
    byte[] data = mixed(500_000, SEED + 8);
    byte[] file = seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
      try (InputStream in = r.newInputStream(123_457)) {
        assertArrayEquals(Arrays.copyOfRange(data, 123_457, data.length), in.readAllBytes());
      }
      try (InputStream in = r.newInputStream(0)) {
        assertEquals(data[0] & 0xFF, in.read());
        assertEquals(70_000, in.skip(70_000));
        byte[] b = new byte[100];
        assertEquals(100, in.readNBytes(b, 0, 100));
        assertArrayEquals(Arrays.copyOfRange(data, 70_001, 70_101), b);
      }
      try (SeekableByteChannel ch = r.newChannel()) {
        assertEquals(data.length, ch.size());
        ch.position(65_530);
        ByteBuffer direct = ByteBuffer.allocateDirect(20);
        assertEquals(20, ch.read(direct));
        direct.flip();
        byte[] b = new byte[20];
        direct.get(b);
        assertArrayEquals(Arrays.copyOfRange(data, 65_530, 65_550), b);
        assertEquals(65_550, ch.position());
        ch.position(data.length);
        assertEquals(-1, ch.read(ByteBuffer.allocate(4)));
        assertThrows(NonWritableChannelException.class, () -> ch.write(ByteBuffer.allocate(1)));
        assertThrows(NonWritableChannelException.class, () -> ch.truncate(0));
      }
      assertEquals(-1, r.read(ByteBuffer.allocateDirect(4), data.length));
      assertEquals(-1, r.read(ByteBuffer.allocateDirect(4), data.length + 100L));
      assertEquals(0, r.read(ByteBuffer.allocateDirect(0), 5));
      ByteBuffer heap = ByteBuffer.allocate(300_000);
      heap.position(7);
      assertEquals(300_000 - 7, r.read(heap, 200_000));
      assertArrayEquals(Arrays.copyOfRange(data, 200_000, 500_000 - 7), Arrays.copyOfRange(heap.array(), 7, 300_000));
      assertThrows(EOFException.class, () -> r.readFully(data.length - 10, 11));
      assertThrows(IllegalArgumentException.class, () -> r.readFully(-1, 1));
    }
  }

  @Test
  void sixteenThreadsShareOneReader() throws Exception {
    byte[] data = mixed(1_000_000, SEED + 9);
    byte[] file = seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
      ExecutorService pool = Executors.newFixedThreadPool(16);
      try {
        List<Future<?>> fs = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
          long seed = SEED + 100 + t;
          fs.add(pool.submit(() -> {
            checkReads(r, data, 150, seed);
            return null;
          }));
        }
        for (Future<?> f : fs) {
          f.get();
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void appendKeepsOldContentAndAddsNew(@TempDir Path tmp) throws IOException {
    byte[] a = mixed(300_000, SEED + 10);
    byte[] b = mixed(200_001, SEED + 11);
    Path p = tmp.resolve("a.lz4");
    Files.write(p, seekable(a, SeekableLz4Writer.DEFAULT_OPTIONS));
    try (SeekableLz4Writer w = SeekableLz4Writer.append(p, blocks(Lz4FrameOptions.BlockSize.SIZE_256KB))) {
      w.write(b);
    }
    byte[] both = new byte[a.length + b.length];
    System.arraycopy(a, 0, both, 0, a.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(p)) {
      assertEquals(2, r.index().frameCount());
      assertEquals(a.length, r.index().contentOffset(r.index().blockCount() - 1 - (b.length - 1) / (256 << 10)));
      checkReads(r, both, 400, SEED + 12);
    }
    assertArrayEquals(both, new Lz4FrameInputStream(Files.newInputStream(p)).readAllBytes());
  }

  /** Reads {@code count} seeded ranges plus every block boundary ±1 and the edges; compares with {@code data}. */
  static void checkReads(SeekableLz4Reader r, byte[] data, int count, long seed) throws IOException {
    Random rnd = new Random(seed);
    SeekIndex idx = r.index();
    List<long[]> ranges = new ArrayList<>();
    int n = data.length;
    for (int i = 0; i < idx.blockCount(); i++) {
      long b = idx.contentOffset(i);
      for (long d = -1; d <= 1; d++) {
        long pos = b + d;
        if (pos >= 0 && pos < n) {
          ranges.add(new long[] {pos, 1 + rnd.nextInt(3)});
          ranges.add(new long[] {pos, rnd.nextInt(3 * idx.decodedLength(i) + 1)}); // up to 4 blocks
        }
      }
    }
    ranges.add(new long[] {0, n});
    ranges.add(new long[] {0, 1});
    ranges.add(new long[] {n - 1, 1});
    ranges.add(new long[] {n - 1, 10});
    ranges.add(new long[] {n, 5});
    ranges.add(new long[] {n + 1000L, 5});
    ranges.add(new long[] {n / 2, 0});
    for (int k = 0; k < count; k++) {
      long pos = rnd.nextInt(n + 10);
      int len = rnd.nextInt(4) == 0 ? rnd.nextInt(300_000) : rnd.nextInt(5000);
      ranges.add(new long[] {pos, len});
    }
    for (long[] q : ranges) {
      long pos = q[0];
      int len = (int) q[1];
      byte[] dst = new byte[len + 2];
      dst[0] = 55;
      dst[len + 1] = 66;
      int got = r.read(pos, dst, 1, len);
      int expected = len == 0 ? 0 : pos >= n ? -1 : (int) Math.min(len, n - pos);
      assertEquals(expected, got, "read(" + pos + ", " + len + ") seed " + seed);
      if (got > 0) {
        int mismatch = Arrays.mismatch(data, (int) pos, (int) pos + got, dst, 1, 1 + got);
        assertEquals(-1, mismatch, "read(" + pos + ", " + len + ") seed " + seed);
      }
      assertEquals(55, dst[0]);
      assertEquals(66, dst[len + 1]);
    }
  }
}
