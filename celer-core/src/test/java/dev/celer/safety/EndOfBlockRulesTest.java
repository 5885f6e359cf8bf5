package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import dev.celer.testsupport.Corpus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The block format's "End of block conditions" ({@code doc/lz4_Block_format.md}) one rule at a
 * time, as liblz4's {@code LZ4_decompress_safe} applies them (the rules as numbered in {@code
 * Lz4Decompressor}'s class description): each hand-made block at its exact decoded size and with
 * more room, where liblz4's answer changes with the capacity. Every case is one row of {@link
 * #CASES}: the block, a capacity, and liblz4's answer (the decoded length, or -1), worked out from
 * lz4.c and checked against liblz4 1.9.4 itself by {@code Liblz4DifferentialFuzzTest}, whose seeds
 * hold the examples. Both of Celer's decoders (the default one, native when the backend
 * is, and the pure-Java one) must give that answer, and the oracle must too.
 */
class EndOfBlockRulesTest {
  private static final byte[] FIVE = {'v', 'w', 'x', 'y', 'z'};

  /** One decode: {@code block} into {@code capacity} bytes, which liblz4 decodes to {@code expect} bytes (-1: rejects). */
  private static final class Case {
    final String rule;
    final byte[] block;
    final int capacity;
    final int expect;

    Case(String rule, byte[] block, int capacity, int expect) {
      this.rule = rule;
      this.block = block;
      this.capacity = capacity;
      this.expect = expect;
    }

    @Override
    public String toString() {
      return rule + ", capacity " + capacity + ": " + Checks.hex(block);
    }
  }

  private static final List<Case> CASES = new ArrayList<>();

  private static void add(String rule, byte[] block, int expect, int... capacities) {
    for (int cap : capacities) {
      CASES.add(new Case(rule, block, cap, expect));
    }
  }

  private static byte[] lits(int n) {
    return BlockBuilder.distinct(n, 3);
  }

