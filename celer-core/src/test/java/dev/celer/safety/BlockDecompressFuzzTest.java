package dev.celer.safety;

import static dev.celer.safety.Checks.assertCanary;
import static dev.celer.safety.Checks.assertRange;
import static dev.celer.safety.Checks.canary;
import static dev.celer.safety.Checks.hex;
import static dev.celer.safety.Checks.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.safety.Checks.Outcome;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Fuzz targets for the LZ4 block decoder ({@link Lz4Decompressor}), one property each. The input
 * is the block itself; capacities and offsets are derived from it, so every seed file under
 * {@code src/test/resources/dev/celer/safety/BlockDecompressFuzzTestInputs/} is a plain block.
 *
 * <p>The oracle is {@link ReferenceBlockDecoder}: an input it calls invalid must be rejected with
 * an {@code Lz4Exception}; one it calls strict must decode to its output; an ambiguous one
 * (end-of-block rules) may go either way, but if accepted must decode to its output. The one
 * exception is the native backend's documented difference, a match offset of 0 ({@link
 * OffsetZero}): it may be accepted there, with exactly the bytes of offset-0 matches decoded as
 * zeros, so these targets hold both backends to the same stale-byte, canary and range checks.
 *
 * <p>Without {@code JAZZER_FUZZ} these run as plain tests over the seed files; see
 * {@code docs/security.md} for fuzzing them.
 */
class BlockDecompressFuzzTest {
  private static final Lz4Decompressor DEC = Lz4.decompressor();
  /** Output bound for the oracle's first pass (keeps one execution cheap). */
  private static final int PROBE_CAPACITY = 1 << 18;

  /**
   * Any input: correct output or Lz4Exception, nothing else; the same bytes whatever the
   * destination held before (stale-data check); no byte written outside the allowed range; no
   * input byte read outside {@code [srcOff, srcOff+srcLen)}.
   */
  @FuzzTest(maxDuration = "30s")
  void decompressAnyInput(byte[] block) {
    for (int cap : capacities(block)) {
      checkFull(block, cap, 3);
    }
  }

  /**
   * Partial decoding agrees with full decoding: {@code decompressPartial(..., t)} returns the
   * first {@code min(t, n)} bytes of a block that fully decodes to {@code n} bytes, never writes
   * past {@code t}, and rejects what the oracle rejects up to {@code t}.
   */
  @FuzzTest(maxDuration = "30s")
  void partialIsPrefixOfFull(byte[] block) {
    ReferenceBlockDecoder probe = ReferenceBlockDecoder.decode(block, 0, block.length, PROBE_CAPACITY);
    int n = probe.out.length;
    int[] targets = {0, 1, n / 2, Math.max(0, n - 1), n, n + 1, n + 17};
    byte[] full = new byte[n];
    Outcome fullOutcome = run(() -> DEC.decompress(block, 0, block.length, full, 0, n), block);
    for (int t : targets) {
      checkPartial(block, t, fullOutcome.ok() ? Arrays.copyOf(full, fullOutcome.length()) : null);
    }
  }

  /** The ByteBuffer entry (heap and direct, at odd positions) agrees with the array entry. */
  @FuzzTest(maxDuration = "30s")
  void byteBufferAgreesWithArray(byte[] block) {
    ReferenceBlockDecoder probe = ReferenceBlockDecoder.decode(block, 0, block.length, PROBE_CAPACITY);
    int cap = probe.out.length + 3;
    byte[] arr = new byte[cap];
    Outcome expected = run(() -> DEC.decompress(block, 0, block.length, arr, 0, cap), block);
    for (boolean direct : new boolean[] {false, true}) {
      ByteBuffer src = Checks.alloc(direct, block.length + 7);
      src.position(5);
      src.put(block);
      src.position(5).limit(5 + block.length);
      ByteBuffer dst = Checks.alloc(direct, cap + 11);
      byte[] fill = canary(new byte[cap + 11], 7);
      dst.put(fill).clear();
      dst.position(4).limit(4 + cap);
      Outcome got = run(() -> DEC.decompress(src, dst), block);
      Checks.assertSameOutcome(expected, got, (direct ? "direct" : "heap") + " buffer vs array on " + hex(block));
      byte[] after = new byte[cap + 11];
      dst.duplicate().clear().get(after);
      assertCanary(after, 0, 4, 7, "bytes before the destination position");
      assertCanary(after, 4 + cap, cap + 11, 7, "bytes after the destination limit");
      if (got.ok()) {
        assertEquals(5 + block.length, src.position(), "src position after success");
        assertEquals(4 + got.length(), dst.position(), "dst position after success");
        assertRange(Arrays.copyOf(arr, expected.length()), after, 4, "buffer output");
      } else {
        assertEquals(5, src.position(), "src position after an exception");
        assertEquals(4, dst.position(), "dst position after an exception");
      }
    }
  }

