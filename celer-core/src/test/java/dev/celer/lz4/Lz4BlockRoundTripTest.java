package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.testsupport.Corpus;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;

/**
 * Round trips of the fast compressor and the decompressor: the corpus at several block sizes,
 * generated edge cases, the three buffer kinds, and cross-checks with lz4-java 1.8.0 (its safe
 * decoder must read our blocks; ours must read its blocks).
 */
class Lz4BlockRoundTripTest {
  private static final Lz4Compressor FAST = Lz4.fastCompressor();
  private static final Lz4Decompressor DEC = Lz4.decompressor();
  private static final net.jpountz.lz4.LZ4SafeDecompressor JPOUNTZ = LZ4Factory.safeInstance().safeDecompressor();

  /** Compresses, checks the block with both decoders, and returns it. */
  static byte[] roundTrip(Lz4Compressor c, byte[] data, int off, int len) {
    byte[] block = new byte[Lz4.maxCompressedLength(len)];
    int n = c.compress(data, off, len, block, 0, block.length);
    byte[] expected = Arrays.copyOfRange(data, off, off + len);
    byte[] back = new byte[len];
    assertEquals(len, DEC.decompress(block, 0, n, back, 0, len));
    assertArrayEquals(expected, back);
    byte[] back2 = new byte[len];
    assertEquals(len, JPOUNTZ.decompress(block, 0, n, back2, 0, len), "lz4-java decodes our block");
    assertArrayEquals(expected, back2);
    return Arrays.copyOf(block, n);
  }

  @Test
  void corpusAt16K64KAndWholeFile() {
    for (Path f : TestData.corpusFiles()) {
      byte[] data = TestData.read(f);
      for (int bs : new int[] {16 * 1024, 64 * 1024, Math.max(1, data.length)}) {
        for (int off = 0; off < data.length; off += bs) {
          roundTrip(FAST, data, off, Math.min(bs, data.length - off));
        }
      }
    }
  }

  @Test
  void accelerationsRoundTripAndShrinkLess() {
    byte[] data = Corpus.read("alice29.txt");
    int prev = 0;
    for (int acc : new int[] {1, 2, 4, 8, 64, 65537, Integer.MAX_VALUE}) {
      int n = roundTrip(Lz4.fastCompressor(acc), data, 0, data.length).length;
      assertTrue(n >= prev, "higher acceleration, larger output: " + acc);
      prev = n;
    }
    assertEquals(
        Lz4.fastCompressor(0).compress(data).length, Lz4.fastCompressor(1).compress(data).length, "0 means 1");
  }

  @Test
  void edgeCases() {
    byte[] text = TestData.textLike(200_000, 7);
    for (int len = 0; len <= 64; len++) {
      roundTrip(FAST, text, 0, len);
      roundTrip(FAST, new byte[len], 0, len);
    }
    for (int len : new int[] {65535, 65536, 65537, 65546, 65547, 65548, 131072, 131073}) {
      roundTrip(FAST, text, 3, len);
      roundTrip(FAST, new byte[len], 0, len);
    }
    // the empty block is one token
    assertArrayEquals(new byte[] {0}, FAST.compress(new byte[0]));
    assertArrayEquals(new byte[0], DEC.decompress(new byte[] {0}, 0));
    // long runs
    byte[] run = new byte[3_000_000];
    Arrays.fill(run, (byte) 'a');
    byte[] runBlock = roundTrip(FAST, run, 0, run.length);
    assertTrue(runBlock.length < run.length / 200, "a run compresses to its length bytes: " + runBlock.length);
    // all-distinct bytes, and a long sequence without any repeated 4-byte group
    byte[] distinct = new byte[256];
    for (int i = 0; i < 256; i++) {
      distinct[i] = (byte) i;
    }
    roundTrip(FAST, distinct, 0, 256);
    byte[] noRepeat = new byte[4 * 65536];
    for (int i = 0; i < 65536; i++) {
      noRepeat[4 * i] = (byte) (i >>> 8);
      noRepeat[4 * i + 1] = (byte) i;
      noRepeat[4 * i + 2] = (byte) 0xA5;
      noRepeat[4 * i + 3] = (byte) ~i;
    }
    roundTrip(FAST, noRepeat, 0, noRepeat.length);
    byte[] rnd = TestData.random(300_000, 11);
    byte[] rb = roundTrip(FAST, rnd, 0, rnd.length);
    assertTrue(rb.length <= Lz4.maxCompressedLength(rnd.length));
  }

