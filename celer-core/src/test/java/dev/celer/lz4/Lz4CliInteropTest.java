package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blocks made by the real {@code lz4} CLI (1.9.4) decoded by ours, at several levels and block
 * sizes, independent and linked, with and without a dictionary; and our dictionary blocks, wrapped
 * in a frame built here, decoded by {@code lz4 -d -D}.
 */
class Lz4CliInteropTest {
  private static final Lz4Decompressor DEC = Lz4.decompressor();
  private static final String[] FILES =
      {"alice29.txt", "fireworks.jpeg", "google.html", "libstdc++.so", "postgres-catalog.pages"};

  @Test
  void decodesIndependentBlocksOfTheCli() throws Exception {
    for (Path f : Corpus.some(FILES)) {
      String name = f.getFileName().toString();
      byte[] data = TestData.read(f);
      for (String level : new String[] {"-1", "-9", "-12"}) {
        for (String bs : new String[] {"-B4", "-B5"}) {
          int blockSize = bs.equals("-B4") ? 64 * 1024 : 256 * 1024;
          List<TestData.FrameBlock> blocks = TestData.parseFrame(TestData.runLz4(f, level, bs, "-BI", "--no-frame-crc"));
          byte[] out = new byte[blockSize];
          int pos = 0;
          for (TestData.FrameBlock b : blocks) {
            int n;
            if (b.stored) {
              n = b.data.length;
              System.arraycopy(b.data, 0, out, 0, n);
            } else {
              n = DEC.decompress(b.data, 0, b.data.length, out, 0, blockSize);
            }
            assertArrayEquals(Arrays.copyOfRange(data, pos, pos + n), Arrays.copyOf(out, n), name + " " + level + " " + bs);
            pos += n;
          }
          assertEquals(data.length, pos);
        }
      }
    }
  }

  @Test
  void decodesLinkedBlocksOfTheCli() throws Exception {
    for (Path f : Corpus.some(FILES)) {
      String name = f.getFileName().toString();
      for (String level : new String[] {"-1", "-9"}) {
        decodeLinked(f, TestData.read(f), null, TestData.runLz4(f, level, "-B4", "-BD", "--no-frame-crc"));
      }
    }
  }

  @Test
  void decodesDictionaryFramesOfTheCli(@TempDir Path tmp) throws Exception {
    byte[] dictData = Corpus.read("rust-book.html");
    Path dict = tmp.resolve("dict");
    Files.write(dict, Arrays.copyOfRange(dictData, 0, 100_000)); // longer than 64 KB: the tail counts
    byte[] dictBytes = Files.readAllBytes(dict);
    byte[] data = Arrays.copyOfRange(dictData, 100_000, 100_000 + 300_000);
    Path input = tmp.resolve("input");
    Files.write(input, data);
    for (String level : new String[] {"-1", "-9"}) {
      // independent blocks: each one references the dictionary
      List<TestData.FrameBlock> blocks =
          TestData.parseFrame(TestData.runLz4(input, level, "-B4", "-BI", "--no-frame-crc", "-D", dict.toString()));
      byte[] out = new byte[65536];
      int pos = 0;
      for (TestData.FrameBlock b : blocks) {
        int n = b.stored ? b.data.length : DEC.decompress(b.data, 0, b.data.length, out, 0, 65536, dictBytes, 0, dictBytes.length);
        if (b.stored) {
          System.arraycopy(b.data, 0, out, 0, n);
        }
        assertArrayEquals(Arrays.copyOfRange(data, pos, pos + n), Arrays.copyOf(out, n), level);
        pos += n;
      }
      assertEquals(data.length, pos);
      // linked blocks: the dictionary, then the previous blocks
      decodeLinked(input, data, dictBytes,
          TestData.runLz4(input, level, "-B4", "-BD", "--no-frame-crc", "-D", dict.toString()));
    }
  }

  private static void decodeLinked(Path f, byte[] data, byte[] dict, byte[] frame) {
    Lz4StreamDecompressor sd = Lz4.streamDecompressor();
    if (dict != null) {
      sd.reset(dict, 0, dict.length);
    }
    byte[] out = new byte[65536];
    int pos = 0;
    for (TestData.FrameBlock b : TestData.parseFrame(frame)) {
      int n;
      if (b.stored) {
        n = b.data.length;
        System.arraycopy(b.data, 0, out, 0, n);
        sd.appendHistory(b.data, 0, n);
      } else {
        n = sd.decompress(b.data, 0, b.data.length, out, 0, out.length);
      }
      assertArrayEquals(Arrays.copyOfRange(data, pos, pos + n), Arrays.copyOf(out, n), f.toString());
      pos += n;
    }
    assertEquals(data.length, pos);
  }

  /** Our dictionary blocks, independent and linked, in a frame the CLI decodes with {@code -D}. */
  @Test
  void cliDecodesOurDictionaryBlocks(@TempDir Path tmp) throws Exception {
    byte[] src = Corpus.read("world192.txt");
    byte[] dict = Arrays.copyOfRange(src, 0, 80_000);
    byte[] data = Arrays.copyOfRange(src, 80_000, 80_000 + 400_000);
    Path dictFile = tmp.resolve("dict");
    Files.write(dictFile, dict);
    for (boolean linked : new boolean[] {false, true}) {
      Lz4StreamCompressor sc = Lz4.streamCompressor(Lz4.fastCompressor());
      sc.reset(dict, 0, dict.length);
      ByteArrayOutputStream frame = new ByteArrayOutputStream();
      byte[] header = {0x04, 0x22, 0x4D, 0x18, (byte) (linked ? 0x40 : 0x60), 0x40, 0};
      header[6] = (byte) (XXHashFactory.safeInstance().hash32().hash(header, 4, 2, 0) >>> 8);
      frame.write(header);
      byte[] block = new byte[Lz4.maxCompressedLength(65536)];
      for (int off = 0; off < data.length; off += 65536) {
        int len = Math.min(65536, data.length - off);
        int n = linked
            ? sc.compress(data, off, len, block, 0, block.length)
            : Lz4.fastCompressor().compress(data, off, len, block, 0, block.length, dict, 0, dict.length);
        frame.write(new byte[] {(byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)});
        frame.write(block, 0, n);
      }
      frame.write(new byte[4]);
      Path lz4File = tmp.resolve(linked ? "linked.lz4" : "independent.lz4");
      Files.write(lz4File, frame.toByteArray());
      byte[] dec = Tools.lz4((byte[]) null, "-d", "-D", dictFile.toString(), "-c", lz4File.toString());
      assertArrayEquals(data, dec, linked ? "linked" : "independent");
    }
  }
}
