package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.corpus;
import static dev.celer.lz4.frame.FrameTestSupport.lz4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.celer.testsupport.Corpus;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linked frames at the fast levels are {@code lz4 -BD}'s frames byte for byte: the frame writer
 * compresses linked blocks with a {@link dev.celer.lz4.Lz4StreamCompressor}, which keeps its hash
 * table between blocks as {@code LZ4F_compressBlock_continue} does.
 */
class Lz4FrameLinkedFastTest {
  @TempDir Path tmp;

  @Test
  void sameFramesAsLz4OnTheCorpus() throws Exception {
    for (Path file : Corpus.files()) {
      byte[] data = Files.readAllBytes(file);
      if (data.length <= 64 * 1024) {
        continue; // one block: lz4 marks the frame independent
      }
      byte[] ours = Lz4Frame.compress(data, Lz4FrameOptions.builder().level(1)
          .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).build());
      assertArrayEquals(lz4(data, "-1", "-B4", "-BD", "-c"), ours, file.getFileName().toString());
    }
  }

  @Test
  void sameFramesAsLz4WithDictionaryAccelerationAndBigBlocks() throws Exception {
    byte[] bible = Corpus.read("bible.txt");
    byte[] dict = Arrays.copyOf(Corpus.read("world192.txt"), 100_000);
    Path dictFile = tmp.resolve("dict");
    Files.write(dictFile, dict);
    byte[] ours = Lz4Frame.compress(bible, Lz4FrameOptions.builder().level(1)
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).dictionary(dict).build());
    assertArrayEquals(lz4(bible, "-1", "-B4", "-BD", "-D", dictFile.toString(), "-c"), ours, "-D");
    assertBytes(bible, lz4(ours, "-d", "-c", "-D", dictFile.toString()), "lz4 -d -D");
    ours = Lz4Frame.compress(bible, Lz4FrameOptions.builder().level(-4)
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_256KB).linkedBlocks(true).contentChecksum(false).build());
    assertArrayEquals(lz4(bible, "--fast=4", "-B5", "-BD", "--no-frame-crc", "-c"), ours, "--fast=4 -B5");
    byte[] tar = Corpus.read("linux-uapi-headers.tar");
    ours = Lz4Frame.compress(tar, Lz4FrameOptions.builder().level(1)
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_4MB).linkedBlocks(true).build());
    assertArrayEquals(lz4(tar, "-1", "-B7", "-BD", "-c"), ours, "-B7");
  }

  /** Written in pieces of any size, with flushes: still a frame that decodes, fast and HC. */
  @Test
  void piecesAndFlushesDecode() throws Exception {
    byte[] data = Arrays.copyOf(Corpus.read("rust-book.html"), 600_000);
    Random random = new Random(7);
    for (int level : new int[] {1, 9}) {
      ByteArrayOutputStream bos = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bos, Lz4FrameOptions.builder().level(level)
          .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).build())) {
        for (int off = 0; off < data.length; ) {
          int n = Math.min(data.length - off, 1 + random.nextInt(100_000));
          out.write(data, off, n);
          off += n;
          if (random.nextInt(4) == 0) {
            out.flush();
          }
        }
      }
      assertBytes(data, lz4(bos.toByteArray(), "-d", "-c"), "lz4 -d, level " + level);
      assertBytes(data, Lz4Frame.decompress(bos.toByteArray()), "level " + level);
    }
  }
}
