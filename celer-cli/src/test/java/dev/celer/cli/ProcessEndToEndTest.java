package dev.celer.cli;

import static dev.celer.cli.CliTestSupport.lz4;
import static dev.celer.cli.CliTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.cli.CliTestSupport.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs celer as a separate JVM (as the ./celer script does), with real pipes and exit codes. */
class ProcessEndToEndTest {
  @TempDir
  Path dir;

  private static String[] celer(String tty, String... args) {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String[] cmd = new String[5 + args.length];
    cmd[0] = java;
    cmd[1] = "-Dceler.tty=" + tty;
    cmd[2] = "-cp";
    cmd[3] = System.getProperty("java.class.path");
    cmd[4] = Main.class.getName();
    System.arraycopy(args, 0, cmd, 5, args.length);
    return cmd;
  }

  @Test
  void pipesFilesAndExitCodes() throws Exception {
    byte[] data = Files.readAllBytes(CliTestSupport.corpus().resolve("book1"));
    Result c = run(dir, data, celer("", "-c"));
    assertEquals(0, c.code(), c.err());
    assertArrayEquals(data, lz4(dir, c.out(), "-d").out());
    Result d = run(dir, lz4(dir, data, "-c").out(), celer("", "-d"));
    assertEquals(0, d.code(), d.err());
    assertArrayEquals(data, d.out());
    Files.write(dir.resolve("book1"), data);
    Result f = run(dir, null, celer("", "-T2", "book1", "book1.lz4"));
    assertEquals(0, f.code(), f.err());
    assertArrayEquals(data, lz4(dir, null, "-dc", "book1.lz4").out());
    Result again = run(dir, null, celer("", "book1", "book1.lz4"));
    assertEquals(1, again.code());
    assertTrue(again.err().contains("book1.lz4 already exists"), again.err());
    // stdout is a terminal: binary output is refused without -c, as lz4 does
    Result tty = run(dir, null, celer("1", "-z", "book1", "-"));
    assertEquals(1, tty.code());
    assertEquals("refusing to write to console without -c \n", tty.err());
    Result hash = run(dir, data, celer("", "hash", "-H0"));
    assertEquals(run(dir, data, "xxhsum", "-H0").outText(), hash.outText());
  }
}
