package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.testsupport.Corpus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HC compressor, levels 1–12: round trips checked by two decoders that are not Celer's (a
 * structural test decoder and lz4-java's), interop with the real {@code lz4 -d} (independent and
 * linked blocks, dictionaries), compress-or-reject, level clamping, buffers, threads.
 */
class Lz4HighCompressorTest {
  private static final long SEED = 0x4C5A3448L; // fixed: results are reproducible
  private static final LZ4SafeDecompressor JPOUNTZ = LZ4Factory.safeInstance().safeDecompressor();

  /** Inputs around the format's edges and the finder's special paths. */
  static Map<String, byte[]> inputs() {
    Random r = new Random(SEED);
    Map<String, byte[]> m = new LinkedHashMap<>();
    for (int n : new int[] {0, 1, 4, 5, 12, 13, 14, 15, 16, 19, 20, 31}) {
      m.put("text" + n, text(r, n));
    }
    m.put("zeros100k", new byte[100_000]);
    m.put("ab*40k", repeat("ab", 40_000));
    m.put("abc*30k", repeat("abc", 30_000));
    m.put("abcd*20k", repeat("abcd", 20_000));
    byte[] noisyRuns = new byte[90_000];
    for (int i = 0; i < noisyRuns.length; i++) {
      noisyRuns[i] = (byte) ((i / 3000) % 2 == 0 ? 'x' : (i % 2 == 0 ? 'y' : 'z'));
      if (r.nextInt(500) == 0) {
        noisyRuns[i] = (byte) r.nextInt(256);
      }
    }
    m.put("noisyRuns90k", noisyRuns);
    byte[] random = new byte[70_000];
    r.nextBytes(random);
    m.put("random70k", random);
    byte[] unit = new byte[1000];
    r.nextBytes(unit);
    byte[] longRepeat = new byte[30_000];
    for (int i = 0; i < longRepeat.length; i++) {
      longRepeat[i] = unit[i % unit.length];
    }
    m.put("repeatedRandom1k*30", longRepeat);
    m.put("text120k", text(r, 120_000));
    return m;
  }

  /** Pseudo-text: words from a small vocabulary, so there are matches of all lengths. */
  static byte[] text(Random r, int n) {
    String[] words = {"the ", "quick ", "brown ", "fox ", "jumps ", "over ", "lazy ", "dog ", "LZ4 ",
        "high ", "compression ", "\n", "a", "e", ", ", ". ", "match ", "literal "};
    StringBuilder sb = new StringBuilder(n + 16);
    while (sb.length() < n) {
      sb.append(words[r.nextInt(words.length)]);
      if (r.nextInt(10) == 0) {
        sb.append((char) ('0' + r.nextInt(10)));
      }
    }
    return sb.substring(0, n).getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] repeat(String s, int times) {
    return s.repeat(times).getBytes(StandardCharsets.US_ASCII);
  }

  /** Compresses with the hook at nonzero offsets; checks nothing outside the range was written. */
  static byte[] compressAt(Lz4Compressor c, byte[] history, byte[] data) {
    int srcPad = 3;
    byte[] base = new byte[srcPad + history.length + data.length + 5];
    System.arraycopy(history, 0, base, srcPad, history.length);
    System.arraycopy(data, 0, base, srcPad + history.length, data.length);
    byte[] dst = new byte[7 + Lz4.maxCompressedLength(data.length) + 7];
    Arrays.fill(dst, (byte) 0x5A);
    int srcOff = srcPad + history.length;
    int n = c.compressBlock(base, srcPad, srcOff, srcOff + data.length, dst, 7, dst.length - 7);
    assertTrue(n > 0 && n <= Lz4.maxCompressedLength(data.length), "size " + n);
    for (int i = 0; i < 7; i++) {
      assertEquals(0x5A, dst[i], "written before dstOff");
    }
    for (int i = 7 + n; i < dst.length; i++) {
      assertEquals(0x5A, dst[i], "written after the block");
    }
    return Arrays.copyOfRange(dst, 7, 7 + n);
  }

