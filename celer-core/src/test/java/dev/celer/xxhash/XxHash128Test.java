package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** XXH3-128 against its reference vectors, {@code xxhsum -H2} and custom secrets. */
class XxHash128Test extends AbstractXxHashTest {

  @Override
  HashKind kind() {
    return HashKind.XXH128;
  }

  private static Vector v(int len, long seed, long low64, long high64) {
    return new Vector(len, seed, new Hash128(low64, high64).toHex());
  }

  @Override
  List<Vector> vectors() {
    // XSUM_XXH128_testdata, Cyan4973/xxHash cli/xsum_sanity_check.c (v0.8.x, read at 08ae0257);
    // each row is { len, seed, { low64, high64 } }
    long p32 = TestData.PRIME32;
    long p64 = TestData.PRIME64;
    return List.of(
        v(0, 0, 0x6001C324468D497FL, 0x99AA06D3014798D8L), // empty
        v(0, p32, 0x5444F7869C671AB0L, 0x92220AE55E14AB50L),
        v(1, 0, 0xC44BDFF4074EECDBL, 0xA6CD5E9392000F6AL), // 1-3
        v(1, p32, 0xB53D5557E7F76F8DL, 0x89B99554BA22467CL),
        v(6, 0, 0x3E7039BDDA43CFC6L, 0x082AFE0B8162D12AL), // 4-8
        v(6, p32, 0x269D8F70BE98856EL, 0x5A865B5389ABD2B1L),
        v(12, 0, 0x061A192713F69AD9L, 0x6E3EFD8FC7802B18L), // 9-16
        v(12, p32, 0x9BE9F9A67F3C7DFBL, 0xD7E09D518A3405D3L),
        v(24, 0, 0x1E7044D28B1B901DL, 0x0CE966E4678D3761L), // 17-32
        v(24, p32, 0xD7304C54EBAD40A9L, 0x3162026714A6A243L),
        v(48, 0, 0xF942219AED80F67BL, 0xA002AC4E5478227EL), // 33-64
        v(48, p32, 0x7BA3C3E453A1934EL, 0x163ADDE36C072295L),
        v(81, 0, 0x5E8BAFB9F95FB803L, 0x4952F58181AB0042L), // 65-96
        v(81, p32, 0x703FBB3D7A5F755CL, 0x2724EC7ADC750FB6L),
        v(222, 0, 0xF1AEBD597CEC6B3AL, 0x337E09641B948717L), // 129-240
        v(222, p32, 0xAE995BB8AF917A8DL, 0x91820016621E97F1L),
        v(403, 0, 0xCDEB804D65C6DEA4L, 0x1B6DE21E332DD73DL), // one block, last stripe overlapping
        v(403, p64, 0x6259F6ECFD6443FDL, 0xBED311971E0BE8F2L),
        v(512, 0, 0x617E49599013CB6BL, 0x18D2D110DCC9BCA1L), // one block, ends at a stripe
        v(512, p64, 0x3CE457DE14C27708L, 0x925D06B8EC5B8040L),
        v(2048, 0, 0xDD59E2C3A5F038E0L, 0xF736557FD47073A5L), // 2 blocks, ends at a block
        v(2048, p32, 0x230D43F30206260BL, 0x7FB03F7E7186C3EAL),
        v(2240, 0, 0x6E73A90539CF2948L, 0xCCB134FBFA7CE49DL), // 3 blocks, ends at a stripe
        v(2240, p32, 0xED385111126FBA6FL, 0x50A1FE17B338995FL),
        v(2367, 0, 0xCB37AEB9E5D361EDL, 0xE89C0F6FF369B427L), // 3 blocks, last stripe overlapping
        v(2367, p32, 0x6F5360AE69C2F406L, 0xD23AAE4B76C31ECBL));
  }

