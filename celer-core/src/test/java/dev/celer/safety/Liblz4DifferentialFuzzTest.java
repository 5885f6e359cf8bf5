package dev.celer.safety;

import static dev.celer.safety.Checks.assertCanary;
import static dev.celer.safety.Checks.canary;
import static dev.celer.safety.Checks.hex;
import static dev.celer.safety.Checks.run;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.safety.Checks.Outcome;
import java.util.Arrays;

/**
 * Differential fuzz target against liblz4 itself (issue 21): a full decode by Celer, on each
 * backend, accepts exactly the blocks that {@code LZ4_decompress_safe} / {@code
 * LZ4_decompress_safe_usingDict} of the system's {@code liblz4.so.1} accept at the same capacity,
 * with the same length and the same bytes; partial decoding, which keeps Celer's own contract, is
 * the same on both backends and never shows what the destination held before the call.
 *
 * <p>liblz4 is called in-process through the test's own binding ({@link Liblz4}, JDK 25 and native
 * access), not through Celer's native backend, which is one of the things compared: {@link
 * Lz4#javaDecompressor()} always, and {@link Lz4#decompressor()} when the backend is native (the
 * {@code native} Surefire execution and its bounded fuzzing run). Note that Celer's native decoder
 * hands outputs under 256 bytes, and every block liblz4 rejects, to the Java decoder.
 *
 * <p><b>Input layout</b> (so that seeds can be written by hand; shorter inputs are a raw block with
 * no dictionary): byte 0 flags — bits 0-1 the history (0 or 3 none, 1 a dictionary in its own
 * array, 2 the dictionary right before the output in the destination array, Celer's prefix case
 * and liblz4's {@code dictStart + dictSize == dst}), bit 2 "compress then mutate", bit 3 HC, bits
 * 4-7 the canary pattern and the compressor's acceleration or level; byte 1 slack (capacities and
 * partial targets around the decoded size, the output offset); bytes 2-4 the dictionary length
 * (little-endian, 17 bits, up to 128 KB so that the 64 KB window is crossed); byte 5 how many of the
 * following bytes make the dictionary, repeated to its length. Then either the block itself, or
 * for "compress then mutate": a count (0-7) of 4-byte edits (kind, position low, position high,
 * value; kinds: flip a bit, set a byte, insert a byte, cut the block there), followed by the data
 * that Celer's fast (acceleration 1-16) or HC (level 1-12) compressor turns into a block with that
 * dictionary before the edits.
 *
 * <p>For each input: full decodes at capacities below, at and above the decoded size (liblz4's
 * end-of-block checks depend on the capacity, not on the decoded size), and partial decodes at
 * three targets. Destinations are filled with one of two canary patterns; liblz4 and Celer must
 * each give the same output over either, and Celer writes nothing outside its range.
 *
 * <p>Without liblz4 (JDK 17; JDK 25 without native access) only the Celer-only half runs: the two
 * backends (on JDK 17, the Java decoder twice) over two canary patterns, full and partial; the line
 * this class prints into the fuzzing log says which it was ({@link BoundedFuzzingTest} requires
 * liblz4 on JDK 25).
 */
class Liblz4DifferentialFuzzTest {
  private static final Lz4Decompressor JAVA = Lz4.javaDecompressor();
  /** Celer's native decoder, or null when the backend is pure Java in this JVM. */
  private static final Lz4Decompressor NATIVE = Lz4.isNativeBackend() ? Lz4.decompressor() : null;
  private static final Liblz4 LIBLZ4 = Liblz4.INSTANCE;
  /** Lz4NativeDecompressor's crossover: from this capacity on, the native decoder calls liblz4. */
  private static final int NATIVE_MIN = 256;

  private static final int NONE = 0;
  private static final int EXTERNAL = 1;
  private static final int PREFIX = 2;

  static {
    // in the fuzzing JVM's log (target/fuzz-logs*/), so a reader sees what was compared
    System.out.println("[celer] Liblz4DifferentialFuzzTest: "
        + (LIBLZ4 != null ? "against liblz4 " + LIBLZ4.version() : "without liblz4 (" + Liblz4.UNAVAILABLE + ")")
        + "; Celer decoders: java" + (NATIVE != null ? ", native" : "") + " (backend " + Lz4.backend() + ")");
  }

