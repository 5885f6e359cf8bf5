package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.celer.lz4.Lz4Exception;
import dev.celer.testsupport.Hex;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.IntSupplier;

/** Assertions shared by the fuzz targets and the hostile-input tests. Stateless, thread-safe. */
final class Checks {
  private Checks() {}

  /** The outcome of one decode call: a length, or the {@link Lz4Exception} it threw. */
  static final class Outcome {
    private final int length;
    private final Lz4Exception error;

    Outcome(int length, Lz4Exception error) {
      this.length = length;
      this.error = error;
    }

    int length() {
      return length;
    }

    Lz4Exception error() {
      return error;
    }

    boolean ok() {
      return error == null;
    }

    @Override
    public String toString() {
      return ok() ? "returned " + length : "threw " + error.getMessage();
    }
  }

  /**
   * Runs {@code call}; an {@link Lz4Exception} is an outcome, anything else thrown (an
   * out-of-bounds access, an arithmetic or allocation failure) fails the test with the input.
   */
  static Outcome run(IntSupplier call, byte[] input) {
    try {
      return new Outcome(call.getAsInt(), null);
    } catch (Lz4Exception e) {
      assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "Lz4Exception without a message");
      return new Outcome(-1, e);
    } catch (RuntimeException | Error e) {
      throw new AssertionError("not an Lz4Exception: " + e + " on input " + hex(input), e);
    }
  }

  /** Canary patterns, one per seed 0..15, each long enough for any buffer the tests use. */
  private static final byte[][] PATTERNS = new byte[16][];

  private static byte[] pattern(int seed, int length) {
    int s = seed & 15;
    byte[] p = PATTERNS[s];
    if (p == null || p.length < length) {
      p = new byte[Math.max(length, 1 << 17)];
      for (int i = 0; i < p.length; i++) {
        p[i] = (byte) (0xA5 ^ (i * 0x9E3779B1 >>> 24) ^ (s * 0x3B));
      }
      PATTERNS[s] = p;
    }
    return p;
  }

  /** Fills {@code b} with a pattern that depends on {@code seed} (0..15; never all zero). */
  static byte[] canary(byte[] b, int seed) {
    System.arraycopy(pattern(seed, b.length), 0, b, 0, b.length);
    return b;
  }

  /** Asserts {@code b[from, to)} still holds the canary pattern of {@code seed}. */
  static void assertCanary(byte[] b, int from, int to, int seed, String where) {
    byte[] p = pattern(seed, to);
    int i = Arrays.mismatch(b, from, to, p, from, to);
    if (i >= 0) {
      fail(where + ": byte " + (from + i) + " was overwritten (outside the range the call may write)");
    }
  }

  /** Asserts {@code actual[off, off+expected.length)} equals {@code expected}, naming the first difference. */
  static void assertRange(byte[] expected, byte[] actual, int off, String what) {
    int i = Arrays.mismatch(expected, 0, expected.length, actual, off, off + expected.length);
    if (i >= 0) {
      fail(what + ": first difference at output byte " + i + " of " + expected.length
          + " (expected " + (expected[i] & 0xFF) + ", got " + (actual[off + i] & 0xFF) + ")");
    }
  }

  static void assertSameOutcome(Outcome a, Outcome b, String what) {
    assertEquals(a.ok(), b.ok(), what + ": " + a + " vs " + b);
    if (a.ok()) {
      assertEquals(a.length(), b.length(), what);
    }
  }

  /** A heap or direct buffer of {@code n} bytes. */
  static ByteBuffer alloc(boolean direct, int n) {
    return direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
  }

  static String hex(byte[] b) {
    if (b == null) {
      return "null";
    }
    return b.length <= 256 ? Hex.format(b) : Hex.format(b, 0, 256) + "...(" + b.length + " bytes)";
  }
}
