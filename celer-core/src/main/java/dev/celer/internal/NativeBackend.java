package dev.celer.internal;

/**
 * The seam to the native backend: {@code liblz4} and {@code libxxhash} (an explicit file, the
 * optional {@code celer-native} module's build, or the system's) called through
 * the Foreign Function &amp; Memory API (issue 12).
 *
 * <p>This is the Java 11 face of the class, and it is never native: the real binding is the
 * multi-release override of this one class in {@code META-INF/versions/25} (source in {@code
 * src/main/java25}), which the JVM loads instead on Java 25 or later. Both versions have the same
 * public members, so the codecs in {@code dev.celer.lz4} and {@code dev.celer.xxhash} are written
 * once against them and ask {@link #lz4()} / {@link #xxhash()} before calling anything else.
 *
 * <p>Bases are {@code byte[]} or direct {@link java.nio.ByteBuffer}s ({@link #readable} for a
 * source, {@link #addressable} for a destination), with absolute offsets that the caller has already checked against the base; anything else stays on
 * the pure-Java path. Stateless and thread-safe.
 */
public final class NativeBackend {
  private NativeBackend() {}

  /** @return whether the LZ4 block functions of this class may be called */
  public static boolean lz4() {
    return false;
  }

  /** @return whether the xxHash functions of this class may be called */
  public static boolean xxhash() {
    return false;
  }

  /** @return which backend is active and why, e.g. {@code "pure Java: ..."} or {@code "native: ..."} */
  public static String status() {
    int feature = Runtime.version().feature();
    return feature < 25
        ? "pure Java: the native backend needs Java 25 or later (running Java " + feature + ")"
        : "pure Java: this copy of Celer has no Java 25 layer (built without JDK 25, or not loaded from its multi-release jar)";
  }

  /**
   * {@code LZ4_compress_fast_extState}: compresses {@code src[srcOff, srcOff+srcLen)} into {@code
   * dst[dstOff, dstOff+dstCap)}.
   *
   * @return the bytes written, or 0 when the block does not fit
   */
  public static int lz4CompressFast(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int acceleration) {
    throw unavailable();
  }

  /**
   * @return whether HC {@code level} goes native: the library is loaded, and gives Celer's bytes at
   *     that level (liblz4 1.10's levels 1 and 2 do not: its new "mid" match finder; they stay in
   *     Java, which gives 1.9.4's bytes)
   */
  public static boolean lz4HighNative(int level) {
    return false;
  }

  /**
   * {@code LZ4_compress_HC_extStateHC} at {@code level} (1..12).
   *
   * @return the bytes written, or 0 when the block does not fit
   */
  public static int lz4CompressHigh(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    throw unavailable();
  }

  /**
   * {@code LZ4_decompress_safe}: never reads outside {@code src[srcOff, srcOff+srcLen)} nor writes
   * outside {@code dst[dstOff, dstOff+dstCap)}. (Partial decoding always runs in Java: see {@code
   * Lz4NativeDecompressor}.)
   *
   * @return the bytes written, a negative value {@code -(input offset of the error) - 1} when
   *     liblz4 rejects the block, or {@link #DECLINED} when the call is left to Java (the entry
   *     point for this call's shape did not bind)
   */
  public static int lz4Decompress(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    throw unavailable();
  }

  /**
   * {@code LZ4_compress_destSize} ({@code level} 0, acceleration 1) or {@code
   * LZ4_compress_HC_destSize} at {@code level} 1..12: compresses as much of {@code src[srcOff,
   * srcOff+srcLen)} as fits into {@code dst[dstOff, dstOff+dstCap)}.
   *
   * @return {@code consumed << 32 | written}: the input bytes taken and the bytes written
   */
  public static long lz4CompressDestSize(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    throw unavailable();
  }

  /** What {@link #lz4Decompress} and {@link #lz4DecompressDict} return when they leave the call to Java. */
  public static final int DECLINED = Integer.MIN_VALUE;

  /**
   * {@code LZ4_decompress_safe_usingDict}: as {@link #lz4Decompress}, with
   * the history {@code dict[dictOff, dictOff+dictLen)}, which may be the bytes right before the
   * output in the same array (linked blocks) or apart from it (a dictionary). All three bases of one
   * kind (arrays, or direct buffers).
   *
   * @return as {@link #lz4Decompress}, or {@link #DECLINED} when the call is left to Java (mixed
   *     kinds, heap arrays too large for a critical call)
   */
  public static int lz4DecompressDict(
      Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, Object dict, int dictOff, int dictLen) {
    throw unavailable();
  }

