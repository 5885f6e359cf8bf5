package dev.celer.safety;

import static dev.celer.safety.Checks.hex;
import static dev.celer.safety.Checks.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4;
import dev.celer.safety.Checks.Outcome;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * Differential fuzz target: Celer's block decoder against lz4-java 1.8.0's {@code
 * LZ4Factory.safeInstance().safeDecompressor()} on the same bytes and capacity: the same output,
 * or both reject.
 *
 * <p>Where they disagree, the {@link ReferenceBlockDecoder} oracle decides which side is right,
 * and only these documented differences are let through (docs/security.md, "Differences from
 * lz4-java"):
 *
 * <ol>
 *   <li>Inputs the format leaves open (the oracle's "ambiguous" class: a block that ends with a
 *       match, breaks the 5-literal / 12-byte end rules, has a match nibble in its last token,
 *       or is empty): each decoder may accept or reject.
 *   <li>lz4-java throws {@code ArrayIndexOutOfBoundsException} (not {@code LZ4Exception}) on an
 *       empty input, and on blocks that end right after a match (it reads the next token past
 *       {@code srcOff + srcLen}: the CVE-2025-12183 out-of-bounds class, e.g. {@code 1f 61 01 00
 *       ff ... ff 00}); counted as a rejection unless the oracle calls the input strictly valid.
 *   <li>lz4-java accepts a match offset of 0 when the output has room (e.g. {@code 40 61 62 63 64
 *       00 00 50 76 77 78 79 7a} with capacity 17 decodes to 13 bytes, 4 of them copied from the
 *       destination's previous content: the CVE-2025-66566 stale-data class); Celer's Java
 *       decoder rejects it, and the native backend rejects it or decodes the match as zeros
 *       ({@link OffsetZero}: never bytes the destination held).
 *   <li>lz4-java rejects a strict block whose output is empty unless it is the single byte
 *       {@code 00} and the capacity is 0 (it special-cases {@code destLen == 0}); counted as
 *       lz4-java's fault, not Celer's.
 * </ol>
 *
 * Everything else — lz4-java accepting what the oracle calls invalid, or both accepting with
 * different bytes — fails the target: the former would be an lz4-java bug worth recording, the
 * latter a bug on one side.
 */
class BlockDifferentialFuzzTest {
  private static final LZ4SafeDecompressor JPOUNTZ = LZ4Factory.safeInstance().safeDecompressor();

  @FuzzTest(maxDuration = "30s")
  void sameAsLz4Java(byte[] block) {
    for (int cap : BlockDecompressFuzzTest.capacities(block)) {
      compare(block, cap);
    }
  }

  static void compare(byte[] block, int cap) {
    ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(block, 0, block.length, cap);
    byte[] ours = new byte[cap];
    byte[] theirs = new byte[cap];
    Outcome celer = run(() -> Lz4.decompressor().decompress(block, 0, block.length, ours, 0, cap), block);
    int jn;
    try {
      jn = JPOUNTZ.decompress(block, 0, block.length, theirs, 0, cap);
    } catch (LZ4Exception e) {
      jn = -1;
    } catch (ArrayIndexOutOfBoundsException e) {
      if (ref.strict) {
        fail("lz4-java out of bounds on a valid input (undocumented): " + hex(block), e);
      }
      jn = -1; // difference 2
    }
    String ctx = " (capacity " + cap + ", oracle " + ref + ", Celer " + celer + ", lz4-java " + jn + ") on " + hex(block);
    if (celer.ok() && !ref.valid) {
      // only the native backend's offset 0, as zeros; lz4-java's stale bytes are not compared
      OffsetZero.assertAcceptedAsZeros(block, cap, ref, celer, ours, 0, ctx);
      return;
    }
    if (celer.ok() && jn >= 0) {
      assertEquals(jn, celer.length(), "decoded lengths differ" + ctx);
      assertArrayEquals(Arrays.copyOf(theirs, jn), Arrays.copyOf(ours, jn), "decoded bytes differ" + ctx);
      return;
    }
    if (celer.ok() == (jn >= 0)) {
      return; // both reject
    }
    if (!ref.valid) {
      if (!celer.ok() && ref.problem.startsWith("offset 0 ")) {
        return; // difference 4: lz4-java's stale-data bug
      }
      fail((celer.ok() ? "Celer" : "lz4-java") + " accepted an invalid block (" + ref.problem + ")" + ctx);
    }
    if (ref.strict) {
      if (!celer.ok()) {
        fail("Celer rejected a valid block that lz4-java decodes" + ctx);
      }
      if (ref.out.length == 0) {
        return; // difference 3
      }
      fail("lz4-java rejected a valid block (undocumented difference)" + ctx);
    }
    // difference 1: the oracle's ambiguous class, either answer is allowed
  }
}
