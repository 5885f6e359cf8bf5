package net.jpountz.xxhash;

/**
 * Entry point of the {@code net.jpountz.xxhash} API. Every factory method of lz4-java is here and
 * every one returns Celer's pure-Java XXH32/XXH64 ({@link dev.celer.xxhash.XxHash32}, {@link
 * dev.celer.xxhash.XxHash64}): {@link #nativeInstance()} loads no JNI library, {@link
 * #unsafeInstance()} uses no {@code sun.misc.Unsafe}. The factories are distinct objects sharing
 * the same thread-safe one-shot hashes.
 *
 * <pre>{@code
 * XXHashFactory factory = XXHashFactory.fastestInstance();
 * int h32 = factory.hash32().hash(data, 0, data.length, 0x9747b28c);
 * long h64 = factory.hash64().hash(data, 0, data.length, 0L);
 * }</pre>
 */
public final class XXHashFactory {
  private static final XXHashFactory NATIVE = new XXHashFactory("JNI");
  private static final XXHashFactory SAFE = new XXHashFactory("JavaSafe");
  private static final XXHashFactory UNSAFE = new XXHashFactory("JavaUnsafe");

  private final String impl;

  private XXHashFactory(String impl) {
    this.impl = impl;
  }

  /** {@return the factory lz4-java backs with JNI; here Celer's implementation} */
  public static synchronized XXHashFactory nativeInstance() {
    return NATIVE;
  }

  /** {@return the pure-Java factory; Celer's implementation} */
  public static synchronized XXHashFactory safeInstance() {
    return SAFE;
  }

  /** {@return lz4-java's {@code Unsafe} factory; here Celer's implementation} */
  public static synchronized XXHashFactory unsafeInstance() {
    return UNSAFE;
  }

  /** {@return {@link #unsafeInstance()}, as lz4-java on common CPUs (same code here)} */
  public static XXHashFactory fastestJavaInstance() {
    return unsafeInstance();
  }

  /** {@return {@link #nativeInstance()} (same code here)} */
  public static XXHashFactory fastestInstance() {
    return nativeInstance();
  }

  /** {@return the one-shot XXH32; thread-safe} */
  public XXHash32 hash32() {
    return CelerXXHash.HASH32;
  }

  /** {@return the one-shot XXH64; thread-safe} */
  public XXHash64 hash64() {
    return CelerXXHash.HASH64;
  }

  /**
   * {@return a new streaming XXH32 with {@code seed}; not thread-safe. From {@link
   * #nativeInstance()} (and so {@link #fastestInstance()}) it behaves after {@code close()} as
   * lz4-java's JNI hash: {@code update}, {@code getValue} and {@code reset} throw {@link
   * AssertionError}; from the Java factories it goes on working, as lz4-java's Java hashes}
   *
   * @param seed the seed
   */
  public StreamingXXHash32 newStreamingHash32(int seed) {
    return new CelerXXHash.Streaming32(seed, this == NATIVE);
  }

  /**
   * {@return a new streaming XXH64 with {@code seed}; not thread-safe; after close as {@link #newStreamingHash32}}
   *
   * @param seed the seed
   */
  public StreamingXXHash64 newStreamingHash64(long seed) {
    return new CelerXXHash.Streaming64(seed, this == NATIVE);
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
    return "XXHashFactory:" + impl + " (Celer)";
  }
}