  @Test
  void customSecretReferenceVectorsEveryWay() {
    // XSUM_XXH128_withSecret_testdata, Cyan4973/xxHash cli/xsum_sanity_check.c (v0.8.x, 08ae0257)
    long[][] rows = {
      {0, 0x005923CCEECBE8AEL, 0x5F70F4EA232F1D38L}, // empty
      {1, 0x8A52451418B2DA4DL, 0x3A66AF5A9819198EL}, // 1-3
      {6, 0x0B61C8ACA7D4778FL, 0x376BD91B6432F36DL}, // 4-8
      {12, 0xAF82F6EBA263D7D8L, 0x90A3C2D839F57D0FL}, // 9-16
    };
    byte[] data = TestData.sanityBuffer(2367);
    byte[] secret = XxHash3Test.sanitySecret();
    for (long[] row : rows) {
      int len = (int) row[0];
      Hash128 want = new Hash128(row[1], row[2]);
      assertEquals(want, XxHash128.hashWithSecret(data, 0, len, secret), "one-shot, len " + len);
      ByteBuffer direct = ByteBuffer.allocateDirect(len).put(data, 0, len).flip();
      assertEquals(want, XxHash128.hashWithSecret(direct, secret), "direct, len " + len);
      XxHash128 h = XxHash128.createWithSecret(secret);
      h.update(data, 0, len);
      assertEquals(want, h.digest(), "single update, len " + len);
      h.reset();
      for (int i = 0; i < len; i++) {
        h.update(data, i, 1);
      }
      assertEquals(want, h.digest(), "byte by byte, len " + len);
    }
  }

  @Test
  void secretShorterThanTheMinimumIsRejected() {
    byte[] tooShort = new byte[XxHash128.SECRET_SIZE_MIN - 1];
    assertThrows(IllegalArgumentException.class,
        () -> XxHash128.hashWithSecret(new byte[10], 0, 10, tooShort));
    assertThrows(IllegalArgumentException.class,
        () -> XxHash128.hashWithSecret(ByteBuffer.allocateDirect(10), tooShort));
    assertThrows(IllegalArgumentException.class, () -> XxHash128.createWithSecret(tooShort));
  }

  @Test
  void defaultSecretPassedExplicitlyGivesTheUnseededHash() {
    byte[] data = TestData.randomBytes(6, 5000);
    for (int len = 0; len < data.length; len += len < 300 ? 1 : 97) {
      assertEquals(XxHash128.hash(data, 0, len),
          XxHash128.hashWithSecret(data, 0, len, Xxh3.DEFAULT_SECRET), "len " + len);
    }
  }

  @Test
  void canonicalFormIsHighThenLowBigEndian() {
    Hash128 h = new Hash128(0x0102030405060708L, 0x1112131415161718L);
    assertEquals("11121314151617180102030405060708", h.toHex());
    assertEquals(h.toHex(), h.toString());
    assertEquals(h.toHex(), XxHash128.toHex(h));
    assertArrayEquals(
        new byte[] {0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 1, 2, 3, 4, 5, 6, 7, 8},
        h.toBytes());
    byte[] dst = new byte[20];
    h.writeTo(dst, 4);
    assertArrayEquals(h.toBytes(), Arrays.copyOfRange(dst, 4, 20));
    assertThrows(IndexOutOfBoundsException.class, () -> h.writeTo(dst, 5));
    // what xxhsum -H2 prints for the empty input
    assertEquals("99aa06d3014798d86001c324468d497f", XxHash128.hash(new byte[0]).toHex());
  }

  @Test
  void valueSemantics() {
    Hash128 a = new Hash128(1, 2);
    assertEquals(a, new Hash128(1, 2));
    assertEquals(a.hashCode(), new Hash128(1, 2).hashCode());
    assertNotEquals(a, new Hash128(2, 1));
    assertEquals(1, a.low64());
    assertEquals(2, a.high64());
  }

  @Test
  void seededStreamingWithManyBlocksEqualsOneShot() {
    Random rnd = TestData.seededRandom("XxHash128Test many blocks");
    byte[] data = TestData.randomBytes(rnd.nextLong(), 70_000);
    long seed = rnd.nextLong();
    Hash128 want = XxHash128.hash(data, 0, data.length, seed);
    XxHash128 h = XxHash128.create(seed);
    AbstractXxHashTest.feedInRandomPieces(h, data, 0, data.length, rnd);
    assertEquals(want, h.digest());
  }
}
