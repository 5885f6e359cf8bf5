package net.jpountz.lz4;

import dev.celer.lz4.Lz4;

/**
 * Entry point of the {@code net.jpountz.lz4} block API. Every factory method of lz4-java 1.8.0 and
 * of its maintained fork is here, and <b>every one returns Celer's safe implementation</b>: the
 * compressors are Celer's fast and HC compressors (byte-identical to liblz4 1.9.3/1.9.4, so to
 * lz4-java's JNI instance), the decompressors Celer's bounded decoder. What each method returns:
 *
 * <table>
 *   <caption>factories</caption>
 *   <tr><th>method</th><th>lz4-java</th><th>Celer</th></tr>
 *   <tr><td>{@link #nativeInstance()}</td><td>JNI (liblz4)</td><td>Celer</td></tr>
 *   <tr><td>{@link #nativeInsecureInstance()}</td><td>JNI with the unbounded fast decoder</td><td>Celer (bounded)</td></tr>
 *   <tr><td>{@link #safeInstance()}</td><td>pure Java, array bounds checks</td><td>Celer</td></tr>
 *   <tr><td>{@link #unsafeInstance()}</td><td>{@code sun.misc.Unsafe} (fork: the safe one)</td><td>Celer</td></tr>
 *   <tr><td>{@link #unsafeInsecureInstance()}</td><td>{@code sun.misc.Unsafe}, unchecked</td><td>Celer (bounded)</td></tr>
 *   <tr><td>{@link #fastestJavaInstance()}, {@link #fastestInstance()}</td><td>the best of the above</td><td>Celer</td></tr>
 * </table>
 *
 * The factories are distinct objects (so code that compares them keeps working) sharing the same
 * thread-safe compressor and decompressor instances. No factory loads native code or uses {@code
 * sun.misc.Unsafe}.
 *
 * <pre>{@code
 * LZ4Factory factory = LZ4Factory.fastestInstance();
 * byte[] compressed = factory.fastCompressor().compress(data);
 * byte[] restored = factory.safeDecompressor().decompress(compressed, data.length);
 * }</pre>
 */
public final class LZ4Factory {
  /** lz4-java's HC levels: a request above this means this ({@code LZ4Constants.MAX_COMPRESSION_LEVEL}). */
  private static final int MAX_COMPRESSION_LEVEL = 17;

  /** lz4-java's default HC level, also what a level below 1 means. */
  private static final int DEFAULT_COMPRESSION_LEVEL = 9;

  private static final int MIN_ACCELERATION = 1;
  private static final int MAX_ACCELERATION = 65537;

  /** lz4-java's acceleration range: a request outside it means its nearest end. */
  static int clampAcceleration(int acceleration) {
    return Math.max(MIN_ACCELERATION, Math.min(MAX_ACCELERATION, acceleration));
  }

  private static final LZ4Compressor FAST = new CelerCompressor(Lz4.fastCompressor(), "CelerFastCompressor", 1);
  private static final LZ4Compressor[] HIGH = new LZ4Compressor[MAX_COMPRESSION_LEVEL + 1];

  static {
    for (int level = 1; level <= MAX_COMPRESSION_LEVEL; level++) {
      HIGH[level] = new CelerCompressor(
          Lz4.highCompressor(level), "CelerHighCompressor(level=" + level + ")", CelerCompressor.hcFrameLevel(level));
    }
  }

  private static final LZ4Factory NATIVE = new LZ4Factory("JNI");
  private static final LZ4Factory NATIVE_INSECURE = new LZ4Factory("JNI");
  private static final LZ4Factory SAFE = new LZ4Factory("JavaSafe");
  private static final LZ4Factory UNSAFE_INSECURE = new LZ4Factory("JavaUnsafe");

  private final String impl;

  private LZ4Factory(String impl) {
    this.impl = impl;
  }

  /** {@return the factory lz4-java backs with JNI; here Celer's implementation} */
  public static synchronized LZ4Factory nativeInstance() {
    return NATIVE;
  }

  /**
   * @return the fork's factory whose fast decompressor is liblz4's unbounded one; here Celer's
   *     bounded implementation, like every factory
   * @deprecated kept for source compatibility with the fork; it is as safe as the others here
   */
  @Deprecated
  public static synchronized LZ4Factory nativeInsecureInstance() {
    return NATIVE_INSECURE;
  }

  /** {@return the pure-Java factory; Celer's implementation} */
  public static synchronized LZ4Factory safeInstance() {
    return SAFE;
  }

  /**
   * {@return lz4-java's {@code sun.misc.Unsafe} factory; as in the fork, the safe factory itself}
   */
  public static synchronized LZ4Factory unsafeInstance() {
    return SAFE;
  }

