package dev.celer.lz4;

import java.lang.System.Logger.Level;
import java.util.Optional;

/**
 * Decides, once per JVM, whether the block decoder copies its short literal runs and matches with
 * 16-byte vectors ({@link Lz4Vector}). This class names no type of {@code jdk.incubator.vector}, so
 * loading it never fails. The switch is the one XXH3 uses (the system property {@code
 * dev.celer.vector}, see {@code Xxh3Vectorization}): the path is on when the JVM was started with
 * {@code --add-modules jdk.incubator.vector}, the property is not {@code false}, and a 16-byte copy
 * works. Byte order does not matter: a copy moves bytes, it does not read them as numbers. Only
 * a failure to load is logged (as a warning): the decision is made when the decoder is first used,
 * and an ordinary start should not initialize the logging system for it. Stateless after class initialization; thread-safe.
 */
final class Lz4Vectorization {
  private Lz4Vectorization() {}

  private static final String PROPERTY = "dev.celer.vector";

  private static final String VECTOR_MODULE = "jdk.incubator.vector";

  /** Written once by {@link #decide()}, during class initialization. */
  private static String reason;

  /** Whether the lean decoding loop uses {@link Lz4Vector#copy16} on byte arrays. */
  static final boolean ENABLED = decide();

  /** Why the vector copies are on or off, for logs and tests. */
  static final String REASON = reason;

  private static boolean decide() {
    if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"))) {
      return off("switched off by -D" + PROPERTY + "=false");
    }
    Optional<Module> vector = ModuleLayer.boot().findModule(VECTOR_MODULE);
    if (vector.isEmpty()) {
      return off("module " + VECTOR_MODULE + " is not in the boot layer");
    }
    try {
      // dev.celer does not require the incubator module; as a named module it adds the read edge
      // for itself (a no-op on the class path)
      Lz4Vectorization.class.getModule().addReads(vector.get());
      Lz4Vector.selfTest();
    } catch (LinkageError | RuntimeException e) {
      off("the Vector API failed to load: " + e);
      System.getLogger("dev.celer.lz4").log(Level.WARNING, "LZ4 decoder vector copies {0}", reason);
      return false;
    }
    reason = "on: 16-byte copies on " + VECTOR_MODULE;
    return true;
  }

  private static boolean off(String why) {
    reason = "off: " + why;
    return false;
  }
}
