package dev.celer.lz4.seekable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.Mem;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link LazySeekIndex}: the same entries as the whole index, read in parts, each checked. */
class LazySeekIndexTest {
  private static final int BLOCKS = 6000; // a 96 KB block table: more than the 64 KiB tail read
  private static byte[] content;
  private static byte[] file;
  private static SeekIndex full;

  @BeforeAll
  static void write() throws IOException {
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(data,
        Lz4FrameOptions.builder().linkedBlocks(false).blockChecksum(true).build())) {
      for (int i = 0; i < BLOCKS; i++) {
        byte[] line = ("entry " + i + "\n").getBytes(StandardCharsets.US_ASCII);
        plain.write(line);
        out.write(line);
        out.flush();
      }
    }
    content = plain.toByteArray();
    full = SeekableLz4Indexer.index(new ByteArrayInputStream(data.toByteArray()));
    data.write(full.toBytes());
    file = data.toByteArray();
  }

  /** Counts the bytes a source hands out. */
  private static final class Counting implements RandomAccessSource {
    final RandomAccessSource in;
    long bytes;
    int reads;

    Counting(byte[] b) {
      in = RandomAccessSource.of(b);
    }

    @Override
    public long size() throws IOException {
      return in.size();
    }

    @Override
    public void readFully(long position, byte[] dst, int off, int len) throws IOException {
      reads++;
      bytes += len;
      in.readFully(position, dst, off, len);
    }
  }

  @Test
  void entriesAndWindowsMatchTheWholeIndex() throws IOException {
    Counting src = new Counting(file);
    LazySeekIndex lazy = LazySeekIndex.open(src, Long.MAX_VALUE);
    assertEquals(3, src.reads, "tail, prefix, frame table");
    assertEquals(full.blockCount(), lazy.blockCount());
    assertEquals(full.contentSize(), lazy.contentSize());
    assertEquals(full.dataSize(), lazy.dataSize());
    for (int i = 0; i < BLOCKS; i += 97) {
      assertEquals(full.blockOffset(i), lazy.blockOffset(i));
      assertEquals(i, lazy.firstBlockAtOrAfter(full.blockOffset(i)));
      assertEquals(i + 1, lazy.firstBlockAtOrAfter(full.blockOffset(i) + 1));
    }
    assertEquals(BLOCKS, lazy.firstBlockAtOrAfter(full.dataSize()));
    assertEquals(BLOCKS, lazy.firstBlockAtOrAfter(Long.MAX_VALUE));
    assertEquals(0, lazy.firstBlockAtOrAfter(Long.MIN_VALUE));
    for (long p = 0; p < full.dataSize(); p += 1009) { // every kind of landing: page edges, gaps
      int expect = 0;
      while (expect < BLOCKS && full.blockOffset(expect) < p) {
        expect++;
      }
      assertEquals(expect, lazy.firstBlockAtOrAfter(p), "position " + p);
    }
    int from = 1234;
    SeekIndex w = lazy.window(from, from + 300);
    assertEquals(300, w.blockCount());
    assertEquals(full.blockOffset(from + 300), w.dataSize());
    try (SeekableLz4Reader r = SeekableLz4Reader.open(src, w, SeekableReadOptions.defaults())) {
      for (int k = 0; k < 300; k++) {
        assertEquals(full.blockOffset(from + k), w.blockOffset(k));
        assertEquals(full.contentOffset(from + k) - full.contentOffset(from), w.contentOffset(k));
      }
      byte[] got = r.readFully(0, (int) w.contentSize());
      int base = (int) full.contentOffset(from);
      assertArrayEquals(java.util.Arrays.copyOfRange(content, base, base + got.length), got);
    }
    SeekIndex last = lazy.window(BLOCKS - 5, BLOCKS);
    assertEquals(full.dataSize(), last.dataSize());
    assertEquals(full.contentSize() - full.contentOffset(BLOCKS - 5), last.contentSize());
  }

  @Test
  void aSmallIndexIsReadAndCheckedWhole() throws IOException {
    byte[] small = SeekableTestData.seekable(SeekableTestData.mixed(300_000, 7), SeekableLz4Writer.DEFAULT_OPTIONS);
    Counting src = new Counting(small);
    LazySeekIndex lazy = LazySeekIndex.open(src, Long.MAX_VALUE);
    lazy.window(0, lazy.blockCount());
    assertEquals(1, src.reads, "one tail read, then entries from memory");
    small[small.length - 9] ^= 1; // the checksum
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class,
        () -> LazySeekIndex.open(RandomAccessSource.of(small), Long.MAX_VALUE)).kind());
  }

  @Test
  void hostileEntriesAreBadIndexes() throws IOException {
    long table = full.dataSize() + 8 + 16L * full.frameCount();
    byte[] far = file.clone();
    Mem.putLongLE(far, (int) (table + 16L * 100), -5);
    LazySeekIndex lazy = LazySeekIndex.open(RandomAccessSource.of(far), Long.MAX_VALUE);
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class, () -> lazy.blockOffset(100)).kind());
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class, () -> lazy.window(50, 150)).kind());

    byte[] order = file.clone();
    Mem.putLongLE(order, (int) (table + 16L * 200), full.blockOffset(198));
    LazySeekIndex lazy2 = LazySeekIndex.open(RandomAccessSource.of(order), Long.MAX_VALUE);
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class, () -> lazy2.window(150, 250)).kind());
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class,
        () -> lazy2.firstBlockAtOrAfter(full.blockOffset(199))).kind());

    byte[] content = file.clone();
    Mem.putLongLE(content, (int) (table + 16L * 300 + 8), Long.MAX_VALUE);
    LazySeekIndex lazy3 = LazySeekIndex.open(RandomAccessSource.of(content), Long.MAX_VALUE);
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class, () -> lazy3.window(290, 310)).kind());
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class, () -> lazy3.window(250, 300)).kind());

    byte[] frames = file.clone();
    frames[(int) full.dataSize() + 8 + 8] = 0; // the frame's FLG
    assertEquals(Kind.BAD_INDEX, assertThrows(Lz4StreamException.class,
        () -> LazySeekIndex.open(RandomAccessSource.of(frames), Long.MAX_VALUE)).kind());
    assertEquals(Kind.LIMIT, assertThrows(Lz4StreamException.class,
        () -> LazySeekIndex.open(RandomAccessSource.of(file), 15)).kind());
    assertEquals(Kind.NOT_SEEKABLE, assertThrows(Lz4StreamException.class,
        () -> LazySeekIndex.open(RandomAccessSource.of(new byte[100]), Long.MAX_VALUE)).kind());
    assertTrue(lazy.toString().contains(BLOCKS + " blocks"));
  }
}
