package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.HEAP;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;

import dev.celer.internal.NativeLibraries.Refused;
import dev.celer.lz4.Lz4;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bound {@code liblz4} (1.9.3 or later). Loaded and version-checked once, at class
 * initialisation; its entry points are bound and self-tested by group, each at its first use, in
 * one class per group that holds the group's handles, its self-test and the calls made with it:
 * {@link Lz4FastBinding} and {@link Lz4DecompressBinding} (one group per handle shape), {@link
 * Lz4HighBinding}, {@link Lz4DictDecompressBinding}, {@link Lz4DestSizeBinding}, {@link
 * Lz4HighDestSizeBinding}, {@link Lz4DictCompressBinding} and {@link Lz4HighAttachBinding}; so
 * that a process that only compresses never binds the decoders. Every entry point of a group is
 * called once by its self-test before first use, so a library that would fail at its first call
 * (a missing symbol under lazy binding, a wrong result) fails there instead; that group then stays
 * in pure Java for the life of the JVM ({@link NativeBackend} takes the Java path for it), with
 * the reason in {@link NativeBackend#status()}, and the other groups are unaffected.
 *
 * <p>{@code LZ4_decompress_fast} is never bound: it trusts the input. Nor are the partial
 * decoders: partial decoding always runs in Java (see {@code Lz4NativeDecompressor}).
 */
final class Lz4Library {
  private Lz4Library() {}

  /** {@code LZ4_versionNumber()} of 1.9.3: the oldest release without CVE-2021-3520 and with today's API. */
  static final int MIN_VERSION = 10903;

  /** The library's symbols, or {@code null} when it is not used. */
  static final SymbolLookup LIB;
  /** e.g. {@code "liblz4 1.9.4"}. */
  static final String NAME;
  /** Why the library is not used, or {@code null} when it is. */
  static final String FAILURE;
  /** {@code LZ4_sizeofState()} and {@code LZ4_sizeofStateHC()}. */
  static final long STATE_SIZE;
  static final long STATE_HC_SIZE;
  /** {@code LZ4_versionNumber()}, e.g. {@code 10904}, or 0 when the library is not used. */
  static final int VERSION;

  /**
   * {@code LZ4_versionNumber()} of 1.10.0, whose HC levels 1 and 2 use a new match finder ("mid")
   * and so give other bytes than 1.9.x and Celer's pure Java: with such a library those levels
   * stay in Java ({@link NativeLz4#highNative}), so that each level gives the same bytes
   * whatever library is loaded. Fast mode and HC levels 3 to 12 give 1.9.4's bytes.
   */
  static final int MID_VERSION = 11000;

  /** Where the library came from and why earlier steps failed (see {@link NativeLibraries.Loaded#origin}), or {@code null}. */
  static final String ORIGIN;

  static {
    SymbolLookup lib = null;
    String name = null;
    String origin = null;
    String failure = NativeBackend.REFUSED;
    long[] sizes = new long[2];
    int version = 0;
    if (failure == null) {
      try {
        NativeLibraries.Loaded loaded = NativeLibraries.load(
            new NativeLibraries.Spec("liblz4", "dev.celer.native.lz4", "lz4", "liblz4.so.1", "liblz4.1.dylib", "liblz4.dll", "LZ4_versionNumber"), Lz4Library::accept);
        lib = loaded.lib;
        name = loaded.name;
        origin = loaded.origin;
        sizes = stateSizes(lib, name);
        version = versionNumber(lib);
      } catch (Throwable t) {
        failure = NativeLibraries.reason("liblz4", t);
        lib = null;
      }
    }
    LIB = lib;
    NAME = name;
    ORIGIN = origin;
    FAILURE = failure;
    STATE_SIZE = sizes[0];
    STATE_HC_SIZE = sizes[1];
    VERSION = version;
  }

  private static int versionNumber(SymbolLookup lib) throws Throwable {
    return (int) NativeLibraries.bind(lib, "LZ4_versionNumber", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
  }

  /** Accepts a candidate liblz4: its version at least the minimum, its state sizes positive. */
  private static String accept(SymbolLookup lib) throws Throwable {
    int v = versionNumber(lib);
    int min = NativeLibraries.minimum("dev.celer.native.lz4.minVersion", MIN_VERSION);
    String name = "liblz4 " + NativeLibraries.version(v);
    if (v < min) {
      throw new Refused(name + " is older than " + NativeLibraries.version(min));
    }
    stateSizes(lib, name);
    return name;
  }

  /** @return {@code LZ4_sizeofState()} and {@code LZ4_sizeofStateHC()}, both positive */
  private static long[] stateSizes(SymbolLookup lib, String name) throws Throwable {
    // the state sizes share the version's handle shape: no new downcall stub
    long state = (int) NativeLibraries.bind(lib, "LZ4_sizeofState", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
    long stateHc = (int) NativeLibraries.bind(lib, "LZ4_sizeofStateHC", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
    if (state <= 0 || stateHc <= 0) {
      throw new Refused(name + " reports state sizes " + state + " and " + stateHc);
    }
    return new long[] {state, stateHc};
  }

  /** @return whether the library exports {@code symbol} (an optional entry point) */
  static boolean exports(String symbol) {
    return LIB != null && LIB.find(symbol).isPresent();
  }

  // The raw shape of the compressors with a state:
  // int f(void* state, const char* src, char* dst, int srcSize, int dstCapacity, int accelerationOrLevel)
  static final FunctionDescriptor FD_COMPRESS_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT);

  /**
   * One group's binding and self-test, run by its holder's class initialisation.
   *
   * @return the handles, or {@code null} when the library is not in use or the group failed (then
   *     its reason is recorded for {@link NativeBackend#status()})
   */
  static MethodHandle[] group(String what, NativeLibraries.GroupBinder binder) {
    return NativeLibraries.group("liblz4", FAILURE, LIB, NAME, what, binder);
  }

  /**
   * One handle shape of one function, as its own group: bound and self-tested at its first use,
   * so a process binds only the shapes its calls take (celer's 4 MB blocks: heap arrays, critical
   * calls; direct buffers: short calls; large calls copied through native memory: ordinary ones).
   * The shapes of a function share its group name (for the status and {@code
   * dev.celer.native.failSelfTest}).
   */
  interface ShapeTest {
    void run(MethodHandle h, NativeLibraries.Call shape) throws Throwable;
  }

  static MethodHandle shape(String what, String symbol, FunctionDescriptor heap, FunctionDescriptor raw, NativeLibraries.Call shape, ShapeTest test) {
    MethodHandle[] h = group(what, lib -> {
      MethodHandle m = NativeLibraries.bind(lib, symbol, shape == HEAP ? heap : raw, shape);
      test.run(m, shape);
      return new MethodHandle[] {m};
    });
    return h == null ? null : h[0];
  }

  // The self-tests: each calls every handle of its group once on fixed data. Round trips are
  // checked with Celer's pure-Java decoder, so that testing one group binds no other.

  /** 4096 bytes of text with a byte of noise every 7 (compressible, not trivially). */
  static byte[] testData() {
    byte[] data = new byte[4096];
    byte[] text = "Celer self-test: the quick brown fox jumps over the lazy dog. ".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < data.length; i++) {
      data[i] = i % 7 == 0 ? (byte) (i * 31) : text[i % text.length];
    }
    return data;
  }

  /** @return whether {@code block[0, n)} decodes (in Java) to {@code data[0, len)} */
  static boolean decodesTo(byte[] block, int n, byte[] data, int len) {
    byte[] back = new byte[len];
    return n > 0 && Lz4.javaDecompressor().decompress(block, 0, n, back, 0, len) == len && Arrays.equals(back, 0, len, data, 0, len);
  }

  static void check(boolean ok, String what) throws Refused {
    check(ok, NAME, what);
  }

  static void check(boolean ok, String name, String what) throws Refused {
    if (!ok) {
      throw new Refused(name + " failed its self-test: " + what);
    }
  }
}
