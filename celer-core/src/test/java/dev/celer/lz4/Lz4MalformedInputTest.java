package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Malformed blocks, byte by byte: each case must give an {@link Lz4Exception} whose message names
 * the problem and the input offset, never another exception, a hang or unwritten output. The same
 * on both backends: where the capacity is not what is wrong, each case is decoded again with room
 * for {@link #NATIVE_ROOM} bytes, so that the native backend (Java 25+ with native access), which
 * leaves outputs below its crossover to the Java decoder, handles it too and must give the same
 * message. The one difference, a match offset of 0, is {@link #matchOffsetZero()}.
 */
class Lz4MalformedInputTest {
  private static final Lz4Decompressor DEC = Lz4.decompressor();

  /** Room enough for every block of this class, and above the native decoder's crossover. */
  private static final int NATIVE_ROOM = 4096;

  /**
   * The message of decoding {@code block} into {@code maxDstLen} bytes; when that is 100 or more
   * (room enough, so the capacity is not the problem), also checks the message with {@link
   * #NATIVE_ROOM} bytes of room is the same.
   */
  private static String fails(byte[] block, int maxDstLen) {
    String m = failsWith(block, maxDstLen);
    if (maxDstLen >= 100) {
      assertEquals(m, failsWith(block, NATIVE_ROOM), "the same block with room for " + NATIVE_ROOM + " bytes");
    }
    return m;
  }

  private static String failsWith(byte[] block, int maxDstLen) {
    return assertThrows(Lz4Exception.class, () -> DEC.decompress(block, 0, block.length, new byte[maxDstLen], 0, maxDstLen))
        .getMessage();
  }

  private static byte[] bytes(int... b) {
    byte[] r = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      r[i] = (byte) b[i];
    }
    return r;
  }

  @Test
  void matchOffsetZeroDecodesAsZeros() {
    byte[] block = bytes(
        0x10, // token: 1 literal, match length 0+4
        'a', // literal
        0x00, 0x00, // offset 0: invalid by the format, decoded by liblz4 as zeros
        0x50, 'a', 'a', 'a', 'a', 'a'); // last literals
    for (Lz4Decompressor d : new Lz4Decompressor[] {DEC, Lz4.javaDecompressor()}) {
      for (int room : new int[] {13, 100, NATIVE_ROOM}) {
        byte[] out = new byte[room];
        Arrays.fill(out, (byte) 0x5A);
        assertEquals(10, d.decompress(block, 0, block.length, out, 0, room));
        assertArrayEquals(bytes('a', 0, 0, 0, 0, 'a', 'a', 'a', 'a', 'a'), Arrays.copyOf(out, 10));
      }
    }
    // at room 12 the match starts 11 bytes before the end: rule 3 at the capacity
    assertTrue(failsWith(block, 12).contains("a match must start at least 12 bytes before it"));
  }

  @Test
  void matchOffsetBeforeOutputStart() {
    byte[] block = bytes(
        0x40, 'a', 'b', 'c', 'd', // 4 literals
        0x09, 0x00, // offset 9, but only 4 bytes written
        0x50, 'a', 'a', 'a', 'a', 'a');
    assertEquals("match offset 9 reaches before the output start (only 4 bytes written) at input offset 5", fails(block, 100));
  }

  @Test
  void matchOffsetBeforeDictionaryStart() {
    byte[] block = bytes(0x40, 'a', 'b', 'c', 'd', 0x0A, 0x00, 0x50, 'a', 'a', 'a', 'a', 'a');
    byte[] dict = bytes('x', 'y', 'z');
    byte[] out = new byte[100];
    Lz4Exception e = assertThrows(Lz4Exception.class, () -> DEC.decompress(block, 0, block.length, out, 0, 100, dict, 0, 3));
    assertEquals("match offset 10 reaches before the output start (only 7 bytes of output and dictionary) at input offset 5", e.getMessage());
    // offset 7 reaches exactly the dictionary's first byte: fine
    block[5] = 7;
    assertEquals(13, DEC.decompress(block, 0, block.length, out, 0, 100, dict, 0, 3));
    assertEquals("abcdxyzaaaaaa", new String(out, 0, 13, java.nio.charset.StandardCharsets.US_ASCII));
  }

  @Test
  void literalsPastTheInput() {
    byte[] block = bytes(0x50, 'a', 'b'); // 5 literals announced, 2 present
    assertEquals("literals of 5 bytes run past the end of the input (2 bytes left) at input offset 1", fails(block, 100));
  }

  @Test
  void literalsPastTheOutput() {
    byte[] block = bytes(0x50, 'a', 'b', 'c', 'd', 'e');
    assertEquals("literals of 5 bytes run past the end of the output (room for 3) at input offset 1", fails(block, 3));
  }

  @Test
  void matchPastTheOutput() {
    byte[] block = bytes(
        0x4F, 'a', 'b', 'c', 'd', // 4 literals, match length 4+15+...
        0x04, 0x00, // offset 4
        20, // ... +20 = 39
        0x50, 'v', 'w', 'x', 'y', 'z'); // last literals
    assertEquals("match of 39 bytes runs past the end of the output (room for 16) at input offset 5", fails(block, 20));
    assertEquals("match ends 1 byte before the end of the output capacity; the last 5 bytes must be literals,"
        + " at input offset 5", failsWith(block, 44));
    assertEquals(48, DEC.decompress(block, 0, block.length, new byte[48], 0, 48));
  }

  @Test
  void literalLengthOverflow() {
    // token 0xF0, then 2^31/255 + more bytes of 255: the length would overflow an int
    byte[] block = new byte[8_500_000];
    Arrays.fill(block, (byte) 0xFF);
    block[0] = (byte) 0xF0;
    String m = fails(block, 100);
    assertTrue(m.startsWith("literal length overflows (too many 255 bytes) at input offset "), m);
  }

  @Test
  void matchLengthOverflow() {
    byte[] block = new byte[8_500_000];
    Arrays.fill(block, (byte) 0xFF);
    block[0] = 0x1F; // 1 literal, long match
    block[1] = 'a';
    block[2] = 0x01; // offset 1
    block[3] = 0x00;
    String m = fails(block, 100);
    assertTrue(m.startsWith("match length overflows (too many 255 bytes) at input offset "), m);
  }

  @Test
  void truncatedInput() {
    assertEquals("empty input: a block holds at least one token, at input offset 0", fails(new byte[0], 100));
    assertEquals("input ends inside a literal length at input offset 1", fails(bytes(0xF0), 100));
    assertEquals("input ends inside a literal length at input offset 2", fails(bytes(0xF0, 0xFF), 1000));
    // a block cut inside a match offset: the literals before it leave too little input to go on
    assertEquals("only 1 input byte follows literals that do not end the block (at least 8 must: an offset,"
        + " a token and the 5 last literals), at input offset 2", fails(bytes(0x10, 'a', 0x01), 100));
    assertEquals("input ends inside a match length at input offset 10",
        fails(bytes(0x1F, 'a', 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF), 1000));
  }

  @Test
  void lastSequenceMustBeLiterals() {
    // a block that ends right after a match (no final literals token)
    assertEquals("only 2 input bytes follow literals that do not end the block (at least 8 must: an offset,"
        + " a token and the 5 last literals), at input offset 2", fails(bytes(0x10, 'a', 0x01, 0x00), 100));
  }

  @Test
  void validMinimalBlocks() {
    assertEquals(0, DEC.decompress(bytes(0x00), 0, 1, new byte[0], 0, 0));
    byte[] out = new byte[20];
    // "a" then a match of 4 at offset 1 (overlapping run), then the 5 last literals
    assertEquals(10, DEC.decompress(bytes(0x10, 'a', 0x01, 0x00, 0x50, 'b', 'b', 'b', 'b', 'b'), 0, 10, out, 0, 20));
    assertEquals("aaaaabbbbb", new String(out, 0, 10, java.nio.charset.StandardCharsets.US_ASCII));
  }

  /**
   * Mutated real blocks: every failure is an Lz4Exception, and whatever decodes gives the same
   * bytes into two differently pre-filled buffers (no unwritten byte is ever reported as output).
   */
  @Test
  void mutatedBlocksFailCleanlyAndNeverReportUnwrittenBytes() {
    long seed = 20240601L;
    System.out.println("Lz4MalformedInputTest seed " + seed);
    Random r = new Random(seed);
    byte[] data = TestData.textLike(20_000, 1);
    byte[] block = Lz4.fastCompressor().compress(data);
    byte[] a = new byte[25_000];
    byte[] b = new byte[25_000];
    for (int iter = 0; iter < 3000; iter++) {
      byte[] m = block.clone();
      int flips = 1 + r.nextInt(4);
      for (int k = 0; k < flips; k++) {
        m[r.nextInt(m.length)] = (byte) r.nextInt(256);
      }
      int len = r.nextInt(8) == 0 ? r.nextInt(m.length + 1) : m.length;
      boolean partial = r.nextBoolean();
      int cap = partial ? r.nextInt(a.length) : a.length;
      Arrays.fill(a, (byte) 0x11);
      Arrays.fill(b, (byte) 0xEE);
      int na;
      int nb;
      try {
        na = partial ? DEC.decompressPartial(m, 0, len, a, 0, cap) : DEC.decompress(m, 0, len, a, 0, cap);
      } catch (Lz4Exception e) {
        na = -1;
      }
      try {
        nb = partial ? DEC.decompressPartial(m, 0, len, b, 0, cap) : DEC.decompress(m, 0, len, b, 0, cap);
      } catch (Lz4Exception e) {
        nb = -1;
      }
      assertEquals(na, nb, "iteration " + iter);
      if (na > 0) {
        assertArrayEquals(Arrays.copyOf(a, na), Arrays.copyOf(b, na), "iteration " + iter);
      }
      // nothing beyond the range is touched
      for (int i = cap; i < a.length; i++) {
        assertEquals(0x11, a[i]);
      }
    }
  }

  @Test
  void canaryAroundTheOutput() {
    byte[] data = TestData.textLike(50_000, 4);
    byte[] block = Lz4.fastCompressor().compress(data);
    byte[] out = new byte[data.length + 200];
    Arrays.fill(out, (byte) 0x77);
    assertEquals(data.length, DEC.decompress(block, 0, block.length, out, 100, data.length));
    for (int i = 0; i < 100; i++) {
      assertEquals(0x77, out[i]);
      assertEquals(0x77, out[out.length - 1 - i]);
    }
    assertArrayEquals(data, Arrays.copyOfRange(out, 100, 100 + data.length));
  }
}
