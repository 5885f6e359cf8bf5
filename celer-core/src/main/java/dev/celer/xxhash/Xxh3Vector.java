package dev.celer.xxhash;

/**
 * The Java 11 stand-in for XXH3's large-input loop on the Vector API. The kernel is written
 * against {@code jdk.incubator.vector} (JDK 16+), so it lives in the multi-release layer for Java
 * 17+ ({@code src/main/java17}, {@code META-INF/versions/17}), as the native backend lives in the
 * Java 25 layer. This class is what a JVM reads when it does not see that layer: Java 11 to 16, or
 * a class path that does not read {@code META-INF/versions}. There {@link #preferredBits()} fails,
 * so {@link Xxh3Vectorization} keeps XXH3 scalar, and the loops below are never called.
 *
 * <p>{@link Xxh3} names this class behind the constant {@link Xxh3Vectorization#ENABLED}: the JIT
 * drops the branch that is off, whichever class was loaded. Stateless and thread-safe.
 */
final class Xxh3Vector {
  private Xxh3Vector() {}

  /** The vector size the Java 17+ kernel uses: two vectors per 64-byte stripe. */
  static final int BITS = 256;

  /** Always throws: this JVM reads the Java 11 classes, which have no vector kernel. */
  static int preferredBits() {
    throw unavailable();
  }

  /** Never called here ({@link Xxh3Vectorization#ENABLED} is false); throws. */
  static long hashLarge(byte[] in, int off, int len, byte[] secret, long[] high128) {
    throw unavailable();
  }

  /** Never called here ({@link Xxh3Vectorization#ENABLED} is false); throws. */
  static int accumulateStripes(long[] acc, int inBlock, byte[] in, int off, int n, byte[] secret) {
    throw unavailable();
  }

  private static UnsupportedOperationException unavailable() {
    return new UnsupportedOperationException(
        "this JVM reads celer-core's Java 11 classes; the XXH3 vector kernel is in the jar's"
            + " META-INF/versions/17 layer (Java 17+, a multi-release jar on the class or module path)");
  }
}
