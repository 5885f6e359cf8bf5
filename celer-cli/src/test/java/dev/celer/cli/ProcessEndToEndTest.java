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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs celer as a separate JVM (as the ./celer script does), with real pipes and exit codes. */
class ProcessEndToEndTest {
  @TempDir
  Path dir;

  private static String[] celer(String tty, String... args) {
    return celerWithHeap(null, tty, args);
  }

  /** celer in a JVM whose heap may grow to {@code maxHeap} ({@code -Xmx}; null: the default). */
  private static String[] celerWithHeap(String maxHeap, String tty, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    if (maxHeap != null) {
      cmd.add("-Xmx" + maxHeap);
    }
    cmd.add("-Dceler.tty=" + tty);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(Arrays.asList(args));
    return cmd.toArray(new String[0]);
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

  /**
   * A small container's heap: {@code -d} of 4 MB blocks decodes in a 32 MB heap, on the calling
   * thread even with {@code -T8} (8 threads would hold 17 blocks), and with a pool in a large heap;
   * the choice itself by {@link DecompressAction#decodeThreads}.
   */
  @Test
  void decodesLargeBlocksInASmallHeap() throws Exception {
    byte[] piece = Files.readAllBytes(CliTestSupport.corpus().resolve("book1"));
    byte[] data = new byte[9 << 20];
    for (int at = 0, round = 0; at < data.length; at += piece.length, round++) {
      System.arraycopy(piece, 0, data, at, Math.min(piece.length, data.length - at));
      data[at] = (byte) round; // not one long repetition
    }
    byte[] frame = lz4(dir, data, "-B7", "-c").out();
    for (String heap : new String[] {"32m", "512m"}) {
      for (String threads : new String[] {"-T1", "-T8"}) {
        Result d = run(dir, frame, celerWithHeap(heap, "", "-d", "-c", threads));
        assertEquals(0, d.code(), heap + " " + threads + ": " + d.err());
        assertArrayEquals(data, d.out(), heap + " " + threads);
      }
    }
    assertEquals(0, DecompressAction.decodeThreads(1, 64L << 20), "-T1, a 64 MB heap: on the calling thread");
    assertEquals(1, DecompressAction.decodeThreads(1, 96L << 20), "-T1, a 96 MB heap: one block ahead on a pool");
    assertEquals(0, DecompressAction.decodeThreads(8, 32L << 20), "-T8, a 32 MB heap: on the calling thread");
    // Serial GC reports a little less than -Xmx256m: still 3 threads
    assertEquals(3, DecompressAction.decodeThreads(8, 247L << 20), "-T8, a 256 MB heap");
    assertEquals(15, DecompressAction.decodeThreads(64, 1L << 30), "-T64, a 1 GB heap");
    assertEquals(2, DecompressAction.decodeThreads(2, 1L << 30), "-T2, a 1 GB heap: as asked");
  }
}
