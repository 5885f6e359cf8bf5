package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.Mem;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Indexer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A file whose index is large (100,000 blocks of one short line each, a 1.6 MB block table):
 * opening a split reads the end of the file and a binary search of the block table, not the
 * table, and the splits still decode every block exactly once.
 */
class LargeIndexSplitTest {
  private static final int BLOCKS = 100_000;
  private static byte[] content;
  private static byte[] file;
  private static SeekIndex index;

  @BeforeAll
  static void write() throws IOException {
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    Lz4FrameOptions options = Lz4FrameOptions.builder().linkedBlocks(false).blockChecksum(true).build();
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(data, options)) {
      for (int i = 0; i < BLOCKS; i++) {
        byte[] line = String.format("line %06d\n", i).getBytes(StandardCharsets.US_ASCII);
        plain.write(line);
        out.write(line);
        out.flush(); // one block per line
      }
    }
    content = plain.toByteArray();
    index = SeekableLz4Indexer.index(new ByteArrayInputStream(data.toByteArray()));
    assertEquals(BLOCKS, index.blockCount());
    data.write(index.toBytes());
    file = data.toByteArray();
  }

  private static SplitCompressionInputStream open(CountingStream s, long start, long end) throws IOException {
    return new SeekableLz4Codec().createInputStream(new FSDataInputStream(s), start, end, file.length);
  }

  /** Index 1.6 MB; a split opens with the 64 KB tail read and a few 8 KB pages of the table. */
  @Test
  void openingASplitReadsLittleOfTheIndex() throws IOException {
    long tableBytes = 16L * BLOCKS;
    for (long start : new long[] {0, 1, file.length / 3, index.blockOffset(BLOCKS / 2), index.dataSize() - 1}) {
      CountingStream s = new CountingStream(file, false);
      long end = Math.min(index.dataSize(), start + 100_000);
      try (SplitCompressionInputStream in = open(s, start, end)) {
        assertTrue(s.positionedBytes <= 65_536 + 8 + 16 + 4 * 8192 + 16, "bytes at open: " + s.positionedBytes);
        assertTrue(s.positionedBytes * 15 < tableBytes, "bytes at open: " + s.positionedBytes);
        assertTrue(s.positionedReads <= 3 + 4 + 2, "reads at open: " + s.positionedReads);
        s.resetCounts();
        int c = in.read();
        assertTrue(c >= 0 || start > index.blockOffset(BLOCKS - 1), "a block starts in the split");
        assertTrue(s.positionedBytes <= 16 * (SeekableSplitInputStream.WINDOW + 1) + 100, "first read: " + s.positionedBytes);
      }
    }
  }

  /** For comparison: opening the whole index (a reader's open) reads all of it. */
  @Test
  void theWholeIndexWouldCostItsSize() throws IOException {
    CountingStream s = new CountingStream(file, false);
    dev.celer.lz4.seekable.SeekableLz4Reader.open(new PositionedSource(s, file.length)).close();
    assertEquals(2, s.positionedReads);
    assertEquals(65_536 + 16L * BLOCKS + 8 + 16 + 40, s.positionedBytes);
  }

  /** Splits cut anywhere decode, between them, every block once and in order. */
  @Test
  void splitsDecodeEveryBlockOnce() throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    long total = 0;
    int splits = 7;
    long step = file.length / splits + 1;
    for (long start = 0; start < file.length; start += step) {
      long end = Math.min(file.length, start + step);
      CountingStream s = new CountingStream(file, false);
      try (SplitCompressionInputStream in = open(s, start, end)) {
        byte[] b = new byte[64];
        while (in.getPos() < in.getAdjustedEnd()) {
          int n = in.read(b, 0, b.length);
          if (n < 0) {
            break;
          }
          all.write(b, 0, n);
        }
        total += s.positionedBytes;
      }
    }
    assertArrayEquals(content, all.toByteArray());
    assertTrue(total < 2L * file.length, "all splits together: " + total);
  }

  /** A block-table entry pointing past the data fails as a bad index when a split reaches it. */
  @Test
  void aHostileEntryIsABadIndex() throws IOException {
    byte[] bad = file.clone();
    int entry = (int) (index.dataSize() + 8 + 16 * index.frameCount() + 16L * (BLOCKS / 2));
    Mem.putLongLE(bad, entry, Long.MAX_VALUE - 3);
    long start = index.blockOffset(BLOCKS / 2 - 10);
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> {
      try (SplitCompressionInputStream in = new SeekableLz4Codec().createInputStream(
          new FSDataInputStream(new CountingStream(bad, false)), start, start + 1000, bad.length)) {
        byte[] b = new byte[4096];
        while (in.read(b, 0, b.length) >= 0) {
          // read on
        }
      }
    });
    assertEquals(Lz4StreamException.Kind.BAD_INDEX, e.kind(), e.getMessage());
  }
}