  @Test
  void roundTripAllLevels() {
    Map<String, byte[]> inputs = inputs();
    for (int level = 1; level <= 12; level++) {
      Lz4Compressor c = Lz4.highCompressor(level);
      for (Map.Entry<String, byte[]> e : inputs.entrySet()) {
        byte[] data = e.getValue();
        String what = "level " + level + ", " + e.getKey() + " (seed " + SEED + ")";
        byte[] block = compressAt(c, new byte[0], data);
        assertArrayEquals(data, HcTestSupport.decode(block, new byte[0], data.length), what);
        byte[] back = new byte[data.length];
        assertEquals(data.length, JPOUNTZ.decompress(block, 0, block.length, back, 0, back.length), what);
        assertArrayEquals(data, back, what);
        // the public path, and Celer's own decoder
        byte[] viaApi = c.compress(data);
        assertArrayEquals(block, viaApi, what);
        assertArrayEquals(data, Lz4.decompressor().decompress(viaApi, data.length), what);
      }
    }
  }

  @Test
  void publicDictionaryAndBufferEntryPoints() {
    Random r = new Random(SEED + 2);
    byte[] dict = text(r, 100_000);
    byte[] data = text(r, 50_000);
    byte[] window = Arrays.copyOfRange(dict, dict.length - 64 * 1024, dict.length);
    for (int level : new int[] {1, 9, 12}) {
      Lz4Compressor c = Lz4.highCompressor(level);
      String what = "level " + level;
      byte[] expected = compressAt(c, window, data);
      byte[] out = new byte[Lz4.maxCompressedLength(data.length)];
      int n = c.compress(data, 0, data.length, out, 0, out.length, dict, 0, dict.length);
      assertArrayEquals(expected, Arrays.copyOf(out, n), what);
      byte[] back = new byte[data.length];
      assertEquals(data.length, Lz4.decompressor().decompress(out, 0, n, back, 0, back.length, dict, 0, dict.length));
      assertArrayEquals(data, back, what);

      // ByteBuffers, heap and direct: same bytes as the array path
      byte[] plain = c.compress(data);
      for (boolean direct : new boolean[] {false, true}) {
        ByteBuffer src = direct ? ByteBuffer.allocateDirect(data.length) : ByteBuffer.allocate(data.length);
        src.put(data).flip();
        ByteBuffer dst = direct ? ByteBuffer.allocateDirect(out.length) : ByteBuffer.allocate(out.length);
        assertEquals(plain.length, c.compress(src, dst), what);
        byte[] got = new byte[plain.length];
        dst.flip().get(got);
        assertArrayEquals(plain, got, what + (direct ? ", direct" : ", heap"));
        src.rewind();
        ByteBuffer small = ByteBuffer.allocateDirect(plain.length - 1);
        assertEquals(-1, c.tryCompress(src, small), what);
        assertEquals(0, src.position(), what);
      }
    }
  }

  @Test
  void compressesLikeItShould() {
    // sanity on the inputs above: runs collapse, random data does not grow beyond the bound
    Map<String, byte[]> inputs = inputs();
    for (int level : new int[] {1, 9, 12}) {
      Lz4Compressor c = Lz4.highCompressor(level);
      assertTrue(compressAt(c, new byte[0], inputs.get("zeros100k")).length < 500);
      assertTrue(compressAt(c, new byte[0], inputs.get("abc*30k")).length < 500);
      assertTrue(compressAt(c, new byte[0], inputs.get("repeatedRandom1k*30")).length < 1200);
    }
  }

