package dev.celer.cli;

import static dev.celer.cli.CliTestSupport.celer;
import static dev.celer.cli.CliTestSupport.lz4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code celer --seekable}, {@code celer index} and {@code celer cat}, checked with the stock lz4. */
class SeekableCommandTest {
  private static byte[] data(int n) {
    Random r = new Random(14);
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i % 50_000 < 30_000 ? "seekable lz4 ".charAt(i % 13) : r.nextInt());
    }
    return b;
  }

  @Test
  void seekableCompressionThenCat(@TempDir Path dir) throws Exception {
    byte[] data = data(700_000);
    Files.write(dir.resolve("in"), data);
    CliTestSupport.Result c = celer(dir, null, "--seekable", "-q", "in", "in.lz4");
    assertEquals(0, c.code(), c.err());
    byte[] file = Files.readAllBytes(dir.resolve("in.lz4"));
    assertEquals("LZ4I", new String(file, file.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII));
    assertArrayEquals(data, lz4(dir, null, "-d", "-c", "in.lz4").out());
    assertArrayEquals(data, lz4(dir, file, "-d", "-c").out());
    assertEquals(0, lz4(dir, null, "-t", "in.lz4").code());

    CliTestSupport.Result list = celer(dir, null, "--list", "-v", "in.lz4");
    assertEquals(0, list.code(), list.err());
    assertTrue(list.err().contains("seek index in the file: 11 blocks in 1 frames, 700000 bytes decoded"), list.err());
    CliTestSupport.Result cat = celer(dir, null, "cat", "--offset", "65530", "--length", "100", "in.lz4");
    assertEquals(0, cat.code(), cat.err());
    assertArrayEquals(Arrays.copyOfRange(data, 65_530, 65_630), cat.out());
    cat = celer(dir, null, "cat", "--offset", "699990", "in.lz4");
    assertArrayEquals(Arrays.copyOfRange(data, 699_990, 700_000), cat.out());
    cat = celer(dir, null, "cat", "in.lz4");
    assertArrayEquals(data, cat.out());
    cat = celer(dir, null, "cat", "--offset", "800000", "--length", "5", "in.lz4");
    assertEquals(0, cat.code());
    assertEquals(0, cat.out().length);
    // -BD and -l cannot be seekable; bad cat arguments are usage errors
    assertEquals(1, celer(dir, null, "--seekable", "-BD", "-f", "in", "x.lz4").code());
    assertEquals(1, celer(dir, null, "cat", "--offset", "-3", "in.lz4").code());
    assertEquals(1, celer(dir, null, "cat").code());
  }

  @Test
  void indexAStockFileInPlaceAndAsSidecar(@TempDir Path dir) throws Exception {
    byte[] data = data(2_000_000);
    Files.write(dir.resolve("in"), data);
    assertEquals(0, lz4(dir, null, "-q", "-B4", "in", "a.lz4").code());
    assertEquals(0, lz4(dir, null, "-q", "in", "b.lz4").code());
    byte[] b = Files.readAllBytes(dir.resolve("b.lz4"));

    CliTestSupport.Result notYet = celer(dir, null, "cat", "--offset", "5", "--length", "5", "a.lz4");
    assertEquals(1, notYet.code());
    assertTrue(notYet.err().contains("celer index"), notYet.err());

    CliTestSupport.Result idx = celer(dir, null, "index", "a.lz4");
    assertEquals(0, idx.code(), idx.err());
    assertTrue(idx.err().contains("31 blocks"), idx.err());
    assertArrayEquals(data, lz4(dir, null, "-d", "-c", "a.lz4").out());
    assertTrue(celer(dir, null, "index", "a.lz4").err().contains("already indexed"));
    assertArrayEquals(Arrays.copyOfRange(data, 1_234_567, 1_334_567),
        celer(dir, null, "cat", "--offset", "1234567", "--length", "100000", "a.lz4").out());

    assertEquals(0, celer(dir, null, "index", "--sidecar", "b.lz4").code());
    assertArrayEquals(b, Files.readAllBytes(dir.resolve("b.lz4")));
    assertTrue(Files.exists(dir.resolve("b.lz4.idx")));
    assertTrue(celer(dir, null, "--list", "-v", "b.lz4").err().contains("seek index in b.lz4.idx: 1 blocks"));
    assertArrayEquals(Arrays.copyOfRange(data, 999_999, 1_000_099),
        celer(dir, null, "cat", "--offset", "999999", "--length", "100", "b.lz4").out());

    assertEquals(0, lz4(dir, null, "-q", "-B4", "-BD", "in", "linked.lz4").code());
    CliTestSupport.Result linked = celer(dir, null, "index", "linked.lz4");
    assertEquals(1, linked.code());
    assertTrue(linked.err().contains("linked"), linked.err());
    // a file literally named "index" is compressed with an option first
    Files.write(dir.resolve("index"), data);
    assertEquals(0, celer(dir, null, "-z", "-q", "index", "index.lz4").code());
    assertTrue(Files.exists(dir.resolve("index.lz4")));
  }
}
