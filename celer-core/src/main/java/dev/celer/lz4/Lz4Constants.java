package dev.celer.lz4;

/**
 * Constants of the LZ4 block format, as named in the specification {@code
 * doc/lz4_Block_format.md} (lz4 v1.9.4) and in the C library's {@code lib/lz4.c}.
 */
final class Lz4Constants {
  private Lz4Constants() {}

  /** "Minimum match length is 4" (section "Match length"): a token's match length 0 means 4. */
  static final int MIN_MATCH = 4;

  /**
   * "The last 5 bytes of input are always literals" (section "End of block conditions"), so a
   * decoder may copy the last sequence's literals without looking for a match.
   */
  static final int LAST_LITERALS = 5;

  /**
   * "The last match must start at least 12 bytes before the end of block" (section "End of block
   * conditions"): a match starting later cannot be encoded. Hence also: a block of fewer than 13
   * bytes is all literals.
   */
  static final int MF_LIMIT = 12;

  /** Inputs shorter than this are written as literals only ({@code LZ4_minLength} in lz4.c). */
  static final int MIN_LENGTH = MF_LIMIT + 1;

  /** Bits of the token that hold the match length (low nibble). */
  static final int ML_BITS = 4;

  /** Token value of the match length that says "more length bytes follow": 0b1111. */
  static final int ML_MASK = (1 << ML_BITS) - 1;

  /** Token value of the literal length that says "more length bytes follow": 0b1111. */
  static final int RUN_MASK = (1 << (8 - ML_BITS)) - 1;

  /** "The maximum offset value is 65535" (section "Offset"); 0 is invalid. */
  static final int MAX_DISTANCE = 0xFFFF;

  /** Size of the window a block may reference: the 64 KB before its first byte. */
  static final int WINDOW_SIZE = 64 * 1024;
}
