package dev.celer.cli;

import static dev.celer.cli.CliTestSupport.celer;
import static dev.celer.cli.CliTestSupport.corpus;
import static dev.celer.cli.CliTestSupport.lz4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.cli.CliTestSupport.Result;
import dev.celer.lz4.Lz4Level;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The level options ({@code -N}, {@code --fast[=N]}, {@code --best}) read as lz4 v1.9.4 reads
 * them, compared byte for byte with {@code /usr/bin/lz4}: levels above 12, accelerations above
 * 65537, numbers that wrap around 32 bits, {@code K}/{@code M} suffixes, and the legacy format,
 * which ignores {@code --fast}. lz4 1.9.4 has no {@code LZ4_CLEVEL} variable (1.10 added it), so
 * neither has celer.
 */
class Lz4LevelArgumentsTest {
  @TempDir
  Path dir;

  @BeforeEach
  void file() throws IOException {
    Files.write(dir.resolve("a.txt"), Arrays.copyOf(Files.readAllBytes(corpus().resolve("alice29.txt")), 100_000));
  }

  @ParameterizedTest(name = "lz4 {0}")
  @ValueSource(strings = {
    "-0", "-2", "-3", "-12", "-13", "-99", "--best", "--fast", "--fast=1", "--fast=65536", "--fast=65537",
    "--fast=65538", "--fast=2147483647", "--fast=2147483648", "--fast=4294967295", "--fast=03",
    "--fast=5x", "--fast=1K", "--fast=2KiB", "-4294967295", "-4294967296", "-99999999999", "-1K",
    "-1KiB", "-1KB4", "-4194304M", "-9B4", "-l --fast=5", "-l -13", "-l -0", "-l -3",
    // refused by both: the usage, exit 1
    "-3Kx", "-12-3", "--fast=0", "--fast=", "--fast=x", "--fastx", "--fast=4294967296", "--best=3",
  })
  void sameBytesAndExitCodeAsLz4(String options) throws Exception {
    String[] args = (options + " -c a.txt").split(" ");
    Result ours = celer(dir, null, args);
    Result theirs = lz4(dir, null, args);
    assertEquals(theirs.code(), ours.code(), ours.err());
    assertArrayEquals(theirs.out(), ours.out(), "compressed bytes of " + options);
    assertEquals(theirs.err().replace("lz4 [arg]", "celer [arg]"), ours.err());
  }

  @Test
  void lz4ClevelIsNotRead() throws Exception {
    // LZ4_CLEVEL cannot be set for an in-process run; lz4 1.9.4 ignores it, and celer never reads it.
    Result theirs = CliTestSupport.run(dir, null, "env", "LZ4_CLEVEL=9", "lz4", "-c", "a.txt");
    assertArrayEquals(lz4(dir, null, "-1", "-c", "a.txt").out(), theirs.out());
    assertArrayEquals(theirs.out(), celer(dir, null, "-c", "a.txt").out());
  }

  @ParameterizedTest(name = "readU32(\"{0}\")")
  @CsvSource({
    "7, 7, 1",
    "0012x, 12, 4",
    "4294967295, 4294967295, 10",
    "4294967296, 0, 10",
    "99999999999, 1215752191, 11",
    "1K, 1024, 2",
    "1KiB, 1024, 4",
    "1KB, 1024, 3",
    "1Ki3, 1024, 3",
    "1Bi, 1, 1",
    "3M, 3145728, 2",
    "4194305K, 1024, 8",
    "x, 0, 0",
  })
  void readU32AsLz4(String text, long value, int end) {
    long r = Lz4Arguments.readU32(text, 0);
    assertEquals(value, r & 0xFFFFFFFFL, "value");
    assertEquals(end, (int) (r >>> 32), "index after the number");
  }

  @Test
  void settingsHoldTheOwnersValue() throws Exception {
    Lz4Settings s = new Lz4Settings(System.err);
    new Lz4Arguments(s).parse(new String[] {"-13"});
    assertEquals(Lz4Level.high(12), s.level);
    new Lz4Arguments(s).parse(new String[] {"--fast=3"});
    assertEquals(Lz4Level.fast(4), s.level);
    assertEquals(Lz4Level.fast(4), s.frameOptions().level());
    s.legacy = true;
    assertEquals(Lz4Level.DEFAULT, s.frameOptions().level(), "lz4 -l compresses --fast=N at acceleration 1");
    new Lz4Arguments(s).parse(new String[] {"--best"});
    assertEquals(Lz4Level.high(Lz4Level.MAX), s.frameOptions().level());
  }
}