  static {
    // rule 0: a capacity of 0 takes only the empty block, the single token 00
    add("rule 0", new byte[] {0}, 0, 0);
    add("rule 0", new byte[] {0x0F}, -1, 0);
    add("rule 0", new byte[] {0, 0}, -1, 0);
    add("rule 0", new byte[] {0x10, 'a'}, -1, 0);
    add("rule 0", new byte[0], -1, 0, 1, 100);
    // rule 1: the last sequence is literals only; its token's match nibble is not looked at
    add("rule 1", new BlockBuilder().raw(0x5F).raw(FIVE[0], FIVE[1], FIVE[2], FIVE[3], FIVE[4]).build(), 5, 5, 6, 100);
    add("rule 1", new BlockBuilder().seq(lits(12), 4, 8).build(), -1, 20, 40, 1 << 16);
    // rule 2, input: literals that do not end the block leave 8 input bytes (offset, token, 5
    // literals): with 1..4 last literals after a match, rejected at any capacity (lz4-java's
    // LZ4Test#testEndsWithLessThan5Literals); with 5, accepted once rule 3 holds
    for (int k = 1; k <= 4; k++) {
      add("rule 2 (input), " + k + " last literals", new BlockBuilder().seq(lits(6), 4, 4).last(lits(k)).build(), -1, 10 + k, 20, 100, 1 << 16);
    }
    add("rule 2 (input), 5 last literals", new BlockBuilder().seq(lits(6), 4, 4).last(FIVE).build(), 15, 18, 100);
    // rule 2, input: after a match length's bytes, 4 input bytes remain; a match of
    // 4 + 15 + 255 + 255 + 1 = 530 bytes has 3 length bytes, so 2 last literals keep "8 after the
    // literals" but not "4 after the length": rejected with all the room in the world; 3 pass
    add("rule 2 (after a match length)", new BlockBuilder().seq(lits(8), 8, 530).last(lits(2)).build(), -1, 540, 600, 1 << 16);
    // rule 2, output: a match ends at least 5 bytes before the end of the capacity; the same
    // 530-byte match with 3 last literals ends 3 bytes before the exact end
    byte[] ends3Before = new BlockBuilder().seq(lits(8), 8, 530).last(lits(3)).build();
    add("rule 2 (output)", ends3Before, -1, 541, 542);
    add("rule 2 (output)", ends3Before, 541, 543, 600, 1 << 16);
    // rule 3: literals that do not end the block end 12 bytes before the end of the capacity;
    // 8 literals, a 4-byte match at offset 8, 5 literals (17 bytes) fit only with 20 of room
    byte[] seventeen = new BlockBuilder().seq(lits(8), 8, 4).last(FIVE).build();
    add("rule 3", seventeen, -1, 16, 17, 18, 19);
    add("rule 3", seventeen, 17, 20, 21, 100, 1 << 16);
    // liblz4's shortcut: a sequence with a short literal run that starts 17 input bytes and 32
    // output bytes from the ends skips rules 2 and 3 after its literals: 14 literals, a match of
    // 4 at offset 8 and 2 last literals (20 bytes) decode with 32 bytes of room, not with 31
    byte[] shortcut = new BlockBuilder().seq(lits(14), 8, 4).last(lits(2)).build();
    add("shortcut (literals)", shortcut, -1, 20, 31);
    add("shortcut (literals)", shortcut, 20, 32, 33, 100);
    // ... and, for a short match at least 8 back in the output, rule 2 after the match: a match
    // of 18 ending exactly at the capacity, then an empty last token, decodes at 32 ...
    byte[] toTheEnd = new BlockBuilder().seq(lits(14), 8, 18).last(new byte[0]).build();
    add("shortcut (match)", toTheEnd, 32, 32, 100);
    add("shortcut (match)", toTheEnd, -1, 31);
    // ... but not for a match 4 back, which then needs 5 bytes of room after it
    byte[] near = new BlockBuilder().seq(lits(14), 4, 18).last(new byte[0]).build();
    add("shortcut (match, offset < 8)", near, -1, 32, 36);
    add("shortcut (match, offset < 8)", near, 32, 37, 100);
    // offset 0: zeros (and rule 3 still applies at the capacity)
    byte[] zero = new BlockBuilder().seq(lits(4), 0, 4).last(FIVE).build();
    add("offset 0", zero, -1, 13, 15);
    add("offset 0", zero, 13, 16, 100, 1 << 16);
  }

  @Test
  void everyRuleAtTheExactSizeAndWithMoreRoom() {
    for (Case c : CASES) {
      ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(c.block, 0, c.block.length, c.capacity);
      assertEquals(c.expect >= 0, ref.valid, "oracle: " + ref + " on " + c);
      for (Lz4Decompressor d : new Lz4Decompressor[] {Lz4.decompressor(), Lz4.javaDecompressor()}) {
        byte[] dst = Checks.canary(new byte[c.capacity + 4], 3);
        Checks.Outcome o = Checks.run(() -> d.decompress(c.block, 0, c.block.length, dst, 2, c.capacity), c.block);
        assertEquals(c.expect, o.ok() ? o.length() : -1, d + " on " + c + ": " + o);
        if (o.ok()) {
          Checks.assertRange(ref.out, dst, 2, "bytes vs oracle, " + d + " on " + c);
        } else {
          assertTrue(o.error().getMessage().matches(".*at input offset \\d+.*"), o.error().getMessage());
        }
        Checks.assertCanary(dst, 0, 2, 3, "before the output, " + c);
        Checks.assertCanary(dst, 2 + c.capacity, dst.length, 3, "after the capacity, " + c);
      }
    }
  }

  /** What each rule's rejection says: the rule, and where. */
  @Test
  void messagesNameTheRule() {
    assertMessage(new BlockBuilder().seq(lits(6), 4, 4).last(lits(3)).build(), 100, "only 6 input bytes follow literals that do not end the block");
    assertMessage(new BlockBuilder().seq(lits(8), 8, 530).last(lits(2)).build(), 600, "input ends 3 bytes after a match length");
    assertMessage(new BlockBuilder().seq(lits(8), 8, 530).last(lits(3)).build(), 541, "match ends 3 bytes before the end of the output capacity; the last 5 bytes must be literals");
    assertMessage(new BlockBuilder().seq(lits(8), 8, 4).last(FIVE).build(), 17, "end 9 bytes before the end of the output capacity; a match must start at least 12 bytes before it");
    assertMessage(new byte[] {0x0F}, 0, "a destination of 0 bytes takes only the empty block");
  }

