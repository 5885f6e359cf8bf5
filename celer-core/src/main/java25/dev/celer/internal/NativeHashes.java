package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The xxHash calls of {@link NativeBackend} (see there for the contract of each), made with the
 * handles of the {@code Xxh*Binding} groups.
 */
final class NativeHashes {
  private NativeHashes() {}

  /**
   * Below this many bytes a hash of an array makes its segment per call (removed by escape
   * analysis where the JIT inlines the chain) instead of looking it up in the identity cache: the
   * lookup costs about 10 ns, which measured 10-27% of a 1 KB hash (OneJvmRatios, JDK 25: XXH64
   * 0.73x C with the lookup, 1.00x without) and under 2% at 16 KB.
   */
  private static final int CACHED_HASH_MIN = 16 << 10;

  static int xxh32(Object base, int off, int len, int seed) {
    if (base instanceof byte[] a) {
      MemorySegment in = len >= CACHED_HASH_MIN ? NativeSegments.cached(a, off) : null;
      return in != null ? Xxh32Binding.heap(in, len, seed) : Xxh32Binding.fresh(a, off, len, seed);
    }
    ByteBuffer b = (ByteBuffer) base;
    int h = Xxh32Binding.raw(len <= NativeBackend.CRITICAL_MAX_HASH, NativeSegments.address(b) + off, len, seed);
    Reference.reachabilityFence(b);
    return h;
  }

  static long xxh64(Object base, int off, int len, long seed) {
    if (base instanceof byte[] a) {
      MemorySegment in = len >= CACHED_HASH_MIN ? NativeSegments.cached(a, off) : null;
      return in != null ? Xxh64Binding.heap(in, len, seed) : Xxh64Binding.fresh(a, off, len, seed);
    }
    ByteBuffer b = (ByteBuffer) base;
    long h = Xxh64Binding.raw(len <= NativeBackend.CRITICAL_MAX_HASH, NativeSegments.address(b) + off, len, seed);
    Reference.reachabilityFence(b);
    return h;
  }

  static long xxh3(Object base, int off, int len, long seed) {
    if (base instanceof byte[] a) {
      MemorySegment in = len >= CACHED_HASH_MIN ? NativeSegments.cached(a, off) : null;
      return in != null ? Xxh3Binding.heap(in, len, seed) : Xxh3Binding.fresh(a, off, len, seed);
    }
    ByteBuffer b = (ByteBuffer) base;
    long h = Xxh3Binding.raw(len <= NativeBackend.CRITICAL_MAX_HASH, NativeSegments.address(b) + off, len, seed);
    Reference.reachabilityFence(b);
    return h;
  }

  /** @return {@code XXH3_128bits_withSeed} of {@code base[off, off+len)}; the result lands in pooled memory */
  static dev.celer.xxhash.Hash128 xxh128(Object base, int off, int len, long seed) {
    NativeScratch s = NativeScratch.take();
    try {
      if (base instanceof byte[] a) {
        return Xxh128Binding.heap(s.pair, NativeSegments.heap(a, off), len, seed);
      }
      ByteBuffer b = (ByteBuffer) base;
      dev.celer.xxhash.Hash128 h = Xxh128Binding.raw(len <= NativeBackend.CRITICAL_MAX_HASH, s.pair, NativeSegments.address(b) + off, len, seed);
      Reference.reachabilityFence(b);
      return h;
    } finally {
      NativeScratch.give(s);
    }
  }

  /**
   * The most bytes of a heap array one {@code XXH32_update} or {@code XXH64_update} of {@link
   * #xxh32Stripes} takes (a critical call; a multiple of both stripes): larger ranges are hashed in
   * such pieces, each holding off safepoints no longer than a one-shot hash of that size.
   */
  private static final int STRIPES_PIECE = NativeBackend.CRITICAL_MAX_HASH;

