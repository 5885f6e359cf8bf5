package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every xxHash variant keeps, checked through a {@link HashKind}: reference vectors
 * in every way of feeding them and through every one-shot overload, equality with the real {@code xxhsum} on generated lengths and on
 * the corpus, streaming in random pieces, {@code ByteBuffer} kinds, and bounds checks. One small
 * subclass per variant names its {@link HashKind} and supplies its vectors.
 */
abstract class AbstractXxHashTest {

  /** One row of a vector table: the hash of the first {@code len} sanity-buffer bytes. */
  static final class Vector {
    private final int len;
    private final long seed;
    private final String hex;

    Vector(int len, long seed, String hex) {
      this.len = len;
      this.seed = seed;
      this.hex = hex;
    }

    int len() {
      return len;
    }

    long seed() {
      return seed;
    }

    String hex() {
      return hex;
    }

    @Override
    public String toString() {
      return "Vector[len=" + len + ", seed=" + seed + ", hex=" + hex + "]";
    }
  }

  abstract HashKind kind();

  /**
   * @return the digest of {@code s} as hex, after checking that the class's own {@code digest()}
   *     and the common {@link StreamingHash#digestBytes()} give the same canonical form
   */
  String digest(StreamingHash s) {
    String own = kind().digest(s);
    assertEquals(own, HashKind.hex(s), "digestBytes() is the canonical form of digest()");
    return own;
  }

  /** @return the reference rows, from xxHash's {@code cli/xsum_sanity_check.c} */
  abstract List<Vector> vectors();

  @TempDir static Path tmp;

  @Test
  void referenceVectorsOneShotSingleUpdateByteByByteAndRandomSplits() {
    HashKind k = kind();
    byte[] sanity = TestData.sanityBuffer(2367);
    Random rnd = TestData.seededRandom(getClass().getSimpleName() + " vectors");
    for (Vector v : vectors()) {
      String what = "len " + v.len() + ", seed " + Long.toUnsignedString(v.seed());
      assertEquals(v.hex(), k.hash(sanity, 0, v.len(), v.seed()), "one-shot, " + what);
      // the same bytes at an offset inside a larger array
      byte[] shifted = new byte[v.len() + 10];
      System.arraycopy(sanity, 0, shifted, 7, v.len());
      assertEquals(v.hex(), k.hash(shifted, 7, v.len(), v.seed()), "one-shot at offset 7, " + what);

      StreamingHash s = k.create(v.seed());
      s.update(sanity, 0, v.len());
      assertEquals(v.hex(), digest(s), "single update, " + what);

      s.reset();
      for (int i = 0; i < v.len(); i++) {
        s.update(sanity, i, 1);
      }
      assertEquals(v.hex(), digest(s), "byte by byte (array), " + what);

      s.reset();
      for (int i = 0; i < v.len(); i++) {
        s.update(sanity[i]);
      }
      assertEquals(v.hex(), digest(s), "byte by byte (update(int)), " + what);

      for (int round = 0; round < 4; round++) {
        s.reset();
        feedInRandomPieces(s, sanity, 0, v.len(), rnd);
        assertEquals(v.hex(), digest(s), "random pieces, " + what);
      }

      ByteBuffer direct = ByteBuffer.allocateDirect(v.len());
      direct.put(sanity, 0, v.len()).flip();
      assertEquals(v.hex(), k.hash(direct, v.seed()), "direct buffer, " + what);
    }
  }

  @Test
  void everyOneShotOverloadAndFactoryGivesTheReferenceVectors() {
    HashKind k = kind();
    byte[] sanity = TestData.sanityBuffer(2367);
    boolean seedless = false;
    for (Vector v : vectors()) {
      String what = "len " + v.len() + ", seed " + Long.toUnsignedString(v.seed());
      byte[] exact = java.util.Arrays.copyOf(sanity, v.len());
      ByteBuffer heap = ByteBuffer.wrap(sanity, 0, v.len());
      assertEquals(v.hex(), k.hash(exact, v.seed()), "whole array with seed, " + what);
      if (v.seed() == 0) {
        seedless = true;
        assertEquals(v.hex(), k.hash(exact), "whole array, " + what);
        assertEquals(v.hex(), k.hash(sanity, 0, v.len()), "range, " + what);
        assertEquals(v.hex(), k.hash(heap), "heap buffer, " + what);
        assertEquals(0, heap.position(), "the seedless buffer overload keeps the position");
        StreamingHash s = k.create();
        s.update(sanity, 0, v.len());
        assertEquals(v.hex(), digest(s), "create(), " + what);
      }
    }
    assertTrue(seedless, "the vector table has rows with seed 0");
  }

