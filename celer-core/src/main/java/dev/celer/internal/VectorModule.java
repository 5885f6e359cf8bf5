package dev.celer.internal;

import java.util.Optional;

/**
 * The one switch for Celer's Vector API paths (XXH3's large-input loop, the LZ4 decoder's 16-byte
 * copies): whether {@code jdk.incubator.vector} may be used in this JVM. It may when the JVM was
 * started with {@code --add-modules jdk.incubator.vector} (Celer's module-info does not require
 * it, so the jar works without it) and the system property {@value #PROPERTY} is not {@code
 * false}. Each path then adds its own checks (byte order, vector size, a self-test). This class
 * names no type of the incubator module, so loading it never fails. Stateless; thread-safe.
 */
public final class VectorModule {
  private VectorModule() {}

  /** Set to {@code false} to keep every path scalar even when the Vector API is available. */
  public static final String PROPERTY = "dev.celer.vector";

  private static final String NAME = "jdk.incubator.vector";

  /**
   * Checks the switch and the module and, when both allow it, makes Celer's module read the
   * incubator module (a named module may add a read edge for itself; on the class path this is a
   * no-op).
   *
   * @return {@code null} when the Vector API may be used, else why not
   */
  public static String unavailable() {
    if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"))) {
      return "switched off by -D" + PROPERTY + "=false";
    }
    Optional<Module> vector = ModuleLayer.boot().findModule(NAME);
    if (vector.isEmpty()) {
      return "module " + NAME + " is not in the boot layer (start the JVM with --add-modules " + NAME + " to use it)";
    }
    VectorModule.class.getModule().addReads(vector.get());
    return null;
  }
}