  @Test
  void historyIsUsedAndDecodesAsDictionary() {
    Random r = new Random(SEED + 1);
    byte[] history = text(r, 64 * 1024);
    // the data repeats a part of the history: only history matches can compress it well
    byte[] data = Arrays.copyOfRange(history, 1000, 1000 + 20_000);
    for (int level = 1; level <= 12; level++) {
      Lz4Compressor c = Lz4.highCompressor(level);
      byte[] withHistory = compressAt(c, history, data);
      byte[] without = compressAt(c, new byte[0], data);
      assertTrue(withHistory.length < 200, "level " + level + ": " + withHistory.length);
      assertTrue(withHistory.length < without.length);
      assertArrayEquals(data, HcTestSupport.decode(withHistory, history, data.length), "level " + level);
    }
  }

  @Test
  void historyEdges() {
    Random r = new Random(SEED + 3);
    byte[] history = new byte[64 * 1024];
    r.nextBytes(history);
    // a copy of the history's start lies exactly 65536 bytes back: one too far for an offset
    byte[] tooFar = Arrays.copyOf(history, 5000);
    // ... while one starting a byte later is at 65535, just in reach
    byte[] inReach = Arrays.copyOfRange(history, 1, 5001);
    for (int level = 1; level <= 12; level++) {
      Lz4Compressor c = Lz4.highCompressor(level);
      String what = "level " + level;
      byte[] far = compressAt(c, history, tooFar);
      assertArrayEquals(tooFar, HcTestSupport.decode(far, history, tooFar.length), what);
      assertTrue(far.length > tooFar.length, what + ": " + far.length); // incompressible
      byte[] near = compressAt(c, history, inReach);
      assertArrayEquals(inReach, HcTestSupport.decode(near, history, inReach.length), what);
      assertTrue(near.length < 100, what + ": " + near.length);
      // tiny inputs after a history
      for (int n = 0; n <= 20; n++) {
        byte[] tiny = Arrays.copyOfRange(history, 60_000, 60_000 + n);
        byte[] block = compressAt(c, history, tiny);
        assertArrayEquals(tiny, HcTestSupport.decode(block, history, n), what + ", " + n + " bytes");
      }
    }
  }

  @Test
  void levelsClampAsTheCLibrary() {
    assertEquals(9, level(Lz4.highCompressor()));
    for (int level = 1; level <= 12; level++) {
      assertEquals(level, level(Lz4.highCompressor(level)));
    }
    assertEquals(9, level(Lz4.highCompressor(0)));
    assertEquals(9, level(Lz4.highCompressor(-1)));
    assertEquals(9, level(Lz4.highCompressor(Integer.MIN_VALUE)));
    assertEquals(12, level(Lz4.highCompressor(13)));
    assertEquals(12, level(Lz4.highCompressor(Integer.MAX_VALUE)));
    assertSame(Lz4.highCompressor(12), Lz4.highCompressor(99));
  }

  private static int level(Lz4Compressor c) {
    return javaHc(c).level();
  }

  /**
   * The pure-Java HC compressor behind {@code c}: {@code c} itself, or the one a native compressor
   * (the native backend, Java 25+) wraps and hands small blocks, dictionaries and the
   * destination-size mode to. These tests look into the Java class (its level, its workspace).
   */
  static Lz4HighCompressor javaHc(Lz4Compressor c) {
    return (Lz4HighCompressor) (c instanceof Lz4NativeCompressor ? ((Lz4NativeCompressor) c).java() : c);
  }

  @Test
  void tryCompressRejectsWithoutWritingPastTheLimit() {
    Map<String, byte[]> inputs = inputs();
    for (int level : new int[] {1, 9, 10, 12}) {
      Lz4Compressor c = Lz4.highCompressor(level);
      for (String name : List.of("text31", "text120k", "random70k", "abc*30k")) {
        byte[] data = inputs.get(name);
        byte[] full = c.compress(data);
        byte[] dst = new byte[full.length + 20];
        // exactly enough room: same bytes
        assertEquals(full.length, c.tryCompress(data, 0, data.length, dst, 10, full.length));
        assertArrayEquals(full, Arrays.copyOfRange(dst, 10, 10 + full.length));
        // one byte less, and much less: rejected, nothing written at or after the limit
        for (int limit : new int[] {full.length - 1, full.length / 2, 1, 0}) {
          Arrays.fill(dst, (byte) 0x33);
          assertEquals(-1, c.tryCompress(data, 0, data.length, dst, 10, limit),
              "level " + level + ", " + name + ", limit " + limit);
          for (int i = 0; i < dst.length; i++) {
            if (i < 10 || i >= 10 + limit) {
              assertEquals(0x33, dst[i], "byte " + i + " written, limit " + limit);
            }
          }
        }
      }
    }
  }