  @Test
  void seedlessOverloadsEqualSeedZeroOnEveryInterestingLength() {
    HashKind k = kind();
    int[] lengths = TestData.interestingLengths();
    byte[] data = TestData.randomBytes(0x5EED, lengths[lengths.length - 1] + 64);
    for (int len : lengths) {
      int off = len % 61;
      String want = k.hash(data, off, len, 0);
      byte[] exact = java.util.Arrays.copyOfRange(data, off, off + len);
      assertEquals(want, k.hash(data, off, len), "range, length " + len);
      assertEquals(want, k.hash(exact), "whole array, length " + len);
      assertEquals(want, k.hash(exact, 0), "whole array with seed 0, length " + len);
      ByteBuffer direct = ByteBuffer.allocateDirect(len).put(exact).flip();
      assertEquals(want, k.hash(direct), "direct buffer, length " + len);
      assertEquals(want, k.hash(direct, 0), "direct buffer with seed 0, length " + len);
      StreamingHash s = k.create();
      s.update(exact, 0, len);
      assertEquals(want, digest(s), "create(), length " + len);
    }
    assertThrows(IndexOutOfBoundsException.class, () -> k.hash(data, data.length, 1),
        "the seedless range overload checks its bounds");
  }

  /** Feeds {@code b[off, off+len)} in random pieces, through arrays and both kinds of buffer. */
  static void feedInRandomPieces(StreamingHash s, byte[] b, int off, int len, Random rnd) {
    int end = off + len;
    int maxPiece = 1 + rnd.nextInt(rnd.nextBoolean() ? 80 : 3000);
    while (off < end) {
      int n = Math.min(end - off, rnd.nextInt(maxPiece + 1));
      switch (rnd.nextInt(4)) {
        case 0:
          s.update(ByteBuffer.wrap(b, off, n));
          break;
        case 1: {
          ByteBuffer d = ByteBuffer.allocateDirect(n);
          d.put(b, off, n).flip();
          s.update(d);
          break;
        }
        default:
          s.update(b, off, n);
          break;
      }
      off += n;
    }
  }

  @Test
  void everyGeneratedLengthEqualsXxhsum() throws Exception {
    HashKind k = kind();
    int[] lengths = TestData.interestingLengths();
    byte[] data = TestData.randomBytes(0xC0FFEE, lengths[lengths.length - 1] + 64);
    Path dir = Files.createDirectories(tmp.resolve("lengths"));
    List<String> names = new ArrayList<>();
    for (int len : lengths) {
      String name = "len" + len;
      // a different start per length, so that not every file is a prefix of the same bytes
      Files.write(dir.resolve(name), java.util.Arrays.copyOfRange(data, len % 61, len % 61 + len));
      names.add(name);
    }
    Map<String, String> expected = TestData.xxhsum(k.xxhsumOption(), dir, names);
    Random rnd = TestData.seededRandom(getClass().getSimpleName() + " lengths");
    StreamingHash s = k.create(0);
    for (int len : lengths) {
      String want = expected.get("len" + len);
      int off = len % 61;
      assertEquals(want, k.hash(data, off, len, 0), "one-shot, length " + len);
      s.reset();
      feedInRandomPieces(s, data, off, len, rnd);
      assertEquals(want, digest(s), "streaming in random pieces, length " + len);
    }
  }

  @Test
  void everyCorpusFileEqualsXxhsum() throws Exception {
    HashKind k = kind();
    List<Path> files = TestData.corpusFiles();
    Path dir = files.get(0).getParent();
    List<String> names = files.stream().map(f -> f.getFileName().toString()).collect(Collectors.toList());
    Map<String, String> expected = TestData.xxhsum(k.xxhsumOption(), dir, names);
    Random rnd = TestData.seededRandom(getClass().getSimpleName() + " corpus");
    for (Path f : files) {
      String name = f.getFileName().toString();
      byte[] data = Files.readAllBytes(f);
      assertEquals(expected.get(name), k.hash(data, 0, data.length, 0), "one-shot, " + name);
      StreamingHash s = k.create(0);
      feedInRandomPieces(s, data, 0, data.length, rnd);
      assertEquals(expected.get(name), digest(s), "streaming in random pieces, " + name);
      ByteBuffer direct = ByteBuffer.allocateDirect(data.length);
      direct.put(data).flip();
      assertEquals(expected.get(name), k.hash(direct, 0), "direct buffer, " + name);
    }
  }

