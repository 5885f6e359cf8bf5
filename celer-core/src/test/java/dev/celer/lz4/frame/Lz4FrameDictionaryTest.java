package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.corpusFile;
import static dev.celer.lz4.frame.FrameTestSupport.lz4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.celer.testsupport.Corpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frames with a dictionary and independent blocks, whose blocks attach the dictionary prepared
 * once ({@link dev.celer.lz4.Lz4Dictionary}), as {@code lz4 -D} does: the frame is lz4's, byte for
 * byte (the whole matrix of sizes and levels is {@code Lz4DictionaryCliIdentityTest}).
 */
class Lz4FrameDictionaryTest {
  @TempDir Path tmp;

  @Test
  void sameFrameAsLz4WithDictionary() throws Exception {
    for (Path file : Corpus.some("bible.txt", "alice29.txt", "libstdc++.so", "botocore-ec2.json")) {
      String name = file.getFileName().toString();
      byte[] data = Corpus.read(file);
      byte[] dict = Arrays.copyOf(data, 100_000); // the file's own start: long matches into the blocks
      Path dictFile = tmp.resolve("dict");
      Files.write(dictFile, dict);
      byte[] ours = Lz4Frame.compress(data, Lz4FrameOptions.builder().level(1)
          .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(false).contentChecksum(false)
          .dictionary(dict).build());
      byte[] theirs = lz4(data, "-1", "-B4", "-BI", "--no-frame-crc", "-D", dictFile.toString(), "-c");
      assertArrayEquals(theirs, ours, name);
      assertBytes(data, lz4(ours, "-d", "-c", "-D", dictFile.toString()), "lz4 -d -D of " + name);
      assertBytes(data, Lz4Frame.decompress(ours, Lz4FrameReadOptions.builder().dictionary(dict).build()), name);
    }
  }

  /** One encoder on several threads gives the blocks one thread gives: the prepared dictionary is shared. */
  @Test
  void encoderWithDictionaryIsThreadSafe() throws Exception {
    byte[] data = corpusFile("world192.txt");
    byte[] dict = Arrays.copyOf(data, 70_000);
    Lz4FrameBlockEncoder encoder = Lz4FrameBlockEncoder.of(Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(false).dictionary(dict).build());
    int blocks = data.length / 65536;
    byte[][] expected = new byte[blocks][];
    for (int i = 0; i < blocks; i++) {
      expected[i] = encode(encoder, data, i);
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      Future<?>[] futures = new Future<?>[4];
      for (int t = 0; t < 4; t++) {
        int first = t;
        futures[t] = pool.submit(() -> {
          for (int round = 0; round < 5; round++) {
            for (int i = first; i < blocks; i++) {
              assertArrayEquals(expected[i], encode(encoder, data, i), "block " + i);
            }
          }
          return null;
        });
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  private static byte[] encode(Lz4FrameBlockEncoder encoder, byte[] data, int i) {
    byte[] out = new byte[encoder.maxEncodedLength(65536)];
    int n = encoder.encode(data, i * 65536, 65536, out, 0);
    return Arrays.copyOf(out, n);
  }
}
