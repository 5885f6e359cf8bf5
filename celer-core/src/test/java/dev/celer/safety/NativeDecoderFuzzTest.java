package dev.celer.safety;

import static dev.celer.safety.Checks.assertCanary;
import static dev.celer.safety.Checks.assertRange;
import static dev.celer.safety.Checks.canary;
import static dev.celer.safety.Checks.hex;
import static dev.celer.safety.Checks.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.safety.Checks.Outcome;
import java.util.Arrays;

/**
 * Differential fuzz target for the native backend's block decoder (issue 12): {@link
 * Lz4#decompressor()} — {@code LZ4_decompress_safe} / {@code LZ4_decompress_safe_partial} of the
 * system's liblz4 when the backend is active — against {@link Lz4#javaDecompressor()} on the same
 * mutated block, destination and capacity: the same length and bytes, or both reject; and the
 * native call never writes outside {@code [dstOff, dstOff + capacity)}.
 *
 * <p>There is no difference to let through: both sides follow one contract (liblz4's for a full
 * decode, Celer's own for a partial one), which the {@link ReferenceBlockDecoder} oracle states and
 * which the full decodes here are checked against too. Capacities are at least 256 bytes (the
 * native decoder's crossover, below which it decodes in Java) and include the exact decoded
 * length, where the end-of-output checks matter most.
 *
 * <p>Where the native backend is not active (JDK 17, or JDK 25 without native access) both sides
 * are the Java decoder and the target checks nothing of liblz4. It is native in the {@code native}
 * and {@code packaged-native} Surefire executions (the seeds, regression mode) and in the bounded
 * fuzzing run when Maven itself runs on JDK 25 (its fuzzing JVMs get the class path with the
 * versions/25 layer and {@code --enable-native-access}, and {@link BoundedFuzzingTest} does not
 * pass the build's {@code -Ddev.celer.native=off} to {@code Native*} targets); the line this class
 * prints into the fuzzing log names the backend that was compared.
 */
class NativeDecoderFuzzTest {
  private static final Lz4Decompressor BEST = Lz4.decompressor();
  private static final Lz4Decompressor JAVA = Lz4.javaDecompressor();
  /** At or above Lz4NativeDecompressor's crossover, so the native call is what runs. */
  private static final int MIN_CAPACITY = 256;

  static {
    // in the fuzzing JVM's log (target/fuzz-logs/), so a reader sees what was compared
    System.out.println("[celer] NativeDecoderFuzzTest: backend " + Lz4.backend());
  }

  @FuzzTest(maxDuration = "30s")
  void sameAsJavaDecoder(byte[] block) {
    ReferenceBlockDecoder probe = ReferenceBlockDecoder.decode(block, 0, block.length, 1 << 20);
    int n = probe.out.length;
    for (int cap : new int[] {Math.max(n, MIN_CAPACITY), Math.max(n - 1, MIN_CAPACITY), n + MIN_CAPACITY, 1 << 16}) {
      full(block, cap);
    }
    for (int target : new int[] {MIN_CAPACITY, Math.max(MIN_CAPACITY, n / 2), n + 1}) {
      if (target >= MIN_CAPACITY) {
        partial(block, target);
      }
    }
  }

  private static void full(byte[] block, int cap) {
    int dstOff = 3;
    byte[] mine = canary(new byte[dstOff + cap + 16], 5);
    byte[] java = canary(new byte[dstOff + cap + 16], 5);
    Outcome a = run(() -> BEST.decompress(block, 0, block.length, mine, dstOff, cap), block);
    Outcome b = run(() -> JAVA.decompress(block, 0, block.length, java, dstOff, cap), block);
    String ctx = " (capacity " + cap + ", backend " + a + ", Java " + b + ") on " + hex(block);
    assertCanary(mine, 0, dstOff, 5, "before dstOff" + ctx);
    assertCanary(mine, dstOff + cap, mine.length, 5, "after dstOff+maxDstLen" + ctx);
    compare(block, cap, Integer.MAX_VALUE, a, b, mine, java, dstOff, ctx);
  }

  private static void partial(byte[] block, int target) {
    int dstOff = 1;
    byte[] mine = canary(new byte[dstOff + target + 16], 6);
    byte[] java = canary(new byte[dstOff + target + 16], 6);
    Outcome a = run(() -> BEST.decompressPartial(block, 0, block.length, mine, dstOff, target), block);
    Outcome b = run(() -> JAVA.decompressPartial(block, 0, block.length, java, dstOff, target), block);
    String ctx = " (partial, target " + target + ", backend " + a + ", Java " + b + ") on " + hex(block);
    assertCanary(mine, 0, dstOff, 6, "partial: before dstOff" + ctx);
    assertCanary(mine, dstOff + target, mine.length, 6, "partial: past dstOff+targetLen" + ctx);
    compare(block, target, target, a, b, mine, java, dstOff, ctx);
  }

  private static void compare(
      byte[] block, int cap, int target, Outcome a, Outcome b, byte[] mine, byte[] java, int dstOff, String ctx) {
    ReferenceBlockDecoder ref = ReferenceBlockDecoder.decode(block, 0, block.length, cap, new byte[0], target);
    assertEquals(ref.valid, b.ok(), "the Java decoder disagrees with the contract (" + ref + ")" + ctx);
    assertEquals(b.ok(), a.ok(), "the backends disagree on accepting the block (" + ref + ")" + ctx);
    if (a.ok()) {
      assertEquals(b.length(), a.length(), "decoded lengths differ" + ctx);
      assertRange(Arrays.copyOfRange(java, dstOff, dstOff + b.length()), mine, dstOff, "decoded bytes differ" + ctx);
      assertRange(ref.out, mine, dstOff, "decoded bytes differ from the oracle's" + ctx);
    }
  }
}
