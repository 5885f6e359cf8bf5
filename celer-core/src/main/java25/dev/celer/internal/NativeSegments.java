package dev.celer.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The heap segments and direct-buffer addresses the native calls pass, from a weak identity cache
 * (see {@link Known}).
 */
final class NativeSegments {
  private NativeSegments() {}

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
  private static final int[] SEEN = new int[1 << 12]; // indexed by 12 bits (seenAt)
  /**
   * A second table, indexed by other bits: two keys that one call uses together (a source and a
   * destination buffer) and that share a slot of {@link #SEEN} would overwrite each other there on
   * every call and never enter the cache, allocating on every call for as long as they live (CI
   * met such a pair: 160 B per call). They would have to share a slot of both tables to do so.
   */
  private static final int[] SEEN2 = new int[1 << 12];

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
    int at = seenAt(h, 0);
    int at2 = seenAt(h, 1);
    if (SEEN[at] != h && SEEN2[at2] != h) {
      SEEN[at] = h;
      SEEN2[at2] = h;
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

  /**
   * @return the slot of hash {@code h} in {@link #SEEN} ({@code table} 0) or {@link #SEEN2} (1).
   *     The low bits of h depend only on the low bits of the offset (it is a product): all of them
   *     are mixed in, or offsets a power of two apart in one array would share a slot.
   */
  static int seenAt(int h, int table) {
    return table == 0 ? (h ^ h >>> 15) * 0x2C1B3C6D >>> (32 - 12) : (h ^ h >>> 13) * 0x5F356495 >>> (32 - 12);
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
}
