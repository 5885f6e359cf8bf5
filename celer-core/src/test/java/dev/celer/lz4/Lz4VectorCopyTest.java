package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The decoder's 16-byte vector copies ({@link Lz4Vector}) for short literal runs and matches:
 * blocks made of every such shape decode to the bytes the sequences describe, write nothing past
 * the output range, and decode the same from byte arrays (vector copies when they are on) as from
 * direct buffers (never).
 *
 * <p>Surefire runs this class in the ordinary run (vector copies off: the same checks on the
 * scalar path) and again in the execution {@code xxhash-vector}, with {@code --add-modules
 * jdk.incubator.vector} and {@code -Dceler.expect.vector=true}, where {@link
 * #vectorCopiesAreOnWhenExpected()} makes sure the vector path is the one tested.
 */
class Lz4VectorCopyTest {

  @Test
  void vectorCopiesAreOnWhenExpected() {
    System.out.println("LZ4 decoder vector copies " + Lz4Vectorization.REASON);
    if (Boolean.getBoolean("celer.expect.vector")) {
      assertTrue(Lz4Vectorization.ENABLED, Lz4Vectorization.REASON);
    }
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      assertFalse(Lz4Vectorization.ENABLED, Lz4Vectorization.REASON);
    }
  }

  /** Every literal length 0..20 against every offset 1..40 and match length 4..24, in one block. */
  @Test
  void everyShortShapeDecodesToItsBytes() {
    Random rnd = new Random(0x5EC7_0001L);
    for (int litLen = 0; litLen <= 20; litLen++) {
      Block b = new Block();
      b.literals(rnd, 64); // history for the first offsets
      for (int offset = 1; offset <= 40; offset++) {
        for (int matchLen = 4; matchLen <= 24; matchLen += 5) {
          b.sequence(rnd, litLen, offset, matchLen);
        }
      }
      b.last(rnd, 40);
      b.check("literal length " + litLen);
    }
  }

  /** Random short sequences, many blocks: the lean loop's common case, with any mix of shapes. */
  @Test
  void randomShortSequencesDecodeToTheirBytes() {
    Random rnd = new Random(0x5EC7_0002L);
    for (int block = 0; block < 200; block++) {
      Block b = new Block();
      b.literals(rnd, 1 + rnd.nextInt(40));
      int n = 1 + rnd.nextInt(300);
      for (int i = 0; i < n; i++) {
        int offset = 1 + rnd.nextInt(Math.min(b.size(), 64));
        b.sequence(rnd, rnd.nextInt(24), offset, 4 + rnd.nextInt(28));
      }
      // at least 8 last literals: the last match then starts 12 bytes before the end at the
      // earliest, as the end-of-block rules want at the exact capacity check() decodes into
      b.last(rnd, 8 + rnd.nextInt(40));
      b.check("block " + block);
    }
  }

  /**
   * A match with offset 0 among the lean loop's sequences decodes as zeros (as liblz4 does), with
   * the vector copies on or off: the lean loop leaves it to the careful path, which goes on after it.
   */
  @Test
  void offsetZeroDecodesAsZeros() {
    Random rnd = new Random(0x5EC7_0003L);
    Block b = new Block();
    b.literals(rnd, 64);
    for (int i = 0; i < 20; i++) {
      b.sequence(rnd, 5, 16, 16);
    }
    b.sequence(rnd, 5, 0, 16); // the expected bytes: each "copied from itself", i.e. zeros
    for (int i = 0; i < 20; i++) {
      b.sequence(rnd, 5, 16, 16);
    }
    b.last(rnd, 40);
    b.check("offset 0 among short sequences");
  }

  /** Builds a block and, beside it, the bytes it decodes to. */
  private static final class Block {
    private final ByteArrayOutputStream block = new ByteArrayOutputStream();
    private final ByteArrayOutputStream plain = new ByteArrayOutputStream();
    private byte[] pendingLiterals = new byte[0];

    int size() {
      return plain.size();
    }

    /** Literals that start the block, written with the first sequence. */
    void literals(Random rnd, int n) {
      pendingLiterals = concat(pendingLiterals, random(rnd, n));
      plain.write(pendingLiterals, pendingLiterals.length - n, n);
    }

    void sequence(Random rnd, int litLen, int offset, int matchLen) {
      byte[] lit = random(rnd, litLen);
      plain.write(lit, 0, lit.length);
      byte[] all = concat(pendingLiterals, lit);
      pendingLiterals = new byte[0];
      writeSequence(all, offset, matchLen);
      // byte by byte, as the format defines a match: an overlapping one repeats its first bytes
      byte[] out = Arrays.copyOf(plain.toByteArray(), plain.size() + matchLen);
      for (int i = plain.size(); i < out.length; i++) {
        out[i] = out[i - offset];
      }
      plain.write(out, plain.size(), matchLen);
    }

    /** A sequence written as given, whatever it means (for malformed blocks). */
    void rawSequence(Random rnd, int litLen, int offset, int matchLen) {
      byte[] lit = random(rnd, litLen);
      writeSequence(concat(pendingLiterals, lit), offset, matchLen);
      pendingLiterals = new byte[0];
    }

    void last(Random rnd, int n) {
      byte[] lit = concat(pendingLiterals, random(rnd, n));
      plain.write(lit, lit.length - n, n);
      pendingLiterals = new byte[0];
      block.write(Math.min(lit.length, 15) << 4);
      lengthBytes(lit.length);
      block.write(lit, 0, lit.length);
    }

    byte[] block() {
      return block.toByteArray();
    }

    /** Decodes from arrays and from direct buffers, with canaries around the output range. */
    void check(String what) {
      byte[] blk = block();
      byte[] expected = plain.toByteArray();
      int off = 7;
      byte[] out = new byte[off + expected.length + 40];
      Arrays.fill(out, (byte) 0x5A);
      int n = Lz4.javaDecompressor().decompress(blk, 0, blk.length, out, off, expected.length);
      assertEquals(expected.length, n, what);
      assertArrayEquals(expected, Arrays.copyOfRange(out, off, off + n), what);
      for (int i = 0; i < off; i++) {
        assertEquals((byte) 0x5A, out[i], what + ": byte " + i + " before the output range");
      }
      for (int i = off + n; i < out.length; i++) {
        assertEquals((byte) 0x5A, out[i], what + ": byte " + i + " past the output range");
      }
      ByteBuffer src = ByteBuffer.allocateDirect(blk.length).put(blk).flip();
      ByteBuffer dst = ByteBuffer.allocateDirect(expected.length);
      assertEquals(expected.length, Lz4.javaDecompressor().decompress(src, dst), what);
      byte[] fromBuffers = new byte[expected.length];
      dst.flip().get(fromBuffers);
      assertArrayEquals(expected, fromBuffers, what + ", direct buffers");
    }

    private void writeSequence(byte[] lit, int offset, int matchLen) {
      int ml = matchLen - 4;
      block.write((Math.min(lit.length, 15) << 4) | Math.min(ml, 15));
      lengthBytes(lit.length);
      block.write(lit, 0, lit.length);
      block.write(offset & 0xFF);
      block.write(offset >>> 8);
      if (ml >= 15) {
        lengthBytes(ml);
      }
    }

    private void lengthBytes(int len) {
      if (len < 15) {
        return;
      }
      int rest = len - 15;
      while (rest >= 255) {
        block.write(255);
        rest -= 255;
      }
      block.write(rest);
    }

    private static byte[] random(Random rnd, int n) {
      byte[] b = new byte[n];
      for (int i = 0; i < n; i++) {
        b[i] = (byte) ('a' + rnd.nextInt(8)); // a small alphabet, as text
      }
      return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
      byte[] c = Arrays.copyOf(a, a.length + b.length);
      System.arraycopy(b, 0, c, a.length, b.length);
      return c;
    }
  }
}