  @Test
  void directBuffersGiveTheSameBytes() {
    Map<String, byte[]> inputs = inputs();
    byte[] data = Arrays.copyOf(inputs.get("text120k"), 60_000);
    for (int level : new int[] {2, 9, 11}) {
      Lz4Compressor c = Lz4.highCompressor(level);
      byte[] expected = compressAt(c, new byte[0], data);
      ByteBuffer src = ByteBuffer.allocateDirect(data.length + 8);
      src.position(8);
      src.put(data);
      ByteBuffer dst = ByteBuffer.allocateDirect(expected.length + 16);
      int n = c.compressBlock(src, 8, 8, 8 + data.length, dst, 16, dst.capacity());
      assertEquals(expected.length, n);
      byte[] got = new byte[n];
      dst.duplicate().position(16).get(got);
      assertArrayEquals(expected, got, "level " + level);
    }
  }

  @Test
  void realLz4DecodesIndependentAndLinkedFrames() {
    // a mix: corpus text, then the special inputs, 64 KB blocks
    List<byte[]> parts = new ArrayList<>();
    parts.add(Arrays.copyOf(Corpus.read("alice29.txt"), 100_000));
    inputs().forEach((name, bytes) -> {
      if (bytes.length < 100_000) { // the larger ones add time, not coverage
        parts.add(bytes);
      }
    });
    byte[] data = concat(parts);
    for (int level = 1; level <= 12; level++) {
      for (boolean linked : new boolean[] {false, true}) {
        HcTestSupport.Blocks b =
            HcTestSupport.compressBlocks(Lz4.highCompressor(level), data, HcTestSupport.BLOCK_64K, linked);
        byte[] frame = HcTestSupport.frame(!linked, 4, b.data(), b.raw());
        assertArrayEquals(data, HcTestSupport.runLz4(frame, "-d", "-c"),
            "level " + level + (linked ? ", linked" : ", independent"));
      }
    }
  }

  @Test
  void realLz4DecodesWithDictionary(@TempDir Path tmp) throws IOException {
    byte[] book = Corpus.read("book1");
    byte[] dict = Arrays.copyOfRange(book, 0, 100_000); // only its last 64 KB count
    byte[] data = Arrays.copyOfRange(book, 60_000, 260_000); // overlaps the dictionary's tail
    Path dictFile = tmp.resolve("dict");
    Files.write(dictFile, dict);
    byte[] window = Arrays.copyOfRange(dict, dict.length - 64 * 1024, dict.length);
    for (int level : new int[] {3, 9, 10, 12}) {
      Lz4Compressor c = Lz4.highCompressor(level);
      List<byte[]> blocks = new ArrayList<>();
      List<Boolean> raw = new ArrayList<>();
      for (int off = 0; off < data.length; off += HcTestSupport.BLOCK_64K) {
        byte[] block = Arrays.copyOfRange(data, off, Math.min(data.length, off + HcTestSupport.BLOCK_64K));
        blocks.add(compressAt(c, window, block));
        raw.add(false);
      }
      byte[] frame = HcTestSupport.frame(true, 4, blocks, raw);
      assertArrayEquals(data, HcTestSupport.runLz4(frame, "-d", "-c", "-D", dictFile.toString()),
          "level " + level);
    }
  }

