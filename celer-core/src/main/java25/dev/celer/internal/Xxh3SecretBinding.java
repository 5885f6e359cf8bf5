package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.HEAP;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code libxxhash}'s {@code XXH3_64bits_withSecret}, heap input and raw input (both critical
 * calls): one group of {@link XxHashLibrary}, bound and self-tested when this class is
 * initialised, at its first use; its self-test uses {@link Xxh3StateBinding}.
 */
final class Xxh3SecretBinding {
  private Xxh3SecretBinding() {}

  // XXH64_hash_t XXH3_64bits_withSecret(const void* data, size_t len, const void* secret, size_t secretSize):
  // the input a heap segment or a raw address, the secret always a heap segment (a critical call)
  private static final FunctionDescriptor SECRET_HEAP = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);
  private static final FunctionDescriptor SECRET_RAW = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG);

  private static final MethodHandle[] H = XxHashLibrary.group("XXH3-64 with a secret", lib -> {
    String[] withSecret = {"XXH3_64bits_withSecret_dispatch", "XXH3_64bits_withSecret"};
    MethodHandle[] h = {NativeLibraries.bindFirst(lib, SECRET_HEAP, HEAP, withSecret), NativeLibraries.bindFirst(lib, SECRET_RAW, HEAP, withSecret)};
    selfTest(h);
    return h;
  });
  static final boolean OK = H != null;
  static final MethodHandle A = OK ? H[0] : null;
  static final MethodHandle B = OK ? H[1] : null;

  static long heap(MemorySegment in, int len, MemorySegment secret, int secretLen) {
    try {
      return (long) A.invokeExact(in, (long) len, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #heap}, the input at a raw address (a critical call: short inputs only). */
  static long raw(long in, int len, MemorySegment secret, int secretLen) {
    try {
      return (long) B.invokeExact(in, (long) len, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** With the secret the seed 1 derives (read from a state reset by {@link Xxh3StateBinding}), the seeded hash for inputs over 240 bytes. */
  private static void selfTest(MethodHandle[] h) throws Throwable {
    XxHashLibrary.check(Xxh3StateBinding.OK, XxHashLibrary.NAME, "XXH3-64 with a secret (its self-test needs the XXH3 streaming state)");
    try (Arena arena = Arena.ofConfined()) {
      long off = XxHashLibrary.data(arena).address();
      MemorySegment state = arena.allocate(XxHashLibrary.STATE_SIZE, XxHashLibrary.STATE_ALIGN);
      int r = (int) Xxh3StateBinding.A.invokeExact(state.address(), 1L);
      byte[] secret = state.asSlice(XxHashLibrary.STATE_SECRET, 192).toArray(JAVA_BYTE);
      XxHashLibrary.check(r == 0 && (long) h[0].invokeExact(MemorySegment.ofArray(XxHashLibrary.DATA), 300L, MemorySegment.ofArray(secret), 192L) == 0xe64fbdc9e9bd684dL
          && (long) h[1].invokeExact(off, 300L, MemorySegment.ofArray(secret), 192L) == 0xe64fbdc9e9bd684dL, XxHashLibrary.NAME, "XXH3-64 with a secret");
    }
  }
}
