package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** XXH3-64 against its reference vectors, {@code xxhsum -H3}, custom secrets and XXH3-128. */
class XxHash3Test extends AbstractXxHashTest {

  @Override
  HashKind kind() {
    return HashKind.XXH3;
  }

  private static Vector v(int len, long seed, long hash) {
    return new Vector(len, seed, XxHash3.toHex(hash));
  }

  @Override
  List<Vector> vectors() {
    // XSUM_XXH3_testdata, Cyan4973/xxHash cli/xsum_sanity_check.c (v0.8.x, read at 08ae0257)
    long p = TestData.PRIME64;
    return List.of(
        v(0, 0, 0x2D06800538D394C2L), // empty
        v(0, p, 0xA8A6B918B2F0364AL),
        v(1, 0, 0xC44BDFF4074EECDBL), // 1-3
        v(1, p, 0x032BE332DD766EF8L),
        v(6, 0, 0x27B56A84CD2D7325L), // 4-8
        v(6, p, 0x84589C116AB59AB9L),
        v(12, 0, 0xA713DAF0DFBB77E7L), // 9-16
        v(12, p, 0xE7303E1B2336DE0EL),
        v(24, 0, 0xA3FE70BF9D3510EBL), // 17-32
        v(24, p, 0x850E80FC35BDD690L),
        v(48, 0, 0x397DA259ECBA1F11L), // 33-64
        v(48, p, 0xADC2CBAA44ACC616L),
        v(80, 0, 0xBCDEFBBB2C47C90AL), // 65-96
        v(80, p, 0xC6DD0CB699532E73L),
        v(195, 0, 0xCD94217EE362EC3AL), // 129-240
        v(195, p, 0xBA68003D370CB3D9L),
        v(403, 0, 0xCDEB804D65C6DEA4L), // one block, last stripe overlapping
        v(403, p, 0x6259F6ECFD6443FDL),
        v(512, 0, 0x617E49599013CB6BL), // one block, ends at a stripe boundary
        v(512, p, 0x3CE457DE14C27708L),
        v(2048, 0, 0xDD59E2C3A5F038E0L), // 2 blocks, ends at a block boundary
        v(2048, p, 0x66F81670669ABABCL),
        v(2240, 0, 0x6E73A90539CF2948L), // 3 blocks, ends at a stripe boundary
        v(2240, p, 0x757BA8487D1B5247L),
        v(2367, 0, 0xCB37AEB9E5D361EDL), // 3 blocks, last stripe overlapping
        v(2367, p, 0xD2DB3415B942B42AL));
  }

  /** The custom secret of the self-test: 136 + 11 sanity-buffer bytes from offset 7. */
  static byte[] sanitySecret() {
    return Arrays.copyOfRange(TestData.sanityBuffer(2367), 7, 7 + XxHash3.SECRET_SIZE_MIN + 11);
  }

  @Test
  void customSecretReferenceVectorsEveryWay() {
    // XSUM_XXH3_withSecret_testdata, Cyan4973/xxHash cli/xsum_sanity_check.c (v0.8.x, 08ae0257)
    long[][] rows = {
      {0, 0x3559D64878C5C66CL}, // empty
      {1, 0x8A52451418B2DA4DL}, // 1-3
      {6, 0x82C90AB0519369ADL}, // 4-8
      {12, 0x14631E773B78EC57L}, // 9-16
      {24, 0xCDD5542E4A9D9FE8L}, // 17-32
      {48, 0x33ABD54D094B2534L}, // 33-64
      {80, 0xE687BA1684965297L}, // 65-96
      {195, 0xA057273F5EECFB20L}, // 129-240
      {403, 0x14546019124D43B8L}, // one block, last stripe overlapping
      {512, 0x7564693DD526E28DL}, // one block, ends at a stripe boundary
      {2048, 0xD32E975821D6519FL}, // at least one scramble
      {2367, 0x293FA8E5173BB5E7L}, // at least one scramble, last stripe unaligned
      {64 * 10 * 3, 0x751D2EC54BC6038BL}, // exactly 3 full blocks of this secret
    };
    byte[] data = TestData.sanityBuffer(2367);
    byte[] secret = sanitySecret();
    Random rnd = TestData.seededRandom("XxHash3Test secret vectors");
    for (long[] row : rows) {
      int len = (int) row[0];
      long want = row[1];
      assertEquals(want, XxHash3.hashWithSecret(data, 0, len, secret), "one-shot, len " + len);
      ByteBuffer direct = ByteBuffer.allocateDirect(len).put(data, 0, len).flip();
      assertEquals(want, XxHash3.hashWithSecret(direct, secret), "direct, len " + len);
      XxHash3 h = XxHash3.createWithSecret(secret);
      h.update(data, 0, len);
      assertEquals(want, h.digest(), "single update, len " + len);
      h.reset();
      for (int i = 0; i < len; i++) {
        h.update(data[i]);
      }
      assertEquals(want, h.digest(), "byte by byte, len " + len);
      for (int round = 0; round < 4; round++) {
        h.reset();
        feedInRandomPieces(h, data, 0, len, rnd);
        assertEquals(want, h.digest(), "random pieces, len " + len);
      }
    }
  }