  @Test
  void reusedStateGivesTheSameBytesAcrossAnIndexRestart() {
    // the per-thread tables are reused without clearing, and cleared when the numbering restarts:
    // neither may change the output. A restart threshold of 300 K indexes makes it restart every few blocks.
    byte[] data = inputs().get("text120k");
    for (int level : new int[] {3, 9, 12}) {
      Lz4HighCompressor c = javaHc(Lz4.highCompressor(level));
      Lz4HighCompressor.Workspace reused =
          new Lz4HighCompressor.Workspace(new Lz4HcMatchFinder(300_000));
      byte[] dst = new byte[Lz4.maxCompressedLength(data.length)];
      for (int round = 0; round < 8; round++) {
        int len = 10_000 + round * 12_000;
        int hist = Math.min(round * 1000, 64 * 1024);
        byte[] fresh = compressAt(c, Arrays.copyOfRange(data, 0, hist), Arrays.copyOfRange(data, hist, hist + len));
        int n = c.compressBlock(reused, data, 0, hist, hist + len, dst, 0, dst.length, null, Lz4HighCompressor.PREFIX);
        assertArrayEquals(fresh, Arrays.copyOf(dst, n), "level " + level + ", round " + round);
      }
    }
  }

  @Test
  void destinationSizeFillsThePageWithAPrefix() {
    Map<String, byte[]> inputs = inputs();
    int[] consumed = new int[1];
    int worstGap = 0;
    for (int level : new int[] {2, 9, 10, 12}) {
      Lz4Compressor c = Lz4.highCompressor(level);
      for (String name : List.of("text120k", "random70k", "noisyRuns90k", "zeros100k", "text20")) {
        byte[] data = Arrays.copyOf(inputs.get(name), Math.min(40_000, inputs.get(name).length));
        for (int page : new int[] {50_000, 16384, 4096, 1000, 100, 21, 13, 6, 1, 0}) {
          String what = "level " + level + ", " + name + ", page " + page;
          byte[] dst = new byte[page + 8];
          Arrays.fill(dst, (byte) 0x77);
          int n = c.compressDestSize(data, 0, data.length, dst, 4, page, consumed);
          assertTrue(n >= 0 && n <= page, what + ": wrote " + n);
          for (int i = 0; i < dst.length; i++) {
            if (i < 4 || i >= 4 + page) {
              assertEquals(0x77, dst[i], what + ": byte " + i + " written");
            }
          }
          int m = consumed[0];
          assertTrue(m >= 0 && m <= data.length, what);
          byte[] block = Arrays.copyOfRange(dst, 4, 4 + n);
          byte[] prefix = Arrays.copyOf(data, m);
          if (n > 0) {
            assertArrayEquals(prefix, HcTestSupport.decode(block, new byte[0], m), what);
            assertArrayEquals(prefix, Lz4.decompressor().decompress(block, m), what);
          } else {
            assertEquals(0, m, what);
          }
          if (m < data.length) {
            worstGap = Math.max(worstGap, page - n);
            // the page is full to within a few bytes (the reserve for the last literals)
            assertTrue(page - n <= 12, what + ": only " + n + " bytes written");
          } else {
            assertArrayEquals(c.compress(data), block, what);
          }
        }
      }
    }
    System.out.println("HC destination size: largest unused room in a page " + worstGap + " bytes");
  }

