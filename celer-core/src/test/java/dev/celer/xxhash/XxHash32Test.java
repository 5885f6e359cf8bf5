package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** XXH32 against its reference vectors and {@code xxhsum -H0}. */
class XxHash32Test extends AbstractXxHashTest {

  @Override
  HashKind kind() {
    return HashKind.XXH32;
  }

  private static Vector v(int len, long seed, int hash) {
    return new Vector(len, seed, XxHash32.toHex(hash));
  }

  @Override
  List<Vector> vectors() {
    // XSUM_XXH32_testdata, Cyan4973/xxHash cli/xsum_sanity_check.c (v0.8.x, read at 08ae0257)
    long p = TestData.PRIME32;
    return List.of(
        v(0, 0, 0x02CC5D05),
        v(0, p, 0x36B78AE7),
        v(1, 0, 0xCF65B03E),
        v(1, p, 0xB4545AA4),
        v(14, 0, 0x1208E7E2),
        v(14, p, 0x6AF1D1FE),
        v(222, 0, 0x5BD11DBD),
        v(222, p, 0x58803C5F));
  }

  @Test
  void hexIsEightDigitsMostSignificantFirst() {
    assertEquals("02cc5d05", XxHash32.toHex(0x02CC5D05));
    assertEquals("ffffffff", XxHash32.toHex(-1));
    assertEquals("00000000", XxHash32.toHex(0));
  }

  @Test
  void wholeArrayOverloadEqualsRange() {
    byte[] b = TestData.sanityBuffer(222);
    assertEquals(0x5BD11DBD, XxHash32.hash(b, 0));
  }
}
