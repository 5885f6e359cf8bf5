package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The XXH3 vector path ({@link Xxh3Vector}) against the scalar one. Byte arrays take the vector
 * path when it is on, direct buffers always the scalar path, so each check hashes the same bytes
 * both ways: one-shot and streaming (random split points, mixing array and direct-buffer updates),
 * XXH3-64 and XXH3-128, seeds and custom secrets, every length 0..4096 and a few megabytes.
 *
 * <p>Surefire runs the xxhash tests twice: as part of the ordinary run (vector path off: this
 * class then checks the scalar path against itself through both entry points, cheaply) and in the
 * execution {@code xxhash-vector} with {@code --add-modules jdk.incubator.vector} and {@code
 * -Dceler.expect.vector=true}, where {@link #vectorPathIsActiveWhenExpected()} makes sure the
 * comparison is really vector against scalar.
 */
class Xxh3VectorTest {

  @Test
  void vectorPathIsActiveWhenExpected() {
    System.out.println("XXH3 vector path " + Xxh3Vectorization.REASON);
    if (Boolean.getBoolean("celer.expect.vector")) {
      assertTrue(Xxh3Vectorization.ENABLED, Xxh3Vectorization.REASON);
    }
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      assertFalse(Xxh3Vectorization.ENABLED, Xxh3Vectorization.REASON);
    }
  }

  @Test
  void oneShotSameAsScalarForEveryLengthUpTo4096() {
    Random rnd = TestData.seededRandom("Xxh3VectorTest.oneShot");
    byte[] data = new byte[4096 + 16];
    rnd.nextBytes(data);
    ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data);
    long seed = rnd.nextLong();
    byte[] secret = new byte[136 + rnd.nextInt(120)];
    rnd.nextBytes(secret);
    for (int len = 0; len <= 4096; len++) {
      int off = len % 16;
      ByteBuffer view = direct.duplicate().position(off).limit(off + len);
      String at = "length " + len + " at offset " + off;
      assertEquals(XxHash3.hash(view.duplicate()), XxHash3.hash(data, off, len), at);
      assertEquals(XxHash3.hash(view.duplicate(), seed), XxHash3.hash(data, off, len, seed), at);
      assertEquals(XxHash3.hashWithSecret(view.duplicate(), secret),
          XxHash3.hashWithSecret(data, off, len, secret), at + ", secret of " + secret.length);
      assertEquals(XxHash128.hash(view.duplicate(), seed), XxHash128.hash(data, off, len, seed), at);
      assertEquals(XxHash128.hashWithSecret(view.duplicate(), secret),
          XxHash128.hashWithSecret(data, off, len, secret), at + ", secret of " + secret.length);
    }
  }

  @Test
  void megabytesOneShotAndStreamingSameAsScalar() {
    Random rnd = TestData.seededRandom("Xxh3VectorTest.megabytes");
    for (int len : new int[] {(1 << 20) + 7, 3 * (1 << 20) + 4567}) {
      byte[] data = new byte[len];
      rnd.nextBytes(data);
      ByteBuffer direct = ByteBuffer.allocateDirect(len).put(data).flip();
      long seed = rnd.nextLong();
      byte[] secret = new byte[136 + rnd.nextInt(120)];
      rnd.nextBytes(secret);
      String at = "length " + len + ", seed " + seed + ", secret of " + secret.length;

      long scalar = XxHash3.hash(direct.duplicate(), seed);
      assertEquals(scalar, XxHash3.hash(data, 0, len, seed), at);
      Hash128 scalar128 = XxHash128.hashWithSecret(direct.duplicate(), secret);
      assertEquals(scalar128, XxHash128.hashWithSecret(data, 0, len, secret), at);

      XxHash3 h = XxHash3.create(seed);
      XxHash128 h128 = XxHash128.createWithSecret(secret);
      feedInRandomPieces(rnd, data, direct, h, h128);
      assertEquals(scalar, h.digest(), at + ", streaming");
      assertEquals(scalar128, h128.digest(), at + ", streaming");
    }
  }

  @Test
  void streamingSameAsScalarForRandomSplits() {
    Random rnd = TestData.seededRandom("Xxh3VectorTest.streaming");
    byte[] data = new byte[4096];
    rnd.nextBytes(data);
    ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).flip();
    byte[] secret = new byte[136 + rnd.nextInt(120)];
    rnd.nextBytes(secret);
    for (int round = 0; round < 300; round++) {
      int len = rnd.nextInt(data.length + 1);
      long seed = rnd.nextBoolean() ? 0 : rnd.nextLong();
      ByteBuffer view = direct.duplicate().limit(len);
      XxHash3 h = XxHash3.create(seed);
      XxHash128 h128 = XxHash128.createWithSecret(secret);
      feedInRandomPieces(rnd, java.util.Arrays.copyOf(data, len), view.duplicate(), h, h128);
      String at = "length " + len + ", seed " + seed + ", round " + round;
      assertEquals(XxHash3.hash(view.duplicate(), seed), h.digest(), at);
      assertEquals(XxHash128.hashWithSecret(view.duplicate(), secret), h128.digest(), at);
    }
  }

  /**
   * Feeds {@code data} (and the same bytes in {@code direct}) to both hashers in pieces of random
   * sizes, from a byte to more than the streaming buffer, each piece from the array or the direct
   * buffer at random: arrays reach the vector path, direct buffers the scalar one.
   */
  private static void feedInRandomPieces(
      Random rnd, byte[] data, ByteBuffer direct, XxHash3 h, XxHash128 h128) {
    int p = 0;
    while (p < data.length) {
      int max = rnd.nextInt(4) == 0 ? 20_000 : 700;
      int n = Math.min(data.length - p, 1 + rnd.nextInt(max));
      if (rnd.nextBoolean()) {
        h.update(data, p, n);
        h128.update(data, p, n);
      } else {
        h.update(direct.duplicate().position(p).limit(p + n));
        h128.update(direct.duplicate().position(p).limit(p + n));
      }
      p += n;
    }
  }
}
