package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link StatePool}: reuse, the capacity bound, and one user per state under contention. */
class StatePoolTest {

  /** A state that knows whether a call is using it. */
  static final class State {
    final AtomicBoolean inUse = new AtomicBoolean();
  }

  @Test
  void releasedStateIsReused() {
    AtomicInteger created = new AtomicInteger();
    StatePool<State> pool = new StatePool<>(4, () -> {
      created.incrementAndGet();
      return new State();
    });
    State a = pool.acquire();
    pool.release(a);
    for (int i = 0; i < 100; i++) {
      State b = pool.acquire();
      assertSame(a, b, "one thread, one call at a time: always the same state");
      pool.release(b);
    }
    assertEquals(1, created.get());
    assertEquals(1, pool.idle());
  }

  @Test
  void emptyPoolCreatesAndFullPoolDrops() {
    StatePool<State> pool = new StatePool<>(3, State::new);
    List<State> out = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      out.add(pool.acquire());
    }
    for (int i = 0; i < 5; i++) {
      for (int j = 0; j < i; j++) {
        assertNotSame(out.get(i), out.get(j), "a state handed out twice");
      }
    }
    out.forEach(pool::release);
    assertEquals(3, pool.idle(), "the pool keeps at most its capacity");
    Map<State, Boolean> seen = new IdentityHashMap<>();
    for (int i = 0; i < 3; i++) {
      seen.put(pool.acquire(), true);
    }
    assertEquals(3, seen.size());
    assertEquals(0, pool.idle());
  }

  @Test
  void capacityMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new StatePool<>(0, State::new));
    assertEquals(7, new StatePool<>(7, State::new).capacity());
    assertTrue(StatePool.DEFAULT_CAPACITY >= 16 || System.getProperty(StatePool.CAPACITY_PROPERTY) != null);
    assertEquals(StatePool.DEFAULT_CAPACITY, new StatePool<>(State::new).capacity());
  }

  @Test
  void aStateHasOneUserAtATimeUnderContention() throws Exception {
    AtomicInteger created = new AtomicInteger();
    StatePool<State> pool = new StatePool<>(2, () -> {
      created.incrementAndGet();
      return new State();
    });
    int threads = 6;
    ExecutorService ex = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> jobs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        jobs.add(ex.submit(() -> {
          for (int i = 0; i < 20_000; i++) {
            State s = pool.acquire();
            assertTrue(s.inUse.compareAndSet(false, true), "a state given to two callers at once");
            Thread.yield();
            assertTrue(s.inUse.compareAndSet(true, false));
            pool.release(s);
          }
        }));
      }
      for (Future<?> f : jobs) {
        f.get();
      }
    } finally {
      ex.shutdownNow();
    }
    assertTrue(pool.idle() <= 2);
    assertTrue(created.get() >= 1);
  }
}
