package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;

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
 * buffers and XXH3's streaming state come from a small pool of {@link Scratch} objects; heap
 * segments are made per call for LZ4 calls on whole arrays and short hashes (removed by escape
 * analysis; see the note above {@link #lz4CompressFast}), and the other heap segments and buffer
 * addresses come from a weak identity cache (see {@link #heap}), so a steady-state call allocates
 * nothing on the Java heap, at any number of call sites.
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
  //
  // Nothing here allocates on the Java heap in a steady state, whatever the JIT makes of the
  // callers: direct buffers reach the libraries as raw addresses (a long: no segment object
  // reaches the call), compressor state and copy buffers come from the Scratch pool, and byte
  // arrays pass as heap segments, made per call or taken from the KNOWN cache (see heap()).
  //
  // Whole arrays (offset 0 on both sides, the common case: a codec's own buffers) get their
  // segments per call from MemorySegment.ofArray alone, in Lz4Library's *Whole methods, and
  // escape analysis removes them at every call site measured (NativeAllocationProbe, 61-63 sites, and
  // OneJvmRatios: 0 B per call). That needs C2 to inline the chain from the segment to the
  // downcall: ofArray's chain (a static call, then constructors, which C2 always inlines for
  // escape analysis) is not subject to any other caller's profile, and each *Whole method is at
  // most 35 bytes of bytecode (MaxInlineSize), which C2 inlines even at a rarely taken call site.
  // The two cache lookups these calls skip cost up to 15% of a short call (OneJvmRatios, measured
  // when partial decoding was still native, on a quarter of 4 / 16 / 64 KB blocks: 0.78 / 0.88 /
  // 0.94x C with them, 0.94 / 0.94 / 0.95x without; compression and decompression 1.00-1.02x
  // either way).
  //
  // Arrays at other offsets keep the cache: a segment at an offset needs asSlice, whose chain
  // (AbstractMemorySegmentImpl.asSliceNoCheck's virtual call to dup) is inlined or not by that
  // JDK method's own profile, which every user of asSlice in the JVM shares; PrintInlining with
  // 53 call sites: "dup (11 bytes) failed to inline: low call site frequency", then 64-224 B per
  // call (the segments, and C1 code's allocations while a method waits for C2). The cache's own
  // misses allocate (an entry, a weak reference, the segment; OneJvmRatios' "0 / 11 / 56 / 224 B"
  // for native compress were such passes), and a whole-array call never reaches it. The exception
  // is hashes of arrays under CACHED_HASH_MIN, where the lookup would cost more than the hash:
  // their segments are made in one small method (32 bytes), as above.

  public static int lz4CompressFast(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int acceleration) {
    boolean isShort = srcLen + (long) dstCap <= CRITICAL_MAX_FAST;
    if (!Lz4Library.fastReady(shape(isShort, src, dst))) {
      return javaCompress(Lz4.javaFastCompressor(acceleration), src, srcOff, srcLen, dst, dstOff, dstCap);
    }
    Scratch s = Scratch.take();
    try {
      if (isShort && src instanceof byte[] a && dst instanceof byte[] b) {
        if ((srcOff | dstOff) == 0) {
          return Lz4Library.fastWhole(s.fastState(), a, srcLen, b, dstCap, acceleration);
        }
        MemorySegment in = cached(a, srcOff);
        MemorySegment out = in == null ? null : cached(b, dstOff);
        return out != null
            ? Lz4Library.fastHeap(s.fastState(), in, srcLen, out, dstCap, acceleration)
            : Lz4Library.fastFresh(a, srcOff, b, dstOff, s.fastState(), srcLen, dstCap, acceleration);
      }
      return raw(s, FAST, isShort, src, srcOff, srcLen, dst, dstOff, dstCap, acceleration);
    } catch (Throwable t) {
      throw failure(t);
    } finally {
      Scratch.give(s);
    }
  }

  public static boolean lz4HighNative(int level) {
    return Lz4Library.FAILURE == null && (level >= 3 || Lz4Library.VERSION < Lz4Library.MID_VERSION);
  }

  public static int lz4CompressHigh(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    if (!Lz4Library.High.OK) {
      return javaCompress(Lz4.javaHighCompressor(level), src, srcOff, srcLen, dst, dstOff, dstCap);
    }
    Scratch s = Scratch.take();
    try {
      return raw(s, HIGH, false, src, srcOff, srcLen, dst, dstOff, dstCap, level);
    } finally {
      Scratch.give(s);
    }
  }

  public static int lz4Decompress(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    boolean isShort = srcLen + (long) dstCap <= CRITICAL_MAX_DECOMPRESS;
    if (!Lz4Library.decompressReady(shape(isShort, src, dst))) {
      return DECLINED; // the entry point did not bind: the caller's Java decoder decides
    }
    if (src instanceof byte[] a && dst instanceof byte[] b) {
      if (isShort) {
        try {
          if ((srcOff | dstOff) == 0) {
            return Lz4Library.decompressWhole(a, srcLen, b, dstCap);
          }
          MemorySegment in = cached(a, srcOff);
          MemorySegment out = in == null ? null : cached(b, dstOff);
          return out != null ? Lz4Library.decompressHeap(in, srcLen, out, dstCap) : Lz4Library.decompressFresh(a, srcOff, b, dstOff, srcLen, dstCap);
        } catch (Throwable t) {
          throw failure(t);
        }
      }
    } else if (src instanceof ByteBuffer a && dst instanceof ByteBuffer b) {
      int n = Lz4Library.decompressRaw(isShort, address(a) + srcOff, srcLen, address(b) + dstOff, dstCap);
      Reference.reachabilityFence(a);
      Reference.reachabilityFence(b);
      return n;
    }
    Scratch s = Scratch.take();
    try {
      return raw(s, DECOMPRESS, isShort, src, srcOff, srcLen, dst, dstOff, dstCap, 0);
    } finally {
      Scratch.give(s);
    }
  }

  /**
   * {@code LZ4_compress_destSize} ({@code level} 0) or {@code LZ4_compress_HC_destSize} (1..12).
   *
   * @return {@code consumed << 32 | written}
   */
  public static long lz4CompressDestSize(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level) {
    if (level == 0 ? !Lz4Library.DestSize.OK : !Lz4Library.HighDestSize.OK) {
      return javaDestSize(level == 0 ? Lz4.javaFastCompressor() : Lz4.javaHighCompressor(level), src, srcOff, srcLen, dst, dstOff, dstCap);
    }
    boolean isShort = level == 0 && srcLen + (long) dstCap <= CRITICAL_MAX_FAST;
    Scratch s = Scratch.take();
    try {
      MemorySegment cell = s.cell();
      cell.set(JAVA_INT, 0, srcLen);
      int n = isShort && src instanceof byte[] a && dst instanceof byte[] b
          ? Lz4Library.destSizeHeap(heap(a, srcOff), heap(b, dstOff), cell.address(), dstCap)
          : raw(s, level == 0 ? DEST_FAST : DEST_HIGH, isShort, src, srcOff, srcLen, dst, dstOff, dstCap, level);
      return (long) cell.get(JAVA_INT, 0) << 32 | n & 0xFFFFFFFFL;
    } finally {
      Scratch.give(s);
    }
  }

  /**
   * @return the handle shape a call takes: heap (a critical call on the arrays themselves) for a
   *     short call on two arrays; otherwise short or ordinary, on raw addresses (direct buffers,
   *     or arrays copied through native memory)
   */
  private static NativeLibraries.Call shape(boolean isShort, Object src, Object dst) {
    return !isShort ? NativeLibraries.Call.ORDINARY : src instanceof byte[] && dst instanceof byte[] ? NativeLibraries.Call.HEAP : NativeLibraries.Call.SHORT;
  }

  // A group whose self-test failed (Lz4Library): its calls go to Celer's pure-Java codec through
  // its public API. The rare path (then allocating is fine); the callers have checked the ranges.

  private static ByteBuffer buffer(Object base) {
    return base instanceof byte[] a ? ByteBuffer.wrap(a) : (ByteBuffer) base;
  }

  /** @return as {@link #lz4CompressFast}: the bytes written, or 0 when the block does not fit */
  private static int javaCompress(Lz4Compressor java, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    return Math.max(0, java.tryCompress(buffer(src), srcOff, srcLen, buffer(dst), dstOff, dstCap));
  }

  /** @return as {@link #lz4CompressDestSize} */
  private static long javaDestSize(Lz4Compressor java, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap) {
    ByteBuffer in = buffer(src).duplicate();
    in.limit(srcOff + srcLen).position(srcOff);
    ByteBuffer out = buffer(dst).duplicate();
    out.limit(dstOff + dstCap).position(dstOff);
    int n = java.compressDestSize(in, out);
    return (long) (in.position() - srcOff) << 32 | n & 0xFFFFFFFFL;
  }

  /** What {@link #lz4Decompress} and {@link #lz4DecompressDict} return when they leave the call to Java. */
  public static final int DECLINED = Integer.MIN_VALUE;

  public static int lz4DecompressDict(
      Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, Object dict, int dictOff, int dictLen) {
    if (!Lz4Library.DictDecode.OK) {
      return DECLINED;
    }
    boolean isShort = srcLen + (long) dstCap + dictLen <= CRITICAL_MAX_DECOMPRESS;
    if (src instanceof byte[] a && dst instanceof byte[] b && dict instanceof byte[] c) {
      return isShort ? Lz4Library.dictHeap(heap(a, srcOff), srcLen, heap(b, dstOff), dstCap, heap(c, dictOff), dictLen) : DECLINED;
    }
    if (src instanceof ByteBuffer a && dst instanceof ByteBuffer b && dict instanceof ByteBuffer c) {
      int n = Lz4Library.dictRaw(isShort, address(a) + srcOff, srcLen, address(b) + dstOff, dstCap, address(c) + dictOff, dictLen);
      Reference.reachabilityFence(a);
      Reference.reachabilityFence(b);
      Reference.reachabilityFence(c);
      return n;
    }
    return DECLINED;
  }

  // ------------------------------------------------------------------ LZ4 dictionary compression
  //
  // Only with a full 64 KB of history. A history given in place (lz4CompressHistory: a prefix, or
  // a per-call copy) uses liblz4's prefix mode: the history and the input side by side in the
  // scratch's window, a stream (LZ4_loadDict) or HC state (LZ4_loadDictHC) loaded over the
  // history, then LZ4_compress_fast_continue or LZ4_compress_HC_continue on the input right after
  // it, which gives Celer's pure-Java prefix blocks. A prepared dictionary (lz4CompressDict), and
  // a history given in place for a linked HC block (external), use liblz4's external-dictionary
  // mode instead: the input lies GAP bytes after the history, so
  // _continue sees a separate dictionary, as lz4 -D's blocks over 4 KB do (LZ4_attach_dictionary
  // copies the dictionary's state for them); that gives Celer's pure-Java dictionary blocks (see
  // NativeDictionaryCompressionTest). Smaller HC blocks of lz4 -D search the dictionary's own
  // tables (dictCtx mode), which needs LZ4_attach_HC_dictionary, not exported by liblz4 1.9.4: the
  // caller keeps those in Java.
  //
  // A prepared dictionary is loaded into a scratch once: its window and loaded states stay, keyed
  // by the dictionary's bytes (held weakly; the HC state also by level), and a later call with the
  // same dictionary on that scratch copies the 16 KB stream (256 KB HC state) instead of indexing
  // 64 KB again.

  /**
   * All of memory, for copying from a direct buffer's raw address (which it stays valid for: see
   * {@link #readable}). A holder class: {@code reinterpret} is a restricted method, so it must not
   * run when this class is initialized without native access (the JDK would print its warning).
   */
  private static final class Everywhere {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
  }

  public static boolean lz4DictCompression() {
    return Lz4Library.dictCompression();
  }

  public static boolean lz4HighDictAttach() {
    return Lz4Library.attachHighReady();
  }

  /** The largest HC input that {@code lz4 -D} compresses in dictCtx mode (Celer's {@code Lz4HighCompressor.DICT_CTX_MAX}). */
  private static final int DICT_CTX_MAX = 4 * 1024;

  public static boolean lz4DictFits(int srcLen, int dstCap) {
    return Scratch.windowFits(srcLen, dstCap);
  }

  public static int lz4CompressDict(byte[] dict, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration) {
    assert dict.length == Scratch.HISTORY : dict.length;
    return compressWithHistory(dict, null, 0, src, srcOff, srcLen, dst, dstOff, dstCap, level, acceleration, true);
  }

  public static int lz4CompressHistory(Object base, int histStart, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration,
      boolean external) {
    assert srcOff - histStart == Scratch.HISTORY : srcOff - histStart;
    return compressWithHistory(null, base, histStart, base, srcOff, srcLen, dst, dstOff, dstCap, level, acceleration, external);
  }

  /**
   * The history ({@code dict}, or else {@code base[histStart, histStart + 64 KB)}) and the input
   * in the scratch's window, side by side or ({@code external}) {@link Scratch#GAP} bytes apart;
   * the stream ({@code level} 0) or HC state loaded over the history, from the scratch's copy when
   * it holds {@code dict} already; then the input compressed in place.
   */
  private static int compressWithHistory(
      byte[] dict, Object base, int histStart, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int level, int acceleration,
      boolean external) {
    Scratch s = Scratch.take();
    try {
      MemorySegment window = s.window(srcLen, dst instanceof byte[] ? dstCap : 0);
      long history = window.address();
      long work;
      if (dict != null) {
        if (!s.holds(dict)) {
          MemorySegment.copy(dict, 0, window, JAVA_BYTE, 0, Scratch.HISTORY);
          s.hold(dict);
        }
        if (level == 0) {
          if (!s.fastLoaded) {
            Lz4Library.loadDict(s.loadedStream().address(), history, Scratch.HISTORY);
            s.fastLoaded = true;
          }
          s.dictStream().copyFrom(s.loadedStream());
          work = s.dictStream().address();
        } else {
          if (s.highLoaded != level) {
            Lz4Library.loadDictHigh(s.loadedHigh().address(), history, Scratch.HISTORY, level);
            s.highLoaded = level;
          }
          work = s.highState();
          if (srcLen <= DICT_CTX_MAX) {
            assert Lz4Library.attachHighReady() : "the caller asks lz4HighDictAttach() first";
            // lz4 -D's dictCtx mode: a fresh state searching the loaded state's tables
            Lz4Library.attachHigh(work, s.loadedHigh().address(), level);
          } else {
            s.highWork().copyFrom(s.loadedHigh());
          }
        }
      } else {
        s.release(); // the window's history changes
        if (base instanceof byte[] a) {
          MemorySegment.copy(a, histStart, window, JAVA_BYTE, 0, Scratch.HISTORY);
        } else {
          ByteBuffer b = (ByteBuffer) base;
          MemorySegment.copy(Everywhere.ALL, address(b) + histStart, window, 0, Scratch.HISTORY);
          Reference.reachabilityFence(b);
        }
        if (level == 0) {
          work = s.dictStream().address();
          Lz4Library.loadDict(work, history, Scratch.HISTORY);
        } else {
          work = s.highState();
          Lz4Library.loadDictHigh(work, history, Scratch.HISTORY, level);
        }
      }
      return continueAfter(window, external ? Scratch.HISTORY + Scratch.GAP : Scratch.HISTORY, work, src, srcOff, srcLen, dst,
          dstOff, dstCap, level, acceleration);
    } finally {
      Scratch.give(s);
    }
  }

  /**
   * Copies the input into {@code window} at {@code inOff} (right after the history: prefix mode;
   * further: external-dictionary mode), and compresses it there with {@code work} (loaded over
   * the history) into {@code dst}, directly when it is a direct buffer, else through the window's
   * room after the input.
   */
  private static int continueAfter(MemorySegment window, int inOff, long work, Object src, int srcOff, int srcLen, Object dst,
      int dstOff, int dstCap, int level, int acceleration) {
    long in = window.address() + inOff;
    if (src instanceof byte[] a) {
      MemorySegment.copy(a, srcOff, window, JAVA_BYTE, inOff, srcLen);
    } else {
      ByteBuffer b = (ByteBuffer) src;
      MemorySegment.copy(Everywhere.ALL, address(b) + srcOff, window, inOff, srcLen);
      Reference.reachabilityFence(b);
    }
    boolean heapOut = dst instanceof byte[];
    long out = heapOut ? in + srcLen : address((ByteBuffer) dst) + dstOff;
    int n = level == 0
        ? Lz4Library.continueRaw(srcLen + (long) dstCap <= CRITICAL_MAX_FAST, work, in, srcLen, out, dstCap, acceleration)
        : Lz4Library.continueHigh(work, in, srcLen, out, dstCap);
    if (heapOut && n > 0) {
      MemorySegment.copy(window, JAVA_BYTE, inOff + srcLen, (byte[]) dst, dstOff, n);
    }
    Reference.reachabilityFence(dst);
    return n;
  }

  // ------------------------------------------------------------------------------------- xxHash

  public static boolean xxh32Native() {
    return XxHashLibrary.X32.OK;
  }

  public static boolean xxh64Native() {
    return XxHashLibrary.X64.OK;
  }

  public static boolean xxh3Native() {
    return XxHashLibrary.X3.OK;
  }

  public static boolean xxh128Native() {
    return XxHashLibrary.X128.OK;
  }

  public static boolean xxh3StateNative() {
    return XxHashLibrary.X3State.OK;
  }

  public static boolean xxh3SecretNative() {
    return XxHashLibrary.X3Secret.OK;
  }

  /**
   * Below this many bytes a hash of an array makes its segment per call (removed by escape
   * analysis where the JIT inlines the chain) instead of looking it up in the identity cache: the
   * lookup costs about 10 ns, which measured 10-27% of a 1 KB hash (OneJvmRatios, JDK 25: XXH64
   * 0.73x C with the lookup, 1.00x without) and under 2% at 16 KB.
   */
  private static final int CACHED_HASH_MIN = 16 << 10;

  public static int xxh32(Object base, int off, int len, int seed) {
    if (base instanceof byte[] a) {
      MemorySegment in = len >= CACHED_HASH_MIN ? cached(a, off) : null;
      return in != null ? XxHashLibrary.xxh32Heap(in, len, seed) : XxHashLibrary.xxh32Fresh(a, off, len, seed);
    }
    ByteBuffer b = (ByteBuffer) base;
    int h = XxHashLibrary.xxh32Raw(len <= CRITICAL_MAX_HASH, address(b) + off, len, seed);
    Reference.reachabilityFence(b);
    return h;
  }

  public static long xxh64(Object base, int off, int len, long seed) {
    if (base instanceof byte[] a) {
      MemorySegment in = len >= CACHED_HASH_MIN ? cached(a, off) : null;
      return in != null ? XxHashLibrary.xxh64Heap(in, len, seed) : XxHashLibrary.xxh64Fresh(a, off, len, seed);
    }
    ByteBuffer b = (ByteBuffer) base;
    long h = XxHashLibrary.xxh64Raw(len <= CRITICAL_MAX_HASH, address(b) + off, len, seed);
    Reference.reachabilityFence(b);
    return h;
  }

  public static long xxh3(Object base, int off, int len, long seed) {
    if (base instanceof byte[] a) {
      MemorySegment in = len >= CACHED_HASH_MIN ? cached(a, off) : null;
      return in != null ? XxHashLibrary.xxh3Heap(in, len, seed) : XxHashLibrary.xxh3Fresh(a, off, len, seed);
    }
    ByteBuffer b = (ByteBuffer) base;
    long h = XxHashLibrary.xxh3Raw(len <= CRITICAL_MAX_HASH, address(b) + off, len, seed);
    Reference.reachabilityFence(b);
    return h;
  }

  /** @return {@code XXH3_128bits_withSeed} of {@code base[off, off+len)}; the result lands in pooled memory */
  public static dev.celer.xxhash.Hash128 xxh128(Object base, int off, int len, long seed) {
    Scratch s = Scratch.take();
    try {
      if (base instanceof byte[] a) {
        return XxHashLibrary.xxh128Heap(s.pair, heap(a, off), len, seed);
      }
      ByteBuffer b = (ByteBuffer) base;
      dev.celer.xxhash.Hash128 h = XxHashLibrary.xxh128Raw(len <= CRITICAL_MAX_HASH, s.pair, address(b) + off, len, seed);
      Reference.reachabilityFence(b);
      return h;
    } finally {
      Scratch.give(s);
    }
  }

  /**
   * The most bytes of a heap array one {@code XXH32_update} or {@code XXH64_update} of {@link
   * #xxh32Stripes} takes (a critical call; a multiple of both stripes): larger ranges are hashed in
   * such pieces, each holding off safepoints no longer than a one-shot hash of that size.
   */
  private static final int STRIPES_PIECE = CRITICAL_MAX_HASH;

  public static boolean xxh32Stripes(Object base, int off, int len, int[] acc) {
    if (off < 0 || len <= 0 || (len & 15) != 0 || acc.length != 4) {
      throw new IllegalArgumentException("not whole XXH32 stripes: " + off + ", " + len);
    }
    boolean heap = base instanceof byte[];
    Objects.checkFromIndexSize(off, len, heap ? ((byte[]) base).length : ((ByteBuffer) base).limit());
    if (!XxHashLibrary.streamReady(false, heap ? NativeLibraries.Call.HEAP : len <= CRITICAL_MAX_HASH ? NativeLibraries.Call.SHORT : NativeLibraries.Call.ORDINARY)) {
      return false;
    }
    Scratch s = Scratch.take();
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
          // (see above lz4CompressFast), and the lookup is small next to 1 KB of hashing
          MemorySegment in = off + done == 0 ? null : cached(a, off + done);
          int r = off + done == 0
              ? XxHashLibrary.update32Whole(st, a, n)
              : in != null ? XxHashLibrary.update32Heap(st, in, n) : XxHashLibrary.update32Fresh(st, a, off + done, n);
          checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE32_MEMSIZE));
          done += n;
        }
      } else {
        ByteBuffer b = (ByteBuffer) base;
        int r = XxHashLibrary.update32Raw(len <= CRITICAL_MAX_HASH, st, address(b) + off, len);
        Reference.reachabilityFence(b);
        checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE32_MEMSIZE));
      }
      for (int i = 0; i < 4; i++) {
        acc[i] = state.get(JAVA_INT, XxHashLibrary.STATE32_V + 4L * i);
      }
      return true;
    } finally {
      Scratch.give(s);
    }
  }

  public static boolean xxh64Stripes(Object base, int off, int len, long[] acc) {
    if (off < 0 || len <= 0 || (len & 31) != 0 || acc.length != 4) {
      throw new IllegalArgumentException("not whole XXH64 stripes: " + off + ", " + len);
    }
    boolean heap = base instanceof byte[];
    Objects.checkFromIndexSize(off, len, heap ? ((byte[]) base).length : ((ByteBuffer) base).limit());
    if (!XxHashLibrary.streamReady(true, heap ? NativeLibraries.Call.HEAP : len <= CRITICAL_MAX_HASH ? NativeLibraries.Call.SHORT : NativeLibraries.Call.ORDINARY)) {
      return false;
    }
    Scratch s = Scratch.take();
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
          // (see above lz4CompressFast), and the lookup is small next to 1 KB of hashing
          MemorySegment in = off + done == 0 ? null : cached(a, off + done);
          int r = off + done == 0
              ? XxHashLibrary.update64Whole(st, a, n)
              : in != null ? XxHashLibrary.update64Heap(st, in, n) : XxHashLibrary.update64Fresh(st, a, off + done, n);
          checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE64_MEMSIZE));
          done += n;
        }
      } else {
        ByteBuffer b = (ByteBuffer) base;
        int r = XxHashLibrary.update64Raw(len <= CRITICAL_MAX_HASH, st, address(b) + off, len);
        Reference.reachabilityFence(b);
        checkUpdate(r, state.get(JAVA_INT, XxHashLibrary.STATE64_MEMSIZE));
      }
      for (int i = 0; i < 4; i++) {
        acc[i] = state.get(JAVA_LONG, XxHashLibrary.STATE64_V + 8L * i);
      }
      return true;
    } finally {
      Scratch.give(s);
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
  public static int xxh3Accumulate(Object base, int off, int len, long seed, long[] acc) {
    Scratch s = Scratch.take();
    try {
      MemorySegment state = s.xxh3State();
      XxHashLibrary.reset(state.address(), seed);
      return accumulate(state, base, off, len, acc);
    } finally {
      Scratch.give(s);
    }
  }

  /** As {@link #xxh3Accumulate}, with a custom secret (copied into the state's pooled memory first). */
  public static int xxh3AccumulateWithSecret(Object base, int off, int len, byte[] secret, long[] acc) {
    Scratch s = Scratch.take();
    try {
      MemorySegment state = s.xxh3State();
      MemorySegment sec = s.stage(secret.length);
      MemorySegment.copy(secret, 0, sec, JAVA_BYTE, 0, secret.length);
      XxHashLibrary.resetSecret(state.address(), sec.address(), secret.length);
      return accumulate(state, base, off, len, acc);
    } finally {
      Scratch.give(s);
    }
  }

  /** {@code XXH3_128bits_update} of the input on a freshly reset {@code state}, then its accumulators (see {@link #xxh3Accumulate}). */
  private static int accumulate(MemorySegment state, Object base, int off, int len, long[] acc) {
    long st = state.address();
    if (base instanceof byte[] a) {
      // as the other hashes: under CACHED_HASH_MIN the segment is made per call (see there)
      MemorySegment in = len >= CACHED_HASH_MIN ? cached(a, off) : null;
      if (in != null) {
        XxHashLibrary.updateHeap(st, in, len);
      } else {
        XxHashLibrary.updateFresh(st, a, off, len);
      }
    } else {
      ByteBuffer b = (ByteBuffer) base;
      XxHashLibrary.updateRaw(len <= CRITICAL_MAX_HASH, st, address(b) + off, len);
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

  /** @return {@code XXH3_64bits_withSecret} of {@code base[off, off+len)}; only where {@link #hashableWithSecret} */
  public static long xxh3WithSecret(Object base, int off, int len, byte[] secret) {
    if (base instanceof byte[] a) {
      return XxHashLibrary.withSecretHeap(heap(a, off), len, heap(secret, 0), secret.length);
    }
    ByteBuffer b = (ByteBuffer) base;
    long h = XxHashLibrary.withSecretRaw(address(b) + off, len, heap(secret, 0), secret.length);
    Reference.reachabilityFence(b);
    return h;
  }

  /** @return whether {@link #xxh3WithSecret} takes {@code len} bytes of {@code base}: a critical call, so up to {@link #CRITICAL_MAX_HASH} */
  public static boolean hashableWithSecret(Object base, int len) {
    return len <= CRITICAL_MAX_HASH && readable(base);
  }

  /**
   * @return whether {@code base} may be passed to these methods as an LZ4 destination: a {@code
   *     byte[]}, or a direct, writable {@code ByteBuffer} whose memory cannot be freed during a call
   *     (see {@link #stable}; heap buffers reach the codecs unwrapped to their arrays)
   */
  public static boolean addressable(Object base) {
    return base instanceof byte[] || base instanceof ByteBuffer b && b.isDirect() && !b.isReadOnly() && stable(b);
  }

  /** @return whether {@code base} may be passed to these methods as an LZ4 source: as {@link #addressable}, read-only buffers too */
  public static boolean readable(Object base) {
    return base instanceof byte[] || base instanceof ByteBuffer b && b.isDirect() && stable(b);
  }

  /**
   * @return whether a hash of {@code len} bytes of {@code base} goes native: heap arrays up to
   *     {@link #CRITICAL_MAX_HASH} bytes (larger ones would hold off safepoints too long) and
   *     direct buffers of any size (above that limit through an ordinary downcall)
   */
  public static boolean hashable(Object base, int len) {
    return base instanceof byte[] ? len <= CRITICAL_MAX_HASH : readable(base);
  }

  // ------------------------------------------------------------------------------------ helpers

  /**
   * What a call needs to know of the arrays and direct buffers it is given, cached by identity and
   * held weakly. A critical downcall takes heap memory only as a {@code MemorySegment}, and the
   * address of a direct buffer is known only through one; making those segments per call left
   * their removal to escape analysis, which happens only where C2 compiled the whole chain with
   * clean profiles: {@code NativeAllocationProbe} measured 0 B per call at 3 call sites and 72-224
   * B at 12 or more, varying from run to run. With this cache a call on the same array and offset,
   * or the same buffer, as an earlier one (a codec's reused buffers) makes nothing. An entry is
   * only weakly reachable, so it never keeps an array or buffer alive: a collection clears it, and
   * the next call makes it again. Sets of {@link #WAYS} entries; a key enters on its second miss
   * and only into a free slot (see {@link #admit}).
   */
  private record Known(Object base, int off, MemorySegment segment, long address, boolean stable) {}

  private static final int KNOWN_BITS = 11;
  /** Entries per set. */
  private static final int WAYS = 4;
  private static final AtomicReferenceArray<WeakReference<Known>> KNOWN = new AtomicReferenceArray<>(1 << KNOWN_BITS);
  /**
   * Hashes of keys seen missing, by other bits of the hash than the set's: a key enters the cache
   * on its second miss, so one-off offsets (a large array walked block by block once) make no
   * entries. Plain ints, racy on purpose: a lost update costs a miss.
   */
  private static final int[] SEEN = new int[1 << 12]; // indexed by 12 bits (remember)

  /** @return the cached entry for {@code base} at {@code off} in the set at {@code i}, or {@code null} */
  private static Known find(int i, Object base, int off) {
    for (int j = i; j < i + WAYS; j++) {
      WeakReference<Known> r = KNOWN.getAcquire(j);
      Known k = r == null ? null : r.get();
      if (k != null && k.base == base && k.off == off) {
        return k;
      }
    }
    return null;
  }

  private static int hash(Object base, int off) {
    return (System.identityHashCode(base) + off * 0x61C88647) * 0x9E3779B1;
  }

  /** @return the first slot of the set of hash {@code h} */
  private static int set(int h) {
    return h >>> (32 - KNOWN_BITS) & -WAYS;
  }

  /**
   * Where a missing key may enter its set at {@code i}: only if it was seen missing before, and
   * only a free slot (empty, or cleared by the collector). Live entries are never evicted: a
   * working set larger than the cache then leaves the rest to the callers' uncached path, instead
   * of making an entry per call.
   *
   * @return the slot, or -1
   */
  private static int admit(int h, int i) {
    // the low bits of h depend only on the low bits of the offset (it is a product): mix all of
    // them in, or offsets a power of two apart in one array would share a slot and evict each other
    int at = (h ^ h >>> 15) * 0x2C1B3C6D >>> (32 - 12);
    if (SEEN[at] != h) {
      SEEN[at] = h;
      return -1;
    }
    for (int j = i; j < i + WAYS; j++) {
      WeakReference<Known> r = KNOWN.getAcquire(j);
      if (r == null || r.get() == null) {
        return j;
      }
    }
    return -1;
  }

  /** @return whether {@code k} went into slot {@code j}, which {@link #admit} found free */
  private static boolean remember(int j, Known k) {
    WeakReference<Known> r = KNOWN.getAcquire(j);
    return (r == null || r.get() == null) && KNOWN.compareAndSet(j, r, new WeakReference<>(k));
  }

  /**
   * @return the cached heap segment starting at {@code array[off]} (running to the array's end),
   *     or {@code null}: then the caller makes the call through its uncached path, which makes the
   *     segments inside one small method, where escape analysis can still remove them
   */
  static MemorySegment cached(byte[] array, int off) {
    // the hit in a set's first slot, kept small enough for the JIT to inline into every caller
    int h = hash(array, off);
    int i = set(h);
    WeakReference<Known> r = KNOWN.getAcquire(i);
    Known k = r == null ? null : r.get();
    return k != null && k.base == array && k.off == off ? k.segment : cachedSlow(h, i, array, off);
  }

  private static MemorySegment cachedSlow(int h, int i, byte[] array, int off) {
    Known k = find(i, array, off);
    if (k != null) {
      return k.segment;
    }
    int j = admit(h, i);
    if (j < 0) {
      return null;
    }
    k = new Known(array, off, MemorySegment.ofArray(array).asSlice(off), 0, true);
    return remember(j, k) ? k.segment : null;
  }

  /** @return a heap segment starting at {@code array[off]}: the cached one, else a new one */
  static MemorySegment heap(byte[] array, int off) {
    MemorySegment s = cached(array, off);
    return s != null ? s : MemorySegment.ofArray(array).asSlice(off);
  }

  /** @return what is known of the direct buffer {@code b} (offset -1 marks buffer entries) */
  private static Known direct(ByteBuffer b) {
    int h = hash(b, -1);
    int i = set(h);
    Known k = find(i, b, -1);
    if (k == null) {
      MemorySegment seg = MemorySegment.ofBuffer(b);
      Class<?> c = seg.scope().getClass();
      boolean stable = c == PLAIN_SCOPE || c == GLOBAL_SCOPE || c == AUTO_SCOPE || c == CONFINED_SCOPE;
      k = new Known(b, -1, null, seg.address() - b.position(), stable);
      int j = admit(h, i);
      if (j >= 0) {
        remember(j, k);
      }
    }
    return k;
  }

  /**
   * @return the address of index 0 of the direct buffer {@code b} (fixed for the life of a
   *     buffer object); the caller keeps {@code b} reachable until its downcall has returned
   */
  static long address(ByteBuffer b) {
    return direct(b).address;
  }

  /**
   * The scopes of buffers that a raw-address call may use: memory that cannot be freed while the
   * caller holds the buffer, or only by the calling thread itself. Plain direct buffers, and
   * buffers over segments of the global, an automatic or a confined arena. Not a shared arena's:
   * another thread could close it while the library reads it (the pure-Java path, whose every
   * access checks the scope, takes those).
   */
  private static final Class<?> PLAIN_SCOPE = MemorySegment.ofBuffer(ByteBuffer.allocateDirect(1)).scope().getClass();
  private static final Class<?> GLOBAL_SCOPE = Arena.global().scope().getClass();
  private static final Class<?> AUTO_SCOPE = Arena.ofAuto().scope().getClass();
  private static final Class<?> CONFINED_SCOPE = confinedScope();

  private static Class<?> confinedScope() {
    try (Arena a = Arena.ofConfined()) {
      return a.scope().getClass();
    }
  }

  /** @return whether the memory of direct buffer {@code b} stays valid through a call (see {@link #PLAIN_SCOPE}) */
  static boolean stable(ByteBuffer b) {
    return direct(b).stable;
  }

  /** The calls {@link #raw} makes (a switch rather than a lambda: nothing to allocate). */
  private static final int FAST = 0;
  private static final int HIGH = 1;
  private static final int DECOMPRESS = 2;
  private static final int DEST_FAST = 3;
  private static final int DEST_HIGH = 4;

  /**
   * Makes the LZ4 call {@code kind} (with {@code arg}, the acceleration or level) on raw addresses:
   * direct buffers as they are; heap arrays copied into native memory (the scratch's buffer, or a
   * temporary arena above {@link Scratch#MAX_KEPT_STAGE}) and the output copied back, only the
   * bytes the call reports as written. {@code critical}: the call may hold off safepoints (short
   * calls only).
   */
  private static int raw(Scratch s, int kind, boolean critical, Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstCap, int arg) {
    boolean heapIn = src instanceof byte[];
    boolean heapOut = dst instanceof byte[];
    long need = (heapIn ? srcLen : 0) + (heapOut ? (long) dstCap : 0);
    Arena temp = need > Scratch.MAX_KEPT_STAGE ? Arena.ofConfined() : null;
    try {
      MemorySegment stage = need == 0 ? null : temp != null ? temp.allocate(need, 16) : s.stage(need);
      long in;
      long out;
      if (heapIn) {
        MemorySegment.copy((byte[]) src, srcOff, stage, JAVA_BYTE, 0, srcLen);
        in = stage.address();
      } else {
        in = address((ByteBuffer) src) + srcOff;
      }
      out = heapOut ? stage.address() + (heapIn ? srcLen : 0) : address((ByteBuffer) dst) + dstOff;
      int n = switch (kind) {
        case FAST -> Lz4Library.fastRaw(critical, s.fastState(), in, srcLen, out, dstCap, arg);
        case HIGH -> Lz4Library.highRaw(s.highState(), in, srcLen, out, dstCap, arg);
        case DECOMPRESS -> Lz4Library.decompressRaw(critical, in, srcLen, out, dstCap);
        case DEST_FAST -> Lz4Library.destSizeRaw(critical, in, out, s.cell().address(), dstCap);
        default -> Lz4Library.highDestSizeRaw(s.highState(), in, out, s.cell().address(), dstCap, arg);
      };
      if (heapOut && n > 0) {
        MemorySegment.copy(stage, JAVA_BYTE, heapIn ? srcLen : 0, (byte[]) dst, dstOff, n);
      }
      Reference.reachabilityFence(src);
      Reference.reachabilityFence(dst);
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
    /** Addresses of the fast and HC states, 0 until first used. */
    private long fast;
    private long high;
    private MemorySegment stage;
    private MemorySegment xxh3State;
    /** {@code LZ4_compress_destSize}'s in/out input length. */
    private final MemorySegment cell = arena.allocate(JAVA_INT);

    MemorySegment cell() {
      return cell;
    }

    private MemorySegment xxh32State;
    private MemorySegment xxh64State;

    /** The XXH32 state of {@link NativeBackend#xxh32Stripes}; its memsize stays 0 (whole stripes only). */
    MemorySegment xxh32State() {
      if (xxh32State == null) {
        xxh32State = arena.allocate(XxHashLibrary.STATE32_SIZE, 8);
      }
      return xxh32State;
    }

    MemorySegment xxh64State() {
      if (xxh64State == null) {
        xxh64State = arena.allocate(XxHashLibrary.STATE64_SIZE, 8);
      }
      return xxh64State;
    }

    MemorySegment xxh3State() {
      if (xxh3State == null) {
        xxh3State = arena.allocate(XxHashLibrary.STATE_SIZE, XxHashLibrary.STATE_ALIGN);
      }
      return xxh3State;
    }

    /** Where XXH3-128's 16-byte result lands: the same segment every call (an allocator that returns it). */
    private final MemorySegment pairSegment = arena.allocate(16, 16);
    final SegmentAllocator pair = (byteSize, byteAlignment) -> pairSegment;

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

    /** @return the address of the fast compressor's state; the arena keeps it alive as long as this scratch */
    long fastState() {
      if (fast == 0) {
        fast = arena.allocate(Lz4Library.STATE_SIZE, 16).address();
      }
      return fast;
    }

    long highState() {
      if (high == 0) {
        high = arena.allocate(Lz4Library.STATE_HC_SIZE, 16).address();
      }
      return high;
    }

    /** The history a dictionary compression works with: exactly the LZ4 window. */
    static final int HISTORY = 64 * 1024;

    /** The room between the history and a prepared dictionary's input: liblz4 then sees an external dictionary. */
    static final int GAP = 16;

    /** The largest window kept (history, input, output); {@link #windowFits} says which calls fit. */
    static final long MAX_WINDOW = 4L << 20;

    private MemorySegment window;
    private MemorySegment dictStream;
    private MemorySegment loadedStream;
    private MemorySegment loadedHigh;
    private MemorySegment highWork;
    /**
     * The prepared dictionary's bytes that {@link #window} holds, held weakly, when {@link
     * #holding}; kept while not, so that reloading the same dictionary after a per-call history
     * makes no new reference.
     */
    private WeakReference<byte[]> held;
    private boolean holding;
    /** Whether {@link #loadedStream} is loaded over the window's (held) dictionary. */
    boolean fastLoaded;
    /** The HC level {@link #loadedHigh} is loaded at over the window's (held) dictionary, or 0. */
    int highLoaded;

    /**
     * @return the window: {@link #HISTORY} bytes of history, then room for {@code srcLen} bytes of
     *     input and {@code outLen} of output (grown when needed; a new window holds no history)
     */
    MemorySegment window(int srcLen, int outLen) {
      long size = HISTORY + GAP + (long) srcLen + outLen;
      if (window == null || window.byteSize() < size) {
        long n = Math.min(MAX_WINDOW, Math.max(size, window == null ? 4L * HISTORY : window.byteSize() * 2));
        window = arena.allocate(n, 16);
        release(); // the loaded states point into the old window
      }
      return window;
    }

    /** @return whether a call of {@code srcLen} input and {@code outLen} output bytes fits a window */
    static boolean windowFits(int srcLen, int outLen) {
      return HISTORY + GAP + (long) srcLen + outLen <= MAX_WINDOW;
    }

    /** @return the stream a fast dictionary compression works in */
    MemorySegment dictStream() {
      if (dictStream == null) {
        dictStream = arena.allocate(Lz4Library.STATE_SIZE, 16);
      }
      return dictStream;
    }

    /** @return the fast stream loaded over the window's dictionary, copied into {@link #dictStream} before each use */
    MemorySegment loadedStream() {
      if (loadedStream == null) {
        loadedStream = arena.allocate(Lz4Library.STATE_SIZE, 16);
      }
      return loadedStream;
    }

    /** @return the HC state loaded over the window's dictionary at level {@link #highLoaded}, copied into {@link #highWork} before each use */
    MemorySegment loadedHigh() {
      if (loadedHigh == null) {
        loadedHigh = arena.allocate(Lz4Library.STATE_HC_SIZE, 16);
      }
      return loadedHigh;
    }

    /** @return {@link #highState} as a segment */
    MemorySegment highWork() {
      if (highWork == null) {
        highWork = MemorySegment.ofAddress(highState()).reinterpret(Lz4Library.STATE_HC_SIZE);
      }
      return highWork;
    }

    /** @return whether the window's history is {@code dict} */
    boolean holds(byte[] dict) {
      return holding && held.get() == dict;
    }

    /** Records that the window's history is now {@code dict}, and that nothing is loaded over it yet. */
    void hold(byte[] dict) {
      if (held == null || held.get() != dict) {
        held = new WeakReference<>(dict);
      }
      holding = true;
      fastLoaded = false;
      highLoaded = 0;
    }

    /** Records that the window's history is no prepared dictionary's. */
    void release() {
      holding = false;
      fastLoaded = false;
      highLoaded = 0;
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
