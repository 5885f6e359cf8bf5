package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.internal.NativeBackend;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.testsupport.Corpus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Linked HC blocks at levels 10–12 on the native backend, in one liblz4 state kept across the
 * sequence ({@link Lz4NativeLinkedHigh}, issue 22): every block must be the pure-Java compressor's
 * ({@link Lz4HighCompressor#compressLinked}), over sequences that take each of its ways (a new
 * sequence, chains continued, chains rebuilt over a history longer than the previous block, blocks
 * too short for a match, a dictionary with a first block of 4 KB or less and over it, blocks that
 * do not fit their room, more than 64 KB of history), and frames flushed in mid-sequence. On the
 * native backend ({@code celer.expect.native}) it also checks that liblz4 compressed the blocks;
 * elsewhere the comparisons are Java against Java. The blocks equal to {@code lz4 -BD -10/-12}'s
 * are checked by {@link Lz4LinkedOptimalCliIdentityTest}, which runs on both backends.
 */
class NativeLinkedHighTest {
  private static final boolean EXPECT_NATIVE = Boolean.getBoolean("celer.expect.native");

  private static byte[] source(int len, int kind) {
    switch (kind) {
      case 0: {
        byte[] book = Corpus.read("book1");
        return Arrays.copyOfRange(book, 100_000, 100_000 + len);
      }
      case 1:
        return TestData.textLike(len, 11);
      default: {
        // text with incompressible stretches: some blocks do not fit in their room
        byte[] b = TestData.textLike(len, 5);
        byte[] noise = TestData.random(len, 6);
        for (int i = 0; i < len; i += 40_000) {
          System.arraycopy(noise, i, b, i, Math.min(12_000, len - i));
        }
        return b;
      }
    }
  }

  /** Compresses {@code data} in blocks of {@code sizes} (cycled) with room {@code len - 1} or the bound, alternately; returns every block. */
  private static List<byte[]> blocks(Lz4StreamCompressor sc, byte[] data, int[] sizes, byte[] dict) {
    if (dict != null) {
      sc.reset(dict, 0, dict.length);
    }
    List<byte[]> out = new ArrayList<>();
    byte[] dst = new byte[Lz4.maxCompressedLength(1 << 20)];
    int pos = 0;
    for (int k = 0; pos < data.length; k++) {
      int len = Math.min(sizes[k % sizes.length], data.length - pos);
      int room = k % 2 == 0 ? Math.max(0, len - 1) : Lz4.maxCompressedLength(len);
      Arrays.fill(dst, 0, room, (byte) 0x5A);
      int n = sc.tryCompress(data, pos, len, dst, 0, room);
      out.add(n < 0 ? new byte[] {(byte) k} : Arrays.copyOf(dst, n));
      pos += len;
    }
    return out;
  }

  /** @return how many blocks of the first sequence went to liblz4, and how many of them continued the chains */
  private static long[] compare(int level, byte[] data, int[] sizes, byte[] dict, String what) {
    Lz4StreamCompressor ours = Lz4.streamCompressor(Lz4.highCompressor(level));
    Lz4StreamCompressor java = Lz4.streamCompressor(Lz4.javaHighCompressor(level));
    List<byte[]> a = blocks(ours, data, sizes, dict);
    List<byte[]> b = blocks(java, data, sizes, dict);
    sameBlocks(b, a, what);
    if (EXPECT_NATIVE) {
      assertTrue(ours.nativeLinkedBlocksForTest() > 0, what + ": no block went to liblz4 (" + Lz4.backend() + ")");
    }
    long[] counts = {ours.nativeLinkedBlocksForTest(), ours.nativeContinuedBlocksForTest()};
    // a second sequence on the same compressors, after close(): a new state, the same blocks
    ours.close();
    java.close();
    byte[] part = Arrays.copyOf(data, Math.min(data.length, 90_000));
    sameBlocks(blocks(java, part, sizes, null), blocks(ours, part, sizes, null), what + ", after close()");
    ours.close();
    return counts;
  }

  private static void sameBlocks(List<byte[]> java, List<byte[]> ours, String what) {
    assertEquals(java.size(), ours.size(), what);
    for (int i = 0; i < ours.size(); i++) {
      assertArrayEquals(java.get(i), ours.get(i), what + ": block " + i);
    }
  }

  @Test
  void boundWhenNativeIsExpected() {
    assertEquals(EXPECT_NATIVE, NativeBackend.lz4LinkedHigh(), Lz4.backend());
  }

  @Test
  void blocksAreJavasAtLevels10To12() {
    int[][] patterns = {
      {65536}, // chains continued from block to block
      {100_000, 30_000, 70_000, 5}, // continued, rebuilt over 64 KB, a block too short for a match
      {3000, 1000, 20_000, 7, 12, 13, 500}, // small blocks: the history grows past the previous block
    };
    int[] levels = {10, 11, 12};
    for (int kind = 0; kind < 3; kind++) {
      byte[] data = source(230_000, kind);
      for (int p = 0; p < patterns.length; p++) {
        int level = levels[(kind + p) % levels.length];
        String what = "source " + kind + ", pattern " + p + ", level " + level;
        long[] counts = compare(level, data, patterns[p], null, what);
        if (EXPECT_NATIVE && p == 0) {
          // 64 KB blocks: every block after the first continues the chains of the one before
          assertEquals(counts[0] - 1, counts[1], what + ": blocks continued of " + counts[0]);
        }
      }
    }
  }

  @Test
  void dictionaryThenBlocks() {
    byte[] all = source(300_000, 0);
    byte[] dict = Arrays.copyOfRange(all, 0, 70_000);
    byte[] data = Arrays.copyOfRange(all, 70_000, 230_000);
    compare(12, data, new int[] {4096, 65536}, dict, "dictionary, first block 4096 (dictCtx, Java), level 12");
    compare(10, data, new int[] {4097, 30_000}, dict, "dictionary, first block 4097, level 10");
    compare(11, data, new int[] {12, 70_000}, Arrays.copyOf(dict, 3000), "short dictionary, first block 12, level 11");
  }

  /**
   * The native state refuses to continue from a history other than the one it saved (its block
   * would decode against other bytes), refuses ranges outside the arrays, and after a failure
   * refuses every later call.
   */
  @Test
  void nativeStateChecksItsHistoryAndLatches() {
    assumeTrue(NativeBackend.lz4LinkedHigh(), "needs the native backend: " + Lz4.backend());
    byte[] window = source(200_000, 1);
    byte[] dst = new byte[Lz4.maxCompressedLength(70_000)];
    Object state = NativeBackend.lz4LinkedHighOpen(12);
    try {
      assertThrows(IllegalArgumentException.class,
          () -> NativeBackend.lz4LinkedHighCompress(state, 0, window, 0, 0, 70_000, dst, 1, dst.length));
      assertThrows(IllegalArgumentException.class,
          () -> NativeBackend.lz4LinkedHighCompress(state, 1, window, 0, 70_000, 10_000, dst, 0, 100)); // 70 KB of history
      assertTrue(NativeBackend.lz4LinkedHighCompress(state, 0, window, 0, 0, 70_000, dst, 0, dst.length) > 0);
      // the saved history is window[70_000 - 65_536, 70_000); a changed byte in it is refused
      byte[] changed = window.clone();
      changed[69_000] ^= 1;
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> NativeBackend.lz4LinkedHighCompress(state, 2, changed, 70_000 - 65_536, 70_000, 1000, dst, 0, dst.length));
      assertTrue(e.getMessage().contains("saved history"), e.getMessage());
      // latched: even the right history is refused now
      assertThrows(IllegalStateException.class,
          () -> NativeBackend.lz4LinkedHighCompress(state, 2, window, 70_000 - 65_536, 70_000, 1000, dst, 0, dst.length));
    } finally {
      NativeBackend.lz4LinkedHighClose(state); // a failed state is not pooled
    }
    Object fresh = NativeBackend.lz4LinkedHighOpen(12);
    assertTrue(fresh != state, "a failed state went back to the pool");
    NativeBackend.lz4LinkedHighClose(fresh);
  }

  /** Random block sizes (the seed is printed with a failure). */
  @Test
  void randomBlockSizes() {
    long seed = new Random().nextLong();
    Random r = new Random(seed);
    byte[] data = source(200_000, r.nextInt(3));
    int[] sizes = new int[12];
    for (int i = 0; i < sizes.length; i++) {
      int k = r.nextInt(4);
      sizes[i] = k == 0 ? r.nextInt(20) : k == 1 ? r.nextInt(5000) : k == 2 ? 60_000 + r.nextInt(10_000) : r.nextInt(40_000);
    }
    compare(10 + r.nextInt(3), data, sizes, r.nextBoolean() ? null : Arrays.copyOf(source(80_000, 1), 1 + r.nextInt(80_000)),
        "seed " + seed + ", sizes " + Arrays.toString(sizes));
  }

  /**
   * A frame with linked blocks at level 12, flushed in mid-sequence (short blocks) and closed: each
   * block is what the pure-Java stream compressor gives for the same block contents, and the frame
   * decodes.
   */
  @Test
  void frameFlushedInMidSequence() throws IOException {
    byte[] data = source(400_000, 2);
    for (int level : new int[] {10, 12}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      List<Integer> cuts = new ArrayList<>();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, Lz4FrameOptions.builder().level(level).linkedBlocks(true)
          .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).contentChecksum(true).build())) {
        int pos = 0;
        int[] writes = {1000, 150_000, 20, 70_000, 30_000};
        for (int k = 0; pos < data.length; k++) {
          int n = Math.min(writes[k % writes.length], data.length - pos);
          out.write(data, pos, n);
          pos += n;
          if (k % 2 == 0) {
            out.flush();
          }
        }
      }
      byte[] frame = bytes.toByteArray();
      assertArrayEquals(data, Lz4Frame.decompress(frame), "level " + level);
      List<TestData.FrameBlock> blocks = TestData.parseFrame(frame);
      Lz4StreamCompressor java = Lz4.streamCompressor(Lz4.javaHighCompressor(level));
      Lz4StreamDecompressor decoder = Lz4.streamDecompressor();
      int pos = 0;
      byte[] dst = new byte[70_000];
      byte[] plain = new byte[65536];
      for (int i = 0; i < blocks.size(); i++) {
        TestData.FrameBlock b = blocks.get(i);
        byte[] content;
        if (b.stored) {
          content = b.data;
          decoder.appendHistory(content, 0, content.length);
        } else {
          content = Arrays.copyOf(plain, decoder.decompress(b.data, 0, b.data.length, plain, 0, plain.length));
        }
        assertArrayEquals(Arrays.copyOfRange(data, pos, pos + content.length), content, "level " + level + ", block " + i);
        int n = java.tryCompress(data, pos, content.length, dst, 0, content.length - 1);
        assertEquals(b.stored, n < 0, "level " + level + ", block " + i + " stored");
        if (!b.stored) {
          assertArrayEquals(Arrays.copyOf(dst, n), b.data, "level " + level + ", block " + i);
        }
        pos += content.length;
      }
      cuts.add(blocks.size());
      assertTrue(blocks.size() > 8, "blocks: " + cuts);
    }
  }
}