  /**
   * @return the fork's unchecked {@code Unsafe} factory; here Celer's bounded implementation
   * @deprecated kept for source compatibility with the fork; it is as safe as the others here
   */
  @Deprecated
  public static synchronized LZ4Factory unsafeInsecureInstance() {
    return UNSAFE_INSECURE;
  }

  /** {@return the safe factory (Celer has one Java implementation)} */
  public static LZ4Factory fastestJavaInstance() {
    return safeInstance();
  }

  /** {@return the native factory (Celer's implementation, as all)} */
  public static LZ4Factory fastestInstance() {
    return nativeInstance();
  }

  /** {@return the fast compressor (acceleration 1, {@code LZ4_compress_default}); thread-safe} */
  public LZ4Compressor fastCompressor() {
    return FAST;
  }

  /** {@return the HC compressor at level 9; thread-safe} */
  public LZ4Compressor highCompressor() {
    return HIGH[DEFAULT_COMPRESSION_LEVEL];
  }

  /**
   * {@return the HC compressor at that level; thread-safe}
   *
   * @param compressionLevel 1 to 17 as in lz4-java: above 17 means 17, below 1 means 9; levels
   *     above 12 compress as 12, as liblz4 does
   */
  public LZ4Compressor highCompressor(int compressionLevel) {
    return HIGH[clampLevel(compressionLevel)];
  }

  /**
   * {@return a new fast-reset compressor at acceleration 1 (see {@link LZ4JNIFastResetCompressor})}
   *
   * @throws UnsupportedOperationException on a factory other than {@link #nativeInstance()}, as in
   *     the fork
   */
  public LZ4JNIFastResetCompressor fastResetCompressor() {
    return fastResetCompressor(MIN_ACCELERATION);
  }

  /**
   * {@return a new fast-reset compressor (see {@link LZ4JNIFastResetCompressor})}
   *
   * @param acceleration clamped to 1..65537
   * @throws UnsupportedOperationException on a factory other than {@link #nativeInstance()}, as in
   *     the fork
   */
  public LZ4JNIFastResetCompressor fastResetCompressor(int acceleration) {
    requireNative("fastResetCompressor");
    return new LZ4JNIFastResetCompressor(acceleration);
  }

  /**
   * {@return a new fast-reset HC compressor at level 9 (see {@link LZ4JNIHCFastResetCompressor})}
   *
   * @throws UnsupportedOperationException on a factory other than {@link #nativeInstance()}
   */
  public LZ4JNIHCFastResetCompressor highFastResetCompressor() {
    return highFastResetCompressor(DEFAULT_COMPRESSION_LEVEL);
  }

  /**
   * {@return a new fast-reset HC compressor (see {@link LZ4JNIHCFastResetCompressor})}
   *
   * @param compressionLevel as {@link #highCompressor(int)}
   * @throws UnsupportedOperationException on a factory other than {@link #nativeInstance()}
   */
  public LZ4JNIHCFastResetCompressor highFastResetCompressor(int compressionLevel) {
    requireNative("highFastResetCompressor");
    return new LZ4JNIHCFastResetCompressor(compressionLevel);
  }

  /** {@return the bounded exact-length decompressor (see {@link LZ4FastDecompressor}); thread-safe} */
  public LZ4FastDecompressor fastDecompressor() {
    return CelerFastDecompressor.INSTANCE;
  }

  /** {@return the bounded decompressor; thread-safe} */
  public LZ4SafeDecompressor safeDecompressor() {
    return CelerSafeDecompressor.INSTANCE;
  }

  /**
   * @return {@link #safeDecompressor()}
   * @deprecated use {@link #safeDecompressor()}
   */
  @Deprecated
  public LZ4UnknownSizeDecompressor unknownSizeDecompressor() {
    return safeDecompressor();
  }

  /**
   * @return {@link #fastDecompressor()}
   * @deprecated use {@link #fastDecompressor()}
   */
  @Deprecated
  public LZ4Decompressor decompressor() {
    return fastDecompressor();
  }

  /**
   * Prints the fastest instances, as lz4-java's {@code main} does.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    System.out.println("Fastest instance is " + fastestInstance());
    System.out.println("Fastest Java instance is " + fastestJavaInstance());
  }

  @Override
  public String toString() {
    return "LZ4Factory:" + impl + " (Celer)";
  }

  static int clampLevel(int level) {
    if (level > MAX_COMPRESSION_LEVEL) {
      return MAX_COMPRESSION_LEVEL;
    }
    return level < 1 ? DEFAULT_COMPRESSION_LEVEL : level;
  }

  private void requireNative(String method) {
    if (!"JNI".equals(impl)) {
      throw new UnsupportedOperationException(
          method + "() is only available for the native instance. Use LZ4Factory.nativeInstance() to get a native factory");
    }
  }
}