  @FuzzTest(maxDuration = "30s")
  void sameAsLiblz4(byte[] input) {
    Case c = Case.of(input);
    // the decoded size: liblz4's, with all the room the block could need; else the oracle's guess
    byte[] full = null;
    if (LIBLZ4 != null) {
      int big = (int) Math.min(255L * c.block.length + 64, 1 << 21);
      byte[] dst = destination(c, big, 0);
      int n = liblz4(c, dst, c.dstOff(), big);
      if (n >= 0) {
        full = Arrays.copyOfRange(dst, c.dstOff(), c.dstOff() + n);
      }
    }
    int n = full != null ? full.length
        : ReferenceBlockDecoder.decode(c.block, 0, c.block.length, 1 << 20, c.dict, Integer.MAX_VALUE).out.length;
    int below = n - 1 - (c.slack & 7);
    if (below >= 0) {
      full(c, below);
    }
    full(c, n);
    full(c, n + 1 + (c.slack >>> 3 & 15)); // within liblz4's end-of-block margins (5 and 12 bytes)
    full(c, n + NATIVE_MIN + c.slack); // room enough for the native decoder to call liblz4
    partial(c, c.slack % (n + 1), full);
    partial(c, n + NATIVE_MIN, full);
    if (n > 2 * NATIVE_MIN) {
      partial(c, NATIVE_MIN + (n - NATIVE_MIN) * c.slack / 255, full);
    }
  }

  /** A full decode at {@code cap}: liblz4 and each Celer decoder, each over two canary patterns. */
  private static void full(Case c, int cap) {
    int dstOff = c.dstOff();
    byte[] refA = null;
    int ref = 0;
    if (LIBLZ4 != null) {
      refA = destination(c, cap, c.seedA());
      byte[] refB = destination(c, cap, c.seedB());
      ref = liblz4(c, refA, dstOff, cap);
      int refOther = liblz4(c, refB, dstOff, cap);
      if (ref != refOther || ref >= 0 && Arrays.mismatch(refA, dstOff, dstOff + ref, refB, dstOff, dstOff + ref) >= 0) {
        fail("liblz4 itself gave different results over two destination patterns (" + ref + ", " + refOther + ")"
            + c.describe("full decode", cap));
      }
    }
    byte[] javaA = null;
    Outcome java = null;
    for (Lz4Decompressor d : NATIVE == null ? new Lz4Decompressor[] {JAVA} : new Lz4Decompressor[] {JAVA, NATIVE}) {
      String name = d == JAVA ? "Java decoder" : "native decoder";
      byte[][] dst = new byte[2][];
      Outcome[] o = new Outcome[2];
      for (int i = 0; i < 2; i++) {
        byte[] out = destination(c, cap, i == 0 ? c.seedA() : c.seedB());
        o[i] = run(() -> celer(d, c, out, dstOff, cap, false), c.block);
        dst[i] = out;
        assertUntouchedOutside(c, out, dstOff, cap, i == 0 ? c.seedA() : c.seedB(), name + ", full decode", cap);
      }
      if (LIBLZ4 != null) {
        assertSame("liblz4", ref >= 0, ref, refA, name, o[0], dst[0], dstOff, c, "full decode", cap);
      }
      assertSame(name, o[0].ok(), o[0].length(), dst[0], name + " over another destination pattern", o[1], dst[1],
          dstOff, c, "full decode", cap);
      if (java == null) {
        java = o[0];
        javaA = dst[0];
      } else {
        assertSame("Java decoder", java.ok(), java.length(), javaA, name, o[0], dst[0], dstOff, c, "full decode", cap);
      }
    }
  }

  /**
   * A partial decode to {@code target}: Celer's contract, not liblz4's. Both decoders, over two
   * canary patterns, agree; nothing past the target is written; and what they return is a prefix
   * of liblz4's full decoding ({@code full}) when liblz4 accepts the whole block.
   */
  private static void partial(Case c, int target, byte[] full) {
    int dstOff = c.dstOff();
    byte[] javaA = null;
    Outcome java = null;
    for (Lz4Decompressor d : NATIVE == null ? new Lz4Decompressor[] {JAVA} : new Lz4Decompressor[] {JAVA, NATIVE}) {
      String name = d == JAVA ? "Java decoder" : "native decoder";
      byte[][] dst = new byte[2][];
      Outcome[] o = new Outcome[2];
      for (int i = 0; i < 2; i++) {
        byte[] out = destination(c, target, i == 0 ? c.seedA() : c.seedB());
        o[i] = run(() -> celer(d, c, out, dstOff, target, true), c.block);
        dst[i] = out;
        assertUntouchedOutside(c, out, dstOff, target, i == 0 ? c.seedA() : c.seedB(), name + ", partial decode", target);
      }
      assertSame(name, o[0].ok(), o[0].length(), dst[0], name + " over another destination pattern", o[1], dst[1],
          dstOff, c, "partial decode", target);
      if (java == null) {
        java = o[0];
        javaA = dst[0];
      } else {
        assertSame("Java decoder", java.ok(), java.length(), javaA, name, o[0], dst[0], dstOff, c, "partial decode", target);
      }
      if (full != null && o[0].ok()) {
        int len = o[0].length();
        if (len > full.length || Arrays.mismatch(full, 0, len, dst[0], dstOff, dstOff + len) >= 0) {
          fail("the " + name + "'s partial decode (" + o[0] + ") is not a prefix of liblz4's full decode ("
              + full.length + " bytes)" + c.describe("partial decode", target));
        }
      }
    }
  }

