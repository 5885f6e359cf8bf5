package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Lz4Decompressor#decompressExact}: the decoded length is known, the compressed one is not
 * (lz4-java's {@code LZ4FastDecompressor}); the block is followed by other data that must not be
 * read, and it reports how many input bytes the block occupies.
 */
class Lz4DecompressExactTest {
  private static final Lz4Decompressor D = Lz4.decompressor();

  private static byte[] sample(int n, long seed) {
    Random r = new Random(seed);
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (r.nextInt(8) == 0 ? r.nextInt() : 'a' + (i % 13));
    }
    return b;
  }

  @Test
  void reportsTheBlockLengthAndIgnoresWhatFollows() {
    for (int n : new int[] {0, 1, 12, 13, 100, 65536, 200_000}) {
      byte[] data = sample(n, n);
      byte[] block = Lz4.fastCompressor().compress(data);
      // the block sits between junk: 3 bytes before, 50 bytes of 0xFF after
      byte[] src = new byte[3 + block.length + 50];
      Arrays.fill(src, (byte) 0xFF);
      System.arraycopy(block, 0, src, 3, block.length);
      byte[] dst = new byte[n + 4];
      int read = D.decompressExact(src, 3, src.length - 3, dst, 2, n);
      assertEquals(block.length, read, "n=" + n);
      assertArrayEquals(data, Arrays.copyOfRange(dst, 2, 2 + n));

      ByteBuffer s = ByteBuffer.allocateDirect(src.length).put(src).position(3);
      ByteBuffer d = ByteBuffer.allocate(n + 4).position(1);
      assertEquals(block.length, D.decompressExact(s, d, n));
      assertEquals(3 + block.length, s.position());
      assertEquals(1 + n, d.position());
      assertArrayEquals(data, Arrays.copyOfRange(d.array(), 1, 1 + n));
    }
  }

  @Test
  void theBlockNeedsNotReachTheEndOfItsInput() {
    byte[] data = sample(5000, 1);
    byte[] block = Lz4.highCompressor(9).compress(data);
    byte[] dst = new byte[5000];
    assertEquals(block.length, D.decompressExact(block, 0, block.length, dst, 0, 5000));
    assertArrayEquals(data, dst);
  }

  @Test
  void aShorterOrLongerBlockIsRefused() {
    byte[] data = sample(1000, 2);
    byte[] block = Lz4.fastCompressor().compress(data);
    // asking for fewer bytes: the last literals (or a match) overrun the output
    assertThrows(Lz4Exception.class, () -> D.decompressExact(block, 0, block.length, new byte[999], 0, 999));
    // asking for more: the block ends first
    Lz4Exception e = assertThrows(
        Lz4Exception.class, () -> D.decompressExact(block, 0, block.length, new byte[1001], 0, 1001));
    assertEquals("block ends after 1000 bytes of output, expected 1001, at input offset " + block.length, e.getMessage());
  }

  @Test
  void aTruncatedBlockIsRefusedWithoutReadingPastTheRange() {
    byte[] data = sample(3000, 3);
    byte[] block = Lz4.fastCompressor().compress(data);
    for (int cut = 0; cut < block.length; cut += 7) {
      int len = cut;
      assertThrows(Lz4Exception.class, () -> D.decompressExact(block, 0, len, new byte[3000], 0, 3000));
    }
  }

  @Test
  void hostileOffsetsAndBuffersLeaveStateUnchanged() {
    // token: 1 literal 'x', then a match with offset 100 into nothing
    byte[] src = {0x1F, 'x', 100, 0, 0};
    assertThrows(Lz4Exception.class, () -> D.decompressExact(src, 0, src.length, new byte[40], 0, 40));
    ByteBuffer s = ByteBuffer.wrap(src);
    ByteBuffer d = ByteBuffer.allocate(40);
    assertThrows(Lz4Exception.class, () -> D.decompressExact(s, d, 40));
    assertEquals(0, s.position());
    assertEquals(0, d.position());
    assertThrows(IndexOutOfBoundsException.class, () -> D.decompressExact(s, d, 41));
    assertThrows(IndexOutOfBoundsException.class, () -> D.decompressExact(src, 0, 6, new byte[4], 0, 4));
    assertThrows(
        java.nio.ReadOnlyBufferException.class, () -> D.decompressExact(s, d.asReadOnlyBuffer(), 4));
  }

  @Test
  void mutatedBlocksGiveLz4ExceptionOrTheWholeBlocksOutput() {
    // Random mutations of real blocks, decoded with a guessed length: either a clean
    // Lz4Exception, or a success that reports a block length whose ordinary decode gives the
    // same bytes; never another exception, never a write outside the range.
    long seed = 20261125;
    System.out.println("Lz4DecompressExactTest seed " + seed);
    Random r = new Random(seed);
    for (int round = 0; round < 3000; round++) {
      byte[] data = sample(1 + r.nextInt(3000), r.nextLong());
      byte[] block = Lz4.fastCompressor().compress(data);
      byte[] src = Arrays.copyOf(block, block.length + r.nextInt(20));
      for (int k = 1 + r.nextInt(4); k > 0; k--) {
        src[r.nextInt(src.length)] = (byte) r.nextInt();
      }
      int want = r.nextBoolean() ? data.length : r.nextInt(data.length + 50);
      byte[] dst = new byte[want + 16];
      Arrays.fill(dst, (byte) 0x33);
      int read;
      try {
        read = D.decompressExact(src, 0, src.length, dst, 8, want);
      } catch (Lz4Exception e) {
        continue;
      }
      for (int i = 0; i < 8; i++) {
        assertEquals(0x33, dst[i]);
        assertEquals(0x33, dst[dst.length - 1 - i]);
      }
      byte[] again = new byte[want];
      assertEquals(want, D.decompress(src, 0, read, again, 0, want), "round " + round);
      assertArrayEquals(again, Arrays.copyOfRange(dst, 8, 8 + want), "round " + round);
    }
  }
}
