package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import dev.celer.xxhash.XxHash128;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One regression test per class of bug named by lz4-java's 2025–2026 advisories (issue 5), each
 * written so that it would have caught that class: the with-length decoder and offset-0 stale
 * bytes are in {@link HostileBlockTest}; here the compressor's sequence encoder at every output
 * boundary, bad ranges handed to hash functions, and lz4-java block streams that stop early or
 * loop on an empty block.
 */
class AdvisoryRegressionTest {

  /** Inputs that stress the encoder's length fields and end rules. */
  static byte[][] encoderInputs() {
    Random r = new Random(42);
    byte[] random = new byte[700];
    r.nextBytes(random);
    byte[] mixed = new byte[2000];
    for (int i = 0; i < mixed.length; i++) {
      mixed[i] = (byte) (i % 300 < 120 ? r.nextInt(256) : 'z');
    }
    byte[] run = new byte[1000];
    byte[] lits270 = BlockBuilder.distinct(270, 4); // a literal length needing two extra bytes
    return new byte[][] {new byte[0], {1}, BlockBuilder.distinct(12, 1), BlockBuilder.distinct(13, 2), random, mixed, run, lits270};
  }

  @Test
  void sequenceEncoderAtEveryOutputBoundary() {
    Lz4Compressor[] compressors = {Lz4.fastCompressor(), Lz4.fastCompressor(17), Lz4.highCompressor(3), Lz4.highCompressor(12)};
    for (byte[] data : encoderInputs()) {
      for (Lz4Compressor c : compressors) {
        int exact = c.compress(data).length;
        for (int cap = 0; cap <= exact + 2; cap++) {
          byte[] dst = Checks.canary(new byte[cap + 16], 10);
          int n = c.tryCompress(data, 0, data.length, dst, 8, cap);
          Checks.assertCanary(dst, 0, 8, 10, "before dstOff");
          Checks.assertCanary(dst, 8 + cap, dst.length, 10, "past the capacity " + cap + " (exact " + exact + ") for " + c);
          if (n >= 0) {
            BlockRoundTripFuzzTest.assertStrictBlockOf(data, Arrays.copyOfRange(dst, 8, 8 + n), c + " cap " + cap);
          } else {
            assertTrue(cap < Lz4.maxCompressedLength(data.length), c + " gave up with the worst-case capacity " + cap);
          }
          byte[] dst2 = Checks.canary(new byte[cap + 16], 11);
          try {
            int m = c.compress(data, 0, data.length, dst2, 8, cap);
            BlockRoundTripFuzzTest.assertStrictBlockOf(data, Arrays.copyOfRange(dst2, 8, 8 + m), c + " compress cap " + cap);
          } catch (Lz4Exception expected) {
            assertTrue(cap < exact, c + ": compress threw with room for the exact output: " + expected.getMessage());
          }
          Checks.assertCanary(dst2, 8 + cap, dst2.length, 11, "compress past the capacity " + cap + " for " + c);
          // the same through direct buffers
          ByteBuffer src = ByteBuffer.allocateDirect(data.length).put(data).flip();
          ByteBuffer out = ByteBuffer.allocateDirect(cap + 16);
          out.put(Checks.canary(new byte[cap + 16], 12)).clear().position(8).limit(8 + cap);
          int k = c.tryCompress(src, out);
          byte[] all = new byte[cap + 16];
          out.clear().get(all);
          Checks.assertCanary(all, 8 + cap, all.length, 12, "direct buffer past the limit " + cap + " for " + c);
          if (k >= 0) {
            BlockRoundTripFuzzTest.assertStrictBlockOf(data, Arrays.copyOfRange(all, 8, 8 + k), c + " direct cap " + cap);
          }
        }
      }
    }
  }

