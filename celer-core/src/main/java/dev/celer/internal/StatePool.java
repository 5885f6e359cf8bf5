package dev.celer.internal;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * A bounded pool of reusable working states (hash tables, scratch buffers) shared by every thread,
 * platform or virtual.
 *
 * <p>Why not a {@code ThreadLocal}: a thread-local cache holds one state per thread that ever
 * called, for as long as that thread lives. With a few long-lived platform threads that is cheap,
 * but a server on virtual threads starts a new thread per task: each call then finds an empty
 * cache and allocates a fresh state (33 KB for the fast compressor, up to 328 KB for HC 12), and
 * every parked thread keeps its state alive. A pool instead keeps at most {@link #capacity()}
 * idle states in total, however many threads there are, and a call that finds one reuses it.
 *
 * <p>How: {@link #acquire()} scans the slots of an {@link AtomicReferenceArray}, starting at a slot
 * chosen from the thread's id (so platform threads tend to find "their" state, as with a
 * thread-local, and rarely contend), and takes the first state it can swap out for {@code null};
 * when every slot is empty it creates a new state. {@link #release(Object)} puts the state back
 * into the first empty slot, or drops it for the garbage collector when all slots are full. No
 * locks and no allocation on this path; a call costs two compare-and-set operations. States are
 * created only while more calls run at once than the pool holds idle, so the number alive is
 * bounded by the peak number of concurrent calls plus {@link #capacity()}, not by the number of
 * threads.
 *
 * <p>The compare-and-set that takes a state happens-after the one that put it back, so whatever
 * the previous user wrote into the state is visible to the next one. A state is used by one call
 * at a time; callers must release it in a {@code finally} block and never touch it afterwards.
 *
 * <p>Capacity: {@code max(16, 2 × availableProcessors)}, or the system property {@value
 * #CAPACITY_PROPERTY} (at least 1) read once when the class loads.
 *
 * @param <T> the state type
 */
public final class StatePool<T> {

  /** The system property that overrides the capacity of every pool. */
  public static final String CAPACITY_PROPERTY = "dev.celer.pool.capacity";

  /** The capacity of pools created with {@link #StatePool(Supplier)}. */
  public static final int DEFAULT_CAPACITY = defaultCapacity();

  private final AtomicReferenceArray<T> slots;
  private final Supplier<? extends T> factory;

  /** A pool of {@link #DEFAULT_CAPACITY} slots that creates states with {@code factory}. */
  public StatePool(Supplier<? extends T> factory) {
    this(DEFAULT_CAPACITY, factory);
  }

  /**
   * A pool of {@code capacity} slots that creates states with {@code factory}.
   *
   * @throws IllegalArgumentException if {@code capacity < 1}
   */
  public StatePool(int capacity, Supplier<? extends T> factory) {
    if (capacity < 1) {
      throw new IllegalArgumentException("pool capacity must be at least 1: " + capacity);
    }
    this.slots = new AtomicReferenceArray<>(capacity);
    this.factory = factory;
  }

  /** @return how many idle states the pool keeps at most */
  public int capacity() {
    return slots.length();
  }

  /**
   * Takes an idle state, or creates one when there is none. The caller owns it until {@link
   * #release(Object)}.
   */
  public T acquire() {
    int n = slots.length();
    int i = start(n);
    for (int k = 0; k < n; k++) {
      T s = slots.getAcquire(i);
      if (s != null && slots.compareAndSet(i, s, null)) {
        return s;
      }
      if (++i == n) {
        i = 0;
      }
    }
    return factory.get();
  }

  /**
   * Gives a state back for reuse, or drops it when the pool is full. The caller must not use it
   * afterwards.
   */
  public void release(T state) {
    int n = slots.length();
    int i = start(n);
    for (int k = 0; k < n; k++) {
      if (slots.getAcquire(i) == null && slots.compareAndSet(i, null, state)) {
        return;
      }
      if (++i == n) {
        i = 0;
      }
    }
    // full: more states are out than the pool keeps; this one goes to the garbage collector
  }

  /** @return how many idle states the pool holds now (a snapshot, for tests and monitoring) */
  public int idle() {
    int count = 0;
    for (int i = 0; i < slots.length(); i++) {
      if (slots.get(i) != null) {
        count++;
      }
    }
    return count;
  }

  /**
   * The first slot to try: spread by thread id, so that threads running at the same time start at
   * different slots. A stale read in the scan only costs a failed compare-and-set.
   */
  @SuppressWarnings("deprecation") // Thread.getId: threadId() is JDK 19+, and both are a field read
  private static int start(int n) {
    long id = Thread.currentThread().getId();
    long h = (id * 0x9E3779B97F4A7C15L) >>> 32; // Fibonacci hashing: consecutive ids spread out
    return (int) ((h * n) >>> 32); // h * n / 2^32, in [0, n) without a division
  }

  private static int defaultCapacity() {
    int fallback = Math.max(16, 2 * Runtime.getRuntime().availableProcessors());
    String p;
    try {
      p = System.getProperty(CAPACITY_PROPERTY);
    } catch (SecurityException e) {
      return fallback;
    }
    if (p == null) {
      return fallback;
    }
    try {
      return Math.max(1, Integer.parseInt(p.trim()));
    } catch (NumberFormatException e) {
      return fallback;
    }
  }
}
