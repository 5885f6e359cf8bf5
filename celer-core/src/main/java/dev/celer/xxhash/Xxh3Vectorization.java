package dev.celer.xxhash;

import dev.celer.internal.VectorModule;
import java.lang.System.Logger.Level;
import java.nio.ByteOrder;

/**
 * Decides, once per JVM, whether XXH3's large-input loop runs on the JDK's Vector API ({@link
 * Xxh3Vector}) or stays scalar. This class names no type of {@code jdk.incubator.vector}, so
 * loading it never fails; {@link Xxh3Vector} is only loaded (by its first call) when {@link
 * #ENABLED} is true. The idea is Lucene's {@code VectorizationProvider}: check that the incubator
 * module is in the boot layer, read it, and fall back quietly when anything is missing.
 *
 * <p>The vector path is on when all of these hold:
 *
 * <ul>
 *   <li>the JVM was started with {@code --add-modules jdk.incubator.vector} (the module is in the
 *       boot layer; Celer's module-info does not require it, so the jar works without it);
 *   <li>the system property {@value #PROPERTY} is not {@code false};
 *   <li>the platform is little-endian (the kernel reinterprets bytes as longs in native order);
 *   <li>the preferred vector size is at least 256 bits (AVX2 or better on x86; with 128-bit
 *       vectors the scalar loop is as fast).
 * </ul>
 *
 * Stateless after class initialization; thread-safe.
 */
final class Xxh3Vectorization {
  private Xxh3Vectorization() {}

  /** Set to {@code false} to keep XXH3 scalar even when the Vector API is available ({@link VectorModule#PROPERTY}). */
  static final String PROPERTY = VectorModule.PROPERTY;

  /** Written once by {@link #decide()}, during class initialization. */
  private static String reason;

  /** Whether {@link Xxh3} hands byte-array inputs over 240 bytes to {@link Xxh3Vector}. */
  static final boolean ENABLED = decide();

  /** Why the vector path is on or off, for logs and tests. */
  static final String REASON = reason;

  private static boolean decide() {
    System.Logger log = System.getLogger("dev.celer.xxhash");
    String no = VectorModule.unavailable();
    if (no != null) {
      return off(log, Level.DEBUG, no);
    }
    if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
      return off(log, Level.DEBUG, "the platform is big-endian");
    }
    try {
      int bits = Xxh3Vector.preferredBits();
      if (bits < Xxh3Vector.BITS) {
        return off(log, Level.DEBUG,
            "the preferred vector size is " + bits + " bits, less than " + Xxh3Vector.BITS);
      }
    } catch (LinkageError | RuntimeException e) {
      return off(log, Level.WARNING, "the Vector API failed to load: " + e);
    }
    reason = "on: " + Xxh3Vector.BITS + "-bit vectors of jdk.incubator.vector";
    log.log(Level.DEBUG, "XXH3 vector path {0}", reason);
    return true;
  }

  private static boolean off(System.Logger log, Level level, String why) {
    reason = "off: " + why;
    log.log(level, "XXH3 vector path {0}", reason);
    return false;
  }
}
