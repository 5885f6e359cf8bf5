package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.cli.CliTestSupport.Result;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11: the CLI under faults, through the real process (a separate JVM started as the
 * {@code ./celer} script does), each case run the same way with {@code /usr/bin/lz4} v1.9.4 and
 * compared: a full disk ({@code /dev/full}, a small tmpfs where it can be mounted), a file-size
 * limit ({@code ulimit -f}), a pipe closed early, FIFOs and process substitution for input and
 * output, SIGINT, and lz4's exit codes. With {@code --rm} the source must survive every failure.
 *
 * <p>Each case is a bash script in which {@code $T} is either the function {@code celer} or the
 * command {@code lz4}; a shell reports death by a signal as 128 + signal, the same number Celer
 * exits with when it notices the failed write itself (the JVM ignores SIGPIPE and SIGXFSZ).
 */
class FaultsEndToEndTest {
  private static final long SEED = 20261125L;

  @TempDir
  Path dir;

  /** More than 2 MiB compressed (the file-size limit below), mixing text and random bytes. */
  private byte[] big;
  /** Shorter than one block: lz4 writes it as a single-block frame. */
  private byte[] small;

  @BeforeEach
  void files() throws Exception {
    byte[] text = Files.readAllBytes(CliTestSupport.corpus().resolve("alice29.txt"));
    big = new byte[6 << 20];
    new Random(SEED).nextBytes(big);
    for (int off = 0; off + text.length <= big.length; off += 2 * text.length) {
      System.arraycopy(text, 0, big, off, text.length);
    }
    small = Arrays.copyOf(text, 100_000);
    Files.write(dir.resolve("big"), big);
    Files.write(dir.resolve("small"), small);
    Files.write(dir.resolve("big.lz4"), CliTestSupport.lz4(dir, null, "-c", "big").out());
  }

