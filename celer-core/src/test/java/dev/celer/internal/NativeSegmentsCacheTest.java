package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cache of {@code NativeSegments} (Java 25 layer: what a downcall knows of a direct buffer or
 * an array offset, so that a call on the same buffer as an earlier one allocates nothing): two
 * buffers that every call uses together must both enter it, even when their hashes share a slot of
 * its "seen missing" table. With one such table they overwrote each other there on every call and
 * never entered, and each call allocated (CI, 2026-11-29: {@code BlockAllocationTest} saw 160 B per
 * direct-buffer compression). Runs where the Java 25 layer is on the class path.
 */
class NativeSegmentsCacheTest {
  @Test
  void buffersUsedTogetherEnterTheCacheWhenTheirSeenSlotsCollide() throws Throwable {
    Method hash = Layer25.method("NativeSegments", "hash", Object.class, int.class);
    Method seenAt = Layer25.method("NativeSegments", "seenAt", int.class, int.class);
    Method direct = Layer25.method("NativeSegments", "direct", ByteBuffer.class);
    assumeTrue(hash != null && Runtime.version().feature() >= 25, "needs the Java 25 layer");
    assertTrue(seenAt != null && direct != null, "NativeSegments.seenAt and direct");

    // two direct buffers whose hashes share a slot of the first table (birthday odds: a few
    // hundred buffers suffice for 4,096 slots)
    List<ByteBuffer> kept = new ArrayList<>();
    ByteBuffer[] pair = null;
    ByteBuffer[] bySlot = new ByteBuffer[1 << 12];
    for (int i = 0; i < 20_000 && pair == null; i++) {
      ByteBuffer b = ByteBuffer.allocateDirect(16);
      kept.add(b);
      int h = (int) Layer25.call(hash, b, -1);
      int slot = (int) Layer25.call(seenAt, h, 0);
      ByteBuffer other = bySlot[slot];
      if (other != null) {
        // (a pair sharing a slot of the second table too, 1 in 4,096 of these, is the risk left)
        if ((int) Layer25.call(seenAt, h, 1) != (int) Layer25.call(seenAt, Layer25.call(hash, other, -1), 1)) {
          pair = new ByteBuffer[] {other, b};
        }
      } else {
        bySlot[slot] = b;
      }
    }
    assertTrue(pair != null, "no two of 20,000 buffers share a slot");

    // a call's lookups, source then destination, call after call: after a few calls both are
    // cached (the same entry comes back). Entries are weak: a collection first empties the cache
    // of what earlier tests in this JVM left (a full set admits nothing, by design), and one
    // during a try spoils it, so a few tries are allowed.
    boolean cached = false;
    for (int attempt = 0; attempt < 20 && !cached; attempt++) {
      System.gc();
      for (int call = 0; call < 4; call++) {
        Layer25.call(direct, pair[0]);
        Layer25.call(direct, pair[1]);
      }
      // in the same alternation: the same entry for each buffer in two successive calls
      Object a1 = Layer25.call(direct, pair[0]);
      Object b1 = Layer25.call(direct, pair[1]);
      Object a2 = Layer25.call(direct, pair[0]);
      Object b2 = Layer25.call(direct, pair[1]);
      cached = a1 == a2 && b1 == b2;
    }
    assertTrue(cached, "two buffers used together, sharing a slot of the seen table, never entered the cache");
    kept.clear();
  }
}
