package dev.celer.safety;

import static dev.celer.safety.Checks.assertCanary;
import static dev.celer.safety.Checks.canary;
import static dev.celer.safety.Checks.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Dictionary;
import dev.celer.lz4.Lz4Exception;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Fuzz targets for the compressors: any input, compressed at a random setting, decodes back to
 * itself; the block keeps the format's end-of-block rules (checked by the {@link
 * ReferenceBlockDecoder} oracle, not by Celer's own decoder); the compressor never writes outside
 * {@code [dstOff, dstOff+maxDstLen)}; "compress or reject" returns -1 or a valid block.
 */
class BlockRoundTripFuzzTest {

  /** Compress (fast at a random acceleration, or HC at a random level; array or buffer), decode, compare. */
  @FuzzTest(maxDuration = "30s")
  void roundTrip(FuzzedDataProvider in) {
    boolean hc = in.consumeBoolean();
    int setting = hc ? in.consumeInt(-2, 14) : pickAcceleration(in);
    int api = in.consumeInt(0, 2); // 0 array, 1 heap buffer, 2 direct buffer
    byte[] data = in.consumeRemainingAsBytes();
    Lz4Compressor c = hc ? Lz4.highCompressor(setting) : Lz4.fastCompressor(setting);
    String ctx = (hc ? "HC level " : "fast acceleration ") + setting + " api " + api + " on " + hex(data);

    byte[] block = compressWithCanaries(data, api,
        (dst, dstOff, cap) -> c.compress(data, 0, data.length, dst, dstOff, cap), c::compress, ctx);
    assertStrictBlockOf(data, block, ctx);
    assertArrayEquals(data, Lz4.decompressor().decompress(block, data.length), "Celer decode: " + ctx);
  }

  /**
   * "Compress or reject" with a random capacity: -1, or a valid block within the capacity; never a
   * write past the capacity; never -1 when the capacity is the worst-case bound. Also {@code
   * compress} with the same capacity: a block, or an Lz4Exception.
   */
  @FuzzTest(maxDuration = "30s")
  void tryCompressAnyCapacity(FuzzedDataProvider in) {
    boolean hc = in.consumeBoolean();
    int setting = hc ? in.consumeInt(1, 12) : pickAcceleration(in);
    int slack = in.consumeInt(-64, 8);
    byte[] data = in.consumeRemainingAsBytes();
    Lz4Compressor c = hc ? Lz4.highCompressor(setting) : Lz4.fastCompressor(setting);
    int bound = Lz4.maxCompressedLength(data.length);
    int exact = c.compress(data).length;
    // capacities around the exact size, where an off-by-one in the sequence encoder would show
    int cap = Math.max(0, Math.min(bound, exact + slack));
    String ctx = (hc ? "HC " : "fast ") + setting + " capacity " + cap + " (exact " + exact + ") on " + hex(data);

    byte[] dst = canary(new byte[cap + 12], 8);
    int n = c.tryCompress(data, 0, data.length, dst, 4, cap);
    assertCanary(dst, 0, 4, 8, "tryCompress before dstOff: " + ctx);
    assertCanary(dst, 4 + cap, dst.length, 8, "tryCompress past capacity: " + ctx);
    if (cap >= bound) {
      assertNotEquals(-1, n, "gave up with the worst-case capacity: " + ctx);
    }
    if (n != -1) {
      assertTrue(n > 0 && n <= cap, "length " + n + ": " + ctx);
      assertStrictBlockOf(data, Arrays.copyOfRange(dst, 4, 4 + n), "tryCompress " + ctx);
    }

    byte[] dst2 = canary(new byte[cap + 12], 9);
    try {
      int m = c.compress(data, 0, data.length, dst2, 4, cap);
      assertTrue(m > 0 && m <= cap, "compress length " + m + ": " + ctx);
      assertStrictBlockOf(data, Arrays.copyOfRange(dst2, 4, 4 + m), "compress " + ctx);
    } catch (Lz4Exception e) {
      assertTrue(cap < bound, "compress threw with the worst-case capacity: " + ctx);
    }
    assertCanary(dst2, 0, 4, 9, "compress before dstOff: " + ctx);
    assertCanary(dst2, 4 + cap, dst2.length, 9, "compress past capacity: " + ctx);
  }

