package dev.celer.lz4.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link Lz4Frame#declaredContentSize(ByteBuffer, Lz4FrameReadOptions)}: the content size frame
 * headers declare, read without decoding (celer-arrow checks an Arrow buffer's declared length
 * against it before allocating), on heap, direct and read-only buffers, position untouched.
 */
class DeclaredContentSizeTest {
  private static final Lz4FrameReadOptions READ = Lz4FrameReadOptions.defaults();

  private static byte[] text(int n) {
    byte[] line = "declared content size, frame header only\n".getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[n];
    for (int i = 0; i < n; i++) {
      out[i] = line[i % line.length];
    }
    return out;
  }

  private static byte[] frame(int n, boolean contentSize) {
    Lz4FrameOptions.Builder b = Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB);
    if (contentSize) {
      b.contentSize(n);
    }
    return Lz4Frame.compress(text(n), b.build());
  }

  /** The same answer on a heap buffer at an offset, a direct buffer and a read-only one; position kept. */
  private static long sizeOf(byte[] bytes) {
    byte[] padded = new byte[bytes.length + 3];
    System.arraycopy(bytes, 0, padded, 3, bytes.length);
    ByteBuffer heap = ByteBuffer.wrap(padded, 3, bytes.length).slice();
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 5);
    direct.position(5);
    direct.put(bytes).position(5);
    long h = Lz4Frame.declaredContentSize(heap, READ);
    long d = Lz4Frame.declaredContentSize(direct, READ);
    long r = Lz4Frame.declaredContentSize(direct.asReadOnlyBuffer(), READ);
    assertEquals(h, d);
    assertEquals(h, r);
    assertEquals(5, direct.position());
    assertEquals(0, heap.position());
    return h;
  }

  @Test
  void framesWithContentSize() {
    assertEquals(200_000, sizeOf(frame(200_000, true)));
    assertEquals(0, sizeOf(frame(0, true)));
    byte[] a = frame(1000, true);
    byte[] b = frame(70_000, true);
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    assertEquals(71_000, sizeOf(both), "concatenated frames: the total");
  }

  @Test
  void unknownIsMinusOne() {
    assertEquals(-1, sizeOf(frame(200_000, false)), "no content size in the header");
    byte[] f = frame(200_000, true);
    assertEquals(-1, sizeOf(Arrays.copyOf(f, f.length / 2)), "truncated");
    assertEquals(-1, sizeOf(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), "not a frame");
    assertEquals(-1, sizeOf(new byte[0]), "nothing");
  }

  @Test
  void aContentSizeTheBlocksCannotProduceIsMinusOne() {
    byte[] f = frame(1000, true);
    // the content size field (bytes 6-13, after magic, FLG, BD) claims 1 GiB, which one small
    // block cannot make; the header checksum (byte 14: XXH32 of FLG..content size, bits 8-15)
    // is recomputed so that only the size lies
    f[6] = 0;
    f[7] = 0;
    f[8] = 0;
    f[9] = 0x40;
    f[14] = (byte) (dev.celer.xxhash.XxHash32.hash(f, 4, 10, 0) >>> 8);
    assertEquals(-1, sizeOf(f));
  }
}
