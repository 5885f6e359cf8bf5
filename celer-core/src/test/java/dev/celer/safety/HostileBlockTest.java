package dev.celer.safety;

import static dev.celer.safety.BlockBuilder.distinct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The malformed-input corpus of issue 5 for raw LZ4 blocks, each case a hand-made block (see
 * {@link BlockBuilder}): the exception type and a message that names the problem and the input
 * offset. Also the canary test (every returned byte checked against a pre-filled destination)
 * and the work bound on inputs made to loop.
 */
class HostileBlockTest {
  private static final Lz4Decompressor DEC = Lz4.decompressor();
  private static final byte[] ABCD = {'a', 'b', 'c', 'd'};
  private static final byte[] FIVE = {'v', 'w', 'x', 'y', 'z'};

  /** Decoding {@code block} into {@code cap} bytes must fail with a message matching {@code what}. */
  static Lz4Exception rejects(byte[] block, int cap, String what) {
    // the oracle (liblz4's contract) agrees that the block is rejected at this capacity
    assertTrue(!ReferenceBlockDecoder.decode(block, 0, block.length, cap).valid, "oracle accepts " + Checks.hex(block));
    byte[] dst = Checks.canary(new byte[cap], 11);
    Lz4Exception e = assertThrows(Lz4Exception.class, () -> DEC.decompress(block, 0, block.length, dst, 0, cap));
    assertTrue(Pattern.compile(what, Pattern.CASE_INSENSITIVE).matcher(e.getMessage()).find(),
        "message does not name the problem (/" + what + "/): " + e.getMessage());
    assertTrue(e.getMessage().matches(".*offset \\d+.*"), "message does not give the offset: " + e.getMessage());
    return e;
  }

  /**
   * A match offset of 0: invalid by the format, decoded by liblz4 (and so by both of Celer's
   * backends) as zeros, whatever the destination held; nothing is written outside the range. At
   * capacities under 16 the same block breaks rule 3 (its match starts 9 bytes before the end).
   */
  @Test
  void offsetZero() {
    // token 0x40 (4 literals, match 4), "abcd", offset 00 00, then the last literals
    byte[] block = new BlockBuilder().seq(ABCD, 0, 4).last(FIVE).build();
    for (int cap : new int[] {16, 17, 100, 255, 256, 300, 1 << 16}) {
      for (Lz4Decompressor d : new Lz4Decompressor[] {DEC, Lz4.javaDecompressor()}) {
        byte[] dst = Checks.canary(new byte[cap], 11);
        assertEquals(13, d.decompress(block, 0, block.length, dst, 0, cap), "capacity " + cap);
        assertArrayEquals(new byte[] {'a', 'b', 'c', 'd', 0, 0, 0, 0, 'v', 'w', 'x', 'y', 'z'}, Arrays.copyOf(dst, 13));
      }
      BlockDecompressFuzzTest.checkFull(block, cap, 3);
      BlockDecompressFuzzTest.checkPartial(block, Math.min(cap, 13), null);
      BlockDecompressFuzzTest.checkPartial(block, cap, null);
    }
    rejects(block, 13, "a match must start at least 12 bytes before it");
    rejects(block, 15, "a match must start at least 12 bytes before it");
  }

