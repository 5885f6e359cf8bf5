package dev.celer.cli;

import static dev.celer.cli.CliTestSupport.celer;
import static dev.celer.cli.CliTestSupport.corpus;
import static dev.celer.cli.CliTestSupport.lz4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.cli.CliTestSupport.Result;
import dev.celer.testsupport.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lz4-compatible command as a user runs it: files, pipes, -m, -r, overwrite refusal, -t,
 * --list, exit codes compared with /usr/bin/lz4 v1.9.4, and interop both ways.
 */
class Lz4CommandTest {
  private static final long SEED = 20260314L;

  @TempDir
  Path dir;
  private byte[] text;
  private byte[] mixed;

  @BeforeEach
  void files() throws IOException {
    text = Files.readAllBytes(corpus().resolve("alice29.txt"));
    // machine code: the full corpus's libstdc++.so, else (sample corpus) the running JVM's libjvm.so
    byte[] bin = Corpus.isFull() ? Corpus.read("libstdc++.so")
        : Files.readAllBytes(Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so"));
    mixed = new byte[600_000];
    System.arraycopy(bin, 0, mixed, 0, 400_000);
    System.arraycopy(text, 0, mixed, 400_000, 150_000);
    new Random(SEED).nextBytes(Arrays.copyOfRange(mixed, 550_000, 600_000));
    Files.write(dir.resolve("a.txt"), text);
    Files.write(dir.resolve("m.bin"), mixed);
  }

  @Test
  void fileToFileAndBack() throws Exception {
    Result r = celer(dir, null, "a.txt", "a.txt.lz4");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().endsWith("Compressed 152089 bytes into " + Files.size(dir.resolve("a.txt.lz4")) + " bytes ==> "
        + String.format(java.util.Locale.ROOT, "%.2f%%\n", 100.0 * Files.size(dir.resolve("a.txt.lz4")) / 152089)),
        r.err());
    Result d = lz4(dir, null, "-dc", "a.txt.lz4");
    assertArrayEquals(text, d.out());
    r = celer(dir, null, "-d", "a.txt.lz4", "back.txt");
    assertEquals(0, r.code(), r.err());
    assertArrayEquals(text, Files.readAllBytes(dir.resolve("back.txt")));
    assertTrue(r.err().contains("a.txt.lz4            : decoded 152089 bytes \n"), r.err());
  }