  /** Runs {@code script} under bash in the test directory with {@code $T} = {@code tool}. */
  private Result sh(String tool, String script) throws IOException, InterruptedException {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String prelude = "celer() { " + quote(java) + " -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dceler.tty= -cp "
        + quote(System.getProperty("java.class.path")) + " " + Main.class.getName() + " \"$@\"; }\n"
        + "T=" + tool + "\n";
    return CliTestSupport.run(dir, null, "bash", "-c", prelude + script);
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  /** Runs the script with celer and with lz4; asserts both exit with {@code code}; @return celer's */
  private Result likeLz4(int code, String script) throws IOException, InterruptedException {
    Result l = sh("lz4", script);
    Result c = sh("celer", script);
    assertEquals(code, l.code(), "lz4: " + script + "\n" + l.err());
    assertEquals(code, c.code(), "celer: " + script + "\n" + c.err());
    return c;
  }

  private void copy(String from, String to) throws IOException {
    Files.copy(dir.resolve(from), dir.resolve(to), StandardCopyOption.REPLACE_EXISTING);
  }

  @Test
  void diskFullGivesLz4sWriteErrorAndKeepsTheSource() throws Exception {
    Result r = likeLz4(46, "$T -c big > /dev/full");
    assertTrue(r.err().contains("Error 46 : Write error : cannot write compressed block : No space left on device"),
        r.err());
    likeLz4(24, "$T -l -c big > /dev/full");
    r = likeLz4(70, "$T -dc big.lz4 > /dev/full");
    assertTrue(r.err().contains("Error 70 : Write error : cannot write decoded block"), r.err());
    // lz4 decodes into a named file in its sparse mode, whose write error is 73; --sparse forces
    // that mode on stdout too, --no-sparse turns it off.
    likeLz4(73, "$T -d -f big.lz4 /dev/full");
    likeLz4(73, "$T -d --sparse -c big.lz4 > /dev/full");
    likeLz4(70, "$T -d -f --no-sparse big.lz4 /dev/full");
    copy("big.lz4", "rm.lz4");
    likeLz4(70, "$T -d --rm -c rm.lz4 > /dev/full");
    assertTrue(Files.exists(dir.resolve("rm.lz4")), "--rm kept the source");
    copy("big", "rm");
    likeLz4(46, "$T --rm -c rm > /dev/full");
    assertTrue(Files.exists(dir.resolve("rm")), "--rm kept the source");
    // One block: lz4's code for a single-block frame.
    copy("small", "rm");
    likeLz4(42, "$T --rm -c rm > /dev/full");
    assertTrue(Files.exists(dir.resolve("rm")), "--rm kept the source");
    // A tiny output stays in lz4's stdio buffer, whose final flush lz4 1.9.4 never checks: it exits
    // 0 and the output is lost. Celer reports it, with the same code.
    Files.write(dir.resolve("tiny"), Arrays.copyOf(small, 100));
    assertEquals(0, sh("lz4", "$T -c tiny > /dev/full").code());
    Result tiny = sh("celer", "$T --rm -c tiny > /dev/full");
    assertEquals(ExitCode.WRITE_SINGLE_BLOCK.code, tiny.code(), tiny.err());
    assertTrue(Files.exists(dir.resolve("tiny")), "--rm kept the source");
  }

  @Test
  void testModeNeverRemovesTheSource() throws Exception {
    // lz4 1.9.4 deletes the source of `-t --rm` although a test writes no output; Celer keeps it
    copy("big.lz4", "t.lz4");
    Result r = sh("celer", "$T -t --rm t.lz4");
    assertEquals(0, r.code(), r.err());
    assertTrue(Files.exists(dir.resolve("t.lz4")), "-t --rm kept the source");
    assertArrayEquals(Files.readAllBytes(dir.resolve("big.lz4")), Files.readAllBytes(dir.resolve("t.lz4")));
  }

  @Test
  void fileSizeLimitGives153AndRemovesThePartialOutput() throws Exception {
    likeLz4(153, "ulimit -f 2048; $T -c big > out");
    likeLz4(153, "ulimit -f 2048; $T -dc big.lz4 > out");
    copy("big", "rm");
    Result r = sh("celer", "ulimit -f 2048; $T -f --rm rm rm.lz4");
    assertEquals(153, r.code(), r.err());
    assertTrue(r.err().contains("Error 153 : Write error : cannot write compressed block : File too large"), r.err());
    assertTrue(Files.exists(dir.resolve("rm")), "--rm kept the source");
    assertFalse(Files.exists(dir.resolve("rm.lz4")), "partial output removed");
    copy("big.lz4", "rm.lz4");
    r = sh("celer", "ulimit -f 2048; $T -d -f --rm rm.lz4 rm.out");
    assertEquals(153, r.code(), r.err());
    assertTrue(Files.exists(dir.resolve("rm.lz4")), "--rm kept the source");
    assertFalse(Files.exists(dir.resolve("rm.out")), "partial output removed");
  }

  @Test
  void fullTmpfsGivesLz4sWriteErrorAndKeepsTheSource() throws Exception {
    Path mnt = Files.createDirectory(dir.resolve("mnt"));
    Result m = CliTestSupport.run(dir, null, "mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mnt.toString());
    if (m.code() != 0) {
      String why = "cannot mount a 2 MB tmpfs here (" + m.err().strip() + "); /dev/full and ulimit -f cover it";
      System.out.println("FaultsEndToEndTest: skipped: " + why);
      Assumptions.abort(why);
    }
    try {
      copy("big.lz4", "rm.lz4");
      likeLz4(70, "$T -d --rm -c rm.lz4 > mnt/out");
      assertTrue(Files.exists(dir.resolve("rm.lz4")), "--rm kept the source");
      likeLz4(73, "$T -d -f --rm rm.lz4 mnt/out");
      assertTrue(Files.exists(dir.resolve("rm.lz4")));
      assertFalse(Files.exists(mnt.resolve("out")), "partial output removed");
      likeLz4(46, "$T -f big mnt/out.lz4");
    } finally {
      CliTestSupport.run(dir, null, "umount", mnt.toString());
    }
  }

  @Test
  void closedPipeStopsAtOnceWith141AndKeepsTheSource() throws Exception {
    String pipe = " | head -c 10 > /dev/null; exit ${PIPESTATUS[0]}";
    copy("big", "rm");
    Result r = likeLz4(141, "$T --rm -c rm" + pipe);
    assertTrue(Files.exists(dir.resolve("rm")), "--rm kept the source");
    assertTrue(r.err().contains("Error 141 : Write error : cannot write compressed block : Broken pipe"), r.err());
    copy("big.lz4", "rm.lz4");
    likeLz4(141, "$T -d --rm -c rm.lz4" + pipe);
    assertTrue(Files.exists(dir.resolve("rm.lz4")), "--rm kept the source");
    // Endless input: only a command that stops at the first failed write ever finishes.
    likeLz4(141, "yes | $T -c" + pipe.replace("PIPESTATUS[0]", "PIPESTATUS[1]"));
  }

  /**
   * {@code -T2} compresses on the library's parallel frame stream, with blocks in flight when the
   * output fails. lz4 1.9.4 has no {@code -T}, so the codes are compared with the one-thread run's.
   */
  @Test
  void parallelCompressionFailsLikeOneThreadAndKeepsTheSource() throws Exception {
    for (String t : new String[] {"-T2", "-T2 -B4"}) {
      copy("big", "rm");
      Result r = sh("celer", "$T " + t + " --rm -c rm > /dev/full");
      assertEquals(46, r.code(), t + ": " + r.err());
      assertTrue(r.err().contains("Error 46 : Write error : cannot write compressed block : No space left on device"), r.err());
      assertTrue(Files.exists(dir.resolve("rm")), t + ": --rm kept the source");
      r = sh("celer", "$T " + t + " --rm -c rm | head -c 10 > /dev/null; exit ${PIPESTATUS[0]}");
      assertEquals(141, r.code(), t + ": " + r.err());
      assertTrue(Files.exists(dir.resolve("rm")), t + ": --rm kept the source");
      r = sh("celer", "ulimit -f 2048; $T " + t + " -f --rm rm rm.lz4");
      assertEquals(153, r.code(), t + ": " + r.err());
      assertTrue(Files.exists(dir.resolve("rm")), t + ": --rm kept the source");
      assertFalse(Files.exists(dir.resolve("rm.lz4")), t + ": partial output removed");
      r = sh("celer", "yes | $T " + t + " -c | head -c 10 > /dev/null; exit ${PIPESTATUS[1]}");
      assertEquals(141, r.code(), t + ": endless input stops at the first failed write: " + r.err());
    }
  }

  /**
   * {@code -d -T2} decodes on the library's parallel frame stream, with blocks read ahead and in
   * flight when the output, the input or the data fails: the same output, exit code and messages
   * as {@code -T1}.
   */
  @Test
  void parallelDecompressionFailsLikeOneThreadAndKeepsTheSource() throws Exception {
    Files.write(dir.resolve("b4.lz4"), CliTestSupport.lz4(dir, null, "-B4", "-c", "big").out());
    byte[] b4 = Files.readAllBytes(dir.resolve("b4.lz4"));
    byte[] bad = b4.clone();
    bad[bad.length * 3 / 4] ^= 0x55; // a late block
    Files.write(dir.resolve("bad.lz4"), bad);
    Files.write(dir.resolve("cut.lz4"), Arrays.copyOf(b4, b4.length * 2 / 3));
    Files.write(dir.resolve("legacy.lz4"), CliTestSupport.lz4(dir, null, "-l", "-c", "big").out());
    String pipe = " | head -c 10 > /dev/null; exit ${PIPESTATUS[0]}";
    String[] scripts = {
      "$T -d -c %s > out; cmp -s out big || exit 99",
      "$T -d -c %s > /dev/full",
      "$T -d -f %s /dev/full",
      "$T -d -c %s" + pipe,
      "ulimit -f 2048; $T -d -f %s out.d",
      "$T -d -c bad.lz4 > out",
      "$T -d -c cut.lz4 > out",
      "$T -d -v -c bad.lz4 > out",
      "$T -d -c /proc/self/mem > out",
      "$T -t %s",
    };
    for (String file : new String[] {"b4.lz4", "legacy.lz4"}) {
      // the legacy frame (one 8 MB block here) only for the output's failures
      for (String script : file.equals("b4.lz4") ? scripts : Arrays.copyOf(scripts, 5)) {
        String one = String.format(java.util.Locale.ROOT, script.replace("$T -d", "$T -d -T1"), file);
        String two = String.format(java.util.Locale.ROOT, script.replace("$T -d", "$T -d -T2"), file)
            .replace("$T -t", "$T -t -T2");
        Result r1 = sh("celer", one);
        Result r2 = sh("celer", two);
        assertEquals(r1.code(), r2.code(), two + "\n" + r1.err() + "\n" + r2.err());
        assertEquals(r1.err(), r2.err(), two);
      }
      copy(file, "rm.lz4");
      Result r = sh("celer", "$T -d -T2 --rm -c rm.lz4 > /dev/full");
      assertEquals(70, r.code(), r.err());
      assertTrue(Files.exists(dir.resolve("rm.lz4")), "--rm kept the source");
      r = sh("celer", "ulimit -f 2048; $T -d -T2 -f --rm rm.lz4 rm.out");
      assertEquals(153, r.code(), r.err());
      assertTrue(Files.exists(dir.resolve("rm.lz4")), "--rm kept the source");
      assertFalse(Files.exists(dir.resolve("rm.out")), "partial output removed");
      r = sh("celer", "$T -d -T0 -c " + file + " > out0; cmp -s out0 big");
      assertEquals(0, r.code(), "-T0: " + r.err());
    }
  }

  @Test
  void fifosAndProcessSubstitution() throws Exception {
    Result r = likeLz4(0, "$T -c <(cat big) > sub.lz4");
    assertArrayEquals(big, CliTestSupport.lz4(dir, null, "-dc", "sub.lz4").out());
    r = likeLz4(0, "$T -dc <(cat big.lz4) > sub.out");
    assertArrayEquals(big, Files.readAllBytes(dir.resolve("sub.out")));
    assertEquals(0, CliTestSupport.run(dir, null, "mkfifo", "fifo").code());
    // FIFO input
    likeLz4(0, "cat big.lz4 > fifo & $T -d -f fifo fifo.out; s=$?; wait; exit $s");
    assertArrayEquals(big, Files.readAllBytes(dir.resolve("fifo.out")));
    // FIFO output: written, no file attributes set on it (that would wait for a reader), exit 0
    r = likeLz4(0, "cat fifo > fifo.lz4 & $T -f small fifo; s=$?; wait; exit $s");
    assertArrayEquals(small, CliTestSupport.lz4(dir, null, "-dc", "fifo.lz4").out());
    assertTrue(Files.exists(dir.resolve("fifo")), "a FIFO is never removed");
    // a FIFO whose reader goes away early: a closed pipe, 141, the FIFO and the source kept
    copy("big", "rm");
    likeLz4(141, "head -c 10 fifo > /dev/null & $T -f --rm rm fifo; s=$?; wait; exit $s");
    assertTrue(Files.exists(dir.resolve("fifo")) && Files.exists(dir.resolve("rm")));
  }

  @Test
  void readFailuresAreReadErrors() throws Exception {
    // Reading /proc/self/mem from offset 0 fails with EIO.
    Result r = likeLz4(40, "$T -c /proc/self/mem > out.lz4");
    assertTrue(r.err().contains("Error 40 : Error reading /proc/self/mem : Input/output error"), r.err());
    r = sh("celer", "$T -f /proc/self/mem out.lz4");
    assertEquals(40, r.code(), r.err());
    assertFalse(Files.exists(dir.resolve("out.lz4")), "partial output removed");
    // lz4 1.9.4 takes a failed read for the end of its input: it exits 0 with an empty output.
    // Celer reports it as a read error, with lz4's code for input that ends too early.
    assertEquals(0, sh("lz4", "$T -dc /proc/self/mem > out").code());
    r = sh("celer", "$T -dc /proc/self/mem > out");
    assertEquals(ExitCode.UNFINISHED.code, r.code(), r.err());
    assertTrue(r.err().contains("Error 68 : Error reading /proc/self/mem : Input/output error"), r.err());
    assertFalse(r.err().contains("Write error"), r.err());
  }

  /** Ctrl-C while compressing an endless input: the partial output is removed, exit 130. */
  @Test
  void sigintRemovesThePartialOutput() throws Exception {
    assertSigintRemovesThePartialOutput("partial.lz4", in -> {
      for (int i = 0; i < 16; i++) {
        in.write(big, 0, 1 << 16);
      }
    }, "-B4", "-f", "-", "partial.lz4");
  }

  /** The same during {@code -d -T2}: a frame that never ends, its blocks again and again. */
  @Test
  void sigintDuringParallelDecompressionRemovesThePartialOutput() throws Exception {
    byte[] b4 = CliTestSupport.lz4(dir, null, "-B4", "-c", "big").out();
    int header = 7; // magic, FLG, BD, HC: lz4 -c writes no content size
    byte[] blocks = Arrays.copyOfRange(b4, header, b4.length - 8); // without the end mark and content checksum
    boolean[] started = {false};
    assertSigintRemovesThePartialOutput("partial.out", in -> {
      if (!started[0]) {
        in.write(b4, 0, header);
        started[0] = true;
      }
      in.write(blocks);
    }, "-d", "-T2", "-f", "-", "partial.out");
  }

  private interface Feed {
    void next(OutputStream in) throws IOException;
  }

  /**
   * Runs celer with {@code args}, feeds its stdin with {@code feed} (then a pause, in turn) until
   * {@code output} has data, sends SIGINT, and checks exit code 130 and that the output is gone.
   */
  private void assertSigintRemovesThePartialOutput(String output, Feed feed, String... args) throws Exception {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>(List.of(java, "-Dceler.tty=", "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      if (signalIgnored(p.pid(), 2)) {
        String why = "SIGINT is ignored in this test run (inherited by the child JVM), so Ctrl-C cannot be sent";
        System.out.println("FaultsEndToEndTest: skipped: " + why);
        Assumptions.abort(why);
      }
      Path out = dir.resolve(output);
      OutputStream in = p.getOutputStream();
      // Feed data (the input never ends) until output has reached the file.
      for (int i = 0; i < 1000 && (!Files.exists(out) || Files.size(out) == 0); i++) {
        feed.next(in);
        in.flush();
        Thread.sleep(50);
      }
      assertTrue(Files.size(out) > 0, "partial output written");
      assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "exits on SIGINT");
      assertEquals(ExitCode.INTERRUPTED.code, p.exitValue());
      assertFalse(Files.exists(out), "the shutdown hook removed the partial output");
    } finally {
      p.destroyForcibly();
    }
  }

  /** @return the kind of error the library reports for {@code lz4} */
  private static Lz4StreamException.Kind kindOf(byte[] lz4) throws IOException {
    try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(lz4))) {
      in.readAllBytes();
      return null;
    } catch (Lz4StreamException e) {
      return e.kind();
    }
  }

  /** @return true when signal {@code sig} is ignored by process {@code pid} (its SigIgn mask) */
  private static boolean signalIgnored(long pid, int sig) throws IOException {
    for (String line : Files.readAllLines(Paths.get("/proc/" + pid + "/status"))) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << (sig - 1))) != 0;
      }
    }
    return false;
  }

  @Test
  void exitCodesLikeLz4() throws Exception {
    Files.createDirectory(dir.resolve("adir"));
    likeLz4(27, "$T -D missing small x.lz4");
    likeLz4(40, "$T -f adir out");
    assertFalse(Files.exists(dir.resolve("out")) && Files.size(dir.resolve("out")) > 0);
    likeLz4(0, "$T -t adir");
    // legacy frames: a corrupt block 54, a truncated one 53, a block-size word past the bound is
    // read as the next magic number: "Stream followed by undecodable data", 1
    byte[] leg = CliTestSupport.lz4(dir, null, "-l", "-c", "small").out();
    byte[] corrupt = leg.clone();
    Arrays.fill(corrupt, 12, 40, (byte) 0xFF);
    Files.write(dir.resolve("corrupt.lz4"), corrupt);
    Files.write(dir.resolve("trunc.lz4"), Arrays.copyOf(leg, leg.length - 100));
    byte[] huge = Arrays.copyOf(leg, 12);
    huge[4] = huge[5] = huge[6] = (byte) 0xFF;
    huge[7] = 0x7F;
    Files.write(dir.resolve("huge.lz4"), huge);
    likeLz4(54, "$T -t corrupt.lz4");
    likeLz4(53, "$T -t trunc.lz4");
    // lz4 reads a legacy block-size word above the bound as the next magic number; so does the
    // library (UNKNOWN_MAGIC), and the CLI gives lz4's notice and 1
    assertEquals(Lz4StreamException.Kind.UNKNOWN_MAGIC, kindOf(huge));
    Result r = likeLz4(1, "$T -t huge.lz4");
    assertTrue(r.err().startsWith("Stream followed by undecodable data at position 8"), r.err());
    // -V on stdout; --list of stdin; the overwrite answer read from stdin
    Result v = likeLz4(0, "$T -V 2>/dev/null");
    assertTrue(v.outText().startsWith("*** celer"), v.outText());
    Result list = likeLz4(0, "$T --list - < big.lz4");
    assertEquals(sh("lz4", "$T --list - < big.lz4").outText(), list.outText());
    Files.write(dir.resolve("existing.lz4"), "precious".getBytes(StandardCharsets.UTF_8));
    likeLz4(1, "echo n | $T small existing.lz4");
    assertEquals("precious", Files.readString(dir.resolve("existing.lz4")));
    likeLz4(0, "echo y | $T small existing.lz4");
    assertArrayEquals(small, CliTestSupport.lz4(dir, null, "-dc", "existing.lz4").out());
  }

  @Test
  void textCommandsReportAClosedPipe() throws Exception {
    Files.writeString(dir.resolve("t"), "tiny");
    assertEquals(0, CliTestSupport.run(dir, null, "mkfifo", "never").code());
    // 5000 lines of output, more than a pipe holds, then a FIFO nobody writes to: opening it would
    // wait forever, so the command finishes only if it stops at the first failed write.
    String many = " t".repeat(5000) + " never";
    Result r = sh("celer", "$T hash -H0" + many + " | head -c 10 > /dev/null; exit ${PIPESTATUS[0]}");
    assertEquals(141, r.code(), r.err());
    assertTrue(r.err().contains("Broken pipe"), r.err());
  }
}
