package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.frame.Lz4FrameOptions;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Lz4Level}, the one owner of the level limits and of the mapping from the {@code lz4}
 * command's level number to a compressor. The expected values follow lz4 v1.9.4: {@code
 * LZ4F_compressBlock} (acceleration {@code -level + 1} below 0, HC from {@code LZ4HC_CLEVEL_MIN}),
 * {@code LZ4_compress_fast} (acceleration clamped to 1..{@code LZ4_ACCELERATION_MAX}) and {@code
 * LZ4_compress_HC} (level 0 or less is 9, above 12 is 12). The CLI test {@code
 * Lz4LevelArgumentsTest} checks the same edge cases against {@code /usr/bin/lz4}.
 */
class Lz4LevelTest {

  private static final byte[] DATA =
      "a level names a compressor; a compressor names a level. ".repeat(400).getBytes(StandardCharsets.US_ASCII);

  @Test
  void limitsAreThoseOfLz4() {
    assertEquals(3, Lz4Level.MIN_HIGH, "LZ4HC_CLEVEL_MIN");
    assertEquals(9, Lz4Level.DEFAULT_HIGH, "LZ4HC_CLEVEL_DEFAULT");
    assertEquals(12, Lz4Level.MAX, "LZ4HC_CLEVEL_MAX");
    assertEquals(65537, Lz4Level.MAX_ACCELERATION, "LZ4_ACCELERATION_MAX");
    assertEquals(Lz4Level.fast(1), Lz4Level.DEFAULT);
  }

  /** lz4 command level → (HC?, acceleration or HC level). */
  @ParameterizedTest(name = "of({0})")
  @CsvSource({
    "0, false, 1", //  lz4 -0
    "1, false, 1", //  lz4 -1, the default
    "2, false, 1", //  lz4 -2
    "3, true, 3", //   lz4 -3, the first HC level
    "9, true, 9",
    "12, true, 12", // lz4 -12, --best
    "13, true, 12", // lz4 -13: clamped, no warning (lz4 1.9.4 prints none)
    "99, true, 12",
    "2147483647, true, 12",
    "-1, false, 2", // lz4 --fast (= --fast=1): acceleration 2
    "-4, false, 5",
    "-65536, false, 65537",
    "-65537, false, 65537", // acceleration 65538, clamped
    "-2147483646, false, 65537",
    "-2147483647, false, 1", // -level + 1 overflows in LZ4F: lz4 --fast=2147483647 is acceleration 1
    "-2147483648, false, 1",
  })
  void ofReadsTheLz4CommandLevel(int level, boolean high, int value) {
    Lz4Level l = Lz4Level.of(level);
    assertEquals(high, l.isHigh());
    assertEquals(high ? value : 0, l.highLevel());
    assertEquals(high ? 0 : value, l.acceleration());
  }

  @ParameterizedTest(name = "fast({0})")
  @CsvSource({"1, 1", "0, 1", "-7, 1", "-2147483648, 1", "2, 2", "65537, 65537", "65538, 65537", "2147483647, 65537"})
  void fastClampsAsLz4CompressFast(int acceleration, int expected) {
    Lz4Level l = Lz4Level.fast(acceleration);
    assertFalse(l.isHigh());
    assertEquals(expected, l.acceleration());
    assertEquals(0, l.highLevel());
  }

  @ParameterizedTest(name = "high({0})")
  @CsvSource({"1, 1", "2, 2", "0, 9", "-1, 9", "-2147483648, 9", "12, 12", "13, 12", "2147483647, 12"})
  void highClampsAsLz4CompressHc(int level, int expected) {
    Lz4Level l = Lz4Level.high(level);
    assertTrue(l.isHigh(), "levels 1 and 2 are HC levels in the block API");
    assertEquals(expected, l.highLevel());
    assertEquals(0, l.acceleration());
  }

  @Test
  void compressorIsTheBlockApisCompressor() {
    for (int level = -70_000; level <= 20; level += level < -20 ? 9_999 : 1) {
      Lz4Level l = Lz4Level.of(level);
      Lz4Compressor expected = l.isHigh() ? Lz4.highCompressor(l.highLevel()) : Lz4.fastCompressor(l.acceleration());
      assertArrayEquals(expected.compress(DATA), l.compressor().compress(DATA), l.toString());
    }
    assertSame(Lz4.highCompressor(12), Lz4Level.of(13).compressor(), "one shared HC instance per level");
    assertSame(Lz4.fastCompressor(), Lz4Level.of(2).compressor());
  }

  @Test
  void blockFactoriesMapOutOfRangeValuesThroughTheOwner() {
    assertArrayEquals(Lz4.fastCompressor(65537).compress(DATA), Lz4.fastCompressor(Integer.MAX_VALUE).compress(DATA));
    assertArrayEquals(Lz4.fastCompressor().compress(DATA), Lz4.fastCompressor(Integer.MIN_VALUE).compress(DATA));
    assertSame(Lz4.highCompressor(), Lz4.highCompressor(0));
    assertSame(Lz4.highCompressor(Lz4Level.DEFAULT_HIGH), Lz4.highCompressor(-5));
    assertSame(Lz4.highCompressor(12), Lz4.highCompressor(Integer.MAX_VALUE));
  }

  @Test
  void equalValuesSelectTheSameCompressor() {
    assertEquals(Lz4Level.of(0), Lz4Level.of(2));
    assertEquals(Lz4Level.of(13), Lz4Level.high(12));
    assertEquals(Lz4Level.of(-4), Lz4Level.fast(5));
    assertEquals(Lz4Level.of(-4).hashCode(), Lz4Level.fast(5).hashCode());
    assertNotEquals(Lz4Level.high(1), Lz4Level.of(1), "HC level 1 is not lz4 -1");
    assertNotEquals(Lz4Level.high(5), Lz4Level.fast(5));
    assertEquals("fast(acceleration=5)", Lz4Level.of(-4).toString());
    assertEquals("high(level=12)", Lz4Level.of(99).toString());
  }

  @Test
  void frameOptionsAskTheOwner() {
    assertEquals(Lz4Level.DEFAULT, Lz4FrameOptions.defaults().level());
    for (int level : new int[] {-65538, -4, -1, 0, 2, 3, 12, 13}) {
      Lz4FrameOptions o = Lz4FrameOptions.builder().level(level).build();
      assertEquals(Lz4Level.of(level), o.level());
      assertArrayEquals(Lz4Level.of(level).compressor().compress(DATA), o.compressor().compress(DATA));
    }
    assertEquals(Lz4Level.high(2), Lz4FrameOptions.builder().level(Lz4Level.high(2)).build().level());
    assertThrows(NullPointerException.class, () -> Lz4FrameOptions.builder().level((Lz4Level) null));
  }
}
