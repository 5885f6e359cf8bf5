package dev.celer.xxhash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Inputs shared by the xxHash tests, and a runner for the reference {@code xxhsum} tool. */
final class TestData {
  private TestData() {}

  /**
   * The "sanity buffer" of xxHash's self-test: byte {@code i} is the top byte of a 64-bit
   * generator that starts at PRIME32 (2654435761) and is multiplied by PRIME64
   * (11400714785074694797) after each byte. The generator is described by {@code
   * XSUM_fillTestBuffer} in Cyan4973/xxHash {@code cli/xsum_sanity_check.c} (v0.8.x); the
   * self-test uses the first 2367 bytes.
   */
  static byte[] sanityBuffer(int len) {
    byte[] b = new byte[len];
    long gen = 2654435761L;
    for (int i = 0; i < len; i++) {
      b[i] = (byte) (gen >>> 56);
      gen *= 0x9E3779B185EBCA8DL; // 11400714785074694797 as an unsigned 64-bit value
    }
    return b;
  }

  /** PRIME32 of {@code xsum_sanity_check.c}, a seed of several vectors. */
  static final long PRIME32 = 2654435761L;
  /** PRIME64 of {@code xsum_sanity_check.c}, a seed of several vectors. */
  static final long PRIME64 = 0x9E3779B185EBCA8DL;

  /** @return {@code len} deterministic pseudo-random bytes */
  static byte[] randomBytes(long seed, int len) {
    byte[] b = new byte[len];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** @return a new {@link Random} whose seed is printed, so a failure can be replayed */
  static Random seededRandom(String what) {
    long seed = Long.getLong("celer.test.seed", new java.security.SecureRandom().nextLong());
    System.out.println(what + ": random seed " + seed + " (replay with -Dceler.test.seed=" + seed + ")");
    return new Random(seed);
  }

  /**
   * Input lengths for comparisons with {@code xxhsum}: every length 0..2048, then lengths around
   * the internal boundaries of all variants beyond that (XXH3 stripes of 64 bytes and blocks of
   * 1024 bytes, XXH32/XXH64 stripes of 16/32 bytes) and a few large ones.
   */
  static int[] interestingLengths() {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i <= 2048; i++) {
      out.add(i);
    }
    int[] centers = {
      2112, 3072, 4096, 4160, 5120, 8192, 16384, 65536, 100_000, 1 << 20
    };
    for (int c : centers) {
      for (int d = -2; d <= 2; d++) {
        if (c + d > 2048) {
          out.add(c + d);
        }
      }
    }
    out.add((1 << 20) + 4567);
    return out.stream().distinct().mapToInt(Integer::intValue).toArray();
  }

  /** @return the corpus directory: see {@link Corpus} */
  static Path corpusDir() {
    return Corpus.dir();
  }

  /** @return every data file of the corpus, sorted by name */
  static List<Path> corpusFiles() {
    List<Path> files = Corpus.files();
    assertTrue(!files.isEmpty(), "empty corpus");
    return files;
  }

  /**
   * Runs {@code xxhsum <option> <files...>} once in {@code dir} and parses its output, in either of
   * its two line formats ({@code "hex  name"} or {@code "ALGO (name) = hex"}).
   *
   * @return file name as given → hex text printed
   */
  static Map<String, String> xxhsum(String option, Path dir, List<String> names)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>();
    args.add(option);
    args.addAll(names);
    Tools.Result r = Tools.xxhsum(dir, args.toArray(new String[0]));
    assertEquals(0, r.exit(), "xxhsum failed: " + r.stderr());
    String out = r.stdoutText();
    Map<String, String> result = new HashMap<>();
    for (String line : out.split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      int eq = line.lastIndexOf(") = ");
      if (eq > 0 && line.indexOf(" (") > 0) {
        result.put(line.substring(line.indexOf(" (") + 2, eq), line.substring(eq + 4).trim());
      } else {
        int sp = line.indexOf("  ");
        result.put(line.substring(sp + 2), line.substring(0, sp));
      }
    }
    assertEquals(names.size(), result.size(), "xxhsum printed:\n" + out);
    return result;
  }
}