  /**
   * Hand-made blocks whose matches have every short period (offset 1..7) and lengths 4..80, far
   * enough from both ends that the decoder's lean loop copies them, through a byte array and a
   * direct buffer; expected output from a byte-by-byte reference decoding.
   */
  @Test
  void shortPeriodMatchesAtEveryLength() {
    java.util.Random rnd = new java.util.Random(7);
    for (int offset = 1; offset <= 7; offset++) {
      java.io.ByteArrayOutputStream block = new java.io.ByteArrayOutputStream();
      java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
      for (int len = 4; len <= 80; len++) {
        byte[] lit = new byte[8 + rnd.nextInt(9)]; // 8..16 literals, then the match
        rnd.nextBytes(lit);
        int ml = len - 4;
        block.write((Math.min(lit.length, 15) << 4) | Math.min(ml, 15));
        if (lit.length >= 15) {
          block.write(lit.length - 15);
        }
        block.write(lit, 0, lit.length);
        block.write(offset);
        block.write(0);
        if (ml >= 15) {
          block.write(ml - 15); // below 255: one length byte
        }
        expected.write(lit, 0, lit.length);
        byte[] sofar = expected.toByteArray();
        for (int i = 0; i < len; i++) {
          expected.write(sofar.length + i - offset < sofar.length ? sofar[sofar.length + i - offset] : expected.toByteArray()[sofar.length + i - offset]);
        }
      }
      byte[] tail = new byte[40]; // the last sequence: literals only
      rnd.nextBytes(tail);
      block.write(15 << 4);
      block.write(tail.length - 15);
      block.write(tail, 0, tail.length);
      expected.write(tail, 0, tail.length);
      byte[] b = block.toByteArray();
      byte[] want = expected.toByteArray();
      byte[] got = new byte[want.length];
      assertEquals(want.length, DEC.decompress(b, 0, b.length, got, 0, got.length), "offset " + offset);
      assertArrayEquals(want, got, "offset " + offset);
      ByteBuffer in = ByteBuffer.allocateDirect(b.length).put(b);
      in.flip();
      ByteBuffer out = ByteBuffer.allocateDirect(want.length);
      assertEquals(want.length, DEC.decompress(in, out), "offset " + offset + ", direct buffers");
      byte[] got2 = new byte[want.length];
      out.flip();
      out.get(got2);
      assertArrayEquals(want, got2, "offset " + offset + ", direct buffers");
    }
  }

  @Test
  void offsetsInsideLargerArrays() {
    byte[] text = TestData.textLike(100_000, 3);
    byte[] block = new byte[Lz4.maxCompressedLength(50_000) + 20];
    int n = FAST.compress(text, 1234, 50_000, block, 17, block.length - 17);
    byte[] plain = FAST.compress(Arrays.copyOfRange(text, 1234, 51_234));
    assertArrayEquals(plain, Arrays.copyOfRange(block, 17, 17 + n));
    byte[] out = new byte[60_000];
    assertEquals(50_000, DEC.decompress(block, 17, n, out, 5, 50_000));
    assertArrayEquals(Arrays.copyOfRange(text, 1234, 51_234), Arrays.copyOfRange(out, 5, 50_005));
  }

  @Test
  void argumentChecks() {
    byte[] a = new byte[10];
    assertThrows(IndexOutOfBoundsException.class, () -> FAST.compress(a, 5, 6, new byte[100], 0, 100));
    assertThrows(IndexOutOfBoundsException.class, () -> FAST.compress(a, -1, 2, new byte[100], 0, 100));
    assertThrows(IndexOutOfBoundsException.class, () -> FAST.tryCompress(a, 0, 10, new byte[10], 5, 6));
    assertThrows(IndexOutOfBoundsException.class, () -> DEC.decompress(a, 0, 11, new byte[10], 0, 10));
    assertThrows(IndexOutOfBoundsException.class, () -> DEC.decompressPartial(a, 0, 10, new byte[10], 3, 8));
    Lz4Exception e = assertThrows(Lz4Exception.class, () -> FAST.compress(new byte[100], 0, 100, new byte[3], 0, 3));
    assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
    assertThrows(java.nio.ReadOnlyBufferException.class,
        () -> FAST.compress(ByteBuffer.allocate(10), ByteBuffer.allocate(100).asReadOnlyBuffer()));
  }

  @Test
  void byteArrayHeapAndDirectBuffersGiveTheSameBytes() {
    for (byte[] data : new byte[][] {TestData.textLike(150_000, 5), TestData.textLike(3000, 6), new byte[0], TestData.random(70_000, 2)}) {
      byte[] expected = FAST.compress(data);
      for (int kind = 0; kind < 4; kind++) {
        ByteBuffer src = buffer(kind, data.length + 7);
        src.position(7);
        src.put(data);
        src.position(7);
        if (kind == 3) {
          src = src.asReadOnlyBuffer(); // read-only heap input takes the buffer path
          src.position(7);
        }
        ByteBuffer dst = buffer(kind == 3 ? 0 : kind, Lz4.maxCompressedLength(data.length) + 9);
        dst.position(9);
        int n = FAST.compress(src, dst);
        assertEquals(expected.length, n);
        assertEquals(src.limit(), src.position());
        assertEquals(9 + n, dst.position());
        byte[] got = new byte[n];
        dst.position(9);
        dst.get(got);
        assertArrayEquals(expected, got, "buffer kind " + kind);

        // and back, through buffers of each kind
        ByteBuffer bsrc = buffer(kind, n + 3);
        bsrc.position(3);
        bsrc.put(expected);
        bsrc.position(3);
        ByteBuffer out = buffer(1 - kind % 2, data.length + 5);
        out.position(5);
        assertEquals(data.length, DEC.decompress(bsrc, out));
        assertEquals(5 + data.length, out.position());
        byte[] back = new byte[data.length];
        out.position(5);
        out.get(back);
        assertArrayEquals(data, back);

        // partial through buffers
        if (data.length > 10) {
          bsrc.position(3);
          ByteBuffer part = buffer(kind % 2, 10);
          assertEquals(10, DEC.decompressPartial(bsrc, part, 10));
          assertArrayEquals(Arrays.copyOf(data, 10), Arrays.copyOf(heapBytes(part), 10));
        }
      }
    }
  }

