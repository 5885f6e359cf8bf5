package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.internal.NativeBackend;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The streaming XXH32 and XXH64 give the same hash for every way of splitting the input: random
 * splits with 0-length, 1-byte and large pieces, from arrays, heap, direct and read-only buffers,
 * after {@code reset}, against a reference fed one byte at a time through {@code update(int)} (a
 * path that never leaves Java) and the one-shot hash. On the native backend the large pieces go
 * through {@code XXH32_update} / {@code XXH64_update} ({@link NativeBackend#xxh32Stripes}), so this
 * compares them with pure Java; in the {@code native} Surefire execution it also checks that they
 * do.
 */
class XxHashStreamingSplitsTest {

  private static final byte[] DATA = data(300_000, 5);

  private static byte[] data(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    for (int i = 0; i < n; i += 5) {
      b[i] = (byte) (i >>> 7);
    }
    return b;
  }

  /** One streaming hasher of either kind, its digest as a long. */
  private interface Kind {
    StreamingHash create(long seed);

    long digest(StreamingHash s);

    long oneShot(byte[] b, int off, int len, long seed);
  }

  private static final Kind XXH32 = new Kind() {
    public StreamingHash create(long seed) {
      return XxHash32.create((int) seed);
    }

    public long digest(StreamingHash s) {
      return ((XxHash32) s).digest() & 0xFFFF_FFFFL;
    }

    public long oneShot(byte[] b, int off, int len, long seed) {
      return XxHash32.hash(b, off, len, (int) seed) & 0xFFFF_FFFFL;
    }
  };

  private static final Kind XXH64 = new Kind() {
    public StreamingHash create(long seed) {
      return XxHash64.create(seed);
    }

    public long digest(StreamingHash s) {
      return ((XxHash64) s).digest();
    }

    public long oneShot(byte[] b, int off, int len, long seed) {
      return XxHash64.hash(b, off, len, seed);
    }
  };

  /** @return the hash of {@code b[off, off+len)} fed one byte at a time (pure Java on every backend) */
  private static long byteByByte(Kind k, byte[] b, int off, int len, long seed) {
    StreamingHash s = k.create(seed);
    for (int i = off; i < off + len; i++) {
      s.update(b[i]);
    }
    return k.digest(s);
  }

  @Test
  void xxh32RandomSplitsEqualOneByteAtATime() {
    randomSplits(XXH32, 32);
  }

  @Test
  void xxh64RandomSplitsEqualOneByteAtATime() {
    randomSplits(XXH64, 64);
  }

  private static void randomSplits(Kind k, long salt) {
    Random r = new Random(salt);
    StreamingHash s = k.create(0);
    for (int trial = 0; trial < 60; trial++) {
      long seed = trial % 3 == 0 ? 0 : r.nextLong();
      int off = r.nextInt(64);
      int len = trial < 5 ? trial * 7 : r.nextInt(trial % 4 == 0 ? DATA.length - off : 5000);
      long want = byteByByte(k, DATA, off, len, seed);
      assertEquals(want, k.oneShot(DATA, off, len, seed), "one-shot, " + len + " bytes");
      // a new hasher, and the same one after reset (the seed stays the creation's)
      StreamingHash fresh = k.create(seed);
      feed(fresh, r, off, len);
      assertEquals(want, k.digest(fresh), "trial " + trial + ": " + len + " bytes in random pieces");
      feed(fresh, r, 0, 1000); // more data, then reset: must be forgotten
      fresh.reset();
      feed(fresh, r, off, len);
      assertEquals(want, k.digest(fresh), "trial " + trial + ": after reset");
      s.reset();
      feed(s, r, 0, Math.min(len, 700));
      assertEquals(byteByByte(k, DATA, 0, Math.min(len, 700), 0), k.digest(s), "trial " + trial + ": a reused hasher");
    }
  }

  /** Feeds {@code DATA[off, off+len)} in random pieces (0, 1, a few, hundreds, tens of thousands of bytes) of random kinds. */
  private static void feed(StreamingHash s, Random r, int off, int len) {
    int end = off + len;
    int p = off;
    while (p < end) {
      int piece;
      switch (r.nextInt(6)) {
        case 0: piece = 0; break;
        case 1: piece = 1; break;
        case 2: piece = r.nextInt(40); break;
        case 3: piece = r.nextInt(1024); break;
        case 4: piece = 256 + r.nextInt(64); break;
        default: piece = r.nextInt(70_000); break;
      }
      piece = Math.min(piece, end - p);
      switch (r.nextInt(5)) {
        case 0:
          s.update(DATA, p, piece);
          break;
        case 1: {
          ByteBuffer b = ByteBuffer.wrap(DATA, p, piece).slice();
          s.update(b);
          assertEquals(piece, b.position());
          break;
        }
        case 2:
        case 3: {
          ByteBuffer d = ByteBuffer.allocateDirect(piece + 9);
          d.position(9);
          d.put(DATA, p, piece).position(9);
          s.update(r.nextBoolean() ? d : d.asReadOnlyBuffer());
          break;
        }
        default:
          if (piece > 0) {
            s.update(DATA[p]);
            piece = 1;
          }
          break;
      }
      p += piece;
    }
  }

  /** Over {@code NativeBackend}'s 8 MB piece for heap arrays: hashed in pieces, the same hash. */
  @Test
  void anUpdateLargerThanOneCriticalCall() {
    byte[] big = new byte[(8 << 20) * 2 + 100];
    for (int i = 0; i < big.length; i += 4096) {
      System.arraycopy(DATA, 0, big, i, Math.min(4096, big.length - i));
    }
    XxHash32 s32 = XxHash32.create(9);
    s32.update(big, 3, big.length - 3);
    assertEquals(byteByByte(XXH32, big, 3, big.length - 3, 9), s32.digest() & 0xFFFF_FFFFL);
    XxHash64 s64 = XxHash64.create(9);
    s64.update(big, 5, big.length - 5);
    assertEquals(byteByByte(XXH64, big, 5, big.length - 5, 9), s64.digest());
  }

  /** The native entry points check their arguments in Java before any downcall. */
  @Test
  void nativeStripesRefuseBadRanges() {
    if (Boolean.getBoolean("celer.expect.native")) {
      assertEquals(true, NativeBackend.xxhash(), NativeBackend.status());
    }
    assumeTrue(NativeBackend.xxhash(), "needs the native backend");
    int[] a32 = new int[4];
    long[] a64 = new long[4];
    byte[] b = new byte[64];
    assertThrows(IllegalArgumentException.class, () -> NativeBackend.xxh32Stripes(b, 0, 17, a32));
    assertThrows(IllegalArgumentException.class, () -> NativeBackend.xxh32Stripes(b, 0, 0, a32));
    assertThrows(IllegalArgumentException.class, () -> NativeBackend.xxh32Stripes(b, -16, 16, a32));
    assertThrows(IndexOutOfBoundsException.class, () -> NativeBackend.xxh32Stripes(b, 16, 64, a32));
    assertThrows(IllegalArgumentException.class, () -> NativeBackend.xxh64Stripes(b, 0, 48, a64));
    assertThrows(IndexOutOfBoundsException.class, () -> NativeBackend.xxh64Stripes(b, 32, 64, a64));
    ByteBuffer d = ByteBuffer.allocateDirect(64);
    assertThrows(IndexOutOfBoundsException.class, () -> NativeBackend.xxh32Stripes(d, 32, 48, a32));
    assertThrows(IndexOutOfBoundsException.class, () -> NativeBackend.xxh64Stripes(d, 32, 64, a64));
    assertThrows(IllegalArgumentException.class, () -> NativeBackend.xxh32Stripes(b, 0, 16, new int[3]));
  }
}