  /** Fails unless both accept with the same length and bytes, or both reject. */
  private static void assertSame(String nameA, boolean okA, int lenA, byte[] dstA, String nameB, Outcome b, byte[] dstB,
      int dstOff, Case c, String what, int cap) {
    String a = okA ? "returned " + lenA : "rejected it" + (nameA.equals("liblz4") ? " (" + lenA + ")" : "");
    if (okA != b.ok() || okA && lenA != b.length()) {
      fail(nameA + " " + a + ", the " + nameB + " " + b + c.describe(what, cap));
    }
    if (okA) {
      int i = Arrays.mismatch(dstA, dstOff, dstOff + lenA, dstB, dstOff, dstOff + lenA);
      if (i >= 0) {
        fail(nameA + " and the " + nameB + " both returned " + lenA + " but differ first at output byte " + i + " ("
            + (dstA[dstOff + i] & 0xFF) + " vs " + (dstB[dstOff + i] & 0xFF) + ")" + c.describe(what, cap));
      }
    }
  }

  /** Celer may write only {@code [dstOff, dstOff+cap)}; a dictionary before the output stays as it was. */
  private static void assertUntouchedOutside(Case c, byte[] dst, int dstOff, int cap, int seed, String who, int capacity) {
    String ctx = c.describe(who, capacity);
    if (c.mode == PREFIX) {
      if (!Arrays.equals(dst, 0, dstOff, c.dict, 0, c.dict.length)) {
        fail("the dictionary before the output was changed" + ctx);
      }
    } else {
      assertCanary(dst, 0, dstOff, seed, "before dstOff" + ctx);
    }
    assertCanary(dst, dstOff + cap, dst.length, seed, "after dstOff+capacity" + ctx);
  }

  /** A destination for {@code room} bytes: canary pattern {@code seed}, the dictionary first in the prefix case. */
  private static byte[] destination(Case c, int room, int seed) {
    byte[] dst = canary(new byte[c.dstOff() + room + 16], seed);
    if (c.mode == PREFIX) {
      System.arraycopy(c.dict, 0, dst, 0, c.dict.length);
    }
    return dst;
  }

  private static int liblz4(Case c, byte[] dst, int dstOff, int cap) {
    switch (c.mode) {
      case EXTERNAL:
        return LIBLZ4.decompressSafeUsingDict(c.block, 0, c.block.length, dst, dstOff, cap, c.dict, 0, c.dict.length);
      case PREFIX:
        return LIBLZ4.decompressSafeUsingDict(c.block, 0, c.block.length, dst, dstOff, cap, dst, 0, dstOff);
      default:
        return LIBLZ4.decompressSafe(c.block, 0, c.block.length, dst, dstOff, cap);
    }
  }

  private static int celer(Lz4Decompressor d, Case c, byte[] dst, int dstOff, int cap, boolean partial) {
    byte[] b = c.block;
    switch (c.mode) {
      case EXTERNAL:
        return partial
            ? d.decompressPartial(b, 0, b.length, dst, dstOff, cap, c.dict, 0, c.dict.length)
            : d.decompress(b, 0, b.length, dst, dstOff, cap, c.dict, 0, c.dict.length);
      case PREFIX:
        return partial
            ? d.decompressPartial(b, 0, b.length, dst, dstOff, cap, dst, 0, dstOff)
            : d.decompress(b, 0, b.length, dst, dstOff, cap, dst, 0, dstOff);
      default:
        return partial ? d.decompressPartial(b, 0, b.length, dst, dstOff, cap) : d.decompress(b, 0, b.length, dst, dstOff, cap);
    }
  }

  /** One input's block, history and parameters (see the class description for the layout). */
  static final class Case {
    private static final Lz4Compressor[] FAST = new Lz4Compressor[16];
    private static final Lz4Compressor[] HC = new Lz4Compressor[12];

