package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/**
 * The native backend's XXH3 paths of issue 12 against the streaming hashers (always pure Java):
 * XXH3-128 through libxxhash's streaming state finished in Java, and {@code XXH3_64bits_withSecret}
 * and the streaming state with a custom secret, on arrays and direct buffers, across the 240-byte
 * and buffer edges, the 16 KB where arrays start to go through the identity cache, and secret
 * sizes, on a platform and on a virtual thread. In the {@code native} Surefire execution ({@code
 * celer.expect.native=true}) it also checks that XXH3-128's native path is the one in use.
 */
class XxHashNativePathsTest {

  @Test
  void nativeXxh3128PathIsActiveWhereExpected() {
    if (Boolean.getBoolean("celer.expect.native")) {
      assertTrue(XxHash128.NATIVE_ACCUMULATE, "libxxhash's streaming state did not agree with Java at load");
    }
  }

  @Test
  void seededAndSecretHashesMatchTheStreamingHashers() {
    compareAll();
  }

  /** The same on a virtual thread, where the pooled native state must serve as on a platform thread. */
  @Test
  @EnabledForJreRange(min = JRE.JAVA_21)
  void onAVirtualThreadToo() throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = (Thread) Thread.class.getMethod("startVirtualThread", Runnable.class).invoke(null, (Runnable) () -> {
      try {
        compareAll();
      } catch (Throwable e) {
        failure.set(e);
      }
    });
    t.join();
    if (failure.get() != null) {
      throw new AssertionError("on a virtual thread", failure.get());
    }
  }

  private static void compareAll() {
    Random r = new Random(99);
    byte[] data = new byte[70_000];
    r.nextBytes(data);
    for (int i = 0; i < data.length; i += 3) {
      data[i] = (byte) (i >>> 5); // some structure
    }
    int[] lengths = {0, 1, 16, 17, 128, 129, 240, 241, 255, 256, 257, 1023, 1024, 1025, 4096, 16_383, 16_384, 65_536, 69_999};
    for (int secretLen : new int[] {136, 192, 200, 1000}) {
      byte[] secret = new byte[secretLen];
      r.nextBytes(secret);
      for (int len : lengths) {
        int off = len == 69_999 ? 1 : 7;
        ByteBuffer direct = ByteBuffer.allocateDirect(len + 3);
        direct.position(3);
        direct.put(data, off, len).position(3);
        XxHash3 s64 = XxHash3.createWithSecret(secret);
        s64.update(data, off, len);
        assertEquals(s64.digest(), XxHash3.hashWithSecret(data, off, len, secret), "XXH3-64, secret " + secretLen + ", " + len + " bytes");
        assertEquals(s64.digest(), XxHash3.hashWithSecret(direct, secret), "XXH3-64 direct, secret " + secretLen + ", " + len + " bytes");
        XxHash128 s128 = XxHash128.createWithSecret(secret);
        s128.update(data, off, len);
        assertEquals(s128.digest(), XxHash128.hashWithSecret(data, off, len, secret), "XXH3-128, secret " + secretLen + ", " + len + " bytes");
        assertEquals(s128.digest(), XxHash128.hashWithSecret(direct, secret), "XXH3-128 direct, secret " + secretLen + ", " + len + " bytes");
        assertEquals(3, direct.position());
        for (long seed : new long[] {0, 7, -1}) {
          XxHash128 h = XxHash128.create(seed);
          h.update(data, off, len);
          assertEquals(h.digest(), XxHash128.hash(data, off, len, seed), "XXH3-128 seed " + seed + ", " + len + " bytes");
          assertEquals(h.digest(), XxHash128.hash(direct, seed), "XXH3-128 direct seed " + seed + ", " + len + " bytes");
        }
      }
    }
  }
}
