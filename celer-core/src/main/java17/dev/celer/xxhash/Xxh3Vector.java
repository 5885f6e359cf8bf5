package dev.celer.xxhash;

import static dev.celer.xxhash.Xxh3.PRIME32_1;
import static dev.celer.xxhash.Xxh3.PRIME32_2;
import static dev.celer.xxhash.Xxh3.PRIME32_3;
import static dev.celer.xxhash.Xxh3.PRIME64_1;
import static dev.celer.xxhash.Xxh3.PRIME64_2;
import static dev.celer.xxhash.Xxh3.PRIME64_3;
import static dev.celer.xxhash.Xxh3.PRIME64_4;
import static dev.celer.xxhash.Xxh3.PRIME64_5;
import static dev.celer.xxhash.Xxh3.STRIPE_LEN;

import dev.celer.internal.Mem;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * XXH3's large-input loop ({@code doc/xxhash_spec.md} v0.1.1, "XXH3 Algorithm Description (for
 * large inputs)", Steps 2 and 3) on the JDK's incubating Vector API: a stripe's 8 accumulators are
 * two 256-bit vectors of 4 longs, as xxHash's own AVX2 code holds them. Only {@link Xxh3} calls it,
 * and only when {@link Xxh3Vectorization#ENABLED} (so this class, the one place that names {@code
 * jdk.incubator.vector}, is never loaded without that module). Results are bit-identical with the
 * scalar loop of {@link Xxh3}; Step 1 and Step 4 are shared with it.
 *
 * <p>Inputs are {@code byte[]} only: since JDK 19 the Vector API loads from memory other than
 * primitive arrays through {@code MemorySegment}, which Java 17 bytecode cannot use, so direct
 * buffers stay on the scalar path.
 *
 * <p>Shapes chosen for C2 on both JDK 17 and JDK 25:
 *
 * <ul>
 *   <li>Vectors are loop variables only inside the loop over the stripes of one block; between
 *       blocks the accumulators live in 8 longs (one-shot) or in the state's array (streaming).
 *       JDK 17's C2 cannot keep a vector in a register across the outer loop: it boxed them on
 *       every stripe, which made the first version 5 times slower than scalar there.
 *   <li>Within a block, the products and the raw input lanes are summed in four vectors starting
 *       at zero, and added to the accumulators (the input lanes swapped pairwise, {@code i xor 1})
 *       once per block, as scalars. Lane addition wraps modulo 2^64, so this is the same sum in
 *       another order; it takes the shuffle out of the stripe loop (JDK 25 rebuilt its index
 *       vector on every stripe).
 *   <li>The scramble (Step 2-2) is scalar: 8 multiplies per block (16 stripes with the default
 *       secret).
 *   <li>The 32x32-to-64-bit product of Step 2-1 is a 64-bit lane multiply of {@code lo32} and
 *       {@code hi32}: JDK 25's C2 emits one {@code vpmuludq} for it (checked in its machine code);
 *       JDK 17 emulates the 64-bit lane multiply (AVX2 has none), which is why it gains less.
 * </ul>
 *
 * <p>This class is the multi-release layer for Java 17+ ({@code META-INF/versions/17}); the base
 * classes, which Java 11 reads, have a stand-in of the same name that reports the kernel missing,
 * so XXH3 stays scalar there.
 *
 * <p>Stateless and thread-safe; allocates nothing.
 */
final class Xxh3Vector {
  private Xxh3Vector() {}

  /** The vector size used: two vectors per 64-byte stripe. */
  static final int BITS = 256;

  private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_256;
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_256;

  /** Bytes in one vector: half a stripe. */
  private static final int HALF = 32;

  private static final long LOW32 = 0xFFFF_FFFFL;

  /** @return the bit size of the platform's preferred vector species */
  static int preferredBits() {
    return LongVector.SPECIES_PREFERRED.vectorBitSize();
  }

  /** 32 bytes at {@code off}, as 4 little-endian longs (the platform was checked little-endian). */
  private static LongVector load(byte[] a, int off) {
    return ByteVector.fromArray(BYTES, a, off).reinterpretAsLongs();
  }

  /**
   * "Step 2-1" for 4 lanes, the product half: {@code lo32(d ^ k) * hi32(d ^ k)} for the input
   * lanes {@code d} and the secret lanes {@code k} at {@code s}. The other half, the neighbour's
   * input lane, is summed apart (the input lanes added unswapped to a running sum) and swapped into
   * the accumulators once per block: lane addition wraps modulo 2^64 and the swap is a fixed
   * permutation, so the sum of the swapped lanes is the swap of the sum. That keeps the shuffle out
   * of the stripe loop.
   */
  private static LongVector product(LongVector data, byte[] secret, int s) {
    LongVector keyed = data.lanewise(VectorOperators.XOR, load(secret, s));
    return keyed.and(LOW32).mul(keyed.lanewise(VectorOperators.LSHR, 32));
  }

