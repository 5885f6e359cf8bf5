package dev.celer.lz4;

import java.util.Objects;

/**
 * Which block compressor to use and how hard it works: the fast compressor at an acceleration, or
 * the HC compressor at a level. This class is the one place that knows the limits of both (the
 * constants below, taken from lz4 v1.9.4) and how the {@code lz4} command's single level number
 * maps onto them.
 *
 * <p>The {@code lz4} command and the C library's frame API ({@code LZ4F_preferences_t
 * .compressionLevel}) use one signed number for both compressors; {@link #of(int)} reads it:
 *
 * <pre>
 *   level       compressor                 lz4 command
 *   ---------   ------------------------   -------------------
 *   n &lt; 0       fast, acceleration -n + 1   --fast=N is level -N
 *   0, 1, 2     fast, acceleration 1        -0, -1 (default), -2
 *   3 .. 12     HC, level n                 -3 .. -12, --best
 *   n &gt; 12      HC, level 12                -13, -99, ...
 * </pre>
 *
 * <p>The block API has two separate numbers instead, each with its own factory: {@link
 * #fast(int)} (as {@code LZ4_compress_fast}) and {@link #high(int)} (as {@code LZ4_compress_HC},
 * where levels 1 and 2 are HC levels too). Every factory maps any {@code int} to a valid value, as
 * the C functions do; none throws.
 *
 * <pre>{@code
 * Lz4FrameOptions o = Lz4FrameOptions.builder().level(Lz4Level.high(9)).build();
 * Lz4Compressor c = Lz4Level.of(-4).compressor(); // lz4 --fast=4: fast, acceleration 5
 * }</pre>
 *
 * <p>Immutable and thread-safe; equal values select the same compressor.
 */
public final class Lz4Level {

  /** The lowest level of {@link #of(int)} that uses HC ({@code LZ4HC_CLEVEL_MIN}). */
  public static final int MIN_HIGH = 3;

  /** HC's default level ({@code LZ4HC_CLEVEL_DEFAULT}): what {@link #high(int)} gives for 0 or less. */
  public static final int DEFAULT_HIGH = 9;

  /** The highest HC level ({@code LZ4HC_CLEVEL_MAX}, {@code lz4 --best}); higher levels mean this one. */
  public static final int MAX = 12;

  /** The highest acceleration ({@code LZ4_ACCELERATION_MAX}); higher accelerations mean this one. */
  public static final int MAX_ACCELERATION = 65537;

  /** The default: the fast compressor at acceleration 1 ({@code lz4 -1}). */
  public static final Lz4Level DEFAULT = new Lz4Level(false, 1);

  private final boolean high;
  /** The acceleration (fast, 1..MAX_ACCELERATION) or the HC level (high, 1..MAX). */
  private final int value;

  private Lz4Level(boolean high, int value) {
    this.high = high;
    this.value = value;
  }

  /**
   * {@return the compressor setting that level selects}
   *
   * @param level a level as the {@code lz4} command and {@code LZ4F_preferences_t} read it (see
   *     the table in the class description)
   */
  public static Lz4Level of(int level) {
    if (level >= MIN_HIGH) {
      return high(level);
    }
    // LZ4F_compressBlock's "-level + 1" in int arithmetic: for the two lowest ints it overflows
    // to a negative acceleration, which LZ4_compress_fast reads as 1; lz4 --fast=2147483647 does.
    return fast(level < 0 ? -level + 1 : 1);
  }

  /**
   * {@return the fast compressor at that acceleration}
   *
   * @param acceleration as {@code LZ4_compress_fast} reads it: 1 is the default, larger values
   *     trade ratio for speed; below 1 means 1, above {@link #MAX_ACCELERATION} means that maximum
   */
  public static Lz4Level fast(int acceleration) {
    int a = clampAcceleration(acceleration);
    return a == 1 ? DEFAULT : new Lz4Level(false, a);
  }

  /**
   * {@return the HC compressor at that level}
   *
   * @param level as {@code LZ4_compress_HC} reads it: 1..12; 0 or less means {@link
   *     #DEFAULT_HIGH}, above {@link #MAX} means {@link #MAX}
   */
  public static Lz4Level high(int level) {
    return new Lz4Level(true, clampHighLevel(level));
  }

  /** {@link #fast(int)}'s mapping, for callers that need only the number. */
  static int clampAcceleration(int acceleration) {
    return Math.max(1, Math.min(MAX_ACCELERATION, acceleration));
  }

  /** {@link #high(int)}'s mapping, for callers that need only the number. */
  static int clampHighLevel(int level) {
    return level < 1 ? DEFAULT_HIGH : Math.min(level, MAX);
  }

  /** {@return true for the HC compressor, false for the fast compressor} */
  public boolean isHigh() {
    return high;
  }

  /** {@return the fast compressor's acceleration, 1..{@link #MAX_ACCELERATION}, or 0 for HC} */
  public int acceleration() {
    return high ? 0 : value;
  }

  /** {@return the HC level, 1..{@link #MAX}, or 0 for the fast compressor} */
  public int highLevel() {
    return high ? value : 0;
  }

  /**
   * {@return the block compressor of this setting: {@link Lz4#highCompressor(int)} or {@link
   * Lz4#fastCompressor(int)} (shared, thread-safe)}
   */
  public Lz4Compressor compressor() {
    return high ? Lz4.highCompressor(value) : Lz4.fastCompressor(value);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Lz4Level)) {
      return false;
    }
    Lz4Level l = (Lz4Level) o;
    return l.high == high && l.value == value;
  }

  @Override
  public int hashCode() {
    return Objects.hash(high, value);
  }

  /** @return {@code fast(acceleration=N)} or {@code high(level=N)} */
  @Override
  public String toString() {
    return high ? "high(level=" + value + ")" : "fast(acceleration=" + value + ")";
  }
}