  /**
   * Dictionary decoding (separate dictionary and in-place prefix) agrees with the oracle given the
   * same history; the dictionary is never written; partial decoding with a dictionary is a prefix.
   * The dictionary is generated from the input's first bytes (length and seed), the rest is the block.
   */
  @FuzzTest(maxDuration = "30s")
  void dictionaryDecode(FuzzedDataProvider in) {
    int dictLen = in.pickValue(new int[] {0, 1, 7, 300, 4096, 65536, 65536 + 500});
    long seed = in.consumeLong();
    boolean prefix = in.consumeBoolean();
    int target = in.consumeInt(0, 2000);
    byte[] block = in.consumeRemainingAsBytes();
    byte[] dict = new byte[dictLen];
    java.util.Random r = new java.util.Random(seed);
    for (int i = 0; i < dictLen; i++) {
      dict[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt(256) : 'a' + r.nextInt(4));
    }
    ReferenceBlockDecoder probe =
        ReferenceBlockDecoder.decode(block, 0, block.length, PROBE_CAPACITY, dict, Integer.MAX_VALUE);
    int cap = probe.out.length + 5;
    ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(block, 0, block.length, cap, dict, prefix, Integer.MAX_VALUE);
    String ctx = " (dictionary " + dictLen + (prefix ? " as prefix" : " separate") + ", oracle " + ref + ") on " + hex(block);
    byte[] dst = canary(new byte[dictLen + cap + 8], 5);
    int dstOff;
    Outcome o;
    if (prefix) {
      System.arraycopy(dict, 0, dst, 0, dictLen);
      dstOff = dictLen;
      o = run(() -> DEC.decompress(block, 0, block.length, dst, dictLen, cap, dst, 0, dictLen), block);
      assertRange(dict, dst, 0, "the prefix dictionary was written" + ctx);
    } else {
      byte[] dictCopy = dict.clone();
      dstOff = 3;
      o = run(() -> DEC.decompress(block, 0, block.length, dst, 3, cap, dictCopy, 0, dictLen), block);
      assertRange(dict, dictCopy, 0, "the dictionary was written" + ctx);
      assertCanary(dst, 0, 3, 5, "before dstOff" + ctx);
    }
    assertCanary(dst, dstOff + cap, dst.length, 5, "after the capacity" + ctx);
    assertEquals(ref.valid, o.ok(), "accepts what the contract rejects, or the reverse: " + o + ctx);
    if (o.ok()) {
      assertEquals(ref.out.length, o.length(), "length" + ctx);
      assertRange(ref.out, dst, dstOff, "output vs oracle" + ctx);
      int t = Math.min(target, cap);
      byte[] part = canary(new byte[t + 4], 6);
      Outcome p = run(() -> DEC.decompressPartial(block, 0, block.length, part, 0, t, dict, 0, dictLen), block);
      assertTrue(p.ok(), "partial with a dictionary rejected a block that decodes fully: " + p + ctx);
      assertEquals(Math.min(t, o.length()), p.length(), "partial length" + ctx);
      assertRange(Arrays.copyOf(ref.out, p.length()), part, 0, "partial vs prefix of full" + ctx);
      assertCanary(part, t, t + 4, 6, "partial past its target" + ctx);
    }
  }

  /**
   * Linked blocks through {@link dev.celer.lz4.Lz4StreamDecompressor}: the input is cut into up to
   * three blocks; each must decode as the oracle decodes it with the previous output as history.
   */
  @FuzzTest(maxDuration = "30s")
  void linkedStreamDecode(FuzzedDataProvider in) {
    int cut1 = in.consumeInt(0, 4096);
    int cut2 = in.consumeInt(0, 4096);
    byte[] all = in.consumeRemainingAsBytes();
    int a = Math.min(cut1, all.length);
    int b = Math.min(a + cut2, all.length);
    byte[][] blocks = {Arrays.copyOfRange(all, 0, a), Arrays.copyOfRange(all, a, b), Arrays.copyOfRange(all, b, all.length)};
    dev.celer.lz4.Lz4StreamDecompressor sd = Lz4.streamDecompressor();
    java.io.ByteArrayOutputStream history = new java.io.ByteArrayOutputStream();
    for (byte[] block : blocks) {
      byte[] hist = history.toByteArray();
      ReferenceBlockDecoder probe =
          ReferenceBlockDecoder.decode(block, 0, block.length, PROBE_CAPACITY, hist, Integer.MAX_VALUE);
      int cap = probe.out.length + 2;
      // the stream decoder keeps its history apart from the output: an external dictionary
      ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(block, 0, block.length, cap, hist, false, Integer.MAX_VALUE);
      byte[] dst = canary(new byte[cap + 6], 8);
      Outcome o = run(() -> sd.decompress(block, 0, block.length, dst, 3, cap), block);
      String ctx = " (history " + hist.length + ", oracle " + ref + ") on " + hex(block);
      assertCanary(dst, 0, 3, 8, "before dstOff" + ctx);
      assertCanary(dst, 3 + cap, dst.length, 8, "after the capacity" + ctx);
      assertEquals(ref.valid, o.ok(), "accepts what the contract rejects, or the reverse: " + o + ctx);
      if (!o.ok()) {
        return; // after an error the history is unchanged; the sequence ends here
      }
      assertEquals(ref.out.length, o.length(), "length" + ctx);
      assertRange(ref.out, dst, 3, "linked output vs oracle" + ctx);
      history.write(ref.out, 0, ref.out.length);
    }
  }

