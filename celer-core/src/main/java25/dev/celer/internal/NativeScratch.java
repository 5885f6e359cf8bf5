package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Per-call native memory: the LZ4 states and a copy buffer, pooled so that steady-state calls
 * allocate nothing, on platform and virtual threads alike. A call takes one out of {@link #POOL}
 * (or makes a new one when all are in use) and gives it back; memory is freed by the GC
 * ({@link Arena#ofAuto()}) when a scratch is dropped because the pool is full.
 */
final class NativeScratch {
  private NativeScratch() {}

  /**
   * The largest copy buffer kept in a pooled scratch; larger calls use a temporary arena. A frame
   * block of the largest size (4 MB) in and out fits: below that, each 4 MB block a frame decoder
   * handed to liblz4 through a copy allocated, zeroed and freed 5-8 MB of native memory (measured
   * with async-profiler: kernel page clearing took a third of a one-shot decode's CPU).
   */
  static final long MAX_KEPT_STAGE = (8L << 20) + (64 << 10);

  private static final int SLOTS = Integer.highestOneBit(Math.min(64, Math.max(4, 2 * Runtime.getRuntime().availableProcessors())) * 2 - 1);
  private static final AtomicReferenceArray<NativeScratch> POOL = new AtomicReferenceArray<>(SLOTS);

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

  /** The XXH32 state of {@link NativeHashes#xxh32Stripes}; its memsize stays 0 (whole stripes only). */
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

  static NativeScratch take() {
    int start = (int) Thread.currentThread().threadId();
    for (int i = 0; i < SLOTS; i++) {
      NativeScratch s = POOL.getAndSet((start + i) & (SLOTS - 1), null);
      if (s != null) {
        return s;
      }
    }
    return new NativeScratch();
  }

  static void give(NativeScratch s) {
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
      // an arena of its own, so that the outgrown buffer is freed once dropped (the scratch's arena
      // would keep every size it ever had)
      stage = Arena.ofAuto().allocate(n, 16);
    }
    return stage;
  }
}