  @Test
  void secretShorterThanTheMinimumIsRejected() {
    byte[] data = new byte[300];
    byte[] tooShort = new byte[XxHash3.SECRET_SIZE_MIN - 1];
    assertThrows(IllegalArgumentException.class, () -> XxHash3.hashWithSecret(data, 0, 10, tooShort));
    assertThrows(IllegalArgumentException.class,
        () -> XxHash3.hashWithSecret(ByteBuffer.wrap(data), tooShort));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> XxHash3.createWithSecret(tooShort));
    assertEquals("XXH3 secret of 135 bytes is too short: the specification requires at least 136"
        + " (XXH3_SECRET_SIZE_MIN)", e.getMessage());
    // the minimum itself is fine, on every path
    byte[] min = Arrays.copyOf(sanitySecret(), XxHash3.SECRET_SIZE_MIN);
    for (int len : new int[] {0, 3, 8, 16, 128, 240, 241, 300}) {
      XxHash3 h = XxHash3.createWithSecret(min);
      h.update(data, 0, len);
      assertEquals(XxHash3.hashWithSecret(data, 0, len, min), h.digest(), "len " + len);
    }
  }

  @Test
  void defaultSecretPassedExplicitlyGivesTheUnseededHash() {
    byte[] data = TestData.randomBytes(5, 5000);
    for (int len = 0; len < data.length; len += len < 300 ? 1 : 97) {
      assertEquals(XxHash3.hash(data, 0, len), XxHash3.hashWithSecret(data, 0, len, Xxh3.DEFAULT_SECRET),
          "len " + len);
    }
  }

  @Test
  void streamingWithSecretOfOddSizesEqualsOneShot() {
    // secrets of 136..200 bytes give blocks of 9..17 stripes and scramble keys at odd offsets
    Random rnd = TestData.seededRandom("XxHash3Test odd secrets");
    byte[] data = TestData.randomBytes(rnd.nextLong(), 6000);
    for (int size = XxHash3.SECRET_SIZE_MIN; size <= 200; size += 1 + rnd.nextInt(8)) {
      byte[] secret = TestData.randomBytes(rnd.nextLong(), size);
      for (int i = 0; i < 12; i++) {
        int len = i == 0 ? data.length : rnd.nextInt(data.length);
        long want = XxHash3.hashWithSecret(data, 0, len, secret);
        XxHash3 h = XxHash3.createWithSecret(secret);
        feedInRandomPieces(h, data, 0, len, rnd);
        assertEquals(want, h.digest(), "secret " + size + " len " + len);
        Hash128 want128 = XxHash128.hashWithSecret(data, 0, len, secret);
        XxHash128 h128 = XxHash128.createWithSecret(secret);
        h128.update(data, 0, len);
        assertEquals(want128, h128.digest(), "128, secret " + size + " len " + len);
        if (len > 240) {
          assertEquals(want, want128.low64(), "large: XXH3-64 is the low half of XXH3-128");
        }
      }
    }
  }

  @Test
  void aSecretChangedAfterCreateDoesNotChangeTheStream() {
    byte[] secret = sanitySecret();
    XxHash3 h = XxHash3.createWithSecret(secret);
    byte[] data = TestData.sanityBuffer(2048);
    Arrays.fill(secret, (byte) 0);
    h.update(data, 0, data.length);
    assertEquals(0xD32E975821D6519FL, h.digest()); // the 2048-byte secret vector above
  }

  @Test
  void largeInputsEqualTheLowHalfOfXxh128ForAnySeed() {
    Random rnd = TestData.seededRandom("XxHash3Test low half");
    byte[] data = TestData.randomBytes(rnd.nextLong(), 4000);
    for (int i = 0; i < 50; i++) {
      int len = 241 + rnd.nextInt(data.length - 241);
      long seed = rnd.nextLong();
      assertEquals(XxHash128.hash(data, 0, len, seed).low64(), XxHash3.hash(data, 0, len, seed));
    }
  }

  @Test
  void hexIsSixteenDigits() {
    assertEquals("2d06800538d394c2", XxHash3.toHex(XxHash3.hash(new byte[0])));
    assertEquals("0000000000000000", XxHash3.toHex(0));
  }
}