  /**
   * The prepared dictionary ({@link Lz4Dictionary}): any dictionary (empty, short, over 64 KB) and
   * any input, fast compressor at a random acceleration through arrays or buffers, with the full
   * capacity and with a capacity near the exact size ("compress or reject"): never a write outside
   * the capacity, and every block decodes back with the dictionary bytes.
   */
  @FuzzTest(maxDuration = "30s")
  void preparedDictionaryRoundTrip(FuzzedDataProvider in) {
    int acceleration = pickAcceleration(in);
    int api = in.consumeInt(0, 2); // 0 array, 1 heap buffer, 2 direct buffer
    int slack = in.consumeInt(-64, 8);
    byte[] dictBytes = in.consumeBytes(in.consumeInt(0, 70_000));
    byte[] data = in.consumeRemainingAsBytes();
    Lz4Compressor c = Lz4.fastCompressor(acceleration);
    Lz4Dictionary dict = Lz4Dictionary.of(dictBytes);
    String ctx = "fast acceleration " + acceleration + " api " + api + " dictionary of "
        + dictBytes.length + " bytes on " + hex(data);

    int bound = Lz4.maxCompressedLength(data.length);
    byte[] block = compressWithCanaries(data, api,
        (dst, dstOff, cap) -> c.compress(data, 0, data.length, dst, dstOff, cap, dict),
        (src, dst) -> c.compress(src, dst, dict), ctx);
    assertDecodesWithDictionary(data, block, dictBytes, ctx);

    int cap = Math.max(0, Math.min(bound, block.length + slack));
    byte[] dst = canary(new byte[cap + 12], 8);
    int n = c.tryCompress(data, 0, data.length, dst, 4, cap, dict);
    assertCanary(dst, 0, 4, 8, "tryCompress before dstOff: " + ctx);
    assertCanary(dst, 4 + cap, dst.length, 8, "tryCompress past capacity " + cap + ": " + ctx);
    if (n != -1) {
      assertTrue(n > 0 && n <= cap, "tryCompress length " + n + " capacity " + cap + ": " + ctx);
      assertDecodesWithDictionary(data, Arrays.copyOfRange(dst, 4, 4 + n), dictBytes, "tryCompress " + ctx);
    } else {
      assertTrue(cap < bound, "gave up with the worst-case capacity: " + ctx);
    }
  }

  /** Compresses {@code data} into {@code dst[dstOff, dstOff+capacity)}. */
  interface ArrayCompress {
    int compress(byte[] dst, int dstOff, int capacity);
  }

  /** Compresses the remaining bytes of {@code src} into {@code dst}. */
  interface BufferCompress {
    int compress(ByteBuffer src, ByteBuffer dst);
  }

  /**
   * Compresses {@code data} with the worst-case capacity through an array (api 0), a heap buffer
   * (1) or a direct buffer (2), each with an offset or position and canary bytes around the
   * capacity; checks the length, the positions and that nothing outside the capacity changed.
   *
   * @return the block
   */
  static byte[] compressWithCanaries(byte[] data, int api, ArrayCompress array, BufferCompress buffers, String ctx) {
    int bound = Lz4.maxCompressedLength(data.length);
    if (api == 0) {
      byte[] dst = canary(new byte[bound + 10], 5);
      int n = array.compress(dst, 3, bound);
      assertTrue(n > 0 && n <= bound, "compressed length " + n + " out of 1.." + bound + ": " + ctx);
      assertCanary(dst, 0, 3, 5, "before dstOff: " + ctx);
      assertCanary(dst, 3 + bound, dst.length, 5, "after dstOff+maxDstLen: " + ctx);
      return Arrays.copyOfRange(dst, 3, 3 + n);
    }
    boolean direct = api == 2;
    ByteBuffer src = Checks.alloc(direct, data.length + 2);
    src.position(1);
    src.put(data).position(1).limit(1 + data.length);
    ByteBuffer dst = Checks.alloc(direct, bound + 6);
    dst.put(canary(new byte[bound + 6], 6)).clear().position(2).limit(2 + bound);
    int n = buffers.compress(src, dst);
    assertEquals(1 + data.length, src.position(), "src position: " + ctx);
    assertEquals(2 + n, dst.position(), "dst position: " + ctx);
    byte[] all = new byte[bound + 6];
    dst.clear();
    dst.get(all);
    assertCanary(all, 0, 2, 6, "buffer before position: " + ctx);
    assertCanary(all, 2 + bound, all.length, 6, "buffer after limit: " + ctx);
    return Arrays.copyOfRange(all, 2, 2 + n);
  }

  private static void assertDecodesWithDictionary(byte[] data, byte[] block, byte[] dict, String ctx) {
    byte[] out = new byte[data.length];
    int written = Lz4.decompressor().decompress(block, 0, block.length, out, 0, out.length, dict, 0, dict.length);
    assertEquals(data.length, written, "decoded length: " + ctx);
    assertArrayEquals(data, out, "round trip with the dictionary: " + ctx);
  }

  /** A random acceleration, with the extremes (and out-of-range values that must be clamped) likely. */
  static int pickAcceleration(FuzzedDataProvider in) {
    switch (in.consumeInt(0, 3)) {
      case 0:
        return 1;
      case 1:
        return in.consumeInt(-3, 20);
      case 2:
        return in.consumeInt(20, 70_000);
      default:
        return in.consumeInt();
    }
  }

  /** {@code block} keeps every rule of the format (strict class of the oracle) and decodes to {@code data}. */
  static void assertStrictBlockOf(byte[] data, byte[] block, String ctx) {
    ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(block, 0, block.length, data.length);
    assertTrue(ref.strict, "the compressor wrote a block that breaks the format: " + ref + ", " + ctx
        + " -> " + hex(block));
    assertArrayEquals(data, ref.out, "round trip through the oracle: " + ctx);
  }
}
