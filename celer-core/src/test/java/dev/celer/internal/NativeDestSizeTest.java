package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Destination-size compression on the native backend ({@code LZ4_compress_destSize} and {@code
 * LZ4_compress_HC_destSize}) against Celer's pure Java: the same block and the same input consumed
 * (byte-identical with liblz4 1.9.x), the block decodes to that prefix, and nothing outside the
 * output range is written. Java against Java where the backend is not native.
 */
class NativeDestSizeTest {

  @Test
  void destSizeMatchesJava() throws IOException {
    List<byte[]> inputs = NativeBackendTest.inputs();
    Lz4Compressor[][] pairs = {
        {Lz4.fastCompressor(), Lz4.javaFastCompressor()},
        {Lz4.fastCompressor(3), Lz4.javaFastCompressor(3)},
        {Lz4.highCompressor(1), Lz4.javaHighCompressor(1)},
        {Lz4.highCompressor(9), Lz4.javaHighCompressor(9)},
        {Lz4.highCompressor(12), Lz4.javaHighCompressor(12)}};
    for (Lz4Compressor[] pair : pairs) {
      for (int i = 0; i < inputs.size(); i += pair[0] == pairs[4][0] ? 5 : 1) {
        byte[] in = inputs.get(i);
        for (int room : new int[] {1, 7, 100, 1000, 4096, in.length / 3, Lz4.maxCompressedLength(in.length)}) {
          byte[] a = new byte[room + 8];
          byte[] b = new byte[room + 8];
          Arrays.fill(a, (byte) 0x3C);
          Arrays.fill(b, (byte) 0x3C);
          int[] ca = new int[1];
          int[] cb = new int[1];
          int na = pair[0].compressDestSize(in, 0, in.length, a, 4, room, ca);
          int nb = pair[1].compressDestSize(in, 0, in.length, b, 4, room, cb);
          String what = pair[0] + ", " + in.length + " bytes into " + room;
          assertEquals(nb, na, what);
          assertEquals(cb[0], ca[0], what + ": input consumed");
          assertArrayEquals(b, a, what);
          for (int k = 0; k < 4; k++) {
            assertEquals(0x3C, a[k]);
            assertEquals(0x3C, a[4 + room + k]);
          }
          if (na > 0) {
            assertArrayEquals(Arrays.copyOf(in, ca[0]), Lz4.javaDecompressor().decompress(Arrays.copyOfRange(a, 4, 4 + na), ca[0]), what);
          }
        }
      }
    }
  }

  @Test
  void directBuffers() throws IOException {
    byte[] in = NativeBackendTest.inputs().get(1);
    for (Lz4Compressor c : new Lz4Compressor[] {Lz4.fastCompressor(), Lz4.highCompressor(9)}) {
      ByteBuffer src = ByteBuffer.allocateDirect(in.length);
      src.put(in).flip();
      ByteBuffer dst = ByteBuffer.allocateDirect(2000);
      int n = c.compressDestSize(src, dst);
      int[] consumed = new int[1];
      byte[] expect = new byte[2000];
      int m = (c == Lz4.fastCompressor() ? Lz4.javaFastCompressor() : Lz4.javaHighCompressor(9))
          .compressDestSize(in, 0, in.length, expect, 0, 2000, consumed);
      assertEquals(m, n, c.toString());
      assertEquals(consumed[0], src.position());
      assertEquals(n, dst.position());
      byte[] got = new byte[n];
      dst.flip().get(got);
      assertArrayEquals(Arrays.copyOf(expect, m), got);
      assertTrue(consumed[0] > 0);
    }
  }
}
