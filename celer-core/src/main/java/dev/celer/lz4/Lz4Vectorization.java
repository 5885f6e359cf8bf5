package dev.celer.lz4;

import java.lang.System.Logger.Level;
import dev.celer.internal.VectorModule;

/**
 * Decides, once per JVM, whether the block decoder copies its short literal runs and matches with
 * 16-byte vectors ({@link Lz4Vector}). This class names no type of {@code jdk.incubator.vector}, so
 * loading it never fails. The switch is the one XXH3 uses ({@link VectorModule}): the path is on
 * when it allows the Vector API and a 16-byte copy works. Byte order does not matter: a copy moves bytes, it does not read them as numbers. Only
 * a failure to load is logged (as a warning): the decision is made when the decoder is first used,
 * and an ordinary start should not initialize the logging system for it. Stateless after class initialization; thread-safe.
 */
final class Lz4Vectorization {
  private Lz4Vectorization() {}

  /** Written once by {@link #decide()}, during class initialization. */
  private static String reason;

  /** Whether the lean decoding loop uses {@link Lz4Vector#copy16} on byte arrays. */
  static final boolean ENABLED = decide();

  /** Why the vector copies are on or off, for logs and tests. */
  static final String REASON = reason;

  private static boolean decide() {
    String no = VectorModule.unavailable();
    if (no != null) {
      return off(no);
    }
    try {
      Lz4Vector.selfTest();
    } catch (LinkageError | RuntimeException e) {
      off("the Vector API failed to load: " + e);
      System.getLogger("dev.celer.lz4").log(Level.WARNING, "LZ4 decoder vector copies {0}", reason);
      return false;
    }
    reason = "on: 16-byte copies on jdk.incubator.vector";
    return true;
  }

  private static boolean off(String why) {
    reason = "off: " + why;
    return false;
  }
}