  // ---------------------------------------------------------------------------------------------

  /** Capacities worth trying for a block: its exact length, one less, a bit more, and 64 KB. */
  static int[] capacities(byte[] block) {
    ReferenceBlockDecoder probe = ReferenceBlockDecoder.decode(block, 0, block.length, PROBE_CAPACITY);
    int n = probe.out.length;
    return new int[] {n, Math.max(0, n - 1), n + 13, Math.max(n, 1 << 16)};
  }

  /**
   * Decodes {@code block} placed at an odd offset inside junk, into two destinations filled with
   * different patterns, and checks both against the oracle and against each other.
   */
  static void checkFull(byte[] block, int cap, int dstOff) {
    ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(block, 0, block.length, cap);
    // the block sits inside a larger array: bytes either side must never be read as input
    byte[] src = canary(new byte[block.length + 9], block.length);
    System.arraycopy(block, 0, src, 4, block.length);
    byte[] a = canary(new byte[dstOff + cap + 8], 1);
    byte[] b = canary(new byte[dstOff + cap + 8], 2);
    Arrays.fill(b, dstOff, dstOff + cap, (byte) 0);
    Outcome oa = run(() -> DEC.decompress(src, 4, block.length, a, dstOff, cap), block);
    Outcome ob = run(() -> DEC.decompress(src, 4, block.length, b, dstOff, cap), block);
    String ctx = " (capacity " + cap + ", oracle: " + ref + ") on " + hex(block);
    Checks.assertSameOutcome(oa, ob, "two differently pre-filled destinations" + ctx);
    assertCanary(a, 0, dstOff, 1, "before dstOff" + ctx);
    assertCanary(a, dstOff + cap, a.length, 1, "after dstOff+maxDstLen" + ctx);
    assertCanary(src, 0, 4, block.length, "source (must not be written)");
    assertEquals(ref.valid, oa.ok(), "accepts what the contract rejects, or the reverse: " + oa + ctx);
    if (oa.ok()) {
      assertEquals(ref.out.length, oa.length(), "decoded length" + ctx);
      assertRange(ref.out, a, dstOff, "output vs oracle" + ctx);
      assertRange(ref.out, b, dstOff, "output (second destination) vs oracle" + ctx);
    }
  }

  /** Partial decode of {@code block} to {@code target} bytes; {@code full} is the full output or null. */
  static void checkPartial(byte[] block, int target, byte[] full) {
    ReferenceBlockDecoder ref =
        ReferenceBlockDecoder.decode(block, 0, block.length, target, new byte[0], target);
    int dstOff = 2;
    byte[] a = canary(new byte[dstOff + target + 8], 3);
    byte[] b = canary(new byte[dstOff + target + 8], 4);
    Arrays.fill(b, dstOff, dstOff + target, (byte) 0);
    Outcome oa = run(() -> DEC.decompressPartial(block, 0, block.length, a, dstOff, target), block);
    Outcome ob = run(() -> DEC.decompressPartial(block, 0, block.length, b, dstOff, target), block);
    String ctx = " (target " + target + ", oracle: " + ref + ") on " + hex(block);
    Checks.assertSameOutcome(oa, ob, "partial, two differently pre-filled destinations" + ctx);
    assertCanary(a, 0, dstOff, 3, "partial: before dstOff" + ctx);
    assertCanary(a, dstOff + target, a.length, 3, "partial: past dstOff+targetLen" + ctx);
    if (full != null) {
      int want = Math.min(target, full.length);
      assertTrue(oa.ok(), "partial decode rejected a block that decodes fully: " + oa + ctx);
      assertEquals(want, oa.length(), "partial length vs full decode" + ctx);
      assertRange(Arrays.copyOf(full, want), a, dstOff, "partial vs prefix of full" + ctx);
    }
    assertEquals(ref.valid, oa.ok(), "partial: accepts what the contract rejects, or the reverse: " + oa + ctx);
    if (oa.ok()) {
      assertEquals(ref.out.length, oa.length(), "partial length" + ctx);
      assertRange(Arrays.copyOf(ref.out, oa.length()), a, dstOff, "partial vs oracle" + ctx);
      assertRange(Arrays.copyOf(ref.out, oa.length()), b, dstOff, "partial (second destination) vs oracle" + ctx);
    }
  }
}
