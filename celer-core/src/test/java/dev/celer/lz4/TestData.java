package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Test data: the corpus (through {@link Corpus}), generated inputs, and the real {@code lz4} CLI's frames taken apart. */
final class TestData {
  private TestData() {}

  /** The corpus directory: see {@link Corpus}. */
  static Path corpusDir() {
    return Corpus.dir();
  }

  /** Every corpus file except the manifest, sorted by name. */
  static List<Path> corpusFiles() {
    return Corpus.files();
  }

  static byte[] read(Path p) {
    return Corpus.read(p);
  }

  /** Text-like data with repeats at mixed distances: compressible, deterministic. */
  static byte[] textLike(int len, long seed) {
    Random r = new Random(seed);
    String[] words = {"lorem", "ipsum", "dolor", "sit", "amet", "celer", "block", "frame", "hash", "the", "of", "\n"};
    byte[] out = new byte[len];
    int i = 0;
    while (i < len) {
      if (i > 100 && r.nextInt(4) == 0) {
        int back = 1 + r.nextInt(Math.min(i, 70000));
        int n = Math.min(len - i, 4 + r.nextInt(40));
        for (int k = 0; k < n; k++, i++) {
          out[i] = out[i - back];
        }
      } else {
        byte[] w = (words[r.nextInt(words.length)] + " ").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int k = 0; k < w.length && i < len; k++) {
          out[i++] = w[k];
        }
      }
    }
    return out;
  }

  static byte[] random(int len, long seed) {
    byte[] b = new byte[len];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** One data block of an LZ4 frame, as the CLI wrote it. */
  static final class FrameBlock {
    final boolean stored; // high bit of the block size: the data are the raw bytes
    final byte[] data;

    FrameBlock(boolean stored, byte[] data) {
      this.stored = stored;
      this.data = data;
    }
  }

  /** Runs {@code lz4 args... -c file} and returns its stdout. */
  static byte[] runLz4(Path input, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("-c");
    all.add(input.toString());
    return Tools.lz4((byte[]) null, all.toArray(new String[0]));
  }

  /**
   * Walks one LZ4 frame (doc/lz4_Frame_format.md): magic, FLG, BD, [content size], [dict ID], HC,
   * then blocks (LE32 size, high bit = stored; optional block checksum) up to the EndMark. Only
   * what the CLI writes with {@code --no-frame-crc} and without {@code -BX} is accepted.
   */
  static List<FrameBlock> parseFrame(byte[] f) {
    int p = 0;
    assertEquals(0x184D2204, le32(f, p), "magic");
    p += 4;
    int flg = f[p++] & 0xFF;
    p++; // BD
    if ((flg & 0x08) != 0) {
      p += 8; // content size
    }
    if ((flg & 0x01) != 0) {
      p += 4; // dictionary ID
    }
    p++; // header checksum
    boolean blockChecksum = (flg & 0x10) != 0;
    List<FrameBlock> blocks = new ArrayList<>();
    for (; ; ) {
      int size = le32(f, p);
      p += 4;
      if (size == 0) {
        break;
      }
      boolean stored = size < 0;
      size &= 0x7FFFFFFF;
      byte[] data = java.util.Arrays.copyOfRange(f, p, p + size);
      p += size;
      if (blockChecksum) {
        p += 4;
      }
      blocks.add(new FrameBlock(stored, data));
    }
    if ((flg & 0x04) != 0) {
      p += 4;
    }
    assertEquals(f.length, p, "one frame, nothing after it");
    return blocks;
  }

  static int le32(byte[] b, int p) {
    return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
  }
}