  static boolean xxh32Stripes(Object base, int off, int len, int[] acc) {
    if (off < 0 || len <= 0 || (len & 15) != 0 || acc.length != 4) {
      throw new IllegalArgumentException("not whole XXH32 stripes: " + off + ", " + len);
    }
    boolean heap = base instanceof byte[];
    Objects.checkFromIndexSize(off, len, heap ? ((byte[]) base).length : ((ByteBuffer) base).limit());
    if (!XxhStreamBinding.ready(false, heap ? NativeLibraries.Call.HEAP : len <= NativeBackend.CRITICAL_MAX_HASH ? NativeLibraries.Call.SHORT : NativeLibraries.Call.ORDINARY)) {
      return false;
    }
    NativeScratch s = NativeScratch.take();
    try {
      MemorySegment state = s.xxh32State();
      long st = state.address();
      for (int i = 0; i < 4; i++) {
        state.set(JAVA_INT, XxHashLibrary.STATE32_V + 4L * i, acc[i]);
      }
      if (base instanceof byte[] a) {
        for (int done = 0; done < len; ) {
          int n = Math.min(STRIPES_PIECE, len - done);
          // a whole array's segment is made per call (removed by escape analysis); one at an
          // offset comes from the cache, at any length: the asSlice chain is not reliably removed
          // (see NativeLz4), and the lookup is small next to 1 KB of hashing
          MemorySegment in = off + done == 0 ? null : NativeSegments.cached(a, off + done);
          int r = off + done == 0
              ? XxhStreamBinding.update32Whole(st, a, n)
              : in != null ? XxhStreamBinding.update32Heap(st, in, n) : XxhStreamBinding.update32Fresh(st, a, off + done, n);
          checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE32_MEMSIZE));
          done += n;
        }
      } else {
        ByteBuffer b = (ByteBuffer) base;
        int r = XxhStreamBinding.update32Raw(len <= NativeBackend.CRITICAL_MAX_HASH, st, NativeSegments.address(b) + off, len);
        Reference.reachabilityFence(b);
        checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE32_MEMSIZE));
      }
      for (int i = 0; i < 4; i++) {
        acc[i] = state.get(JAVA_INT, XxHashLibrary.STATE32_V + 4L * i);
      }
      return true;
    } finally {
      NativeScratch.give(s);
    }
  }

  static boolean xxh64Stripes(Object base, int off, int len, long[] acc) {
    if (off < 0 || len <= 0 || (len & 31) != 0 || acc.length != 4) {
      throw new IllegalArgumentException("not whole XXH64 stripes: " + off + ", " + len);
    }
    boolean heap = base instanceof byte[];
    Objects.checkFromIndexSize(off, len, heap ? ((byte[]) base).length : ((ByteBuffer) base).limit());
    if (!XxhStreamBinding.ready(true, heap ? NativeLibraries.Call.HEAP : len <= NativeBackend.CRITICAL_MAX_HASH ? NativeLibraries.Call.SHORT : NativeLibraries.Call.ORDINARY)) {
      return false;
    }
    NativeScratch s = NativeScratch.take();
    try {
      MemorySegment state = s.xxh64State();
      long st = state.address();
      for (int i = 0; i < 4; i++) {
        state.set(JAVA_LONG, XxHashLibrary.STATE64_V + 8L * i, acc[i]);
      }
      if (base instanceof byte[] a) {
        for (int done = 0; done < len; ) {
          int n = Math.min(STRIPES_PIECE, len - done);
          // a whole array's segment is made per call (removed by escape analysis); one at an
          // offset comes from the cache, at any length: the asSlice chain is not reliably removed
          // (see NativeLz4), and the lookup is small next to 1 KB of hashing
          MemorySegment in = off + done == 0 ? null : NativeSegments.cached(a, off + done);
          int r = off + done == 0
              ? XxhStreamBinding.update64Whole(st, a, n)
              : in != null ? XxhStreamBinding.update64Heap(st, in, n) : XxhStreamBinding.update64Fresh(st, a, off + done, n);
          checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE64_MEMSIZE));
          done += n;
        }
      } else {
        ByteBuffer b = (ByteBuffer) base;
        int r = XxhStreamBinding.update64Raw(len <= NativeBackend.CRITICAL_MAX_HASH, st, NativeSegments.address(b) + off, len);
        Reference.reachabilityFence(b);
        checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE64_MEMSIZE));
      }
      for (int i = 0; i < 4; i++) {
        acc[i] = state.get(JAVA_LONG, XxHashLibrary.STATE64_V + 8L * i);
      }
      return true;
    } finally {
      NativeScratch.give(s);
    }
  }

  /** Whole stripes leave nothing buffered in the state; anything else means the state is not as the self-test found it. */
  private static void checkUpdate(int result, int memsize) {
    if (result != 0 || memsize != 0) {
      throw new IllegalStateException("libxxhash's streaming state is not as expected (" + result + ", " + memsize + ")");
    }
  }

  /**
   * XXH3's bulk work for inputs over 240 bytes, in libxxhash's streaming state (pooled native
   * memory): {@code XXH3_128bits_reset_withSeed} and one {@code XXH3_128bits_update} of {@code
   * base[off, off+len)}, whose 8 accumulators are then copied into {@code acc}. The caller
   * finishes in Java: the buffered tail's stripes, the last stripe and the merges. Unlike the
   * one-shot {@code XXH3_128bits_withSeed}, whose two-register result the JDK's linker collects in
   * per-call objects (32-432 B per call measured), nothing is allocated.
   *
   * @return {@code (stripes done in the current block << 16) | buffered bytes} (the input's last
   *     bytes, not yet accumulated), or -1 when the state is not what this layout expects (then
   *     the caller hashes another way)
   */
  static int xxh3Accumulate(Object base, int off, int len, long seed, long[] acc) {
    NativeScratch s = NativeScratch.take();
    try {
      MemorySegment state = s.xxh3State();
      Xxh3StateBinding.reset(state.address(), seed);
      return accumulate(state, base, off, len, acc);
    } finally {
      NativeScratch.give(s);
    }
  }

  /** As {@link #xxh3Accumulate}, with a custom secret (copied into the state's pooled memory first). */
  static int xxh3AccumulateWithSecret(Object base, int off, int len, byte[] secret, long[] acc) {
    NativeScratch s = NativeScratch.take();
    try {
      MemorySegment state = s.xxh3State();
      MemorySegment sec = s.stage(secret.length);
      MemorySegment.copy(secret, 0, sec, JAVA_BYTE, 0, secret.length);
      Xxh3StateBinding.resetSecret(state.address(), sec.address(), secret.length);
      return accumulate(state, base, off, len, acc);
    } finally {
      NativeScratch.give(s);
    }
  }

  /** {@code XXH3_128bits_update} of the input on a freshly reset {@code state}, then its accumulators (see {@link #xxh3Accumulate}). */
  private static int accumulate(MemorySegment state, Object base, int off, int len, long[] acc) {
    long st = state.address();
    if (base instanceof byte[] a) {
      // as the other hashes: under CACHED_HASH_MIN the segment is made per call (see there)
      MemorySegment in = len >= CACHED_HASH_MIN ? NativeSegments.cached(a, off) : null;
      if (in != null) {
        Xxh3StateBinding.updateHeap(st, in, len);
      } else {
        Xxh3StateBinding.updateFresh(st, a, off, len);
      }
    } else {
      ByteBuffer b = (ByteBuffer) base;
      Xxh3StateBinding.updateRaw(len <= NativeBackend.CRITICAL_MAX_HASH, st, NativeSegments.address(b) + off, len);
      Reference.reachabilityFence(b);
    }
    int buffered = state.get(JAVA_INT, XxHashLibrary.STATE_BUFFERED);
    long stripes = state.get(JAVA_LONG, XxHashLibrary.STATE_STRIPES);
    if (state.get(JAVA_LONG, XxHashLibrary.STATE_TOTAL) != len || buffered < 1 || buffered > 256
        || (len - buffered) % 64 != 0 || stripes < 0 || stripes > 0xFFFF) {
      return -1;
    }
    for (int i = 0; i < 8; i++) {
      acc[i] = state.get(JAVA_LONG, 8L * i);
    }
    return (int) stripes << 16 | buffered;
  }

  /** @return {@code XXH3_64bits_withSecret} of {@code base[off, off+len)}; only where {@link NativeBackend#hashableWithSecret} */
  static long xxh3WithSecret(Object base, int off, int len, byte[] secret) {
    if (base instanceof byte[] a) {
      return Xxh3SecretBinding.heap(NativeSegments.heap(a, off), len, NativeSegments.heap(secret, 0), secret.length);
    }
    ByteBuffer b = (ByteBuffer) base;
    long h = Xxh3SecretBinding.raw(NativeSegments.address(b) + off, len, NativeSegments.heap(secret, 0), secret.length);
    Reference.reachabilityFence(b);
    return h;
  }
}
