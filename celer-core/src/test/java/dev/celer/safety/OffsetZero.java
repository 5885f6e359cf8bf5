package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.celer.lz4.Lz4;
import dev.celer.safety.Checks.Outcome;

/**
 * The one documented difference between the two block-decoder backends (docs/security.md, "The
 * native backend"), in one place for every hostile-input test and fuzz target: a match offset of 0
 * is invalid by the block format; the pure-Java decoder rejects it, while {@code
 * LZ4_decompress_safe} of liblz4 1.9.4 decodes it as zeros. So when {@link Lz4#decompressor()} is
 * native it may accept such a block, but only with the output the oracle gives when offset-0
 * matches write zeros ({@link ReferenceBlockDecoder#decodeOffsetZeroAsZeros}) for a full decode,
 * and for a partial decode only output that does not depend on what the destination held before;
 * never a block that has another problem too. Whether it accepts or
 * rejects (Celer's Java decoder answers below the native crossover and for blocks with history) is
 * left to the backend; what it may produce is not. Stateless.
 */
final class OffsetZero {
  private OffsetZero() {}

  /** Whether the default decoder may accept a match offset of 0 at all: only when it is native. */
  static boolean mayBeAccepted() {
    return Lz4.isNativeBackend();
  }

  /**
   * Fails unless accepting {@code block} was allowed: the strict oracle {@code ref} rejects it for
   * a match offset of 0 only, the backend is native, and the {@code o.length()} bytes at {@code
   * dst[dstOff...]} are exactly the oracle's output with offset-0 matches as zeros.
   *
   * @param ref the strict oracle's answer for the same capacity, dictionary and target (invalid)
   * @param target the partial-decoding target, or {@link Integer#MAX_VALUE} for a full decode
   */
  static void assertAcceptedAsZeros(
      byte[] block, int cap, byte[] dict, int target, ReferenceBlockDecoder ref, Outcome o, byte[] dst, int dstOff, String ctx) {
    assertAcceptedAsZeros(block, cap, dict, false, target, ref, o, dst, dstOff, ctx);
  }

  /**
   * As {@link #assertAcceptedAsZeros(byte[], int, byte[], int, ReferenceBlockDecoder, Outcome,
   * byte[], int, String)}; {@code prefix}: the decode under test had {@code dict} as the bytes right
   * before its output (linked blocks), so the partial decodes that check it do the same (liblz4
   * takes another path for a prefix, whose wider copies may leave other bytes of the input).
   */
  static void assertAcceptedAsZeros(
      byte[] block, int cap, byte[] dict, boolean prefix, int target, ReferenceBlockDecoder ref, Outcome o, byte[] dst, int dstOff, String ctx) {
    assertTrue(o.ok());
    if (!ref.problem.startsWith("offset 0 ")) {
      fail("accepted an invalid block (" + ref.problem + ")" + ctx);
    }
    if (!mayBeAccepted()) {
      fail("the pure-Java decoder accepted a match offset of 0 (" + ref.problem + ")" + ctx);
    }
    ReferenceBlockDecoder zeros = ReferenceBlockDecoder.decodeOffsetZeroAsZeros(block, 0, block.length, cap, dict, target);
    if (!zeros.valid) {
      fail("accepted a block with a match offset of 0 and another problem (" + zeros.problem + ")" + ctx);
    }
    assertEquals(zeros.out.length, o.length(), "length of a block decoded with offset 0 as zeros" + ctx);
    if (target != Integer.MAX_VALUE) {
      // Partial decoding: liblz4 copies an offset-0 match near the target onto itself, so those
      // bytes are whatever this call wrote there before (the backend clears the destination
      // first): zeros, or bytes of this call's own input from a wider copy. Never anything the
      // destination held before the call, which two differently filled destinations prove.
      byte[] a = partialInto(block, dict, prefix, target, (byte) 0x5A);
      byte[] b = partialInto(block, dict, prefix, target, (byte) 0xA5);
      Checks.assertRange(a, b, 0, "partial decode of a block with a match offset of 0, two destinations filled differently before the call" + ctx);
      Checks.assertRange(java.util.Arrays.copyOf(a, o.length()), dst, dstOff, "partial decode of a block with a match offset of 0 vs the same decode again" + ctx);
      return;
    }
    Checks.assertRange(zeros.out, dst, dstOff, "a block with a match offset of 0: output vs offset 0 as zeros (bytes the call did not decode: stale destination or input bytes?)" + ctx);
  }

  /**
   * @return the default decoder's partial decode of {@code block} into an array first filled with
   *     {@code fill}, after {@code dict} in the same array when {@code prefix}
   */
  private static byte[] partialInto(byte[] block, byte[] dict, boolean prefix, int target, byte fill) {
    int at = prefix ? dict.length : 0;
    byte[] out = new byte[at + target];
    java.util.Arrays.fill(out, fill);
    System.arraycopy(dict, 0, out, 0, at);
    int n = dict.length == 0
        ? Lz4.decompressor().decompressPartial(block, 0, block.length, out, 0, target)
        : Lz4.decompressor().decompressPartial(block, 0, block.length, out, at, target, prefix ? out : dict, 0, dict.length);
    return java.util.Arrays.copyOfRange(out, at, at + n);
  }

  /** As {@link #assertAcceptedAsZeros}, for a full decode without dictionary. */
  static void assertAcceptedAsZeros(byte[] block, int cap, ReferenceBlockDecoder ref, Outcome o, byte[] dst, int dstOff, String ctx) {
    assertAcceptedAsZeros(block, cap, new byte[0], Integer.MAX_VALUE, ref, o, dst, dstOff, ctx);
  }
}
