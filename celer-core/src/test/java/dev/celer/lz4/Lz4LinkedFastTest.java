package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.testsupport.Corpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linked fast blocks against the C library: {@link Lz4StreamCompressor} with the fast compressor
 * keeps its hash table from block to block as {@code LZ4_compress_fast_continue} does, so each
 * block of {@code lz4 -1 -BD} (64 KB and 4 MB blocks, with and without {@code -D}) is ours byte
 * for byte, stored blocks included (lz4 gives the block {@code len - 1} bytes, and so do we).
 */
class Lz4LinkedFastTest {

  @Test
  void sameBlocksAsLz4LinkedOnTheCorpus() throws Exception {
    StringBuilder table = new StringBuilder();
    for (Path file : TestData.corpusFiles()) {
      byte[] data = TestData.read(file);
      if (data.length <= 64 * 1024) {
        continue; // one block: lz4 writes it as independent
      }
      table.append(compare(file, data, 64 * 1024, null, "-1", "-B4"));
    }
    System.out.print(table);
  }

  @Test
  void sameBlocksAsLz4LinkedWithBigBlocksAndAcceleration() throws Exception {
    Path big = Corpus.file("linux-uapi-headers.tar"); // the one file over 4 MB
    System.out.print(compare(big, TestData.read(big), 4 * 1024 * 1024, null, "-1", "-B7"));
    Path bible = Corpus.file("bible.txt");
    System.out.print(compare(bible, TestData.read(bible), 64 * 1024, null, "--fast=5", "-B4"));
  }

  @Test
  void sameBlocksAsLz4LinkedWithDictionary(@TempDir Path tmp) throws Exception {
    for (Path file : Corpus.some("bible.txt", "libstdc++.so", "botocore-ec2.json")) {
      byte[] data = TestData.read(file);
      byte[] dict = Arrays.copyOf(Corpus.read("world192.txt"), 100_000);
      Path dictFile = tmp.resolve("dict");
      Files.write(dictFile, dict);
      System.out.print(compare(file, data, 64 * 1024, dict, "-1", "-B4", "-D", dictFile.toString()));
    }
  }

  /** Past 2 GB of stream the table's indexes are rebased ({@code LZ4_renormDictT}); nothing is lost. */
  @Test
  void indexesAreRebasedBeforeTheyOverflow() {
    byte[] data = Corpus.read("bible.txt");
    int blockSize = 64 * 1024;
    Lz4StreamCompressor sc = Lz4.streamCompressor(Lz4.fastCompressor());
    Lz4StreamDecompressor sd = Lz4.streamDecompressor();
    byte[] out = new byte[Lz4.maxCompressedLength(blockSize)];
    byte[] back = new byte[blockSize];
    long before = 0;
    long after = 0;
    for (int i = 0, off = 0; i < 12; i++, off += blockSize) {
      if (i == 3) {
        sc.skipIndexForTest(Integer.MAX_VALUE - 3 * blockSize - 3 * blockSize / 2); // next block fits, the one after does not
      }
      int n = sc.compress(data, off, blockSize, out, 0, out.length);
      assertEquals(blockSize, sd.decompress(out, 0, n, back, 0, blockSize), "block " + i);
      assertArrayEquals(Arrays.copyOfRange(data, off, off + blockSize), back, "block " + i);
      if (i < 3) {
        before += n;
      } else if (i >= 9) {
        after += n;
      }
    }
    // after the rebase the history is found again: blocks compress as well as before
    assertEquals(true, after < before * 1.1, after + " vs " + before);
  }

  private static String compare(Path file, byte[] data, int blockSize, byte[] dict, String... lz4Args)
      throws Exception {
    String[] args = Arrays.copyOf(lz4Args, lz4Args.length + 2);
    args[lz4Args.length] = "-BD";
    args[lz4Args.length + 1] = "--no-frame-crc";
    List<TestData.FrameBlock> ref = TestData.parseFrame(TestData.runLz4(file, args));
    int acceleration = lz4Args[0].startsWith("--fast=") ? Integer.parseInt(lz4Args[0].substring(7)) + 1 : 1;
    Lz4StreamCompressor sc = Lz4.streamCompressor(Lz4.fastCompressor(acceleration));
    Lz4StreamDecompressor sd = Lz4.streamDecompressor();
    if (dict != null) {
      sc.reset(dict, 0, dict.length);
      sd.reset(dict, 0, dict.length);
    }
    byte[] out = new byte[blockSize];
    byte[] back = new byte[blockSize];
    long ours = 0;
    long theirs = 0;
    int i = 0;
    for (int off = 0; off < data.length; off += blockSize, i++) {
      int len = Math.min(blockSize, data.length - off);
      int n = sc.tryCompress(data, off, len, out, 0, len - 1);
      TestData.FrameBlock b = ref.get(i);
      String what = file.getFileName() + " " + String.join(" ", args) + " block " + i;
      if (n < 0) {
        assertEquals(true, b.stored, what + ": stored here, compressed by lz4");
        sd.appendHistory(data, off, len);
        ours += len;
      } else {
        assertEquals(false, b.stored, what + ": compressed here, stored by lz4");
        assertArrayEquals(b.data, Arrays.copyOf(out, n), what);
        assertEquals(len, sd.decompress(out, 0, n, back, 0, len), what);
        assertArrayEquals(Arrays.copyOfRange(data, off, off + len), Arrays.copyOf(back, len), what);
        ours += n;
      }
      theirs += b.data.length;
    }
    assertEquals(ref.size(), i, "block count");
    return String.format("%-24s %-28s celer %9d  lz4 %9d  (%d blocks, all identical)%n",
        String.join(" ", lz4Args).replaceAll(" /.*", " dict"), file.getFileName(), ours, theirs, i);
  }
}