  /**
   * @return whether dictionary compression goes native ({@code LZ4_loadDict}, {@code
   *     LZ4_compress_fast_continue}, {@code LZ4_resetStreamHC_fast}, {@code LZ4_loadDictHC} and
   *     {@code LZ4_compress_HC_continue} bound and self-tested)
   */
  public static boolean lz4DictCompression() {
    return false;
  }

  /**
   * Compresses {@code src[srcOff, srcOff+srcLen)} as a block that may reference the prepared
   * dictionary {@code dict} (its kept bytes: exactly 64 KB, never changed) into {@code dst[dstOff,
   * dstOff+dstCap)}, fast ({@code level} 0, at {@code acceleration}) or HC at {@code level} 1..12:
   * {@code LZ4_loadDict} or {@code LZ4_loadDictHC} over the dictionary, then {@code _continue} on
   * the input right after it in native memory (liblz4's prefix mode, whose blocks are those of
   * Celer's pure Java). A pooled scratch keeps the loaded dictionary for the next call with the
   * same {@code dict} and level.
   *
   * @return the number of bytes written, or {@code 0} when the block does not fit
   */
  public static int lz4CompressDict(byte[] dict, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration) {
    throw unavailable();
  }

  /**
   * As {@link #lz4CompressDict}, with the history {@code base[histStart, srcOff)} (exactly 64 KB)
   * loaded per call, and the input {@code base[srcOff, srcOff+srcLen)}: in liblz4's prefix mode,
   * or with {@code external} in its external-dictionary mode (as {@link #lz4CompressDict}).
   *
   * @return the number of bytes written, or {@code 0} when the block does not fit
   */
  public static int lz4CompressHistory(Object base, int histStart, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration,
      boolean external) {
    throw unavailable();
  }

  /**
   * @return whether {@link #lz4CompressDict} takes HC inputs of 4 KB and under, which {@code lz4
   *     -D} compresses in dictCtx mode ({@code LZ4_attach_HC_dictionary}, exported by liblz4 1.10)
   */
  public static boolean lz4HighDictAttach() {
    return false;
  }

  /** @return whether {@link #lz4CompressDict} takes {@code srcLen} bytes of input with {@code dstCap} of output room (the scratch window's limit) */
  public static boolean lz4DictFits(int srcLen, int dstCap) {
    return false;
  }

  /**
   * @return whether linked HC blocks at levels 10–12 may go native in one {@code LZ4_streamHC_t}
   *     kept across the sequence ({@link #lz4LinkedHighOpen}; {@code LZ4_saveDictHC} bound and
   *     self-tested, with dictionary compression)
   */
  public static boolean lz4LinkedHigh() {
    return false;
  }

  /**
   * @return the native state of a new linked HC sequence at {@code level} (opaque; owned by one
   *     sequence, not thread-safe): give it back with {@link #lz4LinkedHighClose}, or drop it (the
   *     GC then frees its native memory)
   */
  public static Object lz4LinkedHighOpen(int level) {
    throw unavailable();
  }

  /**
   * The next block of the sequence {@code state}: {@code window[srcOff, srcOff+srcLen)} with the
   * history {@code window[histStart, srcOff)} (at most 64 KB), into {@code dst[dstOff,
   * dstOff+dstCap)}. {@code mode}: 0, a new sequence (no history); 1, the history loaded afresh
   * ({@code LZ4_loadDictHC}); 2, continued from the previous block ({@code LZ4_saveDictHC} saved
   * it; the history must be its last bytes, which is checked).
   *
   * @return the bytes written, or 0 when the block does not fit
   * @throws IllegalStateException when the state is not what the sequence expects, or an earlier
   *     call on it failed (failures latch)
   */
  public static int lz4LinkedHighCompress(Object state, int mode, byte[] window, int histStart, int srcOff, int srcLen, byte[] dst, int dstOff,
      int dstCap) {
    throw unavailable();
  }

  /** Ends the sequence {@code state}: its native memory goes to a small pool (or to the GC). */
  public static void lz4LinkedHighClose(Object state) {
    throw unavailable();
  }

  // Each xxHash function is bound and self-tested at its first use (on Java 25): these say whether
  // it may be called, binding it at the first ask; false here.

  /** @return whether {@link #xxh32} may be called (binds and self-tests it at the first ask) */
  public static boolean xxh32Native() {
    return false;
  }