  private static byte[] heapBytes(ByteBuffer b) {
    byte[] r = new byte[b.capacity()];
    b.duplicate().clear().get(r);
    return r;
  }

  /** kind 0: heap, 1: direct, 2: heap slice with an array offset, 3: heap (made read-only by the caller). */
  private static ByteBuffer buffer(int kind, int size) {
    switch (kind) {
      case 1:
        return ByteBuffer.allocateDirect(size);
      case 2:
        return ByteBuffer.allocate(size + 13).position(13).slice();
      default:
        return ByteBuffer.allocate(size);
    }
  }

  @Test
  void bufferCompressThatDoesNotFitLeavesPositions() {
    byte[] data = TestData.random(1000, 9);
    ByteBuffer src = ByteBuffer.allocateDirect(1000).put(data).flip();
    ByteBuffer dst = ByteBuffer.allocateDirect(500);
    assertEquals(-1, FAST.tryCompress(src, dst));
    assertEquals(0, src.position());
    assertEquals(0, dst.position());
    assertThrows(Lz4Exception.class, () -> FAST.compress(src, dst));
  }

  @Test
  void decodesLz4JavaBlocks() {
    for (Path f : TestData.corpusFiles()) {
      byte[] data = TestData.read(f);
      int len = Math.min(data.length, 256 * 1024);
      for (net.jpountz.lz4.LZ4Compressor jc :
          List.of(LZ4Factory.safeInstance().fastCompressor(), LZ4Factory.safeInstance().highCompressor(9))) {
        byte[] block = new byte[jc.maxCompressedLength(len)];
        int n = jc.compress(data, 0, len, block, 0, block.length);
        byte[] back = new byte[len];
        assertEquals(len, DEC.decompress(block, 0, n, back, 0, len));
        assertArrayEquals(Arrays.copyOf(data, len), back, f.toString());
      }
    }
  }

  @Test
  void tryCompressRejectsIncompressibleDataWithoutWritingPastTheLimit() {
    for (int len : new int[] {100, 4096, 65536, 300_000}) {
      byte[] rnd = TestData.random(len, len);
      for (int limit : new int[] {0, 1, len / 2, len - 1, len}) {
        byte[] dst = new byte[limit + 64];
        Arrays.fill(dst, (byte) 0x5A);
        assertEquals(-1, FAST.tryCompress(rnd, 0, len, dst, 10, limit), "len " + len + " limit " + limit);
        for (int i = 0; i < 10; i++) {
          assertEquals(0x5A, dst[i]);
        }
        for (int i = 10 + limit; i < dst.length; i++) {
          assertEquals(0x5A, dst[i], "written past the limit at " + i);
        }
      }
      // and it fits exactly when given what it needs
      int need = FAST.compress(rnd).length;
      assertEquals(-1, FAST.tryCompress(rnd, 0, len, new byte[need - 1], 0, need - 1));
      assertEquals(need, FAST.tryCompress(rnd, 0, len, new byte[need], 0, need));
    }
  }

  @Test
  void threadsSharingOneCompressorProduceIdenticalBytes() throws Exception {
    List<byte[]> inputs = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      inputs.add(TestData.textLike(20_000 + 30_000 * i, 100 + i)); // both table shapes
    }
    List<byte[]> expected = new ArrayList<>();
    for (byte[] in : inputs) {
      expected.add(FAST.compress(in));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        final int shift = t;
        results.add(pool.submit(() -> {
          for (int round = 0; round < 20; round++) {
            int i = (round + shift) % inputs.size();
            if (!Arrays.equals(expected.get(i), FAST.compress(inputs.get(i)))) {
              return false;
            }
            if (!Arrays.equals(inputs.get(i), DEC.decompress(expected.get(i), inputs.get(i).length))) {
              return false;
            }
          }
          return true;
        }));
      }
      for (Future<Boolean> r : results) {
        assertTrue(r.get());
      }
    } finally {
      pool.shutdown();
    }
  }
}
