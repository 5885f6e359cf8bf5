package dev.celer.lz4.jpountz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.testsupport.Corpus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;

/**
 * {@link JpountzBlockOutputStream} and {@link JpountzBlockInputStream} against the real lz4-java
 * 1.8.0 ({@code net.jpountz.lz4.LZ4BlockOutputStream} / {@code LZ4BlockInputStream}), both ways,
 * plus truncation, corruption and hostile headers.
 */
class JpountzBlockStreamTest {

  private static final long SEED = 0x5eed_3_2026L;
  static {
    System.out.println("JpountzBlockStreamTest seed " + SEED);
  }

  private static final int[] BLOCK_SIZES = {64, 100, 1000, 1 << 16, 1 << 20};

  // ---------------------------------------------------------------- data

  /** Generated inputs plus a 300 KB slice of a few corpus files (the whole file would be slow). */
  private static List<byte[]> inputs() throws IOException {
    Random rnd = new Random(SEED);
    List<byte[]> list = new ArrayList<>();
    list.add(new byte[0]);
    list.add(new byte[] {42});
    list.add("hello hello hello hello hello".getBytes(StandardCharsets.US_ASCII));
    byte[] random = new byte[200_000];
    rnd.nextBytes(random);
    list.add(random);
    byte[] runs = new byte[150_000];
    for (int i = 0; i < runs.length; i++) {
      runs[i] = (byte) ((i / 1000) % 3);
    }
    list.add(runs);
    for (Path p : Corpus.some("alice29.txt", "libstdc++.so", "fireworks.jpeg")) {
      byte[] all = Files.readAllBytes(p);
      list.add(Arrays.copyOf(all, Math.min(all.length, 300_000)));
    }
    return list;
  }

  // ---------------------------------------------------------------- helpers

  private static byte[] writeOurs(byte[] data, int blockSize, Lz4Compressor c) throws IOException {
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    try (JpountzBlockOutputStream out = new JpountzBlockOutputStream(bo, blockSize, c)) {
      writeInPieces(out, data, new Random(data.length));
    }
    return bo.toByteArray();
  }

  private static byte[] writeTheirs(byte[] data, int blockSize, net.jpountz.lz4.LZ4Compressor c) throws IOException {
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    try (LZ4BlockOutputStream out = new LZ4BlockOutputStream(bo, blockSize, c)) {
      writeInPieces(out, data, new Random(data.length));
    }
    return bo.toByteArray();
  }

