package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.HEAP;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code libxxhash}'s {@code XXH32_update} and {@code XXH64_update} on a state whose accumulators
 * the streaming hashes keep in Java (see {@link NativeHashes#xxh32Stripes}): each handle shape of
 * each its own group of {@link XxHashLibrary} (as {@link Lz4FastBinding}), bound and self-tested
 * at its first use; {@code XXH32_digest} / {@code XXH64_digest} are bound for the self-test only.
 */
final class XxhStreamBinding {
  private XxhStreamBinding() {}

  private static MethodHandle stream(boolean xxh64, NativeLibraries.Call shape) {
    MethodHandle[] h = XxHashLibrary.group(xxh64 ? "XXH64 streaming" : "XXH32 streaming", lib -> {
      MethodHandle m = NativeLibraries.bind(lib, xxh64 ? "XXH64_update" : "XXH32_update", shape == HEAP ? XxHashLibrary.UPDATE_HEAP : XxHashLibrary.UPDATE_RAW, shape);
      if (xxh64) {
        selfTestStream64(m, shape, NativeLibraries.bind(lib, "XXH64_digest", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), ORDINARY));
      } else {
        selfTestStream32(m, shape, NativeLibraries.bind(lib, "XXH32_digest", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), ORDINARY));
      }
      return new MethodHandle[] {m};
    });
    return h == null ? null : h[0];
  }

  static final class X32StreamHeap {
    static final MethodHandle H = stream(false, HEAP);
  }

  static final class X32StreamShort {
    static final MethodHandle H = stream(false, SHORT);
  }

  static final class X32StreamOrdinary {
    static final MethodHandle H = stream(false, ORDINARY);
  }

  static final class X64StreamHeap {
    static final MethodHandle H = stream(true, HEAP);
  }

  static final class X64StreamShort {
    static final MethodHandle H = stream(true, SHORT);
  }

  static final class X64StreamOrdinary {
    static final MethodHandle H = stream(true, ORDINARY);
  }

  /** @return whether {@code XXH32_update} ({@code XXH64_update} when {@code xxh64}) may be called in {@code shape} (binds it at the first ask) */
  static boolean ready(boolean xxh64, NativeLibraries.Call shape) {
    return switch (shape) {
      case HEAP -> (xxh64 ? X64StreamHeap.H : X32StreamHeap.H) != null;
      case SHORT -> (xxh64 ? X64StreamShort.H : X32StreamShort.H) != null;
      case ORDINARY -> (xxh64 ? X64StreamOrdinary.H : X32StreamOrdinary.H) != null;
    };
  }

  /** {@code XXH32_update} of the state at {@code state} over a heap segment. */
  static int update32Heap(long state, MemorySegment in, int len) {
    try {
      return (int) X32StreamHeap.H.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #update32Heap}, on a whole array (offset 0): the segment from {@code ofArray} alone, which escape analysis removes at any call site. */
  static int update32Whole(long state, byte[] in, int len) {
    try {
      return (int) X32StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update32Fresh(long state, byte[] in, int off, int len) {
    try {
      return (int) X32StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update32Raw(boolean critical, long state, long in, long len) {
    try {
      return critical ? (int) X32StreamShort.H.invokeExact(state, in, len) : (int) X32StreamOrdinary.H.invokeExact(state, in, len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH64_update} of the state at {@code state} over a heap segment. */
  static int update64Heap(long state, MemorySegment in, int len) {
    try {
      return (int) X64StreamHeap.H.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #update64Heap}, on a whole array (offset 0): the segment from {@code ofArray} alone, which escape analysis removes at any call site. */
  static int update64Whole(long state, byte[] in, int len) {
    try {
      return (int) X64StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update64Fresh(long state, byte[] in, int off, int len) {
    try {
      return (int) X64StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update64Raw(boolean critical, long state, long in, long len) {
    try {
      return critical ? (int) X64StreamShort.H.invokeExact(state, in, len) : (int) X64StreamOrdinary.H.invokeExact(state, in, len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * The XXH32 state as {@link NativeHashes#xxh32Stripes} uses it: the seed's accumulators written
   * at {@link XxHashLibrary#STATE32_V}, whole stripes through each shape of {@code XXH32_update} (the
   * accumulators read back and written again between calls), then the 12-byte tail placed at
   * {@link XxHashLibrary#STATE32_MEM} with its length and the total, and {@code XXH32_digest} must give the
   * one-shot hash of the 300 bytes. Wrong offsets give another hash.
   */
  private static void selfTestStream32(MethodHandle h, NativeLibraries.Call shape, MethodHandle digest) throws Throwable {
    int p1 = 0x9E3779B1;
    int p2 = 0x85EBCA77;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = XxHashLibrary.data(arena);
      MemorySegment s32 = arena.allocate(XxHashLibrary.STATE32_SIZE, 8);
      int[] v = {1 + p1 + p2, 1 + p2, 1, 1 - p1};
      long st = s32.address();
      int r = 0;
      for (int part = 0; part < 3; part++) { // 288 bytes: 96 per call, 6 stripes
        s32.fill((byte) 0);
        for (int i = 0; i < 4; i++) {
          s32.set(JAVA_INT, XxHashLibrary.STATE32_V + 4L * i, v[i]);
        }
        r |= shape == HEAP
            ? (int) h.invokeExact(st, MemorySegment.ofArray(XxHashLibrary.DATA).asSlice(96L * part), 96L)
            : (int) h.invokeExact(st, seg.address() + 96L * part, 96L);
        r |= s32.get(JAVA_INT, XxHashLibrary.STATE32_MEMSIZE);
        for (int i = 0; i < 4; i++) {
          v[i] = s32.get(JAVA_INT, XxHashLibrary.STATE32_V + 4L * i);
        }
      }
      s32.set(JAVA_INT, 0, 300); // total_len_32
      s32.set(JAVA_INT, 4, 1); // large_len
      MemorySegment.copy(seg, 288, s32, XxHashLibrary.STATE32_MEM, 12);
      s32.set(JAVA_INT, XxHashLibrary.STATE32_MEMSIZE, 12);
      XxHashLibrary.check(r == 0 && (int) digest.invokeExact(st) == 0xa00fbf68, XxHashLibrary.NAME, "XXH32 streaming state");
    }
  }

  /** As {@link #selfTestStream32}, for XXH64. */
  private static void selfTestStream64(MethodHandle h, NativeLibraries.Call shape, MethodHandle digest) throws Throwable {
    long q1 = 0x9E3779B185EBCA87L;
    long q2 = 0xC2B2AE3D27D4EB4FL;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = XxHashLibrary.data(arena);
      MemorySegment s64 = arena.allocate(XxHashLibrary.STATE64_SIZE, 8);
      long[] w = {1 + q1 + q2, 1 + q2, 1, 1 - q1};
      long st = s64.address();
      int r = 0;
      for (int part = 0; part < 3; part++) { // 288 bytes: 96 per call, 3 stripes
        s64.fill((byte) 0);
        for (int i = 0; i < 4; i++) {
          s64.set(JAVA_LONG, XxHashLibrary.STATE64_V + 8L * i, w[i]);
        }
        r |= shape == HEAP
            ? (int) h.invokeExact(st, MemorySegment.ofArray(XxHashLibrary.DATA).asSlice(96L * part), 96L)
            : (int) h.invokeExact(st, seg.address() + 96L * part, 96L);
        r |= s64.get(JAVA_INT, XxHashLibrary.STATE64_MEMSIZE);
        for (int i = 0; i < 4; i++) {
          w[i] = s64.get(JAVA_LONG, XxHashLibrary.STATE64_V + 8L * i);
        }
      }
      s64.set(JAVA_LONG, 0, 300L);
      MemorySegment.copy(seg, 288, s64, XxHashLibrary.STATE64_MEM, 12);
      s64.set(JAVA_INT, XxHashLibrary.STATE64_MEMSIZE, 12);
      XxHashLibrary.check(r == 0 && (long) digest.invokeExact(st) == 0x8197c668a97c7639L, XxHashLibrary.NAME, "XXH64 streaming state");
    }
  }
}
