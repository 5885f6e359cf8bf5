package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** XXH64 against its reference vectors and {@code xxhsum -H1}. */
class XxHash64Test extends AbstractXxHashTest {

  @Override
  HashKind kind() {
    return HashKind.XXH64;
  }

  private static Vector v(int len, long seed, long hash) {
    return new Vector(len, seed, XxHash64.toHex(hash));
  }

  @Override
  List<Vector> vectors() {
    // XSUM_XXH64_testdata, Cyan4973/xxHash cli/xsum_sanity_check.c (v0.8.x, read at 08ae0257)
    long p = TestData.PRIME32;
    return List.of(
        v(0, 0, 0xEF46DB3751D8E999L),
        v(0, p, 0xAC75FDA2929B17EFL),
        v(1, 0, 0xE934A84ADB052768L),
        v(1, p, 0x5014607643A9B4C3L),
        v(4, 0, 0x9136A0DCA57457EEL),
        v(14, 0, 0x8282DCC4994E35C8L),
        v(14, p, 0xC3BD6BF63DEB6DF0L),
        v(222, 0, 0xB641AE8CB691C174L),
        v(222, p, 0x20CB8AB7AE10C14AL));
  }

  @Test
  void hexIsSixteenDigitsMostSignificantFirst() {
    assertEquals("ef46db3751d8e999", XxHash64.toHex(0xEF46DB3751D8E999L));
    assertEquals("0000000000000001", XxHash64.toHex(1));
  }

  @Test
  void wholeArrayOverloadEqualsRange() {
    byte[] b = TestData.sanityBuffer(222);
    assertEquals(0xB641AE8CB691C174L, XxHash64.hash(b, 0));
  }
}
