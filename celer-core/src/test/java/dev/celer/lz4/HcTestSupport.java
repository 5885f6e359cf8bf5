package dev.celer.lz4;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Test helpers for the HC compressor: the corpus, the {@code lz4} command line tool, and a minimal
 * LZ4 frame writer/reader ({@code doc/lz4_Frame_format.md} v1.6.x) that does not depend on
 * Celer's own frame code or XXH32.
 */
final class HcTestSupport {
  private HcTestSupport() {}

  static final int BLOCK_64K = 64 * 1024;
  static final int BLOCK_4M = 4 * 1024 * 1024;

  /** The corpus folder: see {@link Corpus}. */
  static Path corpusDir() {
    return Corpus.dir();
  }

  /** Every corpus file except the {@code *.md} notes, sorted by name. */
  static List<Path> corpusFiles() {
    return Corpus.files();
  }

  static byte[] read(Path f) {
    return Corpus.read(f);
  }

  /** Runs {@code lz4} with {@code args}, feeding {@code stdin}; returns stdout, fails on exit != 0. */
  static byte[] runLz4(byte[] stdin, String... args) {
    return Tools.lz4(stdin, args);
  }

  /**
   * Parses an LZ4 frame (one frame, no block checksums) and sums the stored sizes of its data
   * blocks: for compressed blocks the compressed size, for blocks stored raw (high bit of the
   * block size) their raw size. Block headers are not counted.
   */
  static long sumBlockSizes(byte[] frame) {
    long sum = 0;
    for (byte[] b : blocks(frame)) {
      sum += b.length;
    }
    return sum;
  }

  /** The data blocks of an LZ4 frame (one frame, no block checksums), as stored. */
  static List<byte[]> blocks(byte[] frame) {
    int p = 0;
    if (le32(frame, p) != 0x184D2204) {
      throw new AssertionError("not an LZ4 frame");
    }
    p += 4;
    int flg = frame[p] & 0xFF;
    if ((flg & 0x10) != 0) {
      throw new AssertionError("block checksums not expected");
    }
    p += 2; // FLG, BD
    if ((flg & 0x08) != 0) {
      p += 8; // content size
    }
    if ((flg & 0x01) != 0) {
      p += 4; // dictionary id
    }
    p++; // header checksum
    List<byte[]> blocks = new ArrayList<>();
    while (true) {
      int word = le32(frame, p);
      p += 4;
      if (word == 0) {
        return blocks;
      }
      int size = word & 0x7FFFFFFF;
      blocks.add(java.util.Arrays.copyOfRange(frame, p, p + size));
      p += size;
    }
  }

  static int le32(byte[] b, int p) {
    return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
  }

  /**
   * Builds a frame around blocks: FLG version 01, no checksums, independent or linked blocks; BD
   * with the given block-size id (4 = 64 KB .. 7 = 4 MB); header checksum = second byte of XXH32
   * of the descriptor, seed 0 (lz4-java's XXH32); each block as LE32 size (high bit = stored raw)
   * and data; EndMark 0.
   */
  static byte[] frame(boolean independent, int blockSizeId, List<byte[]> blocks, List<Boolean> raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeLe32(out, 0x184D2204);
    byte[] descriptor = {(byte) (independent ? 0x60 : 0x40), (byte) (blockSizeId << 4)};
    out.write(descriptor, 0, 2);
    int hc = XXHashFactory.safeInstance().hash32().hash(descriptor, 0, 2, 0);
    out.write((hc >>> 8) & 0xFF);
    for (int i = 0; i < blocks.size(); i++) {
      byte[] b = blocks.get(i);
      writeLe32(out, b.length | (raw.get(i) ? 0x80000000 : 0));
      out.write(b, 0, b.length);
    }
    writeLe32(out, 0);
    return out.toByteArray();
  }

