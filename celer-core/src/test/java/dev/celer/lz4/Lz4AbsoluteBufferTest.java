package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The buffer calls with absolute indexes ({@code (buffer, offset, length)}):
 * {@link Lz4Compressor#compress(ByteBuffer, int, int, ByteBuffer, int, int)}, its {@code
 * tryCompress}, {@link Lz4Decompressor#decompress(ByteBuffer, int, int, ByteBuffer, int, int)} and
 * {@link Lz4Decompressor#decompressExact(ByteBuffer, int, int, ByteBuffer, int, int)}. They give the
 * same bytes as the array calls on heap, direct, read-only and sliced buffers, leave positions,
 * limits and byte orders alone, check indexes against the limit and refuse what the position-based
 * calls refuse.
 */
class Lz4AbsoluteBufferTest {
  private static final int PAD = 5;

  private static ByteBuffer buffer(String kind, byte[] content, int room) {
    boolean direct = kind.contains("direct");
    ByteBuffer b = direct ? ByteBuffer.allocateDirect(PAD + room + 9) : ByteBuffer.allocate(PAD + room + 9);
    b.order(ByteOrder.BIG_ENDIAN);
    b.position(PAD);
    b.put(content);
    b.clear();
    if (kind.startsWith("sliced")) {
      b = b.position(PAD - 2).slice(); // index 2 of the slice is PAD of the parent
    }
    return b;
  }

  private static int off(String kind) {
    return kind.startsWith("sliced") ? 2 : PAD;
  }

  private static final List<String> KINDS = List.of("heap", "direct", "sliced heap", "sliced direct");

  @Test
  void sameBytesAsTheArrayCallsAndNothingMoves() {
    byte[] data = TestData.textLike(40_000, 3);
    for (Lz4Compressor c : List.of(Lz4.fastCompressor(), Lz4.fastCompressor(5), Lz4.highCompressor(9))) {
      byte[] expected = c.compress(data);
      for (String inKind : KINDS) {
        for (String outKind : KINDS) {
          for (boolean readOnlyInput : new boolean[] {false, true}) {
            String what = c + " " + inKind + (readOnlyInput ? " read-only" : "") + " -> " + outKind;
            ByteBuffer in = buffer(inKind, data, data.length);
            if (readOnlyInput) {
              in = in.asReadOnlyBuffer();
            }
            ByteBuffer out = buffer(outKind, new byte[0], expected.length);
            int io = off(inKind);
            int oo = off(outKind);
            int n = c.compress(in, io, data.length, out, oo, expected.length);
            assertEquals(expected.length, n, what);
            byte[] got = new byte[n];
            out.duplicate().position(oo).get(got);
            assertArrayEquals(expected, got, what);
            unchanged(in, what);
            unchanged(out, what);

            // and back, both ways of decoding
            ByteBuffer z = readOnlyInput ? out.asReadOnlyBuffer() : out;
            ByteBuffer back = buffer(inKind, new byte[0], data.length);
            assertEquals(data.length, Lz4.decompressor().decompress(z, oo, n, back, io, data.length), what);
            byte[] restored = new byte[data.length];
            back.duplicate().position(io).get(restored);
            assertArrayEquals(data, restored, what);
            ByteBuffer back2 = buffer(inKind, new byte[0], data.length);
            // exact: the rest of the buffer after the block may hold anything; only the block is read
            assertEquals(n, Lz4.decompressor().decompressExact(z, oo, z.limit() - oo, back2, io, data.length), what);
            back2.duplicate().position(io).get(restored);
            assertArrayEquals(data, restored, what);
            unchanged(z, what);
            unchanged(back, what);
          }
        }
      }
    }
  }

  private static void unchanged(ByteBuffer b, String what) {
    assertEquals(0, b.position(), what);
    assertEquals(b.capacity(), b.limit(), what);
    assertEquals(ByteOrder.BIG_ENDIAN, b.order(), what);
  }

  @Test
  void indexesAreCheckedAgainstTheLimitNotTheCapacity() {
    byte[] data = TestData.textLike(1000, 4);
    byte[] z = Lz4.fastCompressor().compress(data);
    for (String kind : KINDS) {
      ByteBuffer in = buffer(kind, data, data.length);
      ByteBuffer out = buffer(kind, new byte[0], z.length);
      int o = off(kind);
      in.limit(o + data.length - 1);
      assertThrows(IndexOutOfBoundsException.class,
          () -> Lz4.fastCompressor().compress(in, o, data.length, out, o, z.length), kind);
      assertThrows(IndexOutOfBoundsException.class,
          () -> Lz4.fastCompressor().tryCompress(in, -1, 10, out, o, z.length), kind);
      out.limit(o + 3);
      assertThrows(IndexOutOfBoundsException.class,
          () -> Lz4.fastCompressor().compress(in, o, 10, out, o, z.length), kind);

      ByteBuffer zb = buffer(kind, z, z.length);
      ByteBuffer back = buffer(kind, new byte[0], data.length);
      zb.limit(o + z.length - 1);
      assertThrows(IndexOutOfBoundsException.class,
          () -> Lz4.decompressor().decompress(zb, o, z.length, back, o, data.length), kind);
      assertThrows(IndexOutOfBoundsException.class,
          () -> Lz4.decompressor().decompressExact(zb, o, z.length, back, o, data.length), kind);
      // within the limit but one byte short of the block: a malformed block, not a stray read
      assertThrows(Lz4Exception.class,
          () -> Lz4.decompressor().decompressExact(zb, o, z.length - 1, back, o, data.length), kind);
      back.limit(o + data.length - 1);
      assertThrows(IndexOutOfBoundsException.class,
          () -> Lz4.decompressor().decompressExact(zb, o, z.length - 1, back, o, data.length), kind);
    }
  }

  @Test
  void refusesWhatThePositionCallsRefuse() {
    byte[] data = TestData.textLike(5000, 5);
    byte[] z = Lz4.fastCompressor().compress(data);
    for (String kind : KINDS) {
      int o = off(kind);
      ByteBuffer in = buffer(kind, data, data.length);
      ByteBuffer readOnlyOut = buffer(kind, new byte[0], z.length).asReadOnlyBuffer();
      assertThrows(ReadOnlyBufferException.class,
          () -> Lz4.fastCompressor().compress(in, o, data.length, readOnlyOut, o, z.length), kind);
      ByteBuffer zb = buffer(kind, z, z.length);
      ByteBuffer readOnlyBack = buffer(kind, new byte[0], data.length).asReadOnlyBuffer();
      assertThrows(ReadOnlyBufferException.class,
          () -> Lz4.decompressor().decompress(zb, o, z.length, readOnlyBack, o, data.length), kind);
      assertThrows(ReadOnlyBufferException.class,
          () -> Lz4.decompressor().decompressExact(zb, o, z.length, readOnlyBack, o, data.length), kind);

      // too small an output: -1 from tryCompress, an Lz4Exception from compress, nothing past the range
      ByteBuffer small = buffer(kind, new byte[0], z.length);
      small.put(o + z.length - 1, (byte) 0x5A);
      assertEquals(-1, Lz4.fastCompressor().tryCompress(in, o, data.length, small, o, z.length - 1), kind);
      assertEquals(0x5A, small.get(o + z.length - 1), kind);
      assertThrows(Lz4Exception.class,
          () -> Lz4.fastCompressor().compress(in, o, data.length, small, o, z.length - 1), kind);
      ByteBuffer back = buffer(kind, new byte[0], data.length);
      assertThrows(Lz4Exception.class,
          () -> Lz4.decompressor().decompress(zb, o, z.length, back, o, data.length - 1), kind);

      // source and destination overlapping in one buffer
      ByteBuffer one = buffer(kind, data, 3 * data.length);
      assertThrows(IllegalArgumentException.class,
          () -> Lz4.fastCompressor().compress(one, o, data.length, one, o + 10, z.length + 100), kind);
      ByteBuffer both = buffer(kind, z, 3 * data.length);
      assertThrows(IllegalArgumentException.class,
          () -> Lz4.decompressor().decompress(both, o, z.length, both, o + 1, data.length), kind);
    }
  }

  /**
   * {@link Lz4Decompressor#decompress(ByteBuffer, int, int, ByteBuffer, int, int, ByteBuffer, int,
   * int)}: a dictionary in its own buffer and the prefix case (the history right before the output
   * in the destination itself) give the array call's bytes on every kind of buffer, both backends.
   */
  @Test
  void dictionaryAndPrefixInBuffers() {
    byte[] dict = TestData.textLike(70_000, 6); // more than the 64 KB that count
    byte[] data = TestData.textLike(30_000, 6);
    byte[] z = new byte[Lz4.maxCompressedLength(data.length)];
    int zn = Lz4.fastCompressor().compress(data, 0, data.length, z, 0, z.length, Lz4Dictionary.of(dict));
    byte[] zb = java.util.Arrays.copyOf(z, zn);
    byte[] expected = new byte[data.length];
    assertEquals(data.length, Lz4.decompressor().decompress(zb, 0, zn, expected, 0, data.length, dict, 0, dict.length));
    assertArrayEquals(data, expected);
    for (String inKind : KINDS) {
      for (String outKind : KINDS) {
        String what = inKind + " -> " + outKind;
        int io = off(inKind);
        int oo = off(outKind);
        ByteBuffer in = buffer(inKind, zb, zn);
        // a dictionary apart, read-only and of the other kind too
        for (String dictKind : List.of(outKind, inKind)) {
          ByteBuffer d = buffer(dictKind, dict, dict.length).asReadOnlyBuffer();
          ByteBuffer out = buffer(outKind, new byte[0], data.length);
          assertEquals(data.length, Lz4.decompressor().decompress(in, io, zn, out, oo, data.length, d, off(dictKind),
              dict.length), what + ", dictionary " + dictKind);
          byte[] got = new byte[data.length];
          out.duplicate().position(oo).get(got);
          assertArrayEquals(data, got, what + ", dictionary " + dictKind);
          unchanged(out, what);
          unchanged(in, what);
        }
        // the prefix case: the dictionary's bytes right before the output, in the output buffer
        byte[] both = new byte[dict.length + data.length];
        System.arraycopy(dict, 0, both, 0, dict.length);
        ByteBuffer window = buffer(outKind, both, both.length);
        window.put(oo + dict.length, (byte) 1); // nothing before the output is read as output
        assertEquals(data.length, Lz4.decompressor().decompress(in, io, zn, window, oo + dict.length, data.length,
            window, oo, dict.length), what + ", prefix");
        byte[] got = new byte[both.length];
        window.duplicate().position(oo).get(got);
        System.arraycopy(data, 0, both, dict.length, data.length);
        assertArrayEquals(both, got, what + ", prefix");
        // a corrupt block and too little room fail as the array call does
        assertThrows(Lz4Exception.class, () -> Lz4.decompressor().decompress(in, io, zn, window, oo + dict.length,
            data.length - 1, window, oo, dict.length), what);
        // a dictionary that overlaps the output, and indexes past a limit
        assertThrows(IllegalArgumentException.class, () -> Lz4.decompressor().decompress(in, io, zn, window, oo,
            data.length, window, oo + 10, 100), what);
        assertThrows(IndexOutOfBoundsException.class, () -> Lz4.decompressor().decompress(in, io, zn, window, oo,
            data.length, window, oo, window.limit()), what);
        assertThrows(ReadOnlyBufferException.class, () -> Lz4.decompressor().decompress(in, io, zn,
            window.asReadOnlyBuffer(), oo + dict.length, data.length, window, oo, dict.length), what);
      }
    }
  }
}
