package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Blocks with history on the native backend ({@code LZ4_decompress_safe_usingDict} and its partial
 * form): a separate dictionary, and linked blocks whose history is the output's preceding bytes.
 * The native decoder ({@link Lz4#decompressor()}) must give the pure-Java decoder's bytes, and on
 * hostile blocks an {@link Lz4Exception} or the same bytes whatever the destination held, without
 * touching anything outside the output range. Runs as Java against Java where the backend is not
 * native (see {@link NativeBackendTest}).
 */
class NativeHistoryTest {

  private static final Lz4Decompressor NATIVE = Lz4.decompressor();
  private static final Lz4Decompressor JAVA = Lz4.javaDecompressor();

  /** A block of {@code in[half, in.length)} compressed with {@code in[0, half)} as its dictionary. */
  private static byte[] withDictionary(byte[] in, int half) {
    byte[] out = new byte[Lz4.maxCompressedLength(in.length - half)];
    int n = Lz4.javaFastCompressor().compress(in, half, in.length - half, out, 0, out.length, in, 0, half);
    return Arrays.copyOf(out, n);
  }

  @Test
  void dictionaryAndLinkedBlocksMatchJava() throws IOException {
    List<byte[]> inputs = NativeBackendTest.inputs();
    for (byte[] in : inputs) {
      if (in.length < 600) {
        continue;
      }
      for (int half : new int[] {in.length / 2, Math.max(1, in.length - 70_000), 300}) {
        byte[] block = withDictionary(in, half);
        int out = in.length - half;
        // separate dictionary
        byte[] a = new byte[out];
        assertEquals(out, NATIVE.decompress(block, 0, block.length, a, 0, out, in, 0, half));
        assertArrayEquals(Arrays.copyOfRange(in, half, in.length), a, "dictionary, " + in.length + "/" + half);
        // linked: the history right before the output
        byte[] linked = new byte[in.length];
        System.arraycopy(in, 0, linked, 0, half);
        assertEquals(out, NATIVE.decompress(block, 0, block.length, linked, half, out, linked, 0, half));
        assertArrayEquals(in, linked, "linked, " + in.length + "/" + half);
        // partial, both ways
        for (int target : new int[] {out / 3, out - 1}) {
          byte[] p = new byte[target];
          byte[] q = new byte[target];
          assertEquals(JAVA.decompressPartial(block, 0, block.length, q, 0, target, in, 0, half),
              NATIVE.decompressPartial(block, 0, block.length, p, 0, target, in, 0, half));
          assertArrayEquals(q, p, "partial " + target);
        }
      }
    }
  }

  /** Truncated and flipped dictionary blocks, decoded between canaries with two prefills. */
  @Test
  void hostileBlocksWithHistory() throws IOException {
    Random r = new Random(7);
    List<byte[]> inputs = NativeBackendTest.inputs();
    for (int k = 0; k < 1500; k++) {
      byte[] in = inputs.get(r.nextInt(inputs.size()));
      if (in.length < 1000) {
        continue;
      }
      in = Arrays.copyOf(in, Math.min(in.length, 6000));
      int half = in.length / 2;
      byte[] block = withDictionary(in, half);
      byte[] bad = r.nextBoolean() ? Arrays.copyOf(block, r.nextInt(block.length + 1)) : block.clone();
      for (int flips = r.nextInt(4); flips > 0 && bad.length > 0; flips--) {
        bad[r.nextInt(bad.length)] = (byte) r.nextInt();
      }
      int cap = r.nextBoolean() ? in.length - half : 256 + r.nextInt(in.length);
      boolean linked = r.nextBoolean();
      boolean partial = r.nextInt(4) == 0;
      int nx = decode(bad, in, half, cap, linked, partial, (byte) 0x11);
      int ny = decode(bad, in, half, cap, linked, partial, (byte) 0xEE);
      assertEquals(nx, ny, "same answer whatever the destination held");
    }
  }

  /** @return bytes written or -1; checks the canaries and that prefill never shows in the output */
  private static int decode(byte[] block, byte[] in, int half, int cap, boolean linked, boolean partial, byte fill) {
    byte[] dst = new byte[half + cap + 32];
    Arrays.fill(dst, fill);
    int off = half + 16;
    if (linked) {
      System.arraycopy(in, 0, dst, 16, half);
    }
    int n;
    try {
      byte[] dict = linked ? dst : in;
      int dictOff = linked ? 16 : 0;
      n = partial
          ? NATIVE.decompressPartial(block, 0, block.length, dst, off, cap, dict, dictOff, half)
          : NATIVE.decompress(block, 0, block.length, dst, off, cap, dict, dictOff, half);
    } catch (Lz4Exception e) {
      n = -1;
    }
    for (int i = 0; i < 16; i++) {
      assertEquals(fill, dst[off + cap + i], "wrote after the range");
    }
    if (!linked) {
      for (int i = 0; i < off; i++) {
        assertEquals(fill, dst[i], "wrote before the range");
      }
    }
    if (n >= 0) {
      assertTrue(n <= cap);
      byte[] java = new byte[cap];
      int m = partial
          ? JAVA.decompressPartial(block, 0, block.length, java, 0, n, in, 0, half)
          : JAVA.decompress(block, 0, block.length, java, 0, cap, in, 0, half);
      assertEquals(n, m);
      assertArrayEquals(Arrays.copyOf(java, n), Arrays.copyOfRange(dst, off, off + n), "not Java's bytes");
    }
    return n;
  }
}