  private static void writeLe32(ByteArrayOutputStream out, int v) {
    out.write(v);
    out.write(v >>> 8);
    out.write(v >>> 16);
    out.write(v >>> 24);
  }

  /** Result of compressing a whole input in frame blocks with Celer. */
  static final class Blocks {
    private final List<byte[]> data;
    private final List<Boolean> raw;
    private final long sum;

    Blocks(List<byte[]> data, List<Boolean> raw, long sum) {
      this.data = data;
      this.raw = raw;
      this.sum = sum;
    }

    List<byte[]> data() {
      return data;
    }

    List<Boolean> raw() {
      return raw;
    }

    long sum() {
      return sum;
    }
  }

  /**
   * Compresses {@code src} in blocks of {@code blockSize} as an LZ4 frame writer does: each block
   * into at most {@code blockSize - 1} bytes (as lz4frame.c asks the C compressor), stored raw when
   * it does not fit; linked blocks get the previous 64 KB of input as history.
   */
  static Blocks compressBlocks(Lz4Compressor c, byte[] src, int blockSize, boolean linked) {
    List<byte[]> data = new ArrayList<>();
    List<Boolean> raw = new ArrayList<>();
    long sum = 0;
    byte[] dst = new byte[Lz4.maxCompressedLength(Math.min(blockSize, Math.max(src.length, 1)))];
    for (int off = 0; off < src.length; off += blockSize) {
      int len = Math.min(blockSize, src.length - off);
      int hist = linked ? Math.max(0, off - 64 * 1024) : off;
      int n = c.compressBlock(src, hist, off, off + len, dst, 0, len - 1);
      if (n < 0) {
        data.add(java.util.Arrays.copyOfRange(src, off, off + len));
        raw.add(true);
        sum += len;
      } else {
        data.add(java.util.Arrays.copyOf(dst, n));
        raw.add(false);
        sum += n;
      }
    }
    return new Blocks(data, raw, sum);
  }

  /**
   * A plain LZ4 block decoder for tests, independent of Celer's: decodes {@code block} after the
   * given {@code history} (a dictionary, or the previous 64 KB of linked blocks) and checks the
   * structure on the way: offsets within the window, the last sequence literals only, the end
   * conditions of {@code doc/lz4_Block_format.md}.
   *
   * @return the decoded bytes (without the history)
   */
  static byte[] decode(byte[] block, byte[] history, int originalLength) {
    byte[] out = new byte[history.length + originalLength];
    System.arraycopy(history, 0, out, 0, history.length);
    int op = history.length;
    int ip = 0;
    while (true) {
      int token = block[ip++] & 0xFF;
      int lit = token >>> 4;
      if (lit == 15) {
        int b;
        do {
          b = block[ip++] & 0xFF;
          lit += b;
        } while (b == 255);
      }
      System.arraycopy(block, ip, out, op, lit);
      ip += lit;
      op += lit;
      if (ip == block.length) {
        if (op != out.length) {
          throw new AssertionError("decoded " + (op - history.length) + " bytes, expected " + originalLength);
        }
        return java.util.Arrays.copyOfRange(out, history.length, out.length);
      }
      int offset = (block[ip] & 0xFF) | (block[ip + 1] & 0xFF) << 8;
      ip += 2;
      int ml = token & 0x0F;
      if (ml == 15) {
        int b;
        do {
          b = block[ip++] & 0xFF;
          ml += b;
        } while (b == 255);
      }
      ml += 4;
      if (offset == 0 || offset > op) {
        throw new AssertionError("bad offset " + offset + " at output " + op);
      }
      if (op + ml > out.length - 5) {
        throw new AssertionError("match reaches into the last 5 bytes at output " + op);
      }
      if (op - history.length > originalLength - 12) {
        throw new AssertionError("match starts within the last 12 bytes at output " + op);
      }
      for (int i = 0; i < ml; i++) {
        out[op + i] = out[op - offset + i];
      }
      op += ml;
    }
  }
}
