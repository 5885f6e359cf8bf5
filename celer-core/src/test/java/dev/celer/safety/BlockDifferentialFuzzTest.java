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
 * LZ4Factory.safeInstance().safeDecompressor()} on the same bytes and capacity.
 *
 * <p>Celer must give exactly the {@link ReferenceBlockDecoder} oracle's answer (liblz4's decoding
 * contract: accept or reject, length, bytes). lz4-java's pure-Java decoder has its own
 * end-of-block tests, so where its accept/reject answer differs from liblz4's that is recorded as
 * lz4-java's difference, not failed (docs/security.md, "Differences from lz4-java"); it also throws
 * {@code ArrayIndexOutOfBoundsException} on some inputs (an empty one, or one that ends right after
 * a match: the CVE-2025-12183 class). Where both accept, the bytes must be equal, except for a block with a match offset of 0, which
 * lz4-java 1.8.0 copies from its own destination (the CVE-2025-66566 stale-data class) and Celer
 * decodes as zeros.
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
    Outcome celer = run(() -> Lz4.decompressor().decompress(block, 0, block.length, ours, 0, cap), block);
    int jn = jpountz(block, cap);
    String ctx = " (capacity " + cap + ", oracle " + ref + ", Celer " + celer + ", lz4-java " + jn + ") on " + hex(block);
    if (celer.ok() != ref.valid) {
      fail("Celer " + (celer.ok() ? "accepted" : "rejected") + " a block liblz4's contract "
          + (ref.valid ? "accepts" : "rejects (" + ref.problem + ")") + ctx);
    }
    if (celer.ok()) {
      assertArrayEquals(ref.out, Arrays.copyOf(ours, celer.length()), "Celer's bytes differ from the oracle's" + ctx);
    }
    if (celer.ok() && jn >= 0 && !ref.offsetZero()) {
      // (lz4-java 1.8.0 copies an offset-0 match from its own destination: not compared)
      byte[] theirs = new byte[cap];
      JPOUNTZ.decompress(block, 0, block.length, theirs, 0, cap);
      assertEquals(celer.length(), jn, "decoded lengths differ" + ctx);
      assertArrayEquals(Arrays.copyOf(theirs, jn), Arrays.copyOf(ours, jn), "decoded bytes differ" + ctx);
    }
  }

  /** lz4-java's decoded length, or -1 when it rejects the block (or fails out of bounds on it). */
  private static int jpountz(byte[] block, int cap) {
    byte[] theirs = new byte[cap];
    try {
      return JPOUNTZ.decompress(block, 0, block.length, theirs, 0, cap);
    } catch (LZ4Exception | ArrayIndexOutOfBoundsException e) {
      return -1;
    }
  }
}