  @Test
  void compressorRangeChecks() {
    byte[] data = new byte[100];
    byte[] dst = new byte[200];
    Lz4Compressor c = Lz4.fastCompressor();
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(data, 50, 51, dst, 0, 200));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(data, -1, 10, dst, 0, 200));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(data, 0, 100, dst, 100, 101));
    assertThrows(IndexOutOfBoundsException.class, () -> c.tryCompress(data, 0, 100, dst, 0, Integer.MAX_VALUE));
    assertThrows(IndexOutOfBoundsException.class,
        () -> Lz4.decompressor().decompress(data, 0, 100, dst, 150, 60));
    assertThrows(IndexOutOfBoundsException.class,
        () -> Lz4.decompressor().decompressPartial(data, 90, 20, dst, 0, 10));
  }

  @Test
  void badRangesHandedToHashFunctions() {
    byte[] b = new byte[64];
    int[][] bad = {{-1, 1}, {0, -1}, {0, 65}, {64, 1}, {1, Integer.MAX_VALUE}, {Integer.MAX_VALUE, 1},
        {Integer.MIN_VALUE, 0}, {65, 0}, {60, Integer.MIN_VALUE}};
    for (int[] r : bad) {
      int off = r[0];
      int len = r[1];
      String what = "range (" + off + ", " + len + ")";
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash32.hash(b, off, len, 0), "XXH32 " + what);
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash64.hash(b, off, len, 0), "XXH64 " + what);
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash3.hash(b, off, len, 0), "XXH3 " + what);
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash128.hash(b, off, len, 0), "XXH128 " + what);
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash32.create(0).update(b, off, len), "XXH32 update " + what);
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash64.create(0).update(b, off, len), "XXH64 update " + what);
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash3.create(0).update(b, off, len), "XXH3 update " + what);
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash128.create(0).update(b, off, len), "XXH128 update " + what);
    }
    // edges that are valid: empty ranges at both ends, the whole array
    assertEquals(XxHash32.hash(new byte[0], 0, 0, 0), XxHash32.hash(b, 64, 0, 0));
    assertEquals(XxHash64.hash(b, 0, 64, 0), XxHash64.hash(b.clone(), 0, 64, 0));
    assertEquals(XxHash3.hash(new byte[0], 0, 0, 0), XxHash3.hash(b, 64, 0, 0));
  }

  @Test
  void jpountzStreamStopsAtTheEmptyBlockAndNeverLoops() throws IOException {
    byte[] data = FrameHostileTest.text(5000, 6);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (JpountzBlockOutputStream out = new JpountzBlockOutputStream(sink, 1024)) {
      out.write(data);
    }
    byte[] one = sink.toByteArray();
    byte[] two = FrameHostileTest.concat(one, one);
    // stopOnEmptyBlock = true: ends at the first end block and leaves the rest unread
    ByteArrayInputStream under = new ByteArrayInputStream(two);
    try (JpountzBlockInputStream in = new JpountzBlockInputStream(under, true)) {
      assertArrayEquals(data, in.readAllBytes());
      assertEquals(-1, in.read());
    }
    assertEquals(one.length, under.available(), "read past the end block");
    // false: concatenated streams read as one, and the input's end ends it
    StreamChecks.Result r = StreamChecks.readAll(s -> new JpountzBlockInputStream(s, false), two, 2 * data.length);
    assertTrue(r.ok(), () -> String.valueOf(r.error()));
    assertArrayEquals(FrameHostileTest.concat(data, data), r.data());
    // a stream made only of empty blocks terminates, in both modes, and reads nothing
    byte[] empty = Arrays.copyOfRange(one, one.length - 21, one.length);
    ByteArrayOutputStream manyEmpty = new ByteArrayOutputStream();
    for (int i = 0; i < 50_000; i++) {
      manyEmpty.write(empty);
    }
    byte[] e = manyEmpty.toByteArray();
    assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
      StreamChecks.Result a = StreamChecks.readAll(s -> new JpountzBlockInputStream(s, false), e, 0);
      assertTrue(a.ok() && a.data().length == 0, () -> String.valueOf(a.error()));
      StreamChecks.Result b = StreamChecks.readAll(s -> new JpountzBlockInputStream(s, true), e, 0);
      assertTrue(b.ok() && b.data().length == 0, () -> String.valueOf(b.error()));
    });
    // a stream cut before its end block is truncated, not a clean end
    StreamChecks.Result cut = StreamChecks.readAll(JpountzBlockInputStream::new, Arrays.copyOf(one, one.length - 21), data.length);
    assertTrue(!cut.ok() && cut.error().getMessage().contains("truncated"), () -> String.valueOf(cut.error()));
    assertArrayEquals(data, cut.data(), "the data before the missing end block is delivered");
  }
}