  /** Writes in random piece sizes, sometimes one byte at a time through write(int). */
  private static void writeInPieces(OutputStream out, byte[] data, Random rnd) throws IOException {
    int off = 0;
    while (off < data.length) {
      int n = Math.min(data.length - off, 1 + rnd.nextInt(rnd.nextBoolean() ? 16 : 70_000));
      if (n < 4) {
        for (int i = 0; i < n; i++) {
          out.write(data[off + i]);
        }
      } else {
        out.write(data, off, n);
      }
      off += n;
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    try (in) {
      return in.readAllBytes();
    }
  }

  /** Reads one byte at a time through read(), to exercise the other read path. */
  private static byte[] readByteByByte(InputStream in) throws IOException {
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    for (int b; (b = in.read()) >= 0; ) {
      bo.write(b);
    }
    return bo.toByteArray();
  }

  /** The headers of a stream, parsed without any of our code: {token, clen, dlen, checksum} each. */
  private static List<int[]> headers(byte[] s) {
    List<int[]> hs = new ArrayList<>();
    int p = 0;
    while (p < s.length) {
      assertEquals("LZ4Block", new String(s, p, 8, StandardCharsets.US_ASCII), "magic at " + p);
      int token = s[p + 8] & 0xFF;
      int clen = le32(s, p + 9);
      int dlen = le32(s, p + 13);
      int check = le32(s, p + 17);
      hs.add(new int[] {token, clen, dlen, check});
      p += 21 + clen;
    }
    assertEquals(s.length, p);
    return hs;
  }

  private static int le32(byte[] b, int off) {
    return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
  }

  // ---------------------------------------------------------------- interop

  @Test
  void lz4JavaWritesCelerReads() throws IOException {
    LZ4Factory f = LZ4Factory.fastestInstance();
    for (net.jpountz.lz4.LZ4Compressor c : List.of(f.fastCompressor(), f.highCompressor())) {
      for (byte[] data : inputs()) {
        for (int bs : BLOCK_SIZES) {
          byte[] stream = writeTheirs(data, bs, c);
          String what = c + " len " + data.length + " block " + bs;
          assertArrayEquals(data, readAll(new JpountzBlockInputStream(new ByteArrayInputStream(stream))), what);
          if (data.length < 2000) {
            assertArrayEquals(data, readByteByByte(new JpountzBlockInputStream(new ByteArrayInputStream(stream))), what);
          }
        }
      }
    }
  }

  @Test
  void celerWritesLz4JavaReads() throws IOException {
    List<Lz4Compressor> compressors = new ArrayList<>(List.of(Lz4.fastCompressor(), Lz4.fastCompressor(8)));
    try {
      compressors.add(Lz4.highCompressor(9));
    } catch (UnsupportedOperationException e) {
      System.out.println("JpountzBlockStreamTest: HC not in this build yet, writing with the fast compressor only");
    }
    for (Lz4Compressor c : compressors) {
      for (byte[] data : inputs()) {
        for (int bs : BLOCK_SIZES) {
          byte[] stream = writeOurs(data, bs, c);
          String what = c + " len " + data.length + " block " + bs;
          assertArrayEquals(data, readAll(new LZ4BlockInputStream(new ByteArrayInputStream(stream))), what);
          assertArrayEquals(data, readAll(new JpountzBlockInputStream(new ByteArrayInputStream(stream))), what);
          checkStructure(stream, data, bs);
        }
      }
    }
  }

  /** Our stream's headers, read independently: level, full blocks, RAW only when LZ4 does not shrink. */
  private static void checkStructure(byte[] stream, byte[] data, int blockSize) {
    List<int[]> hs = headers(stream);
    int level = Math.max(0, 32 - Integer.numberOfLeadingZeros(blockSize - 1) - 10);
    int total = 0;
    for (int i = 0; i < hs.size(); i++) {
      int[] h = hs.get(i);
      assertEquals(level, h[0] & 0x0F, "level of block " + i);
      boolean last = i == hs.size() - 1;
      if (last) {
        assertArrayEquals(new int[] {0x10 | level, 0, 0, 0}, h, "end block");
      } else {
        assertTrue(h[0] >> 4 == 1 ? h[1] == h[2] : h[1] < h[2], "RAW has equal lengths, LZ4 shrinks");
        assertEquals(i < hs.size() - 2 ? blockSize : data.length - total, h[2], "full blocks until the last");
        int expected = net.jpountz.xxhash.XXHashFactory.safeInstance().hash32().hash(data, total, h[2], 0x9747b28c)
            & 0x0FFFFFFF;
        assertEquals(expected, h[3], "checksum of block " + i);
        total += h[2];
      }
    }
    assertEquals(data.length, total);
  }

  @Test
  void incompressibleDataIsByteIdenticalToLz4Java() throws IOException {
    byte[] data = new byte[5000];
    new Random(SEED).nextBytes(data);
    assertArrayEquals(writeTheirs(data, 1024, LZ4Factory.safeInstance().fastCompressor()),
        writeOurs(data, 1024, Lz4.fastCompressor()));
  }

  /**
   * Issue 26: a write of several blocks compresses them from the caller's array. The stream is
   * the same as from small writes, and, as in lz4-java, the last full block stays buffered until
   * more data (or the end) comes.
   */
  @Test
  void largeWritesMakeTheSameStreamAsSmallOnes() throws IOException {
    byte[] data = inputs().get(5);
    int bs = 4096;
    assertTrue(data.length > 6 * bs);
    ByteArrayOutputStream small = new ByteArrayOutputStream();
    try (JpountzBlockOutputStream out = new JpountzBlockOutputStream(small, bs)) {
      for (int off = 0; off < data.length; off += 1000) {
        out.write(data, off, Math.min(1000, data.length - off));
      }
    }
    ByteArrayOutputStream big = new ByteArrayOutputStream();
    JpountzBlockOutputStream out = new JpountzBlockOutputStream(big, bs);
    out.write(data, 0, 5 * bs);
    ByteArrayOutputStream theirs = new ByteArrayOutputStream();
    LZ4BlockOutputStream lz4Java = new LZ4BlockOutputStream(theirs, bs, LZ4Factory.fastestInstance().fastCompressor());
    lz4Java.write(data, 0, 5 * bs);
    assertEquals(4, headers(theirs.toByteArray()).size(), "lz4-java keeps the fifth block");
    assertEquals(4, headers(big.toByteArray()).size(), "the fifth full block waits for more data, as in lz4-java");
    out.write(data, 5 * bs, data.length - 5 * bs);
    out.close();
    assertArrayEquals(small.toByteArray(), big.toByteArray());
    assertArrayEquals(data, readAll(new LZ4BlockInputStream(new ByteArrayInputStream(big.toByteArray()))));
  }

  @Test
  void emptyStreamsBothWays() throws IOException {
    byte[] ours = writeOurs(new byte[0], 1 << 16, Lz4.fastCompressor());
    byte[] theirs = writeTheirs(new byte[0], 1 << 16, LZ4Factory.fastestInstance().fastCompressor());
    assertArrayEquals(theirs, ours, "an empty stream is just the end block");
    assertEquals(21, ours.length);
    assertEquals(-1, new JpountzBlockInputStream(new ByteArrayInputStream(theirs)).read());
    assertEquals(-1, new LZ4BlockInputStream(new ByteArrayInputStream(ours)).read());
  }

  @Test
  void customChecksumBothWays() throws IOException {
    byte[] data = inputs().get(5);
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    try (OutputStream o = new JpountzBlockOutputStream(bo, 4096, Lz4.fastCompressor(), new CRC32(), false)) {
      o.write(data);
    }
    assertArrayEquals(data, readAll(new LZ4BlockInputStream(new ByteArrayInputStream(bo.toByteArray()),
        LZ4Factory.fastestInstance().fastDecompressor(), new CRC32())));
    bo.reset();
    try (OutputStream o = new LZ4BlockOutputStream(bo, 4096, LZ4Factory.fastestInstance().fastCompressor(),
        new CRC32(), false)) {
      o.write(data);
    }
    assertArrayEquals(data, readAll(new JpountzBlockInputStream(new ByteArrayInputStream(bo.toByteArray()),
        new CRC32(), true, 1 << 25)));
    Lz4StreamException e = assertThrows(Lz4StreamException.class,
        () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(bo.toByteArray()))));
    assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
  }

  @Test
  void syncFlushMakesWrittenDataReadable() throws IOException {
    byte[] data = inputs().get(5);
    for (boolean ours : new boolean[] {true, false}) {
      ByteArrayOutputStream bo = new ByteArrayOutputStream();
      OutputStream o = ours
          ? new JpountzBlockOutputStream(bo, 1 << 16, Lz4.fastCompressor(), null, true)
          : new LZ4BlockOutputStream(bo, 1 << 16, LZ4Factory.fastestInstance().fastCompressor(),
              net.jpountz.xxhash.XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(), true);
      o.write(data, 0, 1234);
      o.flush();
      byte[] prefix = bo.toByteArray();
      // No end block yet: readers that do not stop on empty blocks read up to the input's end.
      assertArrayEquals(Arrays.copyOf(data, 1234),
          readAll(new JpountzBlockInputStream(new ByteArrayInputStream(prefix), false)), "ours=" + ours);
      assertArrayEquals(Arrays.copyOf(data, 1234),
          readAll(new LZ4BlockInputStream(new ByteArrayInputStream(prefix), false)), "ours=" + ours);
      // The default reader wants the end block.
      assertThrows(Lz4StreamException.class, () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(prefix))));
      o.write(data, 1234, data.length - 1234);
      o.close();
      assertArrayEquals(data, readAll(new JpountzBlockInputStream(new ByteArrayInputStream(bo.toByteArray()))));
    }
    // Without syncFlush, flush() writes nothing (as lz4-java).
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    JpountzBlockOutputStream o = new JpountzBlockOutputStream(bo, 1 << 16);
    o.write(data, 0, 100);
    o.flush();
    assertEquals(0, bo.size());
  }

  @Test
  void concatenatedStreams() throws IOException {
    byte[] a = inputs().get(2);
    byte[] b = inputs().get(5);
    ByteArrayOutputStream cat = new ByteArrayOutputStream();
    cat.write(writeOurs(a, 64, Lz4.fastCompressor()));
    cat.write(writeTheirs(new byte[0], 1 << 16, LZ4Factory.fastestInstance().fastCompressor()));
    cat.write(writeTheirs(b, 1 << 16, LZ4Factory.fastestInstance().fastCompressor()));
    byte[] both = cat.toByteArray();
    byte[] ab = new byte[a.length + b.length];
    System.arraycopy(a, 0, ab, 0, a.length);
    System.arraycopy(b, 0, ab, a.length, b.length);
    assertArrayEquals(ab, readAll(new JpountzBlockInputStream(new ByteArrayInputStream(both), false)));
    assertArrayEquals(ab, readAll(new LZ4BlockInputStream(new ByteArrayInputStream(both), false)));
    // Stopping on the first end block reads only the first stream and leaves the rest unread.
    ByteArrayInputStream raw = new ByteArrayInputStream(both);
    assertArrayEquals(a, new JpountzBlockInputStream(raw).readAllBytes());
    assertEquals(both.length - writeOurs(a, 64, Lz4.fastCompressor()).length, raw.available());
  }

  @Test
  void manyEmptyBlocksNeitherLoopNorOverflowTheStack() throws IOException {
    byte[] end = writeOurs(new byte[0], 1024, Lz4.fastCompressor());
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    for (int i = 0; i < 200_000; i++) {
      bo.write(end);
    }
    bo.write(writeOurs(new byte[] {7, 8, 9}, 1024, Lz4.fastCompressor()));
    assertArrayEquals(new byte[] {7, 8, 9},
        readAll(new JpountzBlockInputStream(new ByteArrayInputStream(bo.toByteArray()), false)));
    assertEquals(0, readAll(new JpountzBlockInputStream(new ByteArrayInputStream(bo.toByteArray()))).length);
  }

  // ---------------------------------------------------------------- hostile input

  @Test
  void truncationAtEveryPositionIsReported() throws IOException {
    byte[] data = Arrays.copyOf(inputs().get(5), 3000);
    for (byte[] stream : List.of(writeOurs(data, 1000, Lz4.fastCompressor()),
        writeTheirs(data, 1000, LZ4Factory.fastestInstance().fastCompressor()))) {
      List<Integer> blockEnds = new ArrayList<>();
      int p = 0;
      for (int[] h : headers(stream)) {
        p += 21 + h[1];
        blockEnds.add(p);
      }
      for (int cut = 0; cut < stream.length; cut++) {
        byte[] prefix = Arrays.copyOf(stream, cut);
        Lz4StreamException e = assertThrows(Lz4StreamException.class,
            () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(prefix))), "cut " + cut);
        assertTrue(e.getMessage().startsWith("truncated lz4-java block stream"), e.getMessage());
        // Reading on past end blocks, a cut between blocks is a clean end; inside a block it is not.
        if (cut == 0 || blockEnds.contains(cut)) {
          readAll(new JpountzBlockInputStream(new ByteArrayInputStream(prefix), false));
        } else {
          assertThrows(Lz4StreamException.class,
              () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(prefix), false)), "cut " + cut);
        }
      }
      assertArrayEquals(data, readAll(new JpountzBlockInputStream(new ByteArrayInputStream(stream))));
    }
  }

  @Test
  void truncationMessagesSayWhere() throws IOException {
    byte[] stream = writeOurs(new byte[100], 64, Lz4.fastCompressor());
    assertMessage(Arrays.copyOf(stream, 10),
        "truncated lz4-java block stream: block header at offset 0 has 10 of 21 bytes");
    int first = 21 + le32(stream, 9);
    assertMessage(Arrays.copyOf(stream, first + 22),
        "truncated lz4-java block stream: the block at offset " + first + " has 1 of its " + le32(stream, first + 9)
            + " data bytes");
    assertMessage(Arrays.copyOf(stream, stream.length - 21),
        "truncated lz4-java block stream: input ends at offset " + (stream.length - 21)
            + " without the end-of-stream block");
    assertMessage(new byte[0], "truncated lz4-java block stream: input ends at offset 0 without the end-of-stream block");
  }

  @Test
  void corruptionOfEveryChecksumIsReported() throws IOException {
    byte[] data = Arrays.copyOf(inputs().get(5), 5000);
    byte[] stream = writeTheirs(data, 1024, LZ4Factory.fastestInstance().fastCompressor());
    int p = 0;
    for (int[] h : headers(stream)) {
      if (h[2] != 0) {
        for (int bit : new int[] {0, 13, 27, 31}) {
          byte[] bad = stream.clone();
          bad[p + 17 + bit / 8] ^= (byte) (1 << (bit % 8));
          Lz4StreamException e = assertThrows(Lz4StreamException.class,
              () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(bad))));
          assertTrue(e.getMessage().contains("block at offset " + p + ": checksum mismatch"), e.getMessage());
        }
        // A flipped data byte: malformed LZ4 data, or a checksum mismatch, never wrong output.
        byte[] bad = stream.clone();
        bad[p + 21 + h[1] / 2] ^= 0x40;
        Lz4StreamException e = assertThrows(Lz4StreamException.class,
            () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(bad))));
        assertTrue(e.getMessage().contains("block at offset " + p), e.getMessage());
      } else {
        byte[] bad = stream.clone();
        bad[p + 17] = 1;
        assertMessage(bad, "corrupted lz4-java block stream: block at offset " + p
            + ": end-of-stream block with a non-zero checksum field");
      }
      p += 21 + h[1];
    }
  }

  /** Hand-made headers; each field commented. */
  @Test
  void hostileHeaders() throws IOException {
    assertMessage(header("LZ4Blocc", 0x10, 0, 0, 0), "corrupted lz4-java block stream: block at offset 0: bad magic"
        + " (not \"LZ4Block\"); this reader accepts only lz4-java block streams, not LZ4 frames");
    assertMessage(header("LZ4Block", 0x30, 5, 5, 0), // method 3 does not exist
        "corrupted lz4-java block stream: block at offset 0: unknown compression method in token 0x30");
    assertMessage(header("LZ4Block", 0x20, 10, 1025, 0), // level 0 = 1 KB blocks, 1025 announced
        "corrupted lz4-java block stream: block at offset 0: decompressed length 1025 exceeds the block size 1024 of"
            + " its token");
    assertMessage(header("LZ4Block", 0x2F, 10, -1, 0), // 4 GB - 1 decompressed
        "corrupted lz4-java block stream: block at offset 0: decompressed length 4294967295 exceeds the block size"
            + " 33554432 of its token");
    assertMessage(header("LZ4Block", 0x2F, 0x7FFFFFFF, 1000, 0), // 2 GB compressed for 1000 bytes
        "corrupted lz4-java block stream: block at offset 0: compressed length 2147483647 exceeds what LZ4 can"
            + " produce from 1000 bytes");
    assertMessage(header("LZ4Block", 0x2F, -5, 1000, 0), // negative compressed length
        "corrupted lz4-java block stream: block at offset 0: compressed length 4294967291 exceeds what LZ4 can"
            + " produce from 1000 bytes");
    assertMessage(header("LZ4Block", 0x10, 5, 6, 0), // RAW with different lengths
        "corrupted lz4-java block stream: block at offset 0: uncompressed block with different lengths (compressed"
            + " 5, decompressed 6)");
    assertMessage(header("LZ4Block", 0x10, 0, 6, 0), // data without compressed bytes
        "corrupted lz4-java block stream: block at offset 0: only one of the lengths is 0 (compressed 0,"
            + " decompressed 6)");
    // A header that claims 32 MB but a limit of 1 MB: rejected before any allocation.
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> readAll(new JpountzBlockInputStream(
        new ByteArrayInputStream(header("LZ4Block", 0x2F, 100, 1 << 25, 0)), null, true, 1 << 20)));
    assertEquals("corrupted lz4-java block stream: block at offset 0: decompressed length 33554432 exceeds the"
        + " limit maxBlockSize=1048576", e.getMessage());
    // LZ4 data that decodes to fewer bytes than announced: token 0x50 = 5 literals, then "abcde".
    byte[] shortBlock = concat(header("LZ4Block", 0x20, 6, 10, 0), new byte[] {0x50, 'a', 'b', 'c', 'd', 'e'});
    e = assertThrows(Lz4StreamException.class, () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(shortBlock))));
    assertTrue(e.getMessage().startsWith("corrupted lz4-java block stream"), e.getMessage());
  }

  private static byte[] header(String magic, int token, int clen, int dlen, int check) {
    byte[] h = new byte[21];
    System.arraycopy(magic.getBytes(StandardCharsets.US_ASCII), 0, h, 0, 8);
    h[8] = (byte) token;
    for (int i = 0; i < 4; i++) {
      h[9 + i] = (byte) (clen >>> (8 * i));
      h[13 + i] = (byte) (dlen >>> (8 * i));
      h[17 + i] = (byte) (check >>> (8 * i));
    }
    return h;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static void assertMessage(byte[] stream, String message) {
    Lz4StreamException e = assertThrows(Lz4StreamException.class,
        () -> readAll(new JpountzBlockInputStream(new ByteArrayInputStream(stream))));
    assertEquals(message, e.getMessage());
  }

  // ---------------------------------------------------------------- stream contracts

  @Test
  void streamContracts() throws IOException {
    byte[] data = inputs().get(5);
    byte[] stream = writeOurs(data, 4096, Lz4.fastCompressor());
    JpountzBlockInputStream in = new JpountzBlockInputStream(new ByteArrayInputStream(stream));
    assertEquals(0, in.available());
    assertEquals(data[0] & 0xFF, in.read());
    assertEquals(4095, in.available());
    assertEquals(10_000, in.skip(10_000));
    byte[] rest = in.readAllBytes();
    assertArrayEquals(Arrays.copyOfRange(data, 10_001, data.length), rest);
    assertEquals(0, in.skip(5));
    assertEquals(-1, in.read());
    assertEquals(0, in.read(new byte[3], 0, 0));
    in.close();
    in.close();
    assertThrows(IOException.class, in::read);

    JpountzBlockOutputStream out = new JpountzBlockOutputStream(new ByteArrayOutputStream());
    out.write(1);
    out.close();
    out.close();
    assertThrows(IOException.class, () -> out.write(1));
    assertThrows(IllegalArgumentException.class, () -> new JpountzBlockOutputStream(OutputStream.nullOutputStream(), 63));
    assertThrows(IllegalArgumentException.class,
        () -> new JpountzBlockOutputStream(OutputStream.nullOutputStream(), (1 << 25) + 1));
  }
}