  private static void assertMessage(byte[] block, int cap, String what) {
    for (Lz4Decompressor d : new Lz4Decompressor[] {Lz4.decompressor(), Lz4.javaDecompressor()}) {
      Lz4Exception e = assertThrows(Lz4Exception.class, () -> d.decompress(block, 0, block.length, new byte[cap], 0, cap));
      assertTrue(e.getMessage().contains(what), d + ": " + e.getMessage());
    }
  }

  /**
   * The exact-length decode (the drop-in's fast decompressor) follows {@code
   * LZ4_decompress_fast}'s rules, against the exact end: literals followed by a match end at least
   * 12 bytes before it, a match at least 5.
   */
  @Test
  void exactLengthDecodeKeepsTheRulesAtItsEnd() {
    Lz4Decompressor d = Lz4.decompressor();
    byte[] seventeen = new BlockBuilder().seq(lits(8), 8, 4).last(FIVE).build();
    assertThrows(Lz4Exception.class, () -> d.decompressExact(seventeen, 0, seventeen.length, new byte[17], 0, 17));
    byte[] fine = new BlockBuilder().seq(lits(8), 8, 4).last(lits(8)).build();
    assertEquals(fine.length, d.decompressExact(fine, 0, fine.length, new byte[20], 0, 20));
    for (int k = 1; k <= 4; k++) { // a match that ends fewer than 5 bytes before the end
      byte[] b = new BlockBuilder().seq(lits(8), 8, 12).last(lits(k)).build();
      int n = 20 + k;
      assertThrows(Lz4Exception.class, () -> d.decompressExact(b, 0, b.length, new byte[n], 0, n), "last literals " + k);
    }
    // offset 0: zeros, not the destination's old bytes
    byte[] zero = new BlockBuilder().seq(lits(4), 0, 8).last(lits(12)).build();
    byte[] out = new byte[24];
    Arrays.fill(out, (byte) 0x5A);
    assertEquals(zero.length, d.decompressExact(zero, 0, zero.length, out, 0, 24));
    assertArrayEquals(new byte[8], Arrays.copyOfRange(out, 4, 12));
  }

  /**
   * Real blocks cut at every byte, at their exact size and with room: always the oracle's answer
   * (liblz4's), and a cut that decodes gives a prefix of the data (a cut right after a sequence's
   * literals reads as a shorter block: the format cannot tell, and neither can liblz4).
   */
  @Test
  void realBlocksCutAtEveryByte() throws Exception {
    byte[] text = Corpus.read("alice29.txt");
    Lz4Compressor[] compressors = {Lz4.fastCompressor(), Lz4.highCompressor(9), Lz4.javaFastCompressor()};
    int[] sizes = {100, 700, 4096};
    for (Lz4Compressor c : compressors) {
      for (int size : sizes) {
        byte[] data = Arrays.copyOfRange(text, 1000, 1000 + Math.min(size, text.length - 1000));
        byte[] block = c.compress(data);
        for (int cut = 0; cut < block.length; cut++) {
          byte[] part = Arrays.copyOf(block, cut);
          int len = cut;
          for (int cap : new int[] {data.length, data.length + 12, data.length + 300}) {
            ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(part, 0, len, cap);
            byte[] dst = new byte[cap];
            int room = cap;
            Checks.Outcome o = Checks.run(() -> Lz4.decompressor().decompress(part, 0, len, dst, 0, room), part);
            String ctx = c + ", " + data.length + " bytes cut at " + cut + ", capacity " + cap;
            assertEquals(ref.valid, o.ok(), ctx + ": " + o + " vs " + ref);
            if (o.ok()) {
              assertArrayEquals(Arrays.copyOf(data, o.length()), Arrays.copyOf(dst, o.length()), ctx);
            }
          }
        }
      }
    }
  }
}