  /** @return whether {@link #xxh64} may be called (binds and self-tests it at the first ask) */
  public static boolean xxh64Native() {
    return false;
  }

  /** @return whether {@link #xxh3} may be called (binds and self-tests it at the first ask) */
  public static boolean xxh3Native() {
    return false;
  }

  /** @return whether {@link #xxh128} may be called (binds and self-tests it at the first ask) */
  public static boolean xxh128Native() {
    return false;
  }

  /** @return whether {@link #xxh3Accumulate} and {@link #xxh3AccumulateWithSecret} may be called (binds and self-tests it at the first ask) */
  public static boolean xxh3StateNative() {
    return false;
  }

  /** @return whether {@link #xxh3WithSecret} may be called (binds and self-tests it at the first ask) */
  public static boolean xxh3SecretNative() {
    return false;
  }

  /** @return {@code XXH32} of {@code base[off, off+len)} */
  public static int xxh32(Object base, int off, int len, int seed) {
    throw unavailable();
  }

  /** @return {@code XXH64} of {@code base[off, off+len)} */
  public static long xxh64(Object base, int off, int len, long seed) {
    throw unavailable();
  }

  /** @return {@code XXH3_64bits_withSeed} of {@code base[off, off+len)} */
  public static long xxh3(Object base, int off, int len, long seed) {
    throw unavailable();
  }

  /** @return {@code XXH3_128bits_withSeed} of {@code base[off, off+len)} */
  public static dev.celer.xxhash.Hash128 xxh128(Object base, int off, int len, long seed) {
    throw unavailable();
  }

  /**
   * XXH32's Step 2 over {@code base[off, off+len)}, whole 16-byte stripes ({@code len} a positive
   * multiple of 16), in {@code libxxhash}'s {@code XXH32_update}: the four accumulators {@code acc}
   * are written into a pooled native state, updated there, and read back. The streaming {@code
   * XxHash32} keeps its state in Java and calls this for large updates.
   *
   * @return whether it was done: false (nothing changed) when the call's entry point is not
   *     available (bound at the first ask; it failed its self-test), then the caller does it in Java
   * @throws IllegalArgumentException if {@code len} is not whole stripes
   * @throws IndexOutOfBoundsException if the range is not inside {@code base}
   */
  public static boolean xxh32Stripes(Object base, int off, int len, int[] acc) {
    throw unavailable();
  }

  /** As {@link #xxh32Stripes}, XXH64's 32-byte stripes in {@code XXH64_update}. */
  public static boolean xxh64Stripes(Object base, int off, int len, long[] acc) {
    throw unavailable();
  }

  /**
   * XXH3's bulk work for an input over 240 bytes in libxxhash's streaming state: writes the 8
   * accumulators after all whole stripes but the tail into {@code acc}.
   *
   * @return {@code (stripes done in the current block << 16) | buffered bytes} (the input's last
   *     bytes, not yet accumulated), or -1 when this library's state is not as expected
   */
  public static int xxh3Accumulate(Object base, int off, int len, long seed, long[] acc) {
    throw unavailable();
  }

  /** As {@link #xxh3Accumulate}, with a custom secret instead of a seed. */
  public static int xxh3AccumulateWithSecret(Object base, int off, int len, byte[] secret, long[] acc) {
    throw unavailable();
  }

  /** @return {@code XXH3_64bits_withSecret} of {@code base[off, off+len)}, where {@link #hashableWithSecret} */
  public static long xxh3WithSecret(Object base, int off, int len, byte[] secret) {
    throw unavailable();
  }

  /** @return whether {@link #xxh3WithSecret} takes {@code len} bytes of {@code base} */
  public static boolean hashableWithSecret(Object base, int len) {
    return false;
  }

  /**
   * @return whether {@code base} may be passed to the LZ4 methods: a {@code byte[]}, or a direct,
   *     writable {@code ByteBuffer}
   */
  public static boolean addressable(Object base) {
    return false;
  }

  /**
   * @return whether {@code base} may be passed to the LZ4 methods as a source: as {@link
   *     #addressable}, read-only direct buffers too
   */
  public static boolean readable(Object base) {
    return false;
  }

  /** @return whether a hash of {@code len} bytes of {@code base} goes native */
  public static boolean hashable(Object base, int len) {
    return false;
  }

  private static IllegalStateException unavailable() {
    return new IllegalStateException(status());
  }
}
