package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.testsupport.Corpus;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Dictionaries (separate and prefix), linked-block streams, partial decoding and destination-size mode. */
class Lz4DictionaryAndStreamTest {
  private static final Lz4Compressor FAST = Lz4.fastCompressor();
  private static final Lz4Decompressor DEC = Lz4.decompressor();

  @Test
  void dictionaryRoundTripsSeparatePreparedAndPrefix() {
    byte[] all = Corpus.read("botocore-ec2.json");
    for (int dictLen : new int[] {0, 1, 100, 65535, 65536, 65537, 200_000}) {
      for (int recLen : new int[] {0, 1, 13, 1000, 4096, 70_000}) {
        int recOff = 200_000;
        byte[] dict = Arrays.copyOfRange(all, recOff - dictLen, recOff);
        byte[] out = new byte[Lz4.maxCompressedLength(recLen)];
        int n = FAST.compress(all, recOff, recLen, out, 0, out.length, dict, 0, dictLen);
        // a prepared dictionary gives the same block (both are lz4 -D's: an external dictionary)
        byte[] out2 = new byte[out.length];
        int n2 = FAST.compress(all, recOff, recLen, out2, 0, out2.length, Lz4Dictionary.of(dict));
        assertArrayEquals(Arrays.copyOf(out, n), Arrays.copyOf(out2, n2), "dict " + dictLen + " rec " + recLen);
        // prefix form: the dictionary is the bytes before the input in the same array, one segment
        // as in C's prefix mode (a match may then also grow backwards over the boundary)
        byte[] out3 = new byte[out.length];
        int n3 = FAST.compress(all, recOff, recLen, out3, 0, out3.length, all, recOff - dictLen, dictLen);
        byte[] back3 = new byte[recLen];
        assertEquals(recLen, DEC.decompress(out3, 0, n3, back3, 0, recLen, dict, 0, dictLen));
        assertArrayEquals(Arrays.copyOfRange(all, recOff, recOff + recLen), back3, "prefix form");
        byte[] expected = Arrays.copyOfRange(all, recOff, recOff + recLen);
        // separate dictionary on the decoding side
        byte[] back = new byte[recLen];
        assertEquals(recLen, DEC.decompress(out, 0, n, back, 0, recLen, dict, 0, dictLen));
        assertArrayEquals(expected, back);
        // prefix on the decoding side: one window buffer
        byte[] window = new byte[dictLen + recLen];
        System.arraycopy(dict, 0, window, 0, dictLen);
        assertEquals(recLen, DEC.decompress(out, 0, n, window, dictLen, recLen, window, 0, dictLen));
        assertArrayEquals(expected, Arrays.copyOfRange(window, dictLen, dictLen + recLen));
        // partial, with the dictionary
        if (recLen > 10) {
          byte[] part = new byte[10];
          assertEquals(10, DEC.decompressPartial(out, 0, n, part, 0, 10, dict, 0, dictLen));
          assertArrayEquals(Arrays.copyOf(expected, 10), part);
        }
      }
    }
  }

  @Test
  void dictionaryHelpsSmallRecords() {
    byte[] all = Corpus.read("botocore-ec2.json");
    byte[] dict = Arrays.copyOfRange(all, 0, 65536);
    long plain = 0;
    long withDict = 0;
    byte[] out = new byte[Lz4.maxCompressedLength(2048)];
    for (int off = 100_000; off < 100_000 + 100 * 2048; off += 2048) {
      plain += FAST.compress(all, off, 2048, out, 0, out.length);
      withDict += FAST.compress(all, off, 2048, out, 0, out.length, dict, 0, dict.length);
    }
    assertTrue(withDict < plain * 0.8, withDict + " vs " + plain);
  }

  @Test
  void separateDictionaryMustNotOverlapTheOutput() {
    byte[] block = FAST.compress(new byte[100]);
    byte[] buf = new byte[300];
    assertThrows(IllegalArgumentException.class, () -> DEC.decompress(block, 0, block.length, buf, 50, 100, buf, 100, 50));
  }

  @Test
  void streamRoundTripWithMixedBlockSizesAndStoredBlocks() {
    long seed = 77;
    Random r = new Random(seed);
    byte[] data = TestData.textLike(2_000_000, seed);
    byte[] dict = TestData.textLike(70_000, seed + 1);
    for (Lz4Compressor c : new Lz4Compressor[] {FAST, Lz4.fastCompressor(8)}) {
      Lz4StreamCompressor sc = Lz4.streamCompressor(c);
      Lz4StreamDecompressor sd = Lz4.streamDecompressor();
      sc.reset(dict, 0, dict.length);
      sd.reset(dict, 0, dict.length);
      byte[] in = new byte[300_000]; // reused for every block: the stream must not rely on it
      byte[] block = new byte[Lz4.maxCompressedLength(in.length)];
      byte[] out = new byte[in.length];
      long linked = 0;
      long independent = 0;
      for (int off = 0; off < data.length; ) {
        int len = Math.min(data.length - off, r.nextInt(4) == 0 ? r.nextInt(200_000) : r.nextInt(3000));
        System.arraycopy(data, off, in, 0, len);
        int n;
        boolean stored = r.nextInt(10) == 0;
        if (stored) {
          // pretend it did not fit: a frame stores it raw; both sides keep it as history
          n = sc.tryCompress(in, 0, len, block, 0, Math.max(0, len / 100));
          assertTrue(n == -1 || len == 0 || n <= len / 100);
          sd.appendHistory(in, 0, len);
        } else {
          n = sc.compress(in, 0, len, block, 0, block.length);
          Arrays.fill(out, (byte) 0);
          assertEquals(len, sd.decompress(block, 0, n, out, 0, out.length));
          assertArrayEquals(Arrays.copyOfRange(data, off, off + len), Arrays.copyOf(out, len), "at " + off);
          linked += n;
          independent += c.compress(data, off, len, block, 0, block.length);
        }
        off += len;
      }
      assertTrue(linked < independent, "linked blocks compress better: " + linked + " vs " + independent);
    }
  }

