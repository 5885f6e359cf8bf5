package dev.celer.lz4;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The decoder's one kernel on the JDK's incubating Vector API: a 16-byte copy as one load and
 * one store. {@link Lz4SafeDecompressor}'s lean loop calls it for short literal runs and short
 * matches between byte arrays when {@link Lz4Vectorization#ENABLED} is true; this class is only
 * loaded then (it names {@code jdk.incubator.vector} types, which a JVM without that module cannot
 * resolve). A 16-byte store also lets a following 8- or 16-byte load of the same bytes (a match
 * that reads the literals just written) be forwarded from the store, which two 8-byte stores do
 * not allow for a load that straddles them.
 *
 * <p>This class is the multi-release layer for Java 17+ ({@code META-INF/versions/17}); the base
 * classes, which Java 11 reads, have a stand-in of the same name whose self-test fails, so the
 * vector copies stay off there. Stateless and thread-safe.
 */
final class Lz4Vector {
  private Lz4Vector() {}

  private static final VectorSpecies<Byte> BYTES_128 = ByteVector.SPECIES_128;

  /**
   * Copies the 16 bytes at {@code src[srcOff]} to {@code dst[dstOff]}; when both are the same
   * array the ranges must not overlap. Out-of-range offsets throw, as any array access.
   */
  static void copy16(byte[] src, int srcOff, byte[] dst, int dstOff) {
    ByteVector.fromArray(BYTES_128, src, srcOff).intoArray(dst, dstOff);
  }

  /** Throws unless the 128-bit species works here; called once, by {@link Lz4Vectorization}. */
  static void selfTest() {
    byte[] a = new byte[32];
    for (int i = 0; i < a.length; i++) {
      a[i] = (byte) i;
    }
    copy16(a, 0, a, 16);
    for (int i = 0; i < 16; i++) {
      if (a[16 + i] != i) {
        throw new IllegalStateException("16-byte vector copy gave a wrong byte at " + i);
      }
    }
  }
}