  @Test
  void seededStreamingInRandomPiecesEqualsOneShot() {
    HashKind k = kind();
    Random rnd = TestData.seededRandom(getClass().getSimpleName() + " seeded streaming");
    byte[] data = TestData.randomBytes(rnd.nextLong(), 20_000);
    for (int i = 0; i < 300; i++) {
      int len = rnd.nextInt(i < 200 ? 600 : data.length);
      int off = rnd.nextInt(data.length - len + 1);
      long seed = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : rnd.nextLong();
      String want = k.hash(data, off, len, seed);
      StreamingHash s = k.create(seed);
      feedInRandomPieces(s, data, off, len, rnd);
      assertEquals(want, digest(s), "len " + len + " seed " + seed);
    }
  }

  @Test
  void digestLeavesStateUnchangedAndResetForgets() {
    HashKind k = kind();
    byte[] data = TestData.randomBytes(42, 5000);
    for (int cut : new int[] {0, 1, 15, 16, 17, 31, 32, 33, 64, 240, 241, 255, 256, 257, 1024, 1025, 3000}) {
      StreamingHash s = k.create(7);
      s.update(data, 0, cut);
      assertEquals(k.hash(data, 0, cut, 7), digest(s), "digest after " + cut);
      s.update(data, cut, data.length - cut);
      assertEquals(k.hash(data, 0, data.length, 7), digest(s), "digest after " + cut + " + rest");
      s.reset();
      s.update(data, 0, cut);
      assertEquals(k.hash(data, 0, cut, 7), digest(s), "after reset, " + cut);
    }
  }

  @Test
  void byteBufferKindsEqualByteArrayAndKeepOrAdvancePosition() {
    HashKind k = kind();
    byte[] data = TestData.randomBytes(99, 80_000);
    for (int len : new int[] {
        0, 1, 3, 4, 8, 9, 16, 17, 31, 32, 128, 129, 240, 241, 1024, 1025, 2500, 4096, 4160, 4161,
        9000, 70_001}) {
      String want = k.hash(data, 5, len, 3);
      // heap buffer with a non-zero array offset and position
      ByteBuffer heap = ByteBuffer.wrap(data, 1, data.length - 1).slice();
      heap.position(4).limit(4 + len);
      ByteBuffer direct = ByteBuffer.allocateDirect(data.length);
      direct.put(data).position(5).limit(5 + len);
      ByteBuffer readOnly = ByteBuffer.wrap(data).asReadOnlyBuffer();
      readOnly.position(5).limit(5 + len);
      for (ByteBuffer b : List.of(heap, direct, readOnly)) {
        int pos = b.position();
        assertEquals(want, k.hash(b, 3), b + " length " + len);
        assertEquals(pos, b.position(), "one-shot keeps the position");
        StreamingHash s = k.create(3);
        s.update(b);
        assertEquals(b.limit(), b.position(), "update advances the position to the limit");
        assertEquals(want, digest(s), "streaming " + b + " length " + len);
      }
    }
  }

  @Test
  void rangeOutsideTheArrayThrowsIndexOutOfBounds() {
    HashKind k = kind();
    byte[] b = new byte[100];
    int[][] bad = {{-1, 10}, {0, -1}, {0, 101}, {95, 6}, {101, 0}, {Integer.MAX_VALUE, 2}, {50, Integer.MAX_VALUE}};
    for (int[] r : bad) {
      assertThrows(IndexOutOfBoundsException.class, () -> k.hash(b, r[0], r[1], 0),
          "one-shot off " + r[0] + " len " + r[1]);
      StreamingHash s = k.create(0);
      assertThrows(IndexOutOfBoundsException.class, () -> s.update(b, r[0], r[1]),
          "update off " + r[0] + " len " + r[1]);
      // a rejected update leaves the state as it was
      assertEquals(k.hash(b, 0, 0, 0), digest(s));
    }
    assertEquals(k.hash(new byte[0], 0, 0, 0), k.hash(b, 100, 0, 0), "empty range at the end is fine");
  }
}
