package dev.celer.lz4;

/**
 * The Java 11 stand-in for the decoder's 16-byte vector copy. The kernel itself is written against
 * {@code jdk.incubator.vector} (JDK 16+), so it lives in the multi-release layer for Java 17+
 * ({@code src/main/java17}, {@code META-INF/versions/17}), as the native backend lives in the
 * Java 25 layer. This class is what a JVM reads when it does not see that layer: Java 11 to 16, or
 * a class path that does not read {@code META-INF/versions} (a directory, a jar repackaged without
 * {@code Multi-Release: true}). There {@link #selfTest()} fails, so {@link Lz4Vectorization} keeps
 * the vector copies off, and {@link #copy16} is never called (it copies bytes anyway, to be
 * correct if it were).
 *
 * <p>The decoder's call sites name this class in both forms, behind the constant {@link
 * Lz4Vectorization#ENABLED}: the JIT drops the branch that is off, whichever class was loaded.
 * Stateless and thread-safe.
 */
final class Lz4Vector {
  private Lz4Vector() {}

  /** Copies the 16 bytes at {@code src[srcOff]} to {@code dst[dstOff]}, as the vector form does. */
  static void copy16(byte[] src, int srcOff, byte[] dst, int dstOff) {
    System.arraycopy(src, srcOff, dst, dstOff, 16);
  }

  /** Always throws: this JVM reads the Java 11 classes, which have no vector copy. */
  static void selfTest() {
    throw new UnsupportedOperationException(
        "this JVM reads celer-core's Java 11 classes; the vector copy is in the jar's"
            + " META-INF/versions/17 layer (Java 17+, a multi-release jar on the class or module path)");
  }
}
