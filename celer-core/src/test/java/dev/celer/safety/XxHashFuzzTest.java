package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.nio.ByteBuffer;
import java.util.Arrays;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Fuzz targets for XXH32 and XXH64: a random {@code (offset, length)} range gives the value
 * lz4-java 1.8.0's safe implementation gives, or an {@link IndexOutOfBoundsException} when the
 * range is not inside the array — never another failure (the lz4-java advisory class "crash on a
 * bad range handed to a hash function"); streaming in random pieces equals one-shot; buffers
 * (heap and direct) equal arrays and keep their position.
 */
class XxHashFuzzTest {
  private static final XXHashFactory JPOUNTZ = XXHashFactory.safeInstance();

  @FuzzTest(maxDuration = "20s")
  void anyRange(FuzzedDataProvider in) {
    int len = in.consumeInt(0, 600);
    byte[] data = in.consumeBytes(len);
    int off = in.consumeInt(-3, data.length + 3);
    int n = pickLength(in, data.length);
    int seed = in.consumeInt();
    long seed64 = in.consumeLong();
    boolean inside = off >= 0 && n >= 0 && (long) off + n <= data.length;
    if (inside) {
      assertEquals(JPOUNTZ.hash32().hash(data, off, n, seed), XxHash32.hash(data, off, n, seed), "XXH32");
      assertEquals(JPOUNTZ.hash64().hash(data, off, n, seed64), XxHash64.hash(data, off, n, seed64), "XXH64");
    } else {
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash32.hash(data, off, n, seed), "XXH32 range");
      assertThrows(IndexOutOfBoundsException.class, () -> XxHash64.hash(data, off, n, seed64), "XXH64 range");
      XxHash32 h32 = XxHash32.create(seed);
      XxHash64 h64 = XxHash64.create(seed64);
      int before32 = h32.digest();
      long before64 = h64.digest();
      assertThrows(IndexOutOfBoundsException.class, () -> h32.update(data, off, n), "XXH32 update range");
      assertThrows(IndexOutOfBoundsException.class, () -> h64.update(data, off, n), "XXH64 update range");
      assertEquals(before32, h32.digest(), "a rejected update must not change the XXH32 state");
      assertEquals(before64, h64.digest(), "a rejected update must not change the XXH64 state");
    }
  }

  @FuzzTest(maxDuration = "20s")
  void streamingEqualsOneShot(FuzzedDataProvider in) {
    int seed = in.consumeInt();
    long seed64 = in.consumeLong();
    int pieces = in.consumeInt(0, 12);
    int[] cuts = new int[pieces];
    for (int i = 0; i < pieces; i++) {
      cuts[i] = in.consumeInt(0, 300);
    }
    boolean direct = in.consumeBoolean();
    byte[] data = in.consumeRemainingAsBytes();
    int want32 = XxHash32.hash(data, 0, data.length, seed);
    long want64 = XxHash64.hash(data, 0, data.length, seed64);
    assertEquals(JPOUNTZ.hash32().hash(data, 0, data.length, seed), want32, "XXH32 vs lz4-java");
    assertEquals(JPOUNTZ.hash64().hash(data, 0, data.length, seed64), want64, "XXH64 vs lz4-java");

    XxHash32 h32 = XxHash32.create(seed);
    XxHash64 h64 = XxHash64.create(seed64);
    for (int round = 0; round < 2; round++) { // the second round checks reset()
      int pos = 0;
      for (int i = 0; i <= pieces; i++) {
        int n = i < pieces ? Math.min(cuts[i], data.length - pos) : data.length - pos;
        if ((i & 1) == 0) {
          h32.update(data, pos, n);
          h64.update(data, pos, n);
        } else {
          h32.update(ByteBuffer.wrap(data, pos, n));
          h64.update(ByteBuffer.wrap(data, pos, n));
        }
        pos += n;
      }
      assertEquals(want32, h32.digest(), "XXH32 streaming, pieces " + Arrays.toString(cuts));
      assertEquals(want64, h64.digest(), "XXH64 streaming, pieces " + Arrays.toString(cuts));
      h32.reset();
      h64.reset();
    }

    ByteBuffer buf = Checks.alloc(direct, data.length + 5);
    buf.position(3);
    buf.put(data);
    buf.position(3).limit(3 + data.length);
    assertEquals(want32, XxHash32.hash(buf, seed), "XXH32 of a buffer");
    assertEquals(want64, XxHash64.hash(buf, seed64), "XXH64 of a buffer");
    assertEquals(3, buf.position(), "one-shot hashing must not move the position");
  }

  /** A length that is often just inside or just outside the array, sometimes hostile. */
  private static int pickLength(FuzzedDataProvider in, int size) {
    switch (in.consumeInt(0, 3)) {
      case 0:
        return in.consumeInt(-3, size + 3);
      case 1:
        return Integer.MAX_VALUE - in.consumeInt(0, 3);
      case 2:
        return Integer.MIN_VALUE + in.consumeInt(0, 3);
      default:
        return in.consumeInt();
    }
  }
}
