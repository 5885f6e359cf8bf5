package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Issue 11: source and destination ranges that overlap in one array (or in heap buffers backed by
 * one array, or in one buffer object) are rejected with {@link IllegalArgumentException} by every
 * compress and decompress entry, before anything is written; ranges that only touch, or lie apart
 * in one array, work as in separate arrays. Before, an overlapping compress wrote a wrong block
 * without any error.
 */
class OverlapTest {

  static List<Lz4Compressor> compressors() {
    return List.of(Lz4.fastCompressor(), Lz4.fastCompressor(8), Lz4.highCompressor(9), Lz4.highCompressor(12));
  }

  private static byte[] text(int n) {
    Random r = new Random(3);
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (r.nextInt(6) == 0 ? 'a' + r.nextInt(26) : "overlap test ".charAt(i % 13));
    }
    return b;
  }

  /** Runs {@code call}: it must throw {@code IllegalArgumentException} and leave {@code buf} unchanged. */
  private static void rejected(byte[] buf, Executable call) {
    byte[] copy = buf.clone();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains("overlap"), e.getMessage());
    assertArrayEquals(copy, buf, "bytes changed before the overlap was reported");
  }

  @ParameterizedTest
  @MethodSource("compressors")
  void compressIntoOverlappingRangeOfOneArrayIsRejected(Lz4Compressor c) {
    int n = 20_000;
    int room = Lz4.maxCompressedLength(n);
    byte[] buf = new byte[n + room];
    System.arraycopy(text(n), 0, buf, 0, n);
    // destination starting inside the source, at its start, and ending inside it
    for (int dstOff : new int[] {0, 1, n / 2, n - 1}) {
      rejected(buf, () -> c.compress(buf, 0, n, buf, dstOff, room));
      rejected(buf, () -> c.tryCompress(buf, 0, n, buf, dstOff, room));
      rejected(buf, () -> c.compressDestSize(buf, 0, n, buf, dstOff, room, new int[1]));
      rejected(buf, () -> c.compress(buf, 0, n, buf, dstOff, room, Lz4Dictionary.of(text(100))));
    }
    rejected(buf, () -> c.compress(buf, room, n, buf, 0, room + 1)); // destination before, reaching in
    // a separate dictionary that the destination would overwrite
    byte[] dictAndOut = new byte[1000 + room];
    rejected(dictAndOut, () -> c.compress(buf, 0, n, dictAndOut, 500, room, dictAndOut, 0, 1000));
  }

  @ParameterizedTest
  @MethodSource("compressors")
  void heapBuffersOverOneArrayAndOneBufferObjectAreRejected(Lz4Compressor c) {
    int n = 10_000;
    byte[] backing = new byte[n + Lz4.maxCompressedLength(n)];
    System.arraycopy(text(n), 0, backing, 0, n);
    ByteBuffer src = ByteBuffer.wrap(backing, 0, n);
    ByteBuffer dst = ByteBuffer.wrap(backing, n / 2, backing.length - n / 2);
    rejected(backing, () -> c.compress(src, dst));
    rejected(backing, () -> c.tryCompress(src, dst));
    rejected(backing, () -> c.compressDestSize(src, dst));
    assertEquals(0, src.position(), "positions unchanged");
    assertEquals(n / 2, dst.position());
    // a slice shares the array with an offset: still caught
    ByteBuffer slice = ByteBuffer.wrap(backing).position(100).slice();
    rejected(backing, () -> c.compress(src, slice));
    // one direct buffer passed as both
    ByteBuffer direct = ByteBuffer.allocateDirect(backing.length).put(backing).clear();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.compress(direct, direct));
    assertTrue(e.getMessage().contains("overlap"), e.getMessage());
  }

  @ParameterizedTest
  @MethodSource("compressors")
  void rangesApartInOneArrayWork(Lz4Compressor c) {
    int n = 20_000;
    byte[] data = text(n);
    int room = Lz4.maxCompressedLength(n);
    // destination right after the source (touching), and before it
    byte[] buf = new byte[n + room];
    System.arraycopy(data, 0, buf, 0, n);
    int w = c.compress(buf, 0, n, buf, n, room);
    assertArrayEquals(c.compress(data), Arrays.copyOfRange(buf, n, n + w));
    byte[] buf2 = new byte[room + n];
    System.arraycopy(data, 0, buf2, room, n);
    int w2 = c.compress(buf2, room, n, buf2, 0, room);
    assertArrayEquals(c.compress(data), Arrays.copyOf(buf2, w2));
    // and it decodes in one array too: the output after the block
    byte[] both = new byte[w + n];
    System.arraycopy(buf, n, both, 0, w);
    assertEquals(n, Lz4.decompressor().decompress(both, 0, w, both, w, n));
    assertArrayEquals(data, Arrays.copyOfRange(both, w, w + n));
  }

  @Test
  void decompressIntoOverlappingRangeIsRejected() {
    int n = 20_000;
    byte[] data = text(n);
    byte[] block = Lz4.fastCompressor().compress(data);
    int w = block.length;
    Lz4Decompressor d = Lz4.decompressor();
    // the output after the block's start (writes ahead of unread input) and before it, reaching
    // into it (the output can overtake the input: in-place decoding is not supported)
    byte[] after = new byte[w + n];
    System.arraycopy(block, 0, after, 0, w);
    rejected(after, () -> d.decompress(after, 0, w, after, w / 2, n));
    rejected(after, () -> d.decompressPartial(after, 0, w, after, 1, 100));
    rejected(after, () -> d.decompress(after, 0, w, after, w - 1, n, new byte[10], 0, 10));
    byte[] before = new byte[n + 64];
    System.arraycopy(block, 0, before, before.length - w, w);
    rejected(before, () -> d.decompress(before, before.length - w, w, before, 0, n));
    ByteBuffer src = ByteBuffer.wrap(after, 0, w);
    ByteBuffer dst = ByteBuffer.wrap(after, 10, after.length - 10);
    rejected(after, () -> d.decompress(src, dst));
    rejected(after, () -> d.decompressPartial(src, dst, 10));
    assertEquals(0, src.position());
    // a separate dictionary overlapping the output: rejected as before
    rejected(after, () -> d.decompress(block, 0, w, after, 100, n, after, 0, 200));
  }
}
