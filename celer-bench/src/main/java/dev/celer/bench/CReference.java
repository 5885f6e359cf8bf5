package dev.celer.bench;

/**
 * The C reference of {@link OneJvmRatios}: the system's {@code liblz4} and {@code libxxhash} called
 * in-process through the Foreign Function &amp; Memory API, with no check on the Java side.
 *
 * <p>This is the Java 17 face of the class, and it never runs C: the real one is the
 * multi-release override in {@code META-INF/versions/25} (source in {@code src/main/java25}),
 * which a Java 25 JVM loads instead from {@code benchmarks.jar}. Both have the same members; the
 * harness asks {@link #UNAVAILABLE} before calling anything else.
 *
 * <p>Thread-safety: the LZ4 compressors share one state each; one thread only (the harness).
 */
final class CReference {
  private CReference() {}

  /** Why the C reference cannot run in this JVM, or {@code null} when it can. */
  static final String UNAVAILABLE =
      Runtime.version().feature() < 25
          ? "no C in-process on Java " + Runtime.version().feature() + " (the harness binds C through FFM from Java 25 on)"
          : "benchmarks.jar has no Java 25 layer (built without a JDK 25 javac), or is not on the class path as a jar";
  /** e.g. {@code "liblz4 1.9.4, libxxhash 0.8.1"}, or {@code null}. */
  static final String NAME = null;

  /** {@code LZ4_compress_fast_extState}, acceleration 1. */
  static int fast(byte[] src, int srcLen, byte[] dst, int dstCap) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** {@code LZ4_compress_HC_extStateHC}, level 9. */
  static int hc9(byte[] src, int srcLen, byte[] dst, int dstCap) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** {@code LZ4_decompress_safe}. */
  static int decompress(byte[] src, int srcLen, byte[] dst, int dstCap) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** {@code LZ4_decompress_safe_partial}. */
  static int partial(byte[] src, int srcLen, byte[] dst, int target, int dstCap) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** {@code XXH32}. */
  static int xxh32(byte[] in, int len, int seed) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** {@code XXH64}. */
  static long xxh64(byte[] in, int len, long seed) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** {@code XXH3_64bits_withSeed}. */
  static long xxh3(byte[] in, int len, long seed) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** The low 64 bits of {@code XXH3_128bits_withSeed}. */
  static long xxh128(byte[] in, int len, long seed) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** A dictionary prepared as {@code lz4 -D} prepares it ({@code LZ4_loadDict}, {@code LZ4_loadDictHC}). */
  static Object prepareDict(byte[] dict) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** The prepared fast stream copied into the state, then {@code LZ4_compress_fast_continue}, acceleration 1. */
  static int fastDict(Object dict, byte[] src, int srcLen, byte[] dst, int dstCap) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }

  /** The prepared HC stream (level 9) copied into the state, then {@code LZ4_compress_HC_continue}. */
  static int hc9Dict(Object dict, byte[] src, int srcLen, byte[] dst, int dstCap) {
    throw new UnsupportedOperationException(UNAVAILABLE);
  }
}
