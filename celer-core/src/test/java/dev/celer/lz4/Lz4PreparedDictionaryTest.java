package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Lz4Dictionary}: blocks compressed with a prepared dictionary decode with the plain
 * dictionary bytes (here and with {@code lz4 -d -D}), are {@code lz4 -1 -D}'s blocks, byte for
 * byte, and the per-call dictionary path's.
 */
class Lz4PreparedDictionaryTest {
  private static final Lz4Compressor FAST = Lz4.fastCompressor();
  private static final Lz4Decompressor DEC = Lz4.decompressor();

  @Test
  void roundTripsForEveryDictionaryAndInputLength() {
    byte[] all = Corpus.read("botocore-ec2.json");
    Lz4Compressor[] compressors = {FAST, Lz4.fastCompressor(8), Lz4.highCompressor(9)};
    for (int dictLen : new int[] {0, 1, 4, 7, 8, 9, 100, 4096, 65535, 65536, 65537, 200_000}) {
      int recOff = 200_000;
      byte[] dict = Arrays.copyOfRange(all, recOff - dictLen, recOff);
      Lz4Dictionary prepared = Lz4Dictionary.of(dict, 0, dictLen);
      assertEquals(Math.min(dictLen, 65536), prepared.length());
      assertArrayEquals(Arrays.copyOfRange(dict, dictLen - prepared.length(), dictLen), prepared.copyOfBytes());
      for (Lz4Compressor c : compressors) {
        for (int recLen : new int[] {0, 1, 12, 13, 14, 100, 1000, 4096, 4097, 70_000, 300_000}) {
          byte[] out = new byte[Lz4.maxCompressedLength(recLen)];
          int n = c.compress(all, recOff, recLen, out, 0, out.length, prepared);
          byte[] back = new byte[recLen];
          String what = c + " dict " + dictLen + " rec " + recLen;
          assertEquals(recLen, DEC.decompress(out, 0, n, back, 0, recLen, dict, 0, dictLen), what);
          assertArrayEquals(Arrays.copyOfRange(all, recOff, recOff + recLen), back, what);
          if (c != FAST) {
            continue;
          }
          // heap and direct buffers give the same bytes as arrays
          for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = direct ? ByteBuffer.allocateDirect(recLen + 7) : ByteBuffer.allocate(recLen + 7);
            src.position(7);
            src.put(all, recOff, recLen).flip().position(7);
            ByteBuffer dst = direct ? ByteBuffer.allocateDirect(out.length + 3) : ByteBuffer.allocate(out.length + 3);
            dst.position(3);
            assertEquals(n, FAST.compress(src, dst, prepared), what);
            assertEquals(src.limit(), src.position());
            assertEquals(3 + n, dst.position());
            byte[] got = new byte[n];
            dst.flip().position(3);
            dst.get(got);
            assertArrayEquals(Arrays.copyOf(out, n), got, what + (direct ? " direct" : " heap"));
          }
        }
      }
    }
  }

  @Test
  void compressOrRejectNeverWritesPastTheLimit() {
    byte[] all = Corpus.read("alice29.txt");
    Lz4Dictionary dict = Lz4Dictionary.of(all, 0, 50_000);
    int recOff = 60_000;
    int recLen = 3000;
    byte[] full = new byte[Lz4.maxCompressedLength(recLen)];
    int n = FAST.compress(all, recOff, recLen, full, 0, full.length, dict);
    for (int cap = 0; cap <= n + 2; cap++) {
      byte[] out = new byte[cap + 16];
      Arrays.fill(out, (byte) 0x5A);
      int m = FAST.tryCompress(all, recOff, recLen, out, 0, cap, dict);
      if (cap < n) {
        assertEquals(-1, m, "capacity " + cap);
        int c = cap;
        assertThrows(Lz4Exception.class, () -> FAST.compress(all, recOff, recLen, new byte[c], 0, c, dict));
      } else {
        assertEquals(n, m);
        assertArrayEquals(Arrays.copyOf(full, n), Arrays.copyOf(out, n));
      }
      for (int i = cap; i < out.length; i++) {
        assertEquals((byte) 0x5A, out[i], "byte " + i + " written past capacity " + cap);
      }
    }
    ByteBuffer src = ByteBuffer.wrap(all, recOff, recLen);
    ByteBuffer small = ByteBuffer.allocate(n - 1);
    assertEquals(-1, FAST.tryCompress(src, small, dict));
    assertEquals(recOff, src.position());
    assertEquals(0, small.position());
    assertThrows(java.nio.ReadOnlyBufferException.class,
        () -> FAST.tryCompress(src, ByteBuffer.allocate(100).asReadOnlyBuffer(), dict));
    assertThrows(IndexOutOfBoundsException.class, () -> Lz4Dictionary.of(all, all.length - 1, 2));
    assertThrows(NullPointerException.class, () -> FAST.compress(all, 0, 10, full, 0, full.length, (Lz4Dictionary) null));
  }

  /** The dictionary is copied: changing the caller's array afterwards changes nothing. */
  @Test
  void preparedDictionaryIsACopy() {
    byte[] all = Corpus.read("alice29.txt");
    byte[] dict = Arrays.copyOf(all, 30_000);
    Lz4Dictionary prepared = Lz4Dictionary.of(dict);
    byte[] out = new byte[Lz4.maxCompressedLength(2000)];
    int n = FAST.compress(all, 40_000, 2000, out, 0, out.length, prepared);
    Arrays.fill(dict, (byte) 0);
    byte[] out2 = new byte[out.length];
    assertEquals(n, FAST.compress(all, 40_000, 2000, out2, 0, out2.length, prepared));
    assertArrayEquals(out, out2);
  }

  /**
   * Records of 1 KB and 4 KB of every corpus file against a dictionary made of the file's first 64
   * KB (as the benchmark cuts them): the prepared dictionary gives the per-call path's block, byte
   * for byte (one algorithm, lz4 -D's), and every record decodes.
   */
  @Test
  void sameBlocksAsThePerCallPathOnTheCorpus() {
    for (int recSize : new int[] {1024, 4096}) {
      byte[] out = new byte[Lz4.maxCompressedLength(recSize)];
      byte[] perCall = new byte[out.length];
      byte[] back = new byte[recSize];
      for (Path file : TestData.corpusFiles()) {
        byte[] data = TestData.read(file);
        int dictLen = Math.min(64 * 1024, data.length / 4);
        Lz4Dictionary prepared = Lz4Dictionary.of(data, 0, dictLen);
        byte[] dict = Arrays.copyOf(data, dictLen);
        for (int off = dictLen; off < data.length; off += recSize) {
          int len = Math.min(recSize, data.length - off);
          int c = FAST.compress(data, off, len, perCall, 0, perCall.length, dict, 0, dictLen);
          int n = FAST.compress(data, off, len, out, 0, out.length, prepared);
          assertArrayEquals(Arrays.copyOf(perCall, c), Arrays.copyOf(out, n), file + " at " + off);
          assertEquals(len, DEC.decompress(out, 0, n, back, 0, len, data, 0, dictLen));
          assertTrue(Arrays.equals(data, off, off + len, back, 0, len), file + " at " + off);
        }
      }
    }
  }

  /**
   * The HC levels: a prepared dictionary gives the per-call path's block too, on both sides of the
   * 4 KB rule (dictCtx mode below, external dictionary above), and the block decodes.
   */
  @Test
  void highLevelsPreparedAndPerCallGiveTheSameBlocks() {
    byte[] data = Corpus.read("alice29.txt");
    byte[] dict = Arrays.copyOf(data, 30_000);
    Lz4Dictionary prepared = Lz4Dictionary.of(dict);
    for (int level : new int[] {3, 9, 10, 12}) {
      Lz4Compressor hc = Lz4.highCompressor(level);
      for (int len : new int[] {13, 1000, 4096, 4097, 20_000}) {
        byte[] out = new byte[Lz4.maxCompressedLength(len)];
        byte[] perCall = new byte[out.length];
        int c = hc.compress(data, 30_000, len, perCall, 0, perCall.length, dict, 0, dict.length);
        int n = hc.compress(data, 30_000, len, out, 0, out.length, prepared);
        String what = "level " + level + ", input " + len;
        assertArrayEquals(Arrays.copyOf(perCall, c), Arrays.copyOf(out, n), what);
        byte[] back = new byte[len];
        assertEquals(len, DEC.decompress(out, 0, n, back, 0, len, dict, 0, dict.length), what);
        assertTrue(Arrays.equals(data, 30_000, 30_000 + len, back, 0, len), what);
      }
    }
  }

  /**
   * Independent 64 KB blocks with a dictionary, against {@code lz4 -1 -B4 -BI -D dict} (each block
   * attaches the dictionary: {@code LZ4F_compressBlock} in lib/lz4frame.c), on every corpus file,
   * with another file as the dictionary and with the file's own first 100 KB (so that long matches
   * cross from the dictionary into the block): every block is lz4's.
   */
  @Test
  void sameBlocksAsLz4CliWithDictionary(@TempDir Path tmp) throws Exception {
    int blockSize = 64 * 1024;
    byte[] out = new byte[Lz4.maxCompressedLength(blockSize)];
    byte[] back = new byte[blockSize];
    byte[] other = Corpus.read("rust-book.html");
    StringBuilder table = new StringBuilder();
    for (Path file : TestData.corpusFiles()) {
      byte[] data = TestData.read(file);
      for (boolean own : new boolean[] {false, true}) {
        byte[] dict = own ? Arrays.copyOf(data, Math.min(data.length, 100_000)) : other;
        Path dictFile = tmp.resolve("dict");
        Files.write(dictFile, dict);
        Lz4Dictionary prepared = Lz4Dictionary.of(dict);
        List<TestData.FrameBlock> ref = TestData.parseFrame(
            TestData.runLz4(file, "-1", "-B4", "-BI", "--no-frame-crc", "-D", dictFile.toString()));
        long ours = 0;
        long theirs = 0;
        int identical = 0;
        int i = 0;
        for (int off = 0; off < data.length; off += blockSize, i++) {
          int len = Math.min(blockSize, data.length - off);
          int n = FAST.compress(data, off, len, out, 0, out.length, prepared);
          assertEquals(len, DEC.decompress(out, 0, n, back, 0, len, dict, 0, dict.length));
          assertTrue(Arrays.equals(data, off, off + len, back, 0, len));
          TestData.FrameBlock b = ref.get(i);
          ours += Math.min(n, len);
          theirs += b.data.length;
          if (b.stored ? n >= len : Arrays.equals(b.data, 0, b.data.length, out, 0, n)) {
            identical++;
          }
        }
        assertEquals(ref.size(), i, "block count");
        table.append(String.format("%-28s dict %-5s celer %9d  lz4 -1 -D %9d  identical blocks %d/%d%n",
            file.getFileName(), own ? "own" : "other", ours, theirs, identical, i));
        assertEquals(i, identical, file + (own ? " (own dictionary)" : "") + ": " + ours + " vs " + theirs);
      }
    }
    System.out.print(table);
  }

  /** Our blocks in a frame that {@code lz4 -d -D} decodes. */
  @Test
  void cliDecodesPreparedDictionaryBlocks(@TempDir Path tmp) throws Exception {
    byte[] src = Corpus.read("world192.txt");
    byte[] dict = Arrays.copyOfRange(src, 0, 80_000);
    byte[] data = Arrays.copyOfRange(src, 80_000, 80_000 + 150_000);
    Path dictFile = tmp.resolve("dict");
    Files.write(dictFile, dict);
    Lz4Dictionary prepared = Lz4Dictionary.of(dict);
    Random random = new Random(42);
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    // magic; FLG: version 01, independent blocks; BD: 64 KB; header checksum (XXH32 of FLG, BD >> 8)
    byte[] header = {0x04, 0x22, 0x4D, 0x18, 0x60, 0x40, 0};
    header[6] = (byte) (dev.celer.xxhash.XxHash32.hash(header, 4, 2, 0) >>> 8);
    frame.write(header);
    byte[] block = new byte[Lz4.maxCompressedLength(65536)];
    for (int off = 0; off < data.length; ) {
      int len = Math.min(1 + random.nextInt(8192), data.length - off);
      int n = FAST.compress(data, off, len, block, 0, block.length, prepared);
      frame.write(new byte[] {(byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)});
      frame.write(block, 0, n);
      off += len;
    }
    frame.write(new byte[4]);
    Path lz4File = tmp.resolve("records.lz4");
    Files.write(lz4File, frame.toByteArray());
    byte[] dec = Tools.lz4((byte[]) null, "-d", "-D", dictFile.toString(), "-c", lz4File.toString());
    assertArrayEquals(data, dec);
  }
}