    final byte[] block;
    final byte[] dict;
    final int mode;
    final int slack;
    final int flags;
    final String made;

    private Case(byte[] block, byte[] dict, int mode, int slack, int flags, String made) {
      this.block = block;
      this.dict = dict;
      this.mode = mode;
      this.slack = slack;
      this.flags = flags;
      this.made = made;
    }

    static Case of(byte[] in) {
      if (in.length < 6) {
        return new Case(in, new byte[0], NONE, 0, 0, "raw");
      }
      int flags = in[0] & 0xFF;
      int slack = in[1] & 0xFF;
      int mode = (flags & 3) == 3 ? NONE : flags & 3;
      int dictLen = mode == NONE ? 0 : (in[2] & 0xFF | (in[3] & 0xFF) << 8 | (in[4] & 1) << 16);
      int p = 6;
      int k = Math.min(in[5] & 0xFF, in.length - p);
      byte[] dict = new byte[dictLen];
      for (int i = 0; i < dictLen; i++) {
        dict[i] = k > 0 ? in[p + i % k] : (byte) (i * 0x9E3779B1 >>> 24);
      }
      p += k;
      if ((flags & 4) == 0) {
        return new Case(Arrays.copyOfRange(in, p, in.length), dict, mode, slack, flags, "raw");
      }
      int edits = p < in.length ? in[p++] & 7 : 0;
      edits = Math.min(edits, (in.length - p) / 4);
      int e0 = p;
      p += 4 * edits;
      byte[] data = Arrays.copyOfRange(in, p, in.length);
      int param = flags >>> 4;
      boolean hc = (flags & 8) != 0;
      Lz4Compressor z = hc ? hc(1 + param % 12) : fast(1 + param);
      byte[] out = new byte[Lz4.maxCompressedLength(data.length)];
      int len = z.compress(data, 0, data.length, out, 0, out.length, dict, 0, dictLen);
      byte[] block = Arrays.copyOf(out, len);
      StringBuilder made = new StringBuilder(hc ? "HC level " + (1 + param % 12) : "fast, acceleration " + (1 + param))
          .append(" of ").append(data.length).append(" bytes (").append(len).append("-byte block)");
      for (int e = e0; e < e0 + 4 * edits; e += 4) {
        int pos = block.length == 0 ? 0 : (in[e + 1] & 0xFF | (in[e + 2] & 0xFF) << 8) % (block.length + 1);
        byte v = in[e + 3];
        switch (in[e] & 3) {
          case 0:
            if (pos < block.length) {
              block[pos] ^= (byte) (1 << (v & 7));
              made.append(", bit ").append(v & 7).append(" of byte ").append(pos).append(" flipped");
            }
            break;
          case 1:
            if (pos < block.length) {
              block[pos] = v;
              made.append(", byte ").append(pos).append(" set to ").append(v & 0xFF);
            }
            break;
          case 2:
            byte[] longer = new byte[block.length + 1];
            System.arraycopy(block, 0, longer, 0, pos);
            longer[pos] = v;
            System.arraycopy(block, pos, longer, pos + 1, block.length - pos);
            block = longer;
            made.append(", ").append(v & 0xFF).append(" inserted at ").append(pos);
            break;
          default:
            block = Arrays.copyOf(block, pos);
            made.append(", cut at ").append(pos);
        }
      }
      return new Case(block, dict, mode, slack, flags, made.toString());
    }

    private static synchronized Lz4Compressor fast(int acceleration) {
      Lz4Compressor z = FAST[acceleration - 1];
      return z != null ? z : (FAST[acceleration - 1] = Lz4.javaFastCompressor(acceleration));
    }

    private static synchronized Lz4Compressor hc(int level) {
      Lz4Compressor z = HC[level - 1];
      return z != null ? z : (HC[level - 1] = Lz4.javaHighCompressor(level));
    }

    /** Where the output starts: after the dictionary in the prefix case, else 0-3. */
    int dstOff() {
      return mode == PREFIX ? dict.length : slack & 3;
    }

    int seedA() {
      return flags >>> 4;
    }

    int seedB() {
      return (flags >>> 4) ^ 9;
    }

    String describe(String what, int cap) {
      String history = mode == NONE ? "no dictionary"
          : (mode == EXTERNAL ? "a separate dictionary" : "a prefix dictionary") + " of " + dict.length + " bytes"
              + (dict.length <= 64 ? " " + hex(dict) : "");
      return " (" + what + ", capacity/target " + cap + ", " + history + ", dstOff " + dstOff() + ", block " + made
          + ") on block " + hex(block);
    }
  }
}
