package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The native backend on Java 25+: the system's {@code liblz4} and {@code libxxhash} called through
 * the Foreign Function &amp; Memory API (the multi-release override of the Java 17 class of the
 * same name; see there for the contract of each method).
 *
 * <h2>Selection</h2>
 * The system property {@code dev.celer.native} is {@code auto} (default), {@code force} or {@code
 * off}. {@code auto} binds the libraries only when the JVM has granted this module native access
 * ({@code --enable-native-access=ALL-UNNAMED} on the class path, {@code =dev.celer} on the module
 * path, or an executable jar's {@code Enable-Native-Access} manifest entry), so Celer never makes
 * the JDK print its restricted-method warning; {@code force} binds them anyway. {@link Lz4Library}
 * and {@link XxHashLibrary} then each load, check the version and self-test their library once;
 * any failure leaves that half in pure Java for the life of the JVM, with the reason in {@link
 * #status()}.
 *
 * <h2>Memory</h2>
 * Heap arrays go to the library without a copy through {@code Linker.Option.critical(true)}
 * downcalls, which keep the JVM from reaching a safepoint while they run: they are used only when
 * a call touches at most {@link #CRITICAL_MAX_LZ4} bytes (LZ4 fast and decompression) or {@link
 * #CRITICAL_MAX_HASH} bytes (hashes). Larger LZ4 calls, and every HC call (slow per byte), copy
 * heap arrays through native memory and make an ordinary downcall. Compressor state (16 KB fast,
 * about 256 KB HC) and the copy buffer come from a small pool of {@link Scratch} objects, so a
 * steady-state call allocates nothing on the Java heap.
 */
public final class NativeBackend {
  private NativeBackend() {}

  /**
   * The largest {@code input + output capacity} of an LZ4 fast or decompression call made as a
   * critical downcall on heap arrays: about 2 ms of compression at 500 MB/s, during which other
   * threads cannot reach a safepoint. A first guess, not yet measured (issue 12 asks for it); the
   * system property {@code dev.celer.native.criticalMax} overrides it (0: always copy).
   */
  static final int CRITICAL_MAX_LZ4 = Integer.getInteger("dev.celer.native.criticalMax", 1 << 20);

  /** As {@link #CRITICAL_MAX_LZ4}, for the hashes (about 0.3 ms at 30 GB/s); larger heap inputs hash in Java. */
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

  public static String status() {
    String lz4 = Lz4Library.FAILURE;
    String xxh = XxHashLibrary.FAILURE;
    if (lz4 == null && xxh == null) {
      return "native: " + Lz4Library.NAME + ", " + XxHashLibrary.NAME;
    }
    if (lz4 != null && xxh != null) {
      return lz4.equals(xxh) ? "pure Java: " + lz4 : "pure Java: " + lz4 + "; " + xxh;
    }
    return lz4 == null
        ? "native: " + Lz4Library.NAME + "; xxHash in pure Java: " + xxh
        : "native: " + XxHashLibrary.NAME + "; LZ4 in pure Java: " + lz4;
  }

  // ---------------------------------------------------------------------------------------- LZ4

  public static int lz4CompressFast(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int acceleration) {
    Scratch s = Scratch.take();
    try {
      if (srcLen + (long) dstCap <= CRITICAL_MAX_LZ4) {
        return Lz4Library.compressFast(true, s.fastState(), segment(src, srcOff, srcLen), segment(dst, dstOff, dstCap), srcLen, dstCap, acceleration);
      }
      return staged(s, FAST, src, srcOff, srcLen, dst, dstOff, dstCap, acceleration);
    } catch (Throwable t) {
      throw failure(t);
    } finally {
      Scratch.give(s);
    }
  }

  public static int lz4CompressHigh(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    Scratch s = Scratch.take();
    try {
      return staged(s, HIGH, src, srcOff, srcLen, dst, dstOff, dstCap, level);
    } catch (Throwable t) {
      throw failure(t);
    } finally {
      Scratch.give(s);
    }
  }

  public static int lz4Decompress(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, boolean partial) {
    // kept small, like segment(), so that the JIT inlines down to the downcall and the heap
    // segments never reach the heap
    if (srcLen + (long) dstCap <= CRITICAL_MAX_LZ4) {
      return Lz4Library.decompressCritical(segment(src, srcOff, srcLen), segment(dst, dstOff, dstCap), srcLen, dstCap, partial);
    }
    return decompressStaged(src, srcOff, srcLen, dst, dstOff, dstCap, partial);
  }

  private static int decompressStaged(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, boolean partial) {
    Scratch s = Scratch.take();
    try {
      return staged(s, partial ? PARTIAL : DECOMPRESS, src, srcOff, srcLen, dst, dstOff, dstCap, 0);
    } catch (Throwable t) {
      throw failure(t);
    } finally {
      Scratch.give(s);
    }
  }

  // ------------------------------------------------------------------------------------- xxHash

  public static int xxh32(Object base, int off, int len, int seed) {
    try {
      return XxHashLibrary.xxh32(len <= CRITICAL_MAX_HASH, segment(base, off, len), len, seed);
    } catch (Throwable t) {
      throw failure(t);
    }
  }

  public static long xxh64(Object base, int off, int len, long seed) {
    try {
      return XxHashLibrary.xxh64(len <= CRITICAL_MAX_HASH, segment(base, off, len), len, seed);
    } catch (Throwable t) {
      throw failure(t);
    }
  }

  public static long xxh3(Object base, int off, int len, long seed) {
    try {
      return XxHashLibrary.xxh3(len <= CRITICAL_MAX_HASH, segment(base, off, len), len, seed);
    } catch (Throwable t) {
      throw failure(t);
    }
  }

  /** @return {@code XXH3_128bits_withSeed} of {@code base[off, off+len)}: the result is the only allocation */
  public static dev.celer.xxhash.Hash128 xxh128(Object base, int off, int len, long seed) {
    Scratch s = Scratch.take();
    try {
      MemorySegment r = XxHashLibrary.xxh128(len <= CRITICAL_MAX_HASH, s.pairAllocator, segment(base, off, len), len, seed);
      return new dev.celer.xxhash.Hash128(r.get(JAVA_LONG, 0), r.get(JAVA_LONG, 8));
    } catch (Throwable t) {
      throw failure(t);
    } finally {
      Scratch.give(s);
    }
  }

  /**
   * @return whether {@code base} may be passed to these methods: a {@code byte[]}, or a direct,
   *     writable {@code ByteBuffer} (heap buffers reach the codecs unwrapped to their arrays)
   */
  public static boolean addressable(Object base) {
    return base instanceof byte[] || base instanceof ByteBuffer b && b.isDirect() && !b.isReadOnly();
  }

  /**
   * @return whether a hash of {@code len} bytes of {@code base} goes native: heap arrays up to
   *     {@link #CRITICAL_MAX_HASH} bytes (larger ones would hold off safepoints too long) and
   *     direct buffers of any size
   */
  public static boolean hashable(Object base, int len) {
    return base instanceof byte[] ? len <= CRITICAL_MAX_HASH : addressable(base);
  }

  // ------------------------------------------------------------------------------------ helpers

  /** The bytes {@code base[off, off+len)} as a segment: a heap segment for arrays, native for direct buffers. */
  static MemorySegment segment(Object base, int off, int len) {
    return base instanceof byte[] a ? MemorySegment.ofArray(a).asSlice(off, len) : bufferSegment((ByteBuffer) base, off, len);
  }

  private static MemorySegment bufferSegment(ByteBuffer b, int off, int len) {
    int pos = b.position();
    if (off < pos) {
      return MemorySegment.ofBuffer(b.duplicate().clear()).asSlice(off, len);
    }
    return MemorySegment.ofBuffer(b).asSlice(off - pos, len);
  }

  /** The calls {@link #staged} makes (a switch rather than a lambda: nothing to allocate). */
  private static final int FAST = 0;
  private static final int HIGH = 1;
  private static final int DECOMPRESS = 2;
  private static final int PARTIAL = 3;

  /**
   * Makes the LZ4 call {@code kind} (with {@code arg}, the acceleration or level) as an ordinary downcall: heap arrays are copied into native memory (the
   * scratch's buffer, or a temporary arena above {@link Scratch#MAX_KEPT_STAGE}) and the output
   * copied back, only the bytes the call reports as written.
   */
  private static int staged(Scratch s, int kind, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int arg)
      throws Throwable {
    boolean heapIn = src instanceof byte[];
    boolean heapOut = dst instanceof byte[];
    long need = (heapIn ? srcLen : 0) + (heapOut ? (long) dstCap : 0);
    Arena temp = need > Scratch.MAX_KEPT_STAGE ? Arena.ofConfined() : null;
    try {
      MemorySegment stage = temp != null ? temp.allocate(Math.max(1, need), 16) : s.stage(need);
      MemorySegment in = heapIn ? stage.asSlice(0, srcLen) : segment(src, srcOff, srcLen);
      MemorySegment out = heapOut ? stage.asSlice(heapIn ? srcLen : 0, dstCap) : segment(dst, dstOff, dstCap);
      if (heapIn) {
        MemorySegment.copy((byte[]) src, srcOff, in, JAVA_BYTE, 0, srcLen);
      }
      int n = switch (kind) {
        case FAST -> Lz4Library.compressFast(false, s.fastState(), in, out, srcLen, dstCap, arg);
        case HIGH -> Lz4Library.compressHigh(s.highState(), in, out, srcLen, dstCap, arg);
        default -> Lz4Library.decompress(false, in, out, srcLen, dstCap, kind == PARTIAL);
      };
      if (heapOut && n > 0) {
        MemorySegment.copy(out, JAVA_BYTE, 0, (byte[]) dst, dstOff, n);
      }
      return n;
    } finally {
      if (temp != null) {
        temp.close();
      }
    }
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

  /**
   * Per-call native memory: the LZ4 states and a copy buffer, pooled so that steady-state calls
   * allocate nothing, on platform and virtual threads alike. A call takes one out of {@link #POOL}
   * (or makes a new one when all are in use) and gives it back; memory is freed by the GC
   * ({@link Arena#ofAuto()}) when a scratch is dropped because the pool is full.
   */
  static final class Scratch {
    /** The largest copy buffer kept in a pooled scratch; larger calls use a temporary arena. */
    static final long MAX_KEPT_STAGE = 4L << 20;

    private static final int SLOTS = Integer.highestOneBit(Math.min(64, Math.max(4, 2 * Runtime.getRuntime().availableProcessors())) * 2 - 1);
    private static final AtomicReferenceArray<Scratch> POOL = new AtomicReferenceArray<>(SLOTS);

    private final Arena arena = Arena.ofAuto();
    private MemorySegment fast;
    private MemorySegment high;
    private MemorySegment stage;
    /** Where XXH3-128's 16-byte result lands: the same segment every call, so nothing is allocated. */
    private final MemorySegment pair = arena.allocate(16, 16);
    final SegmentAllocator pairAllocator = (byteSize, byteAlignment) -> pair;

    static Scratch take() {
      int start = (int) Thread.currentThread().threadId();
      for (int i = 0; i < SLOTS; i++) {
        Scratch s = POOL.getAndSet((start + i) & (SLOTS - 1), null);
        if (s != null) {
          return s;
        }
      }
      return new Scratch();
    }

    static void give(Scratch s) {
      int start = (int) Thread.currentThread().threadId();
      for (int i = 0; i < SLOTS; i++) {
        if (POOL.compareAndSet((start + i) & (SLOTS - 1), null, s)) {
          return;
        }
      }
    }

    MemorySegment fastState() {
      if (fast == null) {
        fast = arena.allocate(Lz4Library.STATE_SIZE, 16);
      }
      return fast;
    }

    MemorySegment highState() {
      if (high == null) {
        high = arena.allocate(Lz4Library.STATE_HC_SIZE, 16);
      }
      return high;
    }

    MemorySegment stage(long size) {
      if (stage == null || stage.byteSize() < size) {
        // grow in steps so that slowly growing inputs do not reallocate each time
        long n = Math.min(MAX_KEPT_STAGE, Math.max(size, stage == null ? 64 * 1024 : stage.byteSize() * 2));
        stage = arena.allocate(n, 16);
      }
      return stage;
    }
  }

}
