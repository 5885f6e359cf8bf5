package net.jpountz.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The block API on its own: every factory's compressors and decompressors round-trip, over arrays
 * and every kind of buffer, with lz4-java's argument checks; and the "fast" decompressor stays
 * inside its ranges on hostile input.
 */
class BlockApiTest {
  static final List<LZ4Factory> FACTORIES = List.of(
      LZ4Factory.nativeInstance(), LZ4Factory.safeInstance(), LZ4Factory.unsafeInstance(),
      LZ4Factory.fastestInstance(), LZ4Factory.fastestJavaInstance());

  static byte[] sample(int n, long seed) {
    Random r = new Random(seed);
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (r.nextInt(6) == 0 ? r.nextInt() : "celer lz4 ".charAt(i % 10));
    }
    return b;
  }

  @Test
  void everyFactoryRoundTripsArrays() {
    byte[] data = sample(70_000, 1);
    for (LZ4Factory f : FACTORIES) {
      for (LZ4Compressor c : List.of(f.fastCompressor(), f.highCompressor(), f.highCompressor(3), f.highCompressor(17))) {
        byte[] z = c.compress(data);
        assertArrayEquals(data, f.fastDecompressor().decompress(z, data.length), f + " " + c);
        assertArrayEquals(data, f.safeDecompressor().decompress(z, data.length), f + " " + c);
        byte[] back = new byte[data.length];
        assertEquals(z.length, f.fastDecompressor().decompress(z, 0, back, 0, data.length));
        assertArrayEquals(data, back);
      }
    }
  }

  @Test
  void buffersOfEveryKindRoundTrip() {
    byte[] data = sample(20_000, 2);
    LZ4Factory f = LZ4Factory.fastestInstance();
    int bound = f.fastCompressor().maxCompressedLength(data.length);
    for (boolean directIn : new boolean[] {false, true}) {
      for (boolean directOut : new boolean[] {false, true}) {
        ByteBuffer src = alloc(directIn, data.length + 10).position(10);
        src.put(data).flip().position(10);
        ByteBuffer srcRo = src.asReadOnlyBuffer();
        ByteBuffer z = alloc(directOut, bound + 5).position(5);
        f.fastCompressor().compress(srcRo, z);
        assertEquals(src.limit(), srcRo.position());
        int zLen = z.position() - 5;
        z.flip().position(5);
        ByteBuffer back = alloc(directIn, data.length);
        f.fastDecompressor().decompress(z.asReadOnlyBuffer(), back);
        assertEquals(data.length, back.position());
        byte[] got = new byte[data.length];
        back.flip().get(got);
        assertArrayEquals(data, got);

        ByteBuffer back2 = alloc(directOut, data.length + 3);
        int n = f.safeDecompressor().decompress(z, 5, zLen, back2, 3, data.length);
        assertEquals(data.length, n);
        assertEquals(0, back2.position(), "absolute form leaves the position alone");
        // an offset slice: index 0 of the slice is index 5 of the parent
        ByteBuffer slice = z.duplicate().position(5).slice();
        assertEquals(zLen, f.fastDecompressor().decompress(slice, 0, alloc(directOut, data.length), 0, data.length));
      }
    }
  }

  private static ByteBuffer alloc(boolean direct, int n) {
    return direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
  }

  /**
   * lz4-java checks absolute offsets against the capacity, not the limit: a range that reaches past
   * the limit still works (through a view, the one case that allocates), on every kind of buffer.
   */
  @Test
  void rangesPastTheLimitWorkUpToTheCapacity() {
    byte[] data = sample(3000, 8);
    LZ4Factory f = LZ4Factory.fastestInstance();
    byte[] z = f.fastCompressor().compress(data);
    for (boolean direct : new boolean[] {false, true}) {
      for (boolean readOnly : new boolean[] {false, true}) {
        String what = (direct ? "direct" : "heap") + (readOnly ? " read-only" : "");
        ByteBuffer in = alloc(direct, data.length + 4);
        in.duplicate().position(4).put(data);
        in.limit(10);
        ByteBuffer out = alloc(direct, z.length + 2).limit(1);
        ByteBuffer src = readOnly ? in.asReadOnlyBuffer() : in;
        assertEquals(z.length, f.fastCompressor().compress(src, 4, data.length, out, 2, z.length), what);
        assertEquals(1, out.limit(), what);
        assertEquals(10, in.limit(), what);

        ByteBuffer packed = readOnly ? out.asReadOnlyBuffer() : out; // the block goes on past the limit
        ByteBuffer back = alloc(direct, data.length + 1).limit(0);
        assertEquals(z.length, f.fastDecompressor().decompress(packed, 2, back, 1, data.length), what);
        byte[] got = new byte[data.length];
        back.duplicate().clear().position(1).get(got);
        assertArrayEquals(data, got, what);
        ByteBuffer back2 = alloc(direct, data.length).limit(5);
        assertEquals(data.length, f.safeDecompressor().decompress(packed, 2, z.length, back2, 0, data.length), what);
        back2.duplicate().clear().get(got);
        assertArrayEquals(data, got, what);
        assertEquals(0, packed.position(), what);
        assertEquals(1, packed.limit(), what);
      }
    }
  }

  @Test
  void argumentChecksAreLz4Javas() {
    LZ4Compressor c = LZ4Factory.fastestInstance().fastCompressor();
    byte[] a = new byte[10];
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> c.compress(a, 5, 6, new byte[100], 0, 100));
    assertThrows(IllegalArgumentException.class, () -> c.compress(a, 0, -1, new byte[100], 0, 100));
    assertThrows(LZ4Exception.class, () -> c.compress(sample(1000, 3), 0, 1000, new byte[100], 0, 100));
    assertThrows(java.nio.ReadOnlyBufferException.class,
        () -> c.compress(ByteBuffer.wrap(a), 0, 10, ByteBuffer.allocate(100).asReadOnlyBuffer(), 0, 100));
    LZ4FastDecompressor d = LZ4Factory.fastestInstance().fastDecompressor();
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> d.decompress(a, 11, new byte[4], 0, 4));
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> d.decompress(a, 0, new byte[4], 1, 4));
    assertEquals(1, d.decompress(new byte[] {0, 55}, 0, new byte[0], 0, 0));
    assertThrows(LZ4Exception.class, () -> d.decompress(new byte[] {0x10, 55}, 0, new byte[0], 0, 0));
  }

  @Test
  void fastDecompressorNeverReadsPastTheSource() {
    // CVE-2025-12183 shape: a match offset reaching before the output start, and literal runs
    // that claim more bytes than the source holds. Both refused; nothing outside the range used.
    byte[] backwards = {0x1F, 'x', (byte) 0xFF, (byte) 0xFF, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    byte[] dest = new byte[64];
    Arrays.fill(dest, (byte) 7);
    LZ4FastDecompressor d = LZ4Factory.nativeInsecureInstance().fastDecompressor();
    assertThrows(LZ4Exception.class, () -> d.decompress(backwards, 0, dest, 8, 40));
    byte[] longLiterals = {(byte) 0xF0, (byte) 0xFF, 0x10, 'a', 'b'};
    assertThrows(LZ4Exception.class, () -> d.decompress(longLiterals, 0, new byte[300], 0, 300));
    for (int i = 0; i < 8; i++) {
      assertEquals(7, dest[i], "bytes before the output range are untouched");
    }
  }

  @Test
  void withLengthRoundTripsAndRefusesLies() {
    byte[] data = sample(5000, 4);
    LZ4Factory f = LZ4Factory.safeInstance();
    byte[] z = new LZ4CompressorWithLength(f.highCompressor()).compress(data);
    assertEquals(data.length, LZ4DecompressorWithLength.getDecompressedLength(z));
    assertArrayEquals(data, new LZ4DecompressorWithLength(f.fastDecompressor()).decompress(z));
    assertArrayEquals(data, new LZ4DecompressorWithLength(f.safeDecompressor()).decompress(z));
    byte[] lie = z.clone();
    lie[3] = 0x7F; // declares ~2 GB
    assertThrows(LZ4Exception.class, () -> new LZ4DecompressorWithLength(f.safeDecompressor()).decompress(lie));
    assertThrows(LZ4Exception.class, () -> new LZ4DecompressorWithLength(f.fastDecompressor()).decompress(lie));
  }

  @Test
  void fastResetCompressorsMatchTheSharedOnesAndClose() {
    byte[] data = sample(30_000, 5);
    LZ4Factory f = LZ4Factory.nativeInstance();
    try (LZ4JNIFastResetCompressor c = f.fastResetCompressor(3);
        LZ4JNIHCFastResetCompressor h = f.highFastResetCompressor(11)) {
      assertEquals(3, c.getAcceleration());
      assertEquals(11, h.getCompressionLevel());
      assertArrayEquals(f.highCompressor(11).compress(data), h.compress(data));
      assertArrayEquals(data, f.safeDecompressor().decompress(c.compress(data), data.length));
      c.close();
      assertThrows(IllegalStateException.class, () -> c.compress(data));
    }
    assertThrows(UnsupportedOperationException.class, () -> LZ4Factory.safeInstance().fastResetCompressor());
    assertSame(LZ4Factory.safeInstance(), LZ4Factory.unsafeInstance());
  }

  /**
   * The fork's fast-reset compressors: an acceleration or level out of range means the nearest one
   * (also through the constructors, which the fork's own tests call), and a buffer that is neither
   * array-backed nor direct (a read-only heap buffer) is an {@code IllegalArgumentException}, as
   * its JNI compressors need one or the other.
   */
  @Test
  void fastResetCompressorsNormalizeLevelsAndRefuseOpaqueBuffers() {
    try (LZ4JNIFastResetCompressor low = new LZ4JNIFastResetCompressor(-17);
        LZ4JNIFastResetCompressor high = new LZ4JNIFastResetCompressor(Integer.MAX_VALUE);
        LZ4JNIHCFastResetCompressor hcLow = new LZ4JNIHCFastResetCompressor(0);
        LZ4JNIHCFastResetCompressor hcHigh = new LZ4JNIHCFastResetCompressor(99)) {
      assertEquals(1, low.getAcceleration());
      assertEquals(65537, high.getAcceleration());
      assertEquals(9, hcLow.getCompressionLevel());
      assertEquals(17, hcHigh.getCompressionLevel());
      ByteBuffer readOnly = ByteBuffer.wrap(sample(1000, 2)).asReadOnlyBuffer();
      ByteBuffer dest = ByteBuffer.allocate(2000);
      assertThrows(IllegalArgumentException.class, () -> low.compress(readOnly, 0, 1000, dest, 0, 2000));
      assertThrows(IllegalArgumentException.class, () -> hcHigh.compress(readOnly, 0, 1000, dest, 0, 2000));
    }
  }
}