  /**
   * The vector form of {@link Xxh3#hashLarge}: the same Steps 1 to 4 in the same order (its
   * javadoc explains how the stripe loop covers Step 2 and Step 3's leading stripes).
   */
  static long hashLarge(byte[] in, int off, int len, byte[] secret, long[] high128) {
    assert len > Xxh3.MIDSIZE_MAX;
    final int secretLength = secret.length;
    final int stripesPerBlock = Xxh3.stripesPerBlock(secretLength);
    final int scrambleAt = secretLength - STRIPE_LEN;
    // Step 1
    long a0 = PRIME32_3;
    long a1 = PRIME64_1;
    long a2 = PRIME64_2;
    long a3 = PRIME64_3;
    long a4 = PRIME64_4;
    long a5 = PRIME32_2;
    long a6 = PRIME64_5;
    long a7 = PRIME32_1;
    // Step 2 and Step 3 (leading stripes), one block per round
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes > 0) {
      int n = Math.min(stripes, stripesPerBlock);
      LongVector lo = LongVector.zero(LONGS);
      LongVector hi = LongVector.zero(LONGS);
      LongVector sumLo = LongVector.zero(LONGS);
      LongVector sumHi = LongVector.zero(LONGS);
      for (int s = 0; s < n * 8; s += 8, p += STRIPE_LEN) {
        LongVector dataLo = load(in, p);
        LongVector dataHi = load(in, p + HALF);
        sumLo = sumLo.add(dataLo);
        sumHi = sumHi.add(dataHi);
        lo = lo.add(product(dataLo, secret, s));
        hi = hi.add(product(dataHi, secret, s + HALF));
      }
      // the neighbours' lanes, i xor 1
      a0 += lo.lane(0) + sumLo.lane(1);
      a1 += lo.lane(1) + sumLo.lane(0);
      a2 += lo.lane(2) + sumLo.lane(3);
      a3 += lo.lane(3) + sumLo.lane(2);
      a4 += hi.lane(0) + sumHi.lane(1);
      a5 += hi.lane(1) + sumHi.lane(0);
      a6 += hi.lane(2) + sumHi.lane(3);
      a7 += hi.lane(3) + sumHi.lane(2);
      stripes -= n;
      if (n == stripesPerBlock) {
        // Step 2-2: a full block with input after it
        a0 = Xxh3.scramble(a0, Mem.getLongLE(secret, scrambleAt));
        a1 = Xxh3.scramble(a1, Mem.getLongLE(secret, scrambleAt + 8));
        a2 = Xxh3.scramble(a2, Mem.getLongLE(secret, scrambleAt + 16));
        a3 = Xxh3.scramble(a3, Mem.getLongLE(secret, scrambleAt + 24));
        a4 = Xxh3.scramble(a4, Mem.getLongLE(secret, scrambleAt + 32));
        a5 = Xxh3.scramble(a5, Mem.getLongLE(secret, scrambleAt + 40));
        a6 = Xxh3.scramble(a6, Mem.getLongLE(secret, scrambleAt + 48));
        a7 = Xxh3.scramble(a7, Mem.getLongLE(secret, scrambleAt + 56));
      }
    }
    // Step 3: the last 64 bytes of the input
    p = off + len - STRIPE_LEN;
    int s = secretLength - Xxh3.LAST_STRIPE_SECRET_BACK;
    LongVector dataLo = load(in, p);
    LongVector dataHi = load(in, p + HALF);
    LongVector lo = product(dataLo, secret, s);
    LongVector hi = product(dataHi, secret, s + HALF);
    a0 += lo.lane(0) + dataLo.lane(1);
    a1 += lo.lane(1) + dataLo.lane(0);
    a2 += lo.lane(2) + dataLo.lane(3);
    a3 += lo.lane(3) + dataLo.lane(2);
    a4 += hi.lane(0) + dataHi.lane(1);
    a5 += hi.lane(1) + dataHi.lane(0);
    a6 += hi.lane(2) + dataHi.lane(3);
    a7 += hi.lane(3) + dataHi.lane(2);
    // Step 4
    if (high128 != null) {
      high128[0] = Xxh3.finalMerge(~(len * PRIME64_2), a0, a1, a2, a3, a4, a5, a6, a7,
          secret, secretLength - Xxh3.MERGE_HIGH_BACK);
    }
    return Xxh3.finalMerge(len * PRIME64_1, a0, a1, a2, a3, a4, a5, a6, a7,
        secret, Xxh3.MERGE_LOW_OFFSET);
  }

  /** The vector form of {@link Xxh3#accumulateStripes}, same contract. */
  static int accumulateStripes(long[] acc, int inBlock, byte[] in, int off, int n, byte[] secret) {
    final int stripesPerBlock = Xxh3.stripesPerBlock(secret.length);
    final int scrambleAt = secret.length - STRIPE_LEN;
    while (n > 0) {
      int m = Math.min(n, stripesPerBlock - inBlock);
      LongVector lo = LongVector.zero(LONGS);
      LongVector hi = LongVector.zero(LONGS);
      LongVector sumLo = LongVector.zero(LONGS);
      LongVector sumHi = LongVector.zero(LONGS);
      for (int s = inBlock * 8, end = s + m * 8; s < end; s += 8, off += STRIPE_LEN) {
        LongVector dataLo = load(in, off);
        LongVector dataHi = load(in, off + HALF);
        sumLo = sumLo.add(dataLo);
        sumHi = sumHi.add(dataHi);
        lo = lo.add(product(dataLo, secret, s));
        hi = hi.add(product(dataHi, secret, s + HALF));
      }
      // the neighbours' lanes, i xor 1
      acc[0] += lo.lane(0) + sumLo.lane(1);
      acc[1] += lo.lane(1) + sumLo.lane(0);
      acc[2] += lo.lane(2) + sumLo.lane(3);
      acc[3] += lo.lane(3) + sumLo.lane(2);
      acc[4] += hi.lane(0) + sumHi.lane(1);
      acc[5] += hi.lane(1) + sumHi.lane(0);
      acc[6] += hi.lane(2) + sumHi.lane(3);
      acc[7] += hi.lane(3) + sumHi.lane(2);
      n -= m;
      inBlock += m;
      if (inBlock == stripesPerBlock) {
        // Step 2-2
        for (int i = 0; i < 8; i++) {
          acc[i] = Xxh3.scramble(acc[i], Mem.getLongLE(secret, scrambleAt + 8 * i));
        }
        inBlock = 0;
      }
    }
    return inBlock;
  }
}
