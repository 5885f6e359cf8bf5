package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code libxxhash}'s XXH3 streaming state: {@code XXH3_128bits_reset_withSeed}, {@code
 * XXH3_128bits_update} (heap, short, ordinary) and {@code XXH3_128bits_reset_withSecret}, which
 * {@link NativeHashes#xxh3Accumulate} uses for XXH3's bulk work: one group of {@link
 * XxHashLibrary}, bound and self-tested when this class is initialised, at its first use.
 */
final class Xxh3StateBinding {
  private Xxh3StateBinding() {}

  // XXH_errorcode XXH3_128bits_reset_withSeed(XXH3_state_t*, XXH64_hash_t)
  private static final FunctionDescriptor RESET = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
  // XXH_errorcode XXH3_128bits_reset_withSecret(XXH3_state_t*, const void* secret, size_t secretSize)
  private static final FunctionDescriptor RESET_SECRET = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);

  private static final MethodHandle[] H = XxHashLibrary.group("XXH3 streaming state", lib -> {
    MethodHandle[] u = XxHashLibrary.three(lib, XxHashLibrary.UPDATE_HEAP, XxHashLibrary.UPDATE_RAW, "XXH3_128bits_update_dispatch", "XXH3_128bits_update");
    MethodHandle[] h = {
        NativeLibraries.bind(lib, "XXH3_128bits_reset_withSeed", RESET, SHORT), u[0], u[1], u[2],
        NativeLibraries.bind(lib, "XXH3_128bits_reset_withSecret", RESET_SECRET, SHORT)};
    selfTest(h);
    return h;
  });
  static final boolean OK = H != null;
  static final MethodHandle A = OK ? H[0] : null;
  static final MethodHandle B = OK ? H[1] : null;
  static final MethodHandle C = OK ? H[2] : null;
  static final MethodHandle D = OK ? H[3] : null;
  static final MethodHandle E = OK ? H[4] : null;

  /** {@code XXH3_128bits_reset_withSeed} of the state at {@code state}. */
  static int reset(long state, long seed) {
    try {
      return (int) A.invokeExact(state, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH3_128bits_reset_withSecret}: the secret, in native memory, must stay there until the digest. */
  static int resetSecret(long state, long secret, int secretLen) {
    try {
      return (int) E.invokeExact(state, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int updateHeap(long state, MemorySegment in, int len) {
    try {
      return (int) B.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #updateHeap}, for an array not in NativeSegments' cache: the segment made here, where escape analysis can remove it. */
  static int updateFresh(long state, byte[] in, int off, int len) {
    try {
      return (int) B.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int updateRaw(boolean critical, long state, long in, int len) {
    try {
      return critical ? (int) C.invokeExact(state, in, (long) len) : (int) D.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * The streaming state as {@link NativeHashes#xxh3Accumulate} uses it: after 300 bytes, 256
   * consumed (4 stripes, in 0.8.1) or fewer, the rest buffered (the Java side checks the
   * accumulators themselves: XxHash128); then the same from a secret, the one the seed 1 derives
   * (the state's customSecret, at 64).
   */
  private static void selfTest(MethodHandle[] h) throws Throwable {
    try (Arena arena = Arena.ofConfined()) {
      long off = XxHashLibrary.data(arena).address();
      MemorySegment state = arena.allocate(XxHashLibrary.STATE_SIZE, XxHashLibrary.STATE_ALIGN);
      long st = state.address();
      int r1 = (int) h[0].invokeExact(st, 1L);
      int u1 = (int) h[3].invokeExact(st, off, 300L);
      int u2 = (int) h[2].invokeExact(st, off, 0L);
      int u3 = (int) h[1].invokeExact(st, MemorySegment.ofArray(new byte[0]), 0L);
      int buffered = state.get(JAVA_INT, XxHashLibrary.STATE_BUFFERED);
      XxHashLibrary.check(r1 == 0 && u1 == 0 && u2 == 0 && u3 == 0 && state.get(JAVA_LONG, XxHashLibrary.STATE_TOTAL) == 300 && buffered >= 1 && buffered <= 256
          && (300 - buffered) % 64 == 0 && state.get(JAVA_LONG, XxHashLibrary.STATE_STRIPES) == (300 - buffered) / 64, XxHashLibrary.NAME, "XXH3 streaming state");
      MemorySegment nativeSecret = arena.allocate(192);
      nativeSecret.copyFrom(state.asSlice(XxHashLibrary.STATE_SECRET, 192));
      int r2 = (int) h[4].invokeExact(st, nativeSecret.address(), 192L);
      int u4 = (int) h[3].invokeExact(st, off, 300L);
      XxHashLibrary.check(r2 == 0 && u4 == 0 && state.get(JAVA_LONG, XxHashLibrary.STATE_TOTAL) == 300 && state.get(JAVA_INT, XxHashLibrary.STATE_BUFFERED) == buffered, XxHashLibrary.NAME,
          "XXH3 streaming state with a secret");
    }
  }
}