  @Test
  void streamBlocksDecodeWithTheOneShotPrefixForm() {
    // what a frame reader does: one window buffer, previous output before the next block
    byte[] data = TestData.textLike(500_000, 3);
    Lz4StreamCompressor sc = Lz4.streamCompressor(FAST);
    byte[] window = new byte[data.length];
    byte[] block = new byte[Lz4.maxCompressedLength(65536)];
    for (int off = 0; off < data.length; off += 65536) {
      int len = Math.min(65536, data.length - off);
      int n = sc.compress(data, off, len, block, 0, block.length);
      int hist = Math.min(off, 65536);
      assertEquals(len, DEC.decompress(block, 0, n, window, off, len, window, off - hist, hist));
    }
    assertArrayEquals(data, window);
  }

  @Test
  void partialDecodingOfEveryPrefix() {
    byte[] data = TestData.textLike(3000, 12);
    byte[] block = FAST.compress(data);
    for (int target = 0; target <= data.length + 5; target++) {
      byte[] out = new byte[target]; // exactly the room asked for
      int n = DEC.decompressPartial(block, 0, block.length, out, 0, target);
      assertEquals(Math.min(target, data.length), n);
      assertArrayEquals(Arrays.copyOf(data, n), Arrays.copyOf(out, n), "target " + target);
    }
  }

  @Test
  void partialDecodingReadsOnlyTheInputItNeeds() {
    byte[] data = TestData.textLike(3000, 13);
    byte[] block = FAST.compress(data);
    int prevNeed = 0;
    for (int target : new int[] {1, 10, 100, 1000, 2000, 3000}) {
      // the shortest input prefix that gives the target: shorter ones fail cleanly
      int need = -1;
      for (int len = prevNeed; len <= block.length && need < 0; len++) {
        byte[] out = new byte[target];
        try {
          if (DEC.decompressPartial(block, 0, len, out, 0, target) == target) {
            assertArrayEquals(Arrays.copyOf(data, target), out);
            need = len;
          }
        } catch (Lz4Exception expected) {
          // too short
        }
      }
      assertTrue(need > 0 && need >= prevNeed, "target " + target);
      if (target < 2000) {
        assertTrue(need < block.length, "target " + target + " needs the whole block");
      }
      prevNeed = need;
    }
  }

  @Test
  void destinationSizeFillsThePageAndDecodesToTheConsumedPrefix() {
    int[] consumed = new int[1];
    for (byte[] data :
        new byte[][] {TestData.textLike(300_000, 21), TestData.random(20_000, 22), Corpus.read("alice29.txt"), new byte[100_000]}) {
      for (int page : new int[] {0, 1, 2, 5, 13, 16, 17, 100, 1000, 4096, 16384, 65536, 200_000}) {
        byte[] dst = new byte[page + 8];
        Arrays.fill(dst, (byte) 0x3C);
        int n = FAST.compressDestSize(data, 0, data.length, dst, 0, page, consumed);
        int c = consumed[0];
        assertTrue(n <= page && c >= 0 && c <= data.length, "page " + page);
        for (int i = page; i < dst.length; i++) {
          assertEquals(0x3C, dst[i], "written past the page");
        }
        if (page > 0) {
          byte[] back = new byte[c];
          assertEquals(c, DEC.decompress(dst, 0, n, back, 0, c), "page " + page);
          assertArrayEquals(Arrays.copyOf(data, c), back);
        }
        if (c < data.length && page >= 16) {
          assertTrue(n >= page - 12, "page " + page + " filled with only " + n + " bytes");
        }
        if (page >= Lz4.maxCompressedLength(data.length)) {
          assertEquals(data.length, c);
        }
      }
    }
  }

  @Test
  void destinationSizeWithBuffers() {
    byte[] data = TestData.textLike(100_000, 31);
    java.nio.ByteBuffer src = java.nio.ByteBuffer.allocateDirect(data.length).put(data).flip();
    java.nio.ByteBuffer page = java.nio.ByteBuffer.allocateDirect(4096);
    int n = FAST.compressDestSize(src, page);
    int consumed = src.position();
    assertTrue(consumed > 4096 && n == page.position());
    int[] c = new int[1];
    byte[] arrPage = new byte[4096];
    int n2 = FAST.compressDestSize(data, 0, data.length, arrPage, 0, 4096, c);
    assertEquals(n2, n);
    assertEquals(c[0], consumed);
    byte[] got = new byte[n];
    page.flip().get(got);
    assertArrayEquals(Arrays.copyOf(arrPage, n2), got);
  }
}