  @Test
  void streamOfLinkedBlocks() {
    byte[] data = Arrays.copyOf(Corpus.read("book1"), 300_000);
    int blockSize = 50_000;
    for (int level : new int[] {3, 9, 12}) {
      Lz4Compressor c = Lz4.highCompressor(level);
      Lz4StreamCompressor sc = Lz4.streamCompressor(c);
      Lz4StreamDecompressor sd = Lz4.streamDecompressor();
      byte[] dst = new byte[Lz4.maxCompressedLength(blockSize)];
      byte[] back = new byte[blockSize];
      for (int off = 0; off < data.length; off += blockSize) {
        String what = "level " + level + ", block at " + off;
        int n = sc.compress(data, off, blockSize, dst, 0, dst.length);
        // the same block as a separate dictionary of the previous 64 KB gives (lz4 -BD: each block
        // sees the saved history as an external dictionary)
        byte[] hist = Arrays.copyOfRange(data, Math.max(0, off - 64 * 1024), off);
        byte[] expected = new byte[Lz4.maxCompressedLength(blockSize)];
        expected = Arrays.copyOf(expected,
            c.compress(data, off, blockSize, expected, 0, expected.length, hist, 0, hist.length));
        assertArrayEquals(expected, Arrays.copyOf(dst, n), what);
        assertEquals(blockSize, sd.decompress(dst, 0, n, back, 0, back.length), what);
        assertArrayEquals(Arrays.copyOfRange(data, off, off + blockSize), back, what);
      }
    }
  }

  /**
   * Blocks over 64 KB at the optimal levels continue the chains of the blocks before (as one
   * {@code LZ4_streamHC_t} does); a reset starts a new sequence whose bytes are a new stream
   * compressor's, with a dictionary and without, and every block decodes.
   */
  @Test
  void resetStartsALinkedSequenceAfresh() {
    byte[] data = Arrays.copyOf(Corpus.read("book1"), 4 * 70_000);
    byte[] dict = Arrays.copyOfRange(Corpus.read("book1"), 300_000, 370_000);
    int blockSize = 70_000;
    Lz4StreamCompressor reused = Lz4.streamCompressor(Lz4.javaHighCompressor(11));
    for (byte[] d : new byte[][] {null, dict, null}) {
      if (d == null) {
        reused.reset();
      } else {
        reused.reset(d, 0, d.length);
      }
      Lz4StreamCompressor fresh = Lz4.streamCompressor(Lz4.javaHighCompressor(11));
      Lz4StreamDecompressor sd = Lz4.streamDecompressor();
      if (d != null) {
        fresh.reset(d, 0, d.length);
        sd.reset(d, 0, d.length);
      }
      byte[] a = new byte[Lz4.maxCompressedLength(blockSize)];
      byte[] b = new byte[a.length];
      byte[] back = new byte[blockSize];
      for (int off = 0; off < data.length; off += blockSize) {
        String what = (d != null ? "dictionary, " : "") + "block at " + off;
        int n = reused.compress(data, off, blockSize, a, 0, a.length);
        int m = fresh.compress(data, off, blockSize, b, 0, b.length);
        assertArrayEquals(Arrays.copyOf(b, m), Arrays.copyOf(a, n), what);
        assertEquals(blockSize, sd.decompress(a, 0, n, back, 0, back.length), what);
        assertArrayEquals(Arrays.copyOfRange(data, off, off + blockSize), back, what);
      }
    }
  }

  @Test
  void threadsShareInstancesSafely() throws Exception {
    Map<String, byte[]> inputs = inputs();
    List<byte[]> work = List.of(Arrays.copyOf(inputs.get("text120k"), 40_000),
        Arrays.copyOf(inputs.get("noisyRuns90k"), 40_000), Arrays.copyOf(inputs.get("random70k"), 20_000));
    int[] levels = {3, 9, 10, 12};
    Map<String, byte[]> expected = new LinkedHashMap<>();
    for (int level : levels) {
      for (int i = 0; i < work.size(); i++) {
        expected.put(level + "/" + i, Lz4.highCompressor(level).compress(work.get(i)));
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int shift = t;
        futures.add(pool.submit(() -> {
          for (int k = 0; k < levels.length * work.size(); k++) {
            int j = (k + shift) % (levels.length * work.size());
            int level = levels[j / work.size()];
            int i = j % work.size();
            assertArrayEquals(expected.get(level + "/" + i), Lz4.highCompressor(level).compress(work.get(i)));
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  static byte[] concat(List<byte[]> parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int o = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, o, p.length);
      o += p.length;
    }
    return out;
  }
}
