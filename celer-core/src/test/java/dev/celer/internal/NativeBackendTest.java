package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import dev.celer.xxhash.XxHash128;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The native backend (issue 12) against the pure-Java codec and hashes: the same bytes out, the
 * same rejections in spirit (an {@link Lz4Exception}, never a crash or a write outside the range).
 *
 * <p>Surefire runs this class twice on JDK 25: in the ordinary execution without native access
 * (where {@link #backendIsTheExpectedOne()} checks the clean fallback and the comparisons are Java
 * against Java), and in the {@code native} execution with {@code --enable-native-access} and
 * {@code celer.expect.native=true}, where every comparison is native against Java. On JDK 17 the
 * backend is always pure Java.
 */
class NativeBackendTest {
  private static final boolean EXPECT_NATIVE = Boolean.getBoolean("celer.expect.native");

  @Test
  void backendIsTheExpectedOne() {
    String status = Lz4.backend();
    if (EXPECT_NATIVE) {
      assertTrue(Lz4.isNativeBackend(), status);
      assertTrue(NativeBackend.xxhash(), status);
      assertTrue(status.startsWith("native: liblz4 1."), status); // 1.9.x from the system, 1.10.0 bundled (NativeBundledLoadingTest)
      assertTrue(status.contains("libxxhash 0.8."), status);
      assertTrue(Lz4.fastCompressor().toString().startsWith("Lz4Native"), Lz4.fastCompressor().toString());
      assertTrue(Lz4.decompressor().toString().startsWith("Lz4Native"), Lz4.decompressor().toString());
    } else {
      assertFalse(Lz4.isNativeBackend(), status);
      assertFalse(NativeBackend.xxhash(), status);
      assertTrue(status.startsWith("pure Java: "), status);
      // the test JVMs that grant native access for Jazzer switch the backend off (pom.xml)
      boolean off = "off".equals(System.getProperty("dev.celer.native"));
      String why = Runtime.version().feature() < 25 ? "needs Java 25 or later"
          : off ? "dev.celer.native=off" : "native access not enabled";
      // Surefire on JDK 25 sees the Java 25 layer (celer-core/pom.xml, profile java25-running)
      assertTrue(status.contains(why), status);
      assertEquals(Lz4.javaFastCompressor(), Lz4.fastCompressor());
      assertEquals(Lz4.javaDecompressor(), Lz4.decompressor());
    }
  }

  /** Corpus slices of the block sizes that matter, plus edge cases. */
  static List<byte[]> inputs() throws IOException {
    List<byte[]> in = new ArrayList<>();
    Path dir = corpus();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".md")).sorted()::iterator) {
        byte[] all = Files.readAllBytes(f);
        for (int size : new int[] {4096, 16384, 65536, 300_000}) {
          in.add(Arrays.copyOfRange(all, all.length / 3, Math.min(all.length, all.length / 3 + size)));
        }
      }
    }
    Random r = new Random(12);
    for (int n : new int[] {0, 1, 12, 13, 100, 65535, 65536, 65537}) {
      byte[] b = new byte[n];
      for (int i = 0; i < n; i++) {
        b[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt() : 'a' + i % 5);
      }
      in.add(b);
    }
    return in;
  }

  static Path corpus() {
    return dev.celer.testsupport.Corpus.dir();
  }

  @Test
  void fastOutputIsByteIdenticalToJavaAndRoundTrips() throws IOException {
    for (byte[] in : inputs()) {
      for (int acceleration : new int[] {1, 2, 17}) {
        byte[] ours = Lz4.fastCompressor(acceleration).compress(in);
        byte[] java = Lz4.javaFastCompressor(acceleration).compress(in);
        assertArrayEquals(java, ours, "acceleration " + acceleration + ", " + in.length + " bytes");
        assertArrayEquals(in, Lz4.decompressor().decompress(ours, in.length));
        assertArrayEquals(in, Lz4.javaDecompressor().decompress(ours, in.length));
      }
    }
  }

  @Test
  void highOutputIsByteIdenticalToJava() throws IOException {
    List<byte[]> inputs = inputs();
    for (int level = 1; level <= 12; level++) {
      for (int i = 0; i < inputs.size(); i += 7) {
        byte[] in = inputs.get(i);
        byte[] ours = Lz4.highCompressor(level).compress(in);
        assertArrayEquals(Lz4.javaHighCompressor(level).compress(in), ours, "level " + level + ", input " + i);
        assertArrayEquals(in, Lz4.decompressor().decompress(ours, in.length));
      }
    }
  }

  /**
   * The library itself, every HC level, called directly (past {@link NativeBackend#lz4HighNative}):
   * where the backend lets a level go native, liblz4's bytes are Java's (1.9.4's) on every input;
   * where it keeps the level in Java (liblz4 1.10's levels 1 and 2, its "mid" match finder), the
   * library's bytes differ on some input, which is why, and the public compressor is Java's.
   */
  @Test
  void eachHighLevelGoesNativeOnlyWhereTheLibraryGivesJavasBytes() throws IOException {
    if (!EXPECT_NATIVE) {
      return;
    }
    List<byte[]> inputs = inputs();
    for (int level = 1; level <= 12; level++) {
      int differing = 0;
      int compared = 0;
      for (int i = 0; i < inputs.size(); i += 3) {
        byte[] in = inputs.get(i);
        if (in.length < 1024) {
          continue;
        }
        byte[] out = new byte[Lz4.maxCompressedLength(in.length)];
        int n = NativeBackend.lz4CompressHigh(in, 0, in.length, out, 0, out.length, level);
        byte[] java = Lz4.javaHighCompressor(level).compress(in);
        compared++;
        if (!Arrays.equals(java, Arrays.copyOf(out, n))) {
          differing++;
        }
      }
      if (NativeBackend.lz4HighNative(level)) {
        assertEquals(0, differing, "level " + level + ": " + differing + " of " + compared + " inputs differ (" + Lz4.backend() + ")");
      } else {
        assertTrue(differing > 0, "level " + level + " is kept in Java, yet the library gives Java's bytes on all " + compared + " inputs");
        assertEquals(Lz4.javaHighCompressor(level), Lz4.highCompressor(level), "level " + level);
      }
    }
    boolean mid = Lz4.backend().startsWith("native: liblz4 1.10.") || Lz4.backend().startsWith("native: liblz4 1.11.");
    assertEquals(!mid, NativeBackend.lz4HighNative(1), Lz4.backend());
    assertEquals(!mid, NativeBackend.lz4HighNative(2), Lz4.backend());
  }

  @Test
  void largeBlocksTakeTheCopyingPathAndStillMatch() {
    byte[] in = new byte[3 << 20]; // above the critical-call limit: copied through native memory
    Random r = new Random(3);
    for (int i = 0; i < in.length; i++) {
      in[i] = (byte) (r.nextInt(8) == 0 ? r.nextInt() : 'x' + (i >> 9) % 3);
    }
    byte[] fast = Lz4.fastCompressor().compress(in);
    assertArrayEquals(Lz4.javaFastCompressor().compress(in), fast);
    assertArrayEquals(in, Lz4.decompressor().decompress(fast, in.length));
    byte[] high = Lz4.highCompressor(3).compress(in);
    assertArrayEquals(Lz4.javaHighCompressor(3).compress(in), high);
    byte[] out = new byte[in.length + 10];
    assertEquals(in.length, Lz4.decompressor().decompress(high, 0, high.length, out, 5, in.length));
    assertArrayEquals(in, Arrays.copyOfRange(out, 5, 5 + in.length));
  }

  @Test
  void tryCompressGivesUpWithinTheRange() throws IOException {
    byte[] in = inputs().get(1);
    int n = Lz4.javaFastCompressor().compress(in).length;
    for (Lz4Compressor c : new Lz4Compressor[] {Lz4.fastCompressor(), Lz4.highCompressor(9)}) {
      byte[] dst = new byte[n + 20];
      Arrays.fill(dst, (byte) 0x77);
      int room = n / 2;
      assertEquals(-1, c.tryCompress(in, 0, in.length, dst, 10, room), c.toString());
      for (int i = 0; i < dst.length; i++) {
        if (i < 10 || i >= 10 + room) {
          assertEquals(0x77, dst[i], c + ": wrote outside the range at " + i);
        }
      }
      assertThrows(Lz4Exception.class, () -> c.compress(in, 0, in.length, dst, 10, room));
    }
  }

  @Test
  void directAndReadOnlyBuffers() throws IOException {
    byte[] in = inputs().get(2);
    byte[] expected = Lz4.javaFastCompressor().compress(in);
    ByteBuffer src = ByteBuffer.allocateDirect(in.length + 8);
    src.position(8);
    src.put(in).flip().position(8);
    ByteBuffer dst = ByteBuffer.allocateDirect(Lz4.maxCompressedLength(in.length) + 3);
    dst.position(3);
    int n = Lz4.fastCompressor().compress(src, dst);
    assertEquals(expected.length, n);
    dst.flip().position(3);
    byte[] got = new byte[n];
    dst.duplicate().get(got);
    assertArrayEquals(expected, got);

    ByteBuffer back = ByteBuffer.allocateDirect(in.length);
    assertEquals(in.length, Lz4.decompressor().decompress(dst.asReadOnlyBuffer(), back));
    byte[] restored = new byte[in.length];
    back.flip().get(restored);
    assertArrayEquals(in, restored);

    ByteBuffer heapBack = ByteBuffer.allocate(in.length + 1);
    heapBack.position(1);
    assertEquals(in.length, Lz4.decompressor().decompress(ByteBuffer.wrap(expected), heapBack));
    assertArrayEquals(in, Arrays.copyOfRange(heapBack.array(), 1, 1 + in.length));
  }

  @Test
  void partialDecompressionMatchesJava() throws IOException {
    for (byte[] in : inputs()) {
      byte[] block = Lz4.javaFastCompressor().compress(in);
      for (int target : new int[] {0, 1, 17, 1000, in.length / 2, in.length}) {
        if (target > in.length) {
          continue;
        }
        byte[] a = new byte[target];
        byte[] b = new byte[target];
        int na = Lz4.decompressor().decompressPartial(block, 0, block.length, a, 0, target);
        int nb = Lz4.javaDecompressor().decompressPartial(block, 0, block.length, b, 0, target);
        assertEquals(nb, na, "target " + target);
        assertArrayEquals(b, a);
        assertArrayEquals(Arrays.copyOf(in, na), Arrays.copyOf(a, na));
      }
    }
  }

  /**
   * Hostile input: truncations and byte flips of valid blocks, decoded into ranges with canaries
   * around them and two different prefills. Native or Java, each is an Lz4Exception or the same
   * bytes from both prefills, and nothing outside the range changes.
   */
  @Test
  void hostileBlocksGiveLz4ExceptionAndNoStaleBytes() throws IOException {
    Random r = new Random(42);
    List<byte[]> inputs = inputs();
    for (int k = 0; k < 3000; k++) {
      byte[] in = inputs.get(r.nextInt(inputs.size()));
      in = Arrays.copyOf(in, Math.min(in.length, 5000));
      byte[] block = Lz4.javaFastCompressor().compress(in);
      byte[] bad = r.nextBoolean() ? Arrays.copyOf(block, r.nextInt(block.length + 1)) : block.clone();
      for (int flips = r.nextInt(4); flips > 0 && bad.length > 0; flips--) {
        bad[r.nextInt(bad.length)] = (byte) r.nextInt();
      }
      int cap = r.nextBoolean() ? in.length : r.nextInt(in.length * 2 + 2);
      decodeChecked(Lz4.decompressor(), bad, cap, false);
      decodeChecked(Lz4.decompressor(), bad, cap, true);
    }
  }

  /** Decodes {@code block} into {@code cap} bytes between canaries, twice with different prefills. */
  private static void decodeChecked(Lz4Decompressor d, byte[] block, int cap, boolean partial) {
    byte[] x = new byte[cap + 32];
    byte[] y = new byte[cap + 32];
    Arrays.fill(x, (byte) 0x11);
    Arrays.fill(y, (byte) 0xEE);
    int nx;
    int ny;
    try {
      nx = partial ? d.decompressPartial(block, 0, block.length, x, 16, cap) : d.decompress(block, 0, block.length, x, 16, cap);
    } catch (Lz4Exception e) {
      nx = -1;
    }
    try {
      ny = partial ? d.decompressPartial(block, 0, block.length, y, 16, cap) : d.decompress(block, 0, block.length, y, 16, cap);
    } catch (Lz4Exception e) {
      ny = -1;
    }
    assertEquals(nx, ny, "same answer whatever the destination held");
    for (int i = 0; i < 16; i++) {
      assertEquals(0x11, x[i] & 0xFF);
      assertEquals(0x11, x[16 + cap + i] & 0xFF);
      assertEquals(0xEE, y[i] & 0xFF);
      assertEquals(0xEE, y[16 + cap + i] & 0xFF);
    }
    if (nx >= 0) {
      assertArrayEquals(Arrays.copyOfRange(x, 16, 16 + nx), Arrays.copyOfRange(y, 16, 16 + nx), "stale bytes in the output");
    }
  }

  /**
   * A match offset of 0 (4 literals "abcd", match at offset 0, last literals "vwxyz"): both
   * backends decode the match as zeros, as liblz4 does; no byte of the destination's previous
   * content comes out. At a capacity of 15 the block breaks rule 3 (its match starts 9 bytes before
   * the end), which both reject.
   */
  @Test
  void matchOffsetZero() {
    byte[] block = {0x40, 'a', 'b', 'c', 'd', 0, 0, 0x50, 'v', 'w', 'x', 'y', 'z'};
    int cap = 300; // above Lz4NativeDecompressor.MIN_NATIVE_OUTPUT, so that the native decoder gets it
    for (Lz4Decompressor d : new Lz4Decompressor[] {Lz4.decompressor(), Lz4.javaDecompressor()}) {
      byte[] dst = new byte[cap];
      Arrays.fill(dst, (byte) 0x5A);
      assertEquals(13, d.decompress(block, 0, block.length, dst, 0, cap));
      assertArrayEquals(new byte[] {'a', 'b', 'c', 'd', 0, 0, 0, 0, 'v', 'w', 'x', 'y', 'z'}, Arrays.copyOf(dst, 13));
      decodeChecked(d, block, cap, false);
      assertThrows(Lz4Exception.class, () -> d.decompress(block, 0, block.length, new byte[15], 0, 15));
    }
  }

  @Test
  void malformedMessageNamesTheOffset() {
    byte[] block = {(byte) 0xF0}; // literal length 15 + more, but the input ends
    Lz4Exception e = assertThrows(Lz4Exception.class, () -> Lz4.decompressor().decompress(block, 0, 1, new byte[1000], 0, 1000));
    assertTrue(e.getMessage().contains("input offset"), e.getMessage());
  }

  /** One-shot hashes (native when the backend is) against the streaming ones (always pure Java). */
  @Test
  void hashesMatchTheStreamingJavaPath() throws IOException {
    List<byte[]> inputs = inputs();
    for (byte[] in : inputs) {
      for (long seed : new long[] {0, 1, -7}) {
        XxHash32 h32 = XxHash32.create((int) seed);
        h32.update(in, 0, in.length);
        assertEquals(h32.digest(), XxHash32.hash(in, (int) seed));
        XxHash64 h64 = XxHash64.create(seed);
        h64.update(in, 0, in.length);
        assertEquals(h64.digest(), XxHash64.hash(in, seed));
        XxHash3 h3 = XxHash3.create(seed);
        h3.update(in, 0, in.length);
        assertEquals(h3.digest(), XxHash3.hash(in, 0, in.length, seed));
        XxHash128 h128 = XxHash128.create(seed);
        h128.update(in, 0, in.length);
        assertEquals(h128.digest(), XxHash128.hash(in, 0, in.length, seed));
        ByteBuffer direct = ByteBuffer.allocateDirect(in.length + 1);
        direct.position(1);
        direct.put(in).position(1);
        assertEquals(XxHash64.hash(in, seed), XxHash64.hash(direct, seed));
        assertEquals(1, direct.position());
      }
    }
  }
}