  /** An offset-0 match in the first sequence (nothing written before it) decodes as zeros too. */
  @Test
  void offsetZeroInTheFirstSequence() {
    byte[] block = new BlockBuilder().seq(new byte[0], 0, 12).last(FIVE).build();
    for (int cap : new int[] {17, 40, 300}) {
      byte[] dst = Checks.canary(new byte[cap], 7);
      assertEquals(17, DEC.decompress(block, 0, block.length, dst, 0, cap));
      assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'v', 'w', 'x', 'y', 'z'}, Arrays.copyOf(dst, 17));
      BlockDecompressFuzzTest.checkFull(block, cap, 1);
    }
  }

  /**
   * Offset-0 matches of many lengths, after runs of literals long enough that the native decoder
   * (not the Java one below its crossover) gets the block, and partial targets at and around the
   * match: liblz4 1.9.4's {@code LZ4_decompress_safe_partial} copies a match that ends near the
   * target byte by byte from itself, which for offset 0 would leave the destination's old bytes in
   * place. Whatever the backend, the answer is a rejection or zeros, never those bytes.
   */
  @Test
  void offsetZeroNeverShowsStaleBytesInFullOrPartialDecoding() {
    for (int literals : new int[] {0, 7, 260, 300}) {
      for (int matchLen : new int[] {4, 12, 19, 40, 300}) {
        byte[] block = new BlockBuilder().seq(distinct(literals, 4), 0, matchLen).last(FIVE).build();
        int n = literals + matchLen + FIVE.length;
        for (int cap : new int[] {n, n + 7, Math.max(n, 300), 1 << 16}) {
          BlockDecompressFuzzTest.checkFull(block, cap, 5);
        }
        for (int target = Math.max(0, literals - 4); target <= n + 1; target += target < literals + 16 || target > n - 16 ? 1 : 13) {
          BlockDecompressFuzzTest.checkPartial(block, target, null);
        }
        BlockDecompressFuzzTest.checkPartial(block, 256, null);
      }
    }
  }

  /**
   * As {@link #offsetZeroNeverShowsStaleBytesInFullOrPartialDecoding}, with history: a separate
   * dictionary, and the same bytes as an in-place prefix before {@code dstOff}. Full and partial
   * decodes into two differently pre-filled destinations: rejected, or the oracle's output with
   * offset-0 matches as zeros; never the destination's old bytes, and the prefix is never written.
   */
  @Test
  void offsetZeroWithHistoryNeverShowsStaleBytes() {
    byte[] dict = distinct(1000, 9);
    for (int literals : new int[] {0, 7, 300}) {
      for (int matchLen : new int[] {4, 19, 300}) {
        byte[] block = new BlockBuilder().seq(distinct(literals, 4), 0, matchLen).last(FIVE).build();
        int n = literals + matchLen + FIVE.length;
        for (int room : new int[] {n, n + 7, Math.max(n, 300), 1 << 16}) {
          for (boolean prefix : new boolean[] {false, true}) {
            decodeOffsetZeroWithHistory(block, dict, prefix, room, Integer.MAX_VALUE);
          }
        }
        for (int target : new int[] {1, literals, literals + 1, literals + matchLen - 1, literals + matchLen, n, n + 1, 256, 300}) {
          for (boolean prefix : new boolean[] {false, true}) {
            decodeOffsetZeroWithHistory(block, dict, prefix, Math.max(target, 1), Math.max(target, 1));
          }
        }
      }
    }
  }

  /**
   * Offset-0 matches at every position around a partial decode's target, the case that shows
   * stale bytes in liblz4 1.9.4 (docs/security.md, "The native backend"): a lead-in that the
   * native decoder takes through its fast loop (literals and a long valid match, so the output is
   * past the 256-byte native crossover), then {@code k} more literals, an offset-0 match of length
   * {@code len} (short ones, the longest a token holds, one length byte, several, and a match far
   * longer than the target), a second offset-0 match right after it, and the last literals. Every
   * target from just before the match to past its end: two differently pre-filled destinations
   * give the same answer, a rejection or output that never holds the old bytes.
   */
  @Test
  void offsetZeroAtEveryPositionAroundTheTargetNeverShowsStaleBytes() {
    for (int len : new int[] {4, 5, 12, 13, 18, 19, 30, 64, 274, 5000}) {
      for (int k = 0; k < 20; k++) {
        byte[] block = offsetZeroAfterLeadIn(k, len, new byte[0]);
        int at = LEAD_IN + k; // where the offset-0 match starts in the output
        for (int target = at - 2; target <= Math.min(at + len + 40, 6000); target += target < at + 40 || target > at + len - 20 ? 1 : 97) {
          BlockDecompressFuzzTest.checkPartial(block, target, null);
        }
      }
    }
  }

  /**
   * As {@link #offsetZeroAtEveryPositionAroundTheTargetNeverShowsStaleBytes}, with history (a
   * separate dictionary and the same bytes as an in-place prefix): the lead-in's match reaches
   * into the dictionary.
   */
  @Test
  void offsetZeroAtEveryPositionAroundTheTargetWithHistoryNeverShowsStaleBytes() {
    byte[] dict = distinct(1000, 9);
    for (int len : new int[] {4, 13, 19, 274, 5000}) {
      for (int k = 0; k < 20; k += 3) {
        byte[] block = offsetZeroAfterLeadIn(k, len, dict);
        int at = LEAD_IN + k;
        for (int target = at - 2; target <= Math.min(at + len + 30, 6000); target += target < at + 30 || target > at + len - 15 ? 1 : 211) {
          for (boolean prefix : new boolean[] {false, true}) {
            decodeOffsetZeroWithHistory(block, dict, prefix, target, target);
          }
        }
      }
    }
  }

  /** Output bytes before the offset-0 match of {@link #offsetZeroAfterLeadIn} with {@code k} = 0. */
  private static final int LEAD_IN = 64 + 300;

  /**
   * @return 64 literals, a valid match of 300 (offset 16, or 700 into {@code dict} when there is
   *     one), {@code k} literals, an offset-0 match of {@code len}, a second one of 4, then the
   *     last 5 literals
   */
  private static byte[] offsetZeroAfterLeadIn(int k, int len, byte[] dict) {
    return new BlockBuilder()
        .seq(distinct(64, 2), dict.length == 0 ? 16 : 64 + 700, 300)
        .seq(distinct(k, 5), 0, len)
        .seq(new byte[0], 0, 4)
        .last(FIVE)
        .build();
  }

  /** One decode of {@code block} with {@code dict} as history, full ({@code target} MAX_VALUE) or partial. */
  private static void decodeOffsetZeroWithHistory(byte[] block, byte[] dict, boolean prefix, int room, int target) {
    boolean partial = target != Integer.MAX_VALUE;
    ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(block, 0, block.length, room, dict, prefix, target);
    String ctx = " (" + (prefix ? "prefix" : "separate") + " dictionary, " + (partial ? "target " : "capacity ") + room
        + ", oracle " + ref + ") on " + Checks.hex(block);
    int dstOff = prefix ? dict.length : 3;
    byte[][] dsts = {Checks.canary(new byte[dstOff + room + 8], 1), Checks.canary(new byte[dstOff + room + 8], 2)};
    Checks.Outcome[] outcomes = new Checks.Outcome[2];
    for (int k = 0; k < 2; k++) {
      byte[] dst = dsts[k];
      if (prefix) {
        System.arraycopy(dict, 0, dst, 0, dict.length);
      }
      byte[] hist = prefix ? dst : dict.clone();
      int histOff = 0;
      outcomes[k] = Checks.run(() -> partial
          ? DEC.decompressPartial(block, 0, block.length, dst, dstOff, room, hist, histOff, dict.length)
          : DEC.decompress(block, 0, block.length, dst, dstOff, room, hist, histOff, dict.length), block);
      Checks.assertRange(dict, prefix ? dst : hist, 0, "the dictionary was written" + ctx);
      if (!prefix) {
        Checks.assertCanary(dst, 0, dstOff, k + 1, "before dstOff" + ctx);
      }
      Checks.assertCanary(dst, dstOff + room, dst.length, k + 1, "after the range" + ctx);
    }
    Checks.assertSameOutcome(outcomes[0], outcomes[1], "two differently pre-filled destinations" + ctx);
    assertEquals(ref.valid, outcomes[0].ok(), "accepts what the contract rejects, or the reverse: " + outcomes[0] + ctx);
    if (ref.valid) {
      assertEquals(ref.out.length, outcomes[0].length(), "length" + ctx);
      for (byte[] dst : dsts) {
        Checks.assertRange(ref.out, dst, dstOff, "output vs oracle (offset-0 matches as zeros)" + ctx);
      }
    }
  }

  @Test
  void offsetBeforeOutputStart() {
    // 4 bytes written, then a match 5 back
    rejects(new BlockBuilder().seq(ABCD, 5, 4).last(FIVE).build(), 100, "before the output start");
    // a match in the very first sequence, with nothing written
    rejects(new BlockBuilder().seq(new byte[0], 1, 4).last(FIVE).build(), 100, "before the output start");
    // the largest offset, 65535, after only 65534 bytes
    rejects(new BlockBuilder().seq(distinct(65534, 1), 65535, 4).last(FIVE).build(), 1 << 17, "before the output start");
  }

  @Test
  void offsetBeforeOutputStartInsideALargerDestination() {
    // the destination has old bytes before dstOff: a match must not reach them (stale data)
    byte[] block = new BlockBuilder().seq(ABCD, 8, 4).last(FIVE).build();
    byte[] dst = Checks.canary(new byte[64], 12);
    assertThrows(Lz4Exception.class, () -> DEC.decompress(block, 0, block.length, dst, 32, 32));
    assertThrows(Lz4Exception.class, () -> DEC.decompressPartial(block, 0, block.length, dst, 32, 6));
  }

  @Test
  void literalLengthOverflow() {
    // 0xF0 then a long run of 255: either the input ends inside the length or the length overflows
    rejects(new BlockBuilder().raw(0xF0).repeat(255, 1000).build(), 1 << 20, "input ends inside a literal length");
    byte[] huge = new BlockBuilder().raw(0xF0).repeat(255, (Integer.MAX_VALUE / 255) + 10).raw(0).build();
    rejects(huge, 1 << 20, "literal length|literals");
  }

  @Test
  void matchLengthOverflow() {
    rejects(new BlockBuilder().raw(0x1F, 'a', 1, 0).repeat(255, 1000).build(), 1 << 20, "input ends inside a match length");
    byte[] huge = new BlockBuilder().raw(0x1F, 'a', 1, 0).repeat(255, (Integer.MAX_VALUE / 255) + 10).raw(0).build();
    rejects(huge, 1 << 20, "match length|match of");
  }

  @Test
  void literalsRunPastInputOrOutput() {
    rejects(new BlockBuilder().raw(0x50, 'a', 'b').build(), 100, "past the end of the input");
    rejects(new BlockBuilder().last(distinct(20, 2)).build(), 19, "past the end of the output");
  }

  @Test
  void matchRunsPastEndOfOutput() {
    byte[] block = new BlockBuilder().seq(ABCD, 4, 20).last(FIVE).build();
    assertEquals(29, DEC.decompress(block, 0, block.length, new byte[29], 0, 29));
    rejects(block, 23, "match of 20 bytes runs past the end of the output");
  }

  @Test
  void truncatedOffset() {
    // liblz4 refuses a sequence whose literals leave fewer than 8 input bytes and do not end the block
    rejects(new BlockBuilder().raw(0x40, 'a', 'b', 'c', 'd', 1).build(), 100, "do not end the block");
  }

  @Test
  void lastSequenceBreaksEndRules() {
    // ends right after a match: the last sequence must hold only literals (rule 1, which liblz4
    // sees as literals that leave too little input for what must follow them)
    rejects(new BlockBuilder().seq(distinct(12, 3), 4, 8).build(), 100, "do not end the block");
    // an empty input is not a block
    rejects(new byte[0], 100, "empty input");
  }

  @Test
  void decompressionBombUnderASizeLimit() {
    // a valid block of ~64 MB of 'a' from ~250 KB (ratio ~255:1)
    int big = 64 << 20;
    byte[] bomb = new BlockBuilder().seq(new byte[] {'a'}, 1, big).last(FIVE).build();
    assertTrue(bomb.length < big / 250, "bomb of " + bomb.length + " bytes");
    // under a 1 MB limit: rejected, naming the limit it hit, without writing past it
    byte[] dst = Checks.canary(new byte[(1 << 20) + 16], 13);
    Lz4Exception e = assertThrows(Lz4Exception.class, () -> DEC.decompress(bomb, 0, bomb.length, dst, 0, 1 << 20));
    assertTrue(e.getMessage().contains("past the end of the output"), e.getMessage());
    Checks.assertCanary(dst, 1 << 20, dst.length, 13, "past the limit");
    // partial decoding of the first 1000 bytes reads only the start of it
    byte[] part = new byte[1000];
    assertEquals(1000, DEC.decompressPartial(bomb, 0, bomb.length, part, 0, 1000));
    byte[] want = new byte[1000];
    Arrays.fill(want, (byte) 'a');
    assertArrayEquals(want, part);
  }

  @Test
  void withLengthApiDoesNotTrustTheLength() {
    // advisory class: a decoder that trusts a length it was given
    byte[] data = "hello hello hello hello hello hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] block = Lz4.fastCompressor().compress(data);
    assertArrayEquals(data, DEC.decompress(block, data.length));
    assertThrows(Lz4Exception.class, () -> DEC.decompress(block, data.length - 1));
    assertThrows(Lz4Exception.class, () -> DEC.decompress(block, data.length + 1));
    assertThrows(Lz4Exception.class, () -> DEC.decompress(block, 0));
  }

  @Test
  void withLengthApiDoesNotAllocateAHostileLength() {
    // A length read from an untrusted header must not make a 2 GB allocation: a block of n bytes
    // decodes to at most about 255 n bytes, so the length can be refused before allocating.
    byte[] block = new BlockBuilder().last(FIVE).build();
    Throwable t = assertThrows(Throwable.class, () -> DEC.decompress(block, Integer.MAX_VALUE - 16));
    assertTrue(t instanceof Lz4Exception || t instanceof IllegalArgumentException,
        "decompress(block of 6 bytes, 2^31-17) threw " + t + " instead of refusing the length");
  }

  @Test
  void canaryOnCraftedAndMutatedInputs() {
    long seed = 0x5AFE_C0DEL;
    Random r = new Random(seed);
    System.out.println("canaryOnCraftedAndMutatedInputs seed " + seed);
    // crafted: matches reaching back into the unwritten parts of the destination
    for (int back = 1; back <= 40; back++) {
      byte[] block = new BlockBuilder().seq(ABCD, back, 4 + back).seq(FIVE, back + 9, 6).last(FIVE).build();
      BlockDecompressFuzzTest.checkFull(block, 64, 7);
      BlockDecompressFuzzTest.checkPartial(block, 10, null);
      // and with room for 300 bytes, where the native backend (if active) decodes rather than Java
      BlockDecompressFuzzTest.checkFull(block, 300, 7);
      BlockDecompressFuzzTest.checkPartial(block, 300, null);
    }
    // mutated: valid blocks of compressible data with 1..4 bytes changed, several capacities
    for (int i = 0; i < 3000; i++) {
      byte[] data = new byte[r.nextInt(300)];
      for (int j = 0; j < data.length; j++) {
        data[j] = (byte) (r.nextInt(4) == 0 ? r.nextInt(256) : 'a' + r.nextInt(3));
      }
      byte[] block = (i % 2 == 0 ? Lz4.fastCompressor() : Lz4.highCompressor(9)).compress(data);
      for (int m = r.nextInt(5); m > 0; m--) {
        block[r.nextInt(block.length)] = (byte) r.nextInt(256);
      }
      if (r.nextInt(6) == 0) {
        block = Arrays.copyOf(block, r.nextInt(block.length + 1));
      }
      for (int cap : BlockDecompressFuzzTest.capacities(block)) {
        BlockDecompressFuzzTest.checkFull(block, cap, r.nextInt(8));
      }
      BlockDecompressFuzzTest.checkPartial(block, r.nextInt(data.length + 2), null);
    }
  }

  @Test
  void workIsBoundedOnInputsMadeToLoop() {
    // Every sequence consumes input or produces output, so decoding ends; these inputs maximize
    // sequences per byte. The timeout is a hang guard only (minutes), not a speed assertion.
    BlockBuilder b = new BlockBuilder().last(new byte[] {'x'});
    byte[] oneLiteral = b.build();
    BlockBuilder many = new BlockBuilder().seq(new byte[] {'x'}, 1, 4);
    for (int i = 0; i < 200_000; i++) {
      many.raw(0x00, 1, 0); // no literals, offset 1, match 4: 3 input bytes, 4 output bytes
    }
    byte[] block = many.last(FIVE).build();
    assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
      // room for 7 more bytes than the block holds: its last match starts 9 bytes before its end,
      // which rule 3 accepts only when the capacity leaves 12
      int n = 1 + 4 + 200_000 * 4 + 5;
      byte[] out = new byte[n + 7];
      assertEquals(n, DEC.decompress(block, 0, block.length, out, 0, out.length));
      assertThrows(Lz4Exception.class, () -> DEC.decompress(block, 0, block.length, out, 0, n));
      assertEquals(1, DEC.decompress(oneLiteral, 0, oneLiteral.length, out, 0, out.length));
      // the same block into too small a buffer fails at the first match that does not fit
      assertThrows(Lz4Exception.class, () -> DEC.decompress(block, 0, block.length, out, 0, 1000));
    });
  }
}
