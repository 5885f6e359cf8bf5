package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;
import org.apache.hadoop.io.compress.SplittableCompressionCodec.READ_MODE;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What opening a split costs in reads of the file (each positioned read is one GET on an object
 * store), through the stream a file system hands the codec; no file system needed, so this runs on
 * every JDK.
 */
class SplitOpenCostTest {
  private static byte[] content;
  private static byte[] file;
  private static SeekIndex index;

  @BeforeAll
  static void write() throws IOException {
    content = TestData.join(TestData.lines(21, 3000), "\n");
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(TestData.conf(65_536));
    file = TestData.compress(codec, content);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
      index = r.index();
    }
    assertTrue(index.blockCount() > 20, index.toString());
  }

  private static SplitCompressionInputStream open(CountingStream s, long start, long end) throws IOException {
    SeekableLz4Codec codec = new SeekableLz4Codec();
    return codec.createInputStream(new FSDataInputStream(s), null, start, end, READ_MODE.BYBLOCK);
  }

  /** With a stream that says how much is left: two one-byte probes, then at most two reads for the index. */
  @Test
  void openingASplitTakesAtMostFourSmallReads() throws IOException {
    for (long start : new long[] {0, 1, file.length / 3, index.blockOffset(7), file.length - 1}) {
      CountingStream s = new CountingStream(file, true);
      long end = Math.min(file.length, start + 100_000);
      try (SplitCompressionInputStream in = open(s, start, end)) {
        assertTrue(s.positionedReads <= 4, "reads at open: " + s.positionedReads);
        assertTrue(s.positionedBytes <= 2 + 65_536 + 16L * index.blockCount() + 100, "bytes at open: " + s.positionedBytes);
        assertEquals(0, s.streamReads, "no sequential reads");
        s.resetCounts();
        byte[] first = new byte[10];
        int n = in.read(first);
        if (n > 0) {
          assertEquals(1, s.positionedReads, "one positioned read per block");
        }
      }
    }
  }

  /** Without that hint: a search for the end, bounded by 2·log2(length) one-byte probes. */
  @Test
  void withoutAvailableTheSearchIsLogarithmic() throws IOException {
    int bound = 2 * (64 - Long.numberOfLeadingZeros(file.length)) + 2;
    for (long start : new long[] {0, file.length / 2, file.length - 1}) {
      CountingStream s = new CountingStream(file, false);
      try (SplitCompressionInputStream in = open(s, start, Math.min(file.length, start + 65_536))) {
        assertTrue(s.positionedReads <= bound, "reads at open: " + s.positionedReads + " > " + bound);
        assertTrue(s.positionedBytes <= 64 + 65_536 + 16L * index.blockCount() + 100, "bytes: " + s.positionedBytes);
        assertTrue(start == 0 ? in.getAdjustedStart() == 0 : in.getAdjustedStart() >= Math.min(start, index.dataSize()),
            "adjusted start");
      }
    }
  }

  /** The last split ends at the file's length: the probes confirm it at once. */
  @Test
  void aKnownLengthNeedsNoProbes() throws IOException {
    CountingStream s = new CountingStream(file, false);
    SeekableLz4Codec codec = new SeekableLz4Codec();
    try (SplitCompressionInputStream in = codec.createInputStream(new FSDataInputStream(s), 100, 200, file.length)) {
      assertTrue(s.positionedReads <= 2, "reads: " + s.positionedReads);
      assertEquals(index.blockOffset(1), in.getAdjustedStart(), "the first block at or after 100");
    }
    s = new CountingStream(file, false);
    try (SplitCompressionInputStream in = open(s, file.length - 10, file.length)) {
      assertTrue(s.positionedReads <= 4, "reads: " + s.positionedReads);
      assertEquals(-1, in.read(), "no block starts in the index frame");
    }
  }

  /** Splits report positions at block starts; together they decode every block from its start. */
  @Test
  void adjustedPositionsAreBlockStarts() throws IOException {
    for (int i = 1; i < index.blockCount(); i++) {
      long p = index.blockOffset(i);
      try (SplitCompressionInputStream in = open(new CountingStream(file, true), p - 1, p + 1)) {
        assertEquals(p, in.getAdjustedStart());
        long next = i + 1 < index.blockCount() ? index.blockOffset(i + 1) : index.dataSize();
        assertEquals(next, in.getAdjustedEnd(), "split around block " + i);
        assertEquals(p, in.getPos());
        byte[] b = new byte[index.decodedLength(i)];
        int n = in.read(b);
        assertEquals(b.length, n, "a read stops at the block's end");
        assertArrayEquals(Arrays.copyOfRange(content, (int) index.contentOffset(i), (int) index.contentOffset(i) + n), b);
        assertEquals(next, in.getPos());
      }
    }
    try (SplitCompressionInputStream in = open(new CountingStream(file, true), 0, 1)) {
      assertEquals(0, in.getAdjustedStart());
      assertEquals(index.blockOffset(0), in.getAdjustedEnd());
    }
  }

  /** The length search is right for any length, hint or none, and a caller's end past the file. */
  @Test
  void streamLengthFindsEveryLength() throws IOException {
    for (int len : new int[] {0, 1, 2, 3, 65_535, 65_536, 65_537, 131_073, 1_000_003}) {
      for (long known : new long[] {0, 1, len / 2, Math.max(0, len - 1), len, len + 5L, 10L * len + 1}) {
        for (boolean honest : new boolean[] {true, false}) {
          CountingStream s = new CountingStream(new byte[len], honest);
          assertEquals(len, StreamLength.find(new FSDataInputStream(s), known), len + " known " + known + " " + honest);
          assertTrue(s.positionedReads <= 2 * 64 + 4, "probes: " + s.positionedReads);
          // a capped (HDFS over 2 GB) or wrong available() is a lower bound at most, never a wrong answer
          for (int over : new int[] {Integer.MAX_VALUE, len / 3 + 1, 7}) {
            s = new CountingStream(new byte[len], honest);
            s.availableOverride = over;
            assertEquals(len, StreamLength.find(new FSDataInputStream(s), known), len + " known " + known + " available " + over);
          }
        }
      }
    }
  }

  /** The input formats pass the length from FileStatus: no probes; a wrong length is not trusted. */
  @Test
  void aLengthFromTheConfigurationSkipsTheProbes() throws IOException {
    for (long given : new long[] {file.length, file.length - 1, file.length + 1, 2L * file.length}) {
      SeekableLz4Codec codec = new SeekableLz4Codec();
      org.apache.hadoop.conf.Configuration conf = TestData.conf(65_536);
      conf.setLong(SeekableLz4Codec.FILE_LENGTH_KEY, given);
      codec.setConf(conf);
      CountingStream s = new CountingStream(file, false);
      long start = index.blockOffset(3) - 1;
      try (SplitCompressionInputStream in = codec.createInputStream(new FSDataInputStream(s), null, start, start + 2,
          READ_MODE.BYBLOCK)) {
        if (given == file.length) {
          assertTrue(s.positionedReads <= 2, "reads: " + s.positionedReads);
        }
        assertEquals(index.blockOffset(3), in.getAdjustedStart(), "given length " + given);
        byte[] b = new byte[5];
        assertEquals(5, in.read(b));
        assertArrayEquals(Arrays.copyOfRange(content, (int) index.contentOffset(3), (int) index.contentOffset(3) + 5), b);
      }
    }
  }

  /** A damaged index fails the split cleanly (not read as "no index": that would lose lines). */
  @Test
  void aDamagedIndexOrBlockIsACleanException() throws IOException {
    byte[] badIndex = file.clone();
    badIndex[(int) index.dataSize() + 20] ^= 1; // inside the frame table: the index checksum fails
    dev.celer.lz4.Lz4StreamException e = org.junit.jupiter.api.Assertions.assertThrows(
        dev.celer.lz4.Lz4StreamException.class, () -> open(new CountingStream(badIndex, true), 1000, 2000).close());
    assertEquals(dev.celer.lz4.Lz4StreamException.Kind.BAD_INDEX, e.kind());

    byte[] badBlock = file.clone();
    badBlock[(int) index.blockOffset(2) + 100] ^= 1; // inside block 2: its checksum fails
    SplitCompressionInputStream in = open(new CountingStream(badBlock, true), index.blockOffset(2), file.length);
    dev.celer.lz4.Lz4StreamException bad = org.junit.jupiter.api.Assertions.assertThrows(
        dev.celer.lz4.Lz4StreamException.class, () -> in.read(new byte[10]));
    assertEquals(dev.celer.lz4.Lz4StreamException.Kind.CHECKSUM, bad.kind());
    // the failure latches: a later read reports it again, with its kind; close still closes the
    // stream and returns normally
    dev.celer.lz4.Lz4StreamException again = org.junit.jupiter.api.Assertions.assertThrows(
        dev.celer.lz4.Lz4StreamException.class, in::read);
    assertEquals(dev.celer.lz4.Lz4StreamException.Kind.CHECKSUM, again.kind());
    org.junit.jupiter.api.Assertions.assertDoesNotThrow(in::close);
  }
}
