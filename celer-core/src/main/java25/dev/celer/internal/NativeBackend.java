package dev.celer.internal;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The native backend on Java 25+: {@code liblz4} and {@code libxxhash} (an explicit file, else the
 * optional {@code celer-native} module's build, else the system's: {@link NativeLibraries#load})
 * called through the Foreign Function &amp; Memory API (the multi-release override of the Java 11 class of the
 * same name; see there for the contract of each method).
 *
 * <h2>Selection</h2>
 * The system property {@code dev.celer.native} is {@code auto} (default), {@code force} or {@code
 * off}. {@code auto} binds the libraries only when the JVM has granted this module native access
 * ({@code --enable-native-access=ALL-UNNAMED} on the class path, {@code =dev.celer} on the module
 * path, or an executable jar's {@code Enable-Native-Access} manifest entry), so Celer never makes
 * the JDK print its restricted-method warning; {@code force} binds them anyway. {@link Lz4Library}
 * and {@link XxHashLibrary} then each load their library and check its version once (every step
 * that fails is named in {@link #status()}; when none gives a library, that half stays in pure
 * Java for the life of the JVM),
 * and bind and self-test each group of entry points at its first use (a group that fails stays in
 * pure Java alone, its reason added to {@link #status()}).
 *
 * <h2>Memory</h2>
 * Heap arrays go to the library without a copy through {@code Linker.Option.critical(true)}
 * downcalls, and direct buffers as raw addresses through {@code critical(false)} ones; critical
 * calls keep the JVM from reaching a safepoint while they run, so they are used only when a call
 * touches at most {@link #CRITICAL_MAX_FAST} bytes (LZ4 fast compression), {@link
 * #CRITICAL_MAX_DECOMPRESS} (decompression) or {@link #CRITICAL_MAX_HASH} (hashes). Larger calls
 * and every HC call (slow per byte) are ordinary downcalls, on direct buffers as they are and on
 * heap arrays copied through native memory. Compressor state (16 KB fast, about 256 KB HC), copy
 * buffers and XXH3's streaming state come from a small pool of {@link NativeScratch} objects; heap
 * segments are made per call for LZ4 calls on whole arrays and short hashes (removed by escape
 * analysis; see {@link NativeLz4}), and the other heap segments and buffer
 * addresses come from a weak identity cache (see {@link NativeSegments}), so a steady-state call allocates
 * nothing on the Java heap, at any number of call sites.
 *
 * <h2>Layout</h2>
 * This class is the entry point the Java side calls, and delegates: {@link NativeLz4} (LZ4 block
 * calls), {@link NativeLz4Dict} (LZ4 with a dictionary), {@link NativeLz4Linked} (linked HC 10–12
 * in one state per sequence), {@link NativeHashes} (xxHash), over
 * {@link NativeSegments} (heap segments and buffer addresses) and {@link NativeScratch} (pooled
 * native memory); the bindings are in {@link Lz4Library} and {@link XxHashLibrary} and their
 * group classes.
 */
public final class NativeBackend {
  private NativeBackend() {}

  /**
   * The largest {@code input + output capacity} of an LZ4 fast compression made as a critical
   * downcall. While a critical call runs, no other thread can reach a safepoint (a collection
   * waits): measured with {@code -Xlog:safepoint} ({@code dev.celer.bench.SafepointProbe},
   * docs/benchmarks.md, "Native backend"), the time to safepoint grows to the call's own length,
   * median 0.08 ms for 64 KB blocks and 0.38 ms for 256 KB, against 3 us for ordinary downcalls.
   * 256 KB (a 128 KB block, about 0.2 ms) keeps the hold under a quarter of a millisecond; larger
   * calls on heap arrays are copied through pooled native memory and made as ordinary downcalls.
   * The system property {@code dev.celer.native.criticalMax} sets this cap and {@link
   * #CRITICAL_MAX_DECOMPRESS} (0: never critical on heap arrays; a process without latency-
   * sensitive threads, like the CLI, may raise it).
   */
  static final int CRITICAL_MAX_FAST = Integer.getInteger("dev.celer.native.criticalMax", 256 << 10);

  /**
   * As {@link #CRITICAL_MAX_FAST}, for decompression, about 5 times faster per
   * byte: 2 MB (about a 1 MB output, 0.4 ms measured per call).
   */
  static final int CRITICAL_MAX_DECOMPRESS = Integer.getInteger("dev.celer.native.criticalMax", 2 << 20);

  /** As {@link #CRITICAL_MAX_FAST}, for the hashes (about 0.3 ms at 30 GB/s); larger heap inputs hash in Java. */
  static final int CRITICAL_MAX_HASH = 8 << 20;

  /** Why the libraries are not even tried, or {@code null} when they may be. */
  static final String REFUSED = refusal();

  private static String refusal() {
    String mode = System.getProperty("dev.celer.native", "auto").trim().toLowerCase(Locale.ROOT);
    switch (mode) {
      case "off":
        return "dev.celer.native=off";
      case "force":
        return null;
      case "auto":
        return NativeBackend.class.getModule().isNativeAccessEnabled()
            ? null
            : "native access not enabled — add --enable-native-access="
                + (NativeBackend.class.getModule().isNamed() ? "dev.celer" : "ALL-UNNAMED");
      default:
        return "dev.celer.native=" + mode + " is none of auto, force, off";
    }
  }

  public static boolean lz4() {
    return Lz4Library.FAILURE == null;
  }

  public static boolean xxhash() {
    return XxHashLibrary.FAILURE == null;
  }

  /**
   * The libraries' state (each with where it came from and why earlier steps failed), then any
   * group of entry points that failed its self-test at its first use (see {@link Lz4Library}):
   * e.g. {@code "native: liblz4 1.10.0 (bundled linux-x86_64, memfd), libxxhash 0.8.1 (system
   * libxxhash.so.0; bundled: celer-native has no libxxhash.so for linux-x86_64); HC compression in
   * pure Java: ..."}. Groups are bound lazily, so a failure shows from its first use on.
   */
  public static String status() {
    String groups = NativeLibraries.groupFailures();
    String libraries = libraries();
    return groups.isEmpty() ? libraries : libraries + "; " + groups;
  }

  private static String libraries() {
    String lz4 = Lz4Library.FAILURE;
    String xxh = XxHashLibrary.FAILURE;
    String lz4Name = Lz4Library.NAME + " (" + Lz4Library.ORIGIN + ")";
    String xxhName = XxHashLibrary.NAME + " (" + XxHashLibrary.ORIGIN + ")";
    if (lz4 == null && xxh == null) {
      return "native: " + lz4Name + ", " + xxhName;
    }
    if (lz4 != null && xxh != null) {
      return lz4.equals(xxh) ? "pure Java: " + lz4 : "pure Java: liblz4: " + lz4 + "; libxxhash: " + xxh;
    }
    return lz4 == null
        ? "native: " + lz4Name + "; xxHash in pure Java: " + xxh
        : "native: " + xxhName + "; LZ4 in pure Java: " + lz4;
  }

  // ---------------------------------------------------------------------------------------- LZ4

  public static int lz4CompressFast(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int acceleration) {
    return NativeLz4.compressFast(src, srcOff, srcLen, dst, dstOff, dstCap, acceleration);
  }

  public static boolean lz4HighNative(int level) {
    return NativeLz4.highNative(level);
  }

  public static int lz4CompressHigh(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    return NativeLz4.compressHigh(src, srcOff, srcLen, dst, dstOff, dstCap, level);
  }

  public static int lz4Decompress(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    return NativeLz4.decompress(src, srcOff, srcLen, dst, dstOff, dstCap);
  }

  /**
   * {@code LZ4_compress_destSize} ({@code level} 0) or {@code LZ4_compress_HC_destSize} (1..12).
   *
   * @return {@code consumed << 32 | written}
   */
  public static long lz4CompressDestSize(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    return NativeLz4.compressDestSize(src, srcOff, srcLen, dst, dstOff, dstCap, level);
  }

  /** What {@link #lz4Decompress} and {@link #lz4DecompressDict} return when they leave the call to Java. */
  public static final int DECLINED = Integer.MIN_VALUE;

  public static int lz4DecompressDict(
      Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, Object dict, int dictOff, int dictLen) {
    return NativeLz4.decompressDict(src, srcOff, srcLen, dst, dstOff, dstCap, dict, dictOff, dictLen);
  }

  // ------------------------------------------------------------------ LZ4 dictionary compression

  public static boolean lz4DictCompression() {
    return Lz4DictCompressBinding.ready();
  }

  public static boolean lz4HighDictAttach() {
    return Lz4HighAttachBinding.ready();
  }

  public static boolean lz4DictFits(int srcLen, int dstCap) {
    return NativeScratch.windowFits(srcLen, dstCap);
  }

  public static int lz4CompressDict(byte[] dict, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration) {
    return NativeLz4Dict.compressDict(dict, src, srcOff, srcLen, dst, dstOff, dstCap, level, acceleration);
  }

  public static int lz4CompressHistory(Object base, int histStart, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration,
      boolean external) {
    return NativeLz4Dict.compressHistory(base, histStart, srcOff, srcLen, dst, dstOff, dstCap, level, acceleration, external);
  }

  // ----------------------------------------------------------- linked HC 10-12 in one state

  public static boolean lz4LinkedHigh() {
    return Lz4LinkedHighBinding.ready();
  }

  public static Object lz4LinkedHighOpen(int level) {
    return NativeLz4Linked.open(level);
  }

  public static int lz4LinkedHighCompress(Object state, int mode, byte[] window, int histStart, int srcOff, int srcLen, byte[] dst, int dstOff,
      int dstCap) {
    return ((NativeLz4Linked) state).compress(mode, window, histStart, srcOff, srcLen, dst, dstOff, dstCap);
  }

  public static void lz4LinkedHighClose(Object state) {
    ((NativeLz4Linked) state).close();
  }

  // ------------------------------------------------------------------------------------- xxHash

  public static boolean xxh32Native() {
    return Xxh32Binding.OK;
  }

  public static boolean xxh64Native() {
    return Xxh64Binding.OK;
  }

  public static boolean xxh3Native() {
    return Xxh3Binding.OK;
  }

  public static boolean xxh128Native() {
    return Xxh128Binding.OK;
  }

  public static boolean xxh3StateNative() {
    return Xxh3StateBinding.OK;
  }

  public static boolean xxh3SecretNative() {
    return Xxh3SecretBinding.OK;
  }

  public static int xxh32(Object base, int off, int len, int seed) {
    return NativeHashes.xxh32(base, off, len, seed);
  }

  public static long xxh64(Object base, int off, int len, long seed) {
    return NativeHashes.xxh64(base, off, len, seed);
  }

  public static long xxh3(Object base, int off, int len, long seed) {
    return NativeHashes.xxh3(base, off, len, seed);
  }

  /** @return {@code XXH3_128bits_withSeed} of {@code base[off, off+len)}; the result lands in pooled memory */
  public static dev.celer.xxhash.Hash128 xxh128(Object base, int off, int len, long seed) {
    return NativeHashes.xxh128(base, off, len, seed);
  }

  public static boolean xxh32Stripes(Object base, int off, int len, int[] acc) {
    return NativeHashes.xxh32Stripes(base, off, len, acc);
  }

  public static boolean xxh64Stripes(Object base, int off, int len, long[] acc) {
    return NativeHashes.xxh64Stripes(base, off, len, acc);
  }

  /** See {@link NativeHashes#xxh3Accumulate}. */
  public static int xxh3Accumulate(Object base, int off, int len, long seed, long[] acc) {
    return NativeHashes.xxh3Accumulate(base, off, len, seed, acc);
  }

  /** As {@link #xxh3Accumulate}, with a custom secret (copied into the state's pooled memory first). */
  public static int xxh3AccumulateWithSecret(Object base, int off, int len, byte[] secret, long[] acc) {
    return NativeHashes.xxh3AccumulateWithSecret(base, off, len, secret, acc);
  }

  /** @return {@code XXH3_64bits_withSecret} of {@code base[off, off+len)}; only where {@link #hashableWithSecret} */
  public static long xxh3WithSecret(Object base, int off, int len, byte[] secret) {
    return NativeHashes.xxh3WithSecret(base, off, len, secret);
  }

  /** @return whether {@link #xxh3WithSecret} takes {@code len} bytes of {@code base}: a critical call, so up to {@link #CRITICAL_MAX_HASH} */
  public static boolean hashableWithSecret(Object base, int len) {
    return len <= CRITICAL_MAX_HASH && readable(base);
  }

  /**
   * @return whether {@code base} may be passed to these methods as an LZ4 destination: a {@code
   *     byte[]}, or a direct, writable {@code ByteBuffer} whose memory cannot be freed during a call
   *     (see {@link NativeSegments#stable}; heap buffers reach the codecs unwrapped to their arrays)
   */
  public static boolean addressable(Object base) {
    return base instanceof byte[] || base instanceof ByteBuffer b && b.isDirect() && !b.isReadOnly() && NativeSegments.stable(b);
  }

  /** @return whether {@code base} may be passed to these methods as an LZ4 source: as {@link #addressable}, read-only buffers too */
  public static boolean readable(Object base) {
    return base instanceof byte[] || base instanceof ByteBuffer b && b.isDirect() && NativeSegments.stable(b);
  }

  /**
   * @return whether a hash of {@code len} bytes of {@code base} goes native: heap arrays up to
   *     {@link #CRITICAL_MAX_HASH} bytes (larger ones would hold off safepoints too long) and
   *     direct buffers of any size (above that limit through an ordinary downcall)
   */
  public static boolean hashable(Object base, int len) {
    return base instanceof byte[] ? len <= CRITICAL_MAX_HASH : readable(base);
  }

  /** @return {@code t} to rethrow: the handles declare {@code Throwable}, but only unchecked ones occur */
  static RuntimeException failure(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IllegalStateException("native call failed", t);
  }
}