  @Test
  void defaultOutputNamesOnATerminal() throws Exception {
    Terminal tty = new Terminal(true, true, false);
    Result r = celer(dir, tty, null, "m.bin");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().startsWith("Compressed filename will be : m.bin.lz4 \n"), r.err());
    Files.move(dir.resolve("m.bin"), dir.resolve("orig.bin"));
    r = celer(dir, tty, null, "m.bin.lz4"); // .lz4 means decompress
    assertEquals(0, r.code(), r.err());
    assertArrayEquals(mixed, Files.readAllBytes(dir.resolve("m.bin")));
    r = celer(dir, tty, null, "-d", "orig.bin");
    assertEquals(1, r.code());
    assertTrue(r.err().startsWith("Cannot determine an output filename\nIncorrect parameters\n"), r.err());
    r = celer(dir, tty, null, "-d", "m.bin.lz4", "-");
    assertEquals(1, r.code());
    assertEquals("refusing to write to console without -c \n", r.err());
    assertEquals(1, celer(dir, tty, null).code(), "refusing to read from a console");
  }

  @Test
  void pipesWithoutATerminal() throws Exception {
    Result c = celer(dir, mixed, "-9");
    assertEquals(0, c.code(), c.err());
    assertEquals("", c.err(), "pure pipe mode is silent");
    assertArrayEquals(mixed, lz4(dir, c.out(), "-d").out());
    Result d = celer(dir, lz4(dir, mixed, "-c").out(), "-d", "-", "-");
    assertEquals(0, d.code(), d.err());
    assertArrayEquals(mixed, d.out());
    // A single file and no output name: stdout, with lz4's warning.
    Result w = celer(dir, null, "a.txt");
    assertEquals(0, w.code());
    assertTrue(w.err().startsWith("Warning : using stdout as default output."), w.err());
    assertArrayEquals(lz4(dir, null, "-c", "a.txt").out(), w.out(), "fast level: same bytes as lz4");
  }

  @Test
  void overwriteRefusalAndForce() throws Exception {
    Files.writeString(dir.resolve("a.txt.lz4"), "precious");
    Result r = celer(dir, null, "a.txt", "a.txt.lz4");
    Result l = lz4(dir, null, "a.txt", "a.txt.lz4");
    assertEquals(l.code(), r.code());
    assertEquals(1, r.code());
    assertEquals(l.err(), r.err());
    assertEquals("precious", Files.readString(dir.resolve("a.txt.lz4")));
    r = celer(dir, null, "-f", "a.txt", "a.txt.lz4");
    assertEquals(0, r.code());
    assertArrayEquals(text, lz4(dir, null, "-dc", "a.txt.lz4").out());
    // -m is not interactive: refused quietly, counted as missed files (exit code = count).
    Files.writeString(dir.resolve("m.bin.lz4"), "precious");
    r = celer(dir, null, "-m", "a.txt", "m.bin");
    l = lz4(dir, null, "-m", "a.txt", "m.bin");
    assertEquals(2, r.code());
    assertEquals(l.code(), r.code());
    assertEquals(l.err(), r.err());
  }

  @Test
  void multipleAndRecursive() throws Exception {
    Path sub = Files.createDirectories(dir.resolve("d/e"));
    Files.write(sub.resolve("x.txt"), text);
    Files.write(dir.resolve("d/y.bin"), mixed);
    Result r = celer(dir, null, "-r", "d");
    assertEquals(0, r.code(), r.err());
    assertArrayEquals(text, lz4(dir, null, "-dc", "d/e/x.txt.lz4").out());
    assertArrayEquals(mixed, lz4(dir, null, "-dc", "d/y.bin.lz4").out());
    Files.delete(sub.resolve("x.txt"));
    Files.delete(dir.resolve("d/y.bin"));
    r = celer(dir, null, "-d", "-m", "--rm", "d/e/x.txt.lz4", "d/y.bin.lz4", "a.txt");
    assertEquals(1, r.code(), "a.txt is skipped: no .lz4 extension");
    assertTrue(r.err().contains("will not process file: a.txt"), r.err());
    assertArrayEquals(text, Files.readAllBytes(sub.resolve("x.txt")));
    assertFalse(Files.exists(sub.resolve("x.txt.lz4")), "--rm removed the source");
    r = celer(dir, null, "-m", "-c", "a.txt", "a.txt"); // -m -c: all to stdout, concatenated frames
    assertArrayEquals(concat(text, text), lz4(dir, r.out(), "-dc").out());
  }

  @Test
  void testModeAndExitCodesLikeLz4() throws Exception {
    byte[] good = lz4(dir, null, "-c", "m.bin").out();
    Files.write(dir.resolve("good.lz4"), good);
    Files.write(dir.resolve("trunc.lz4"), Arrays.copyOf(good, good.length - 100));
    byte[] bad = good.clone();
    bad[bad.length - 2] ^= 1; // content checksum
    Files.write(dir.resolve("bad.lz4"), bad);
    Files.write(dir.resolve("short.lz4"), new byte[] {4, 34});
    Files.write(dir.resolve("empty.lz4"), new byte[0]);
    for (String f : List.of("good.lz4", "trunc.lz4", "bad.lz4", "a.txt", "short.lz4", "empty.lz4", "nonexist.lz4")) {
      Result r = celer(dir, null, "-t", f);
      Result l = lz4(dir, null, "-t", f);
      assertEquals(l.code(), r.code(), f + ": " + r.err() + " vs lz4: " + l.err());
      assertEquals(0, r.out().length);
    }
    // A failed decompression leaves no partial output (lz4 would keep it).
    Result r = celer(dir, null, "-d", "trunc.lz4", "out.bin");
    assertEquals(68, r.code());
    assertTrue(r.err().startsWith("Error 68 : Unfinished stream"), r.err());
    assertFalse(Files.exists(dir.resolve("out.bin")));
    r = celer(dir, null, "-d", "bad.lz4", "out.bin");
    assertEquals(66, r.code());
    assertTrue(r.err().startsWith("Error 66 : Decompression error : "), r.err());
    assertFalse(Files.exists(dir.resolve("out.bin")));
    // Data after the last frame: lz4's notice, the decoded data kept, and exit code 1 as lz4's.
    Files.write(dir.resolve("tail.lz4"), concat(good, "garbage!".getBytes()));
    r = celer(dir, null, "-dc", "tail.lz4");
    Result l = lz4(dir, null, "-dc", "tail.lz4");
    assertEquals(l.code(), r.code(), r.err());
    assertEquals(1, r.code(), r.err());
    assertEquals(l.err(), r.err());
    assertArrayEquals(mixed, r.out());
    // -dcf passes non-LZ4 data through, as lz4 does.
    assertArrayEquals(text, celer(dir, null, "-dcf", "a.txt").out());
  }

  @Test
  void interopBothWaysAcrossOptions() throws Exception {
    Files.write(dir.resolve("dict"), Arrays.copyOfRange(text, 0, 40_000));
    List<List<String>> combos = List.of(List.of(), List.of("-1"), List.of("--fast=4"), List.of("-B4"),
        List.of("-B5", "-BD"), List.of("-B4", "-BX", "--no-frame-crc"), List.of("--content-size"), List.of("-l"),
        List.of("-B4", "-D", "dict"), List.of("-B4", "-BD", "-BX", "--content-size", "-D", "dict"));
    for (List<String> combo : combos) {
      List<String> dict = combo.contains("-D") ? List.of("-D", "dict") : List.of();
      String[] c = concatArgs(combo, "-c", "m.bin");
      Result ours = celer(dir, null, c);
      assertEquals(0, ours.code(), combo + ": " + ours.err());
      Result back = lz4(dir, ours.out(), concatArgs(dict, "-dc"));
      assertEquals(0, back.code(), combo + ": " + back.err());
      assertArrayEquals(mixed, back.out(), "lz4 decodes celer " + combo);
      Result theirs = lz4(dir, null, c);
      Result dec = celer(dir, theirs.out(), concatArgs(dict, "-dc"));
      assertEquals(0, dec.code(), combo + ": " + dec.err());
      assertArrayEquals(mixed, dec.out(), "celer decodes lz4 " + combo);
      assertArrayEquals(theirs.out(), ours.out(), "same bytes as lz4 for " + combo);
    }
  }

  @Test
  void threadsGiveTheSameBytes() throws Exception {
    Result one = celer(dir, null, "-B4", "-BX", "-c", "m.bin");
    for (String t : List.of("-T2", "-T3", "-T0")) {
      Result more = celer(dir, null, "-B4", "-BX", t, "-c", "m.bin");
      assertArrayEquals(one.out(), more.out(), t);
    }
    assertArrayEquals(celer(dir, null, "-B4", "-BD", "-c", "m.bin").out(),
        celer(dir, null, "-B4", "-BD", "-T4", "-c", "m.bin").out(), "linked blocks: one thread");
    assertArrayEquals(celer(dir, null, "-l", "-c", "m.bin").out(), celer(dir, null, "-l", "-T2", "-c", "m.bin").out());
    assertArrayEquals(celer(dir, null, "-B4", "--content-size", "-c", "m.bin").out(),
        celer(dir, null, "-B4", "--content-size", "-T2", "-c", "m.bin").out(), "content size");
  }

  /**
   * With {@code -T2} the parallel stream reads the input itself ({@code transferFrom}); a read
   * that fails after some blocks is still lz4's read error, with the one-thread run's code and
   * message.
   */
  @Test
  void readFailureAfterSomeBlocksInParallel() {
    byte[] data = new byte[300_000];
    new Random(5).nextBytes(data);
    String[] expected = null;
    for (String t : List.of("-T1", "-T2")) {
      java.io.InputStream failing = new java.io.InputStream() {
        int pos;

        @Override
        public int read() throws IOException {
          byte[] one = new byte[1];
          return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          if (pos == data.length) {
            throw new IOException("Input/output error");
          }
          int n = Math.min(Math.min(len, 50_000), data.length - pos);
          System.arraycopy(data, pos, b, off, n);
          pos += n;
          return n;
        }
      };
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      int code = Main.inDirectory(dir).run(new String[] {"-B4", t, "-c"}, failing, java.io.OutputStream.nullOutputStream(),
          new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
      String message = err.toString(java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(message.contains("Error reading stdin : Input/output error"), t + ": " + message);
      if (expected == null) {
        expected = new String[] {Integer.toString(code), message};
      } else {
        assertEquals(expected[0], Integer.toString(code), t + ": " + message);
        assertEquals(expected[1], message, t);
      }
    }
  }

  @Test
  void listLikeLz4() throws Exception {
    Files.write(dir.resolve("one.lz4"), lz4(dir, null, "-c", "--content-size", "-B4", "m.bin").out());
    Files.write(dir.resolve("two.lz4"), concat(Files.readAllBytes(dir.resolve("one.lz4")),
        lz4(dir, null, "-c", "-BD", "a.txt").out()));
    Files.write(dir.resolve("leg.lz4"), lz4(dir, null, "-c", "-l", "a.txt").out());
    for (String f : List.of("one.lz4", "two.lz4", "leg.lz4", "a.txt", "nonexist.lz4")) {
      for (String v : List.of("-q", "-v")) {
        Result r = celer(dir, null, v, "--list", f);
        Result l = lz4(dir, null, v, "--list", f);
        assertEquals(l.code(), r.code(), f);
        assertEquals(l.outText(), r.outText(), f);
        if (v.equals("-v") && r.code() == 0) {
          assertEquals(l.err().substring(l.err().indexOf('\n')), r.err().substring(r.err().indexOf('\n')), f);
        }
      }
    }
  }

  @Test
  void usageErrors() throws Exception {
    for (String[] args : new String[][] {{"-x"}, {"--nope"}, {"-B3"}, {"--fast=0"}, {"a.txt", "b", "c"}}) {
      Result r = celer(dir, null, args);
      Result l = lz4(dir, null, args);
      assertEquals(l.code(), r.code(), String.join(" ", args));
      assertEquals(0, r.out().length);
    }
    Result v = celer(dir, null, "-V");
    assertEquals(0, v.code());
    assertEquals(Lz4Usage.welcome(), v.outText(), "the version goes to stdout, as lz4's");
    assertEquals(0, lz4(dir, null, "-V").code());
    assertEquals(0, celer(dir, null, "-h").code());
  }

  @Test
  void demoPrintsOneLinePerFile() {
    Result r = celer(dir, null, "demo", "a.txt", "nonexist");
    assertEquals(1, r.code(), "a missing file fails the run");
    String[] lines = r.outText().split("\n");
    assertEquals(4, lines.length, r.outText());
    assertTrue(lines[0].contains("JDK " + System.getProperty("java.version")) && lines[0].contains("backend: "), lines[0]);
    assertTrue(lines[3].startsWith("a.txt") && lines[3].contains(" 152089 "), lines[3]);
    assertTrue(r.err().contains("nonexist: No such file or directory"), r.err());
  }

  @Test
  void demoOfOnlyMissingFilesPrintsNoEmptyTable() {
    Result r = celer(dir, null, "demo", "nonexist");
    assertEquals(1, r.code());
    assertEquals("", r.outText());
    assertTrue(r.err().contains("nonexist: No such file or directory"), r.err());
  }

  /** Without files the demo takes the sample corpus that the celer script names (as surefire does here). */
  @Test
  void demoWithoutFilesUsesTheSampleCorpus() {
    Path sample = Path.of(System.getProperty("celer.sampleCorpus"));
    Result r = celer(dir, null, "demo");
    assertEquals(0, r.code(), r.err());
    String[] lines = r.outText().split("\n");
    assertTrue(lines[0].contains("the sample corpus " + sample + " (5 files)"), lines[0]);
    assertEquals(3 + 5, lines.length, r.outText());
    assertTrue(lines[3].startsWith("alice29.txt "), lines[3]);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static String[] concatArgs(List<String> first, String... more) {
    String[] r = first.toArray(new String[first.size() + more.length]);
    System.arraycopy(more, 0, r, first.size(), more.length);
    return r;
  }
}
