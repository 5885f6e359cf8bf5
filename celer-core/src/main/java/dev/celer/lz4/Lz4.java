package dev.celer.lz4;

import dev.celer.internal.NativeBackend;

/**
 * Entry point to the LZ4 block codec: factories and sizes.
 *
 * <pre>{@code
 * Lz4Compressor c = Lz4.fastCompressor();
 * byte[] block = c.compress(data);
 * byte[] back = Lz4.decompressor().decompress(block, data.length);
 * }</pre>
 *
 * <p>Compressors and the decompressor are thread-safe; the stream compressor and decompressor for
 * linked blocks are not (one per sequence). This class has only static members.
 */
public final class Lz4 {
  private Lz4() {}

  /** The largest input a single LZ4 block may hold, as in the C library ({@code LZ4_MAX_INPUT_SIZE}). */
  public static final int MAX_INPUT_SIZE = 0x7E000000;

  /**
   * The worst-case compressed length of a block, for sizing a destination.
   *
   * @param length the input's length in bytes
   * @return the worst-case compressed length of {@code length} input bytes ({@code
   *     LZ4_compressBound}): a destination of this size always suffices
   * @throws IllegalArgumentException when {@code length} is negative or above {@link #MAX_INPUT_SIZE}
   */
  public static int maxCompressedLength(int length) {
    if (length < 0 || length > MAX_INPUT_SIZE) {
      throw new IllegalArgumentException("length out of range 0.." + MAX_INPUT_SIZE + ": " + length);
    }
    return length + length / 255 + 16;
  }

  /**
   * {@return the fast compressor at acceleration 1 (what {@code lz4 -1} uses), on the native
   * backend when it is active (see {@link #backend()})}
   */
  public static Lz4Compressor fastCompressor() {
    return fastCompressor(1);
  }

  /**
   * {@return a fast compressor, on the native backend when it is active}
   *
   * @param acceleration 1 is the default; larger values trade ratio for speed, as in the C
   *     library's {@code LZ4_compress_fast}; out-of-range values are mapped as {@link
   *     Lz4Level#fast(int)} maps them
   */
  public static Lz4Compressor fastCompressor(int acceleration) {
    int a = Lz4Level.clampAcceleration(acceleration);
    return a == 1 ? FAST_1 : Lz4NativeCompressor.fast(new Lz4FastCompressor(a), a);
  }

  private static final Lz4FastCompressor JAVA_FAST_1 = new Lz4FastCompressor(1);
  private static final Lz4Compressor FAST_1 = Lz4NativeCompressor.fast(JAVA_FAST_1, 1);

  /** {@return the high-compression compressor at its default level, {@link Lz4Level#DEFAULT_HIGH}} */
  public static Lz4Compressor highCompressor() {
    return highCompressor(Lz4Level.DEFAULT_HIGH);
  }

  /**
   * {@return an HC compressor, on the native backend when it is active}
   *
   * @param level 1..{@link Lz4Level#MAX} as in the C library's {@code LZ4_compress_HC} (levels 1
   *     and 2 are HC levels here, unlike {@code lz4 -1}); out-of-range values are mapped as {@link
   *     Lz4Level#high(int)} maps them
   */
  public static Lz4Compressor highCompressor(int level) {
    return HIGH[Lz4Level.clampHighLevel(level)];
  }

  /** The HC compressor of each level 1..{@link Lz4Level#MAX} (index 0 unused), native when the backend is. */
  private static final Lz4Compressor[] HIGH = new Lz4Compressor[Lz4Level.MAX + 1];

  static {
    for (int level = 1; level < HIGH.length; level++) {
      HIGH[level] = Lz4NativeCompressor.high(Lz4HighCompressor.forLevel(level));
    }
  }

  /**
   * {@return a new stream compressor for a sequence of linked blocks, starting without history (not
   * thread-safe; see {@link Lz4StreamCompressor})}
   *
   * @param compressor encodes each block (fast or HC)
   */
  public static Lz4StreamCompressor streamCompressor(Lz4Compressor compressor) {
    return new Lz4StreamCompressor(compressor);
  }

  /**
   * {@return a new stream decompressor for a sequence of linked blocks, starting without history
   * (not thread-safe; see {@link Lz4StreamDecompressor})}
   */
  public static Lz4StreamDecompressor streamDecompressor() {
    return new Lz4StreamDecompressor();
  }

  /** {@return the safe decompressor (stateless, shared), on the native backend when it is active} */
  public static Lz4Decompressor decompressor() {
    return DECOMPRESSOR;
  }

  private static final Lz4Decompressor DECOMPRESSOR = Lz4NativeDecompressor.best();

  /** {@return the pure-Java fast compressor at acceleration 1, whatever the backend (benchmarks, tests)} */
  public static Lz4Compressor javaFastCompressor() {
    return JAVA_FAST_1;
  }

  /**
   * {@return the pure-Java fast compressor, whatever the backend}
   *
   * @param acceleration as for {@link #fastCompressor(int)}
   */
  public static Lz4Compressor javaFastCompressor(int acceleration) {
    return acceleration <= 1 ? JAVA_FAST_1 : new Lz4FastCompressor(acceleration);
  }

  /**
   * {@return the pure-Java HC compressor, whatever the backend}
   *
   * @param level as for {@link #highCompressor(int)}
   */
  public static Lz4Compressor javaHighCompressor(int level) {
    return Lz4HighCompressor.forLevel(level);
  }

  /** {@return the pure-Java safe decompressor, whatever the backend} */
  public static Lz4Decompressor javaDecompressor() {
    return Lz4SafeDecompressor.INSTANCE;
  }

  /**
   * Which backend the factories of this class and the xxHash entry points use, and why: for
   * example {@code "native: liblz4 1.10.0 (bundled linux-x86_64, memfd), libxxhash 0.8.3 (bundled
   * linux-x86_64, memfd)"}, {@code "native: liblz4 1.9.4 (system liblz4.so.1; bundled: celer-native
   * is not on the class or module path), ..."}, or {@code "pure Java: native access not enabled —
   * add --enable-native-access=ALL-UNNAMED"}. The native backend (liblz4 and libxxhash through the
   * Foreign Function &amp; Memory API: the files named by {@code dev.celer.native.lz4} / {@code
   * .xxhash}, else the optional {@code celer-native} module's build for this platform, else the
   * system's; each library's text names where it came from and why every earlier step failed)
   * needs Java 25 or later and native access granted to Celer; the system property {@code dev.celer.native} ({@code auto},
   * {@code force}, {@code off}) overrides the choice. The backend is decided once per JVM; each
   * group of native functions is bound and self-tested at its first use, and one that fails stays
   * in pure Java, which this text then says too (so it can grow after start-up). The text is for
   * people; code should ask {@link #isNativeBackend()}.
   *
   * @return a one-line description of the active backend
   */
  public static String backend() {
    return NativeBackend.status();
  }

  /** {@return whether the LZ4 factories of this class return native compressors and decompressor} */
  public static boolean isNativeBackend() {
    return NativeBackend.lz4();
  }
}
