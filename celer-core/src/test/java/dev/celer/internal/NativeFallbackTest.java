package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.lz4.Lz4;
import dev.celer.xxhash.XxHash64;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each way the native backend can be refused, in a fresh JVM (the choice is made once per JVM):
 * native off by property, native access not granted, a library that cannot be loaded, a version
 * below the minimum. Every one ends in pure Java with the reason in {@link Lz4#backend()}, and the
 * codec still round-trips. Runs where the native backend can be active (the {@code native}
 * Surefire execution on JDK 25, {@code celer.expect.native=true}).
 */
class NativeFallbackTest {

  /** What a child JVM prints: the status line, then "ok" after a round trip and a hash. */
  public static void main(String[] args) {
    System.out.println(Lz4.backend());
    byte[] data = "native fallback native fallback native fallback".getBytes(StandardCharsets.US_ASCII);
    byte[] block = Lz4.fastCompressor().compress(data);
    byte[] back = Lz4.decompressor().decompress(block, data.length);
    boolean ok = Arrays.equals(data, back) && XxHash64.hash(data, 0) == XxHash64.hash(data, 0);
    if (Boolean.getBoolean("celer.test.groups")) {
      // every group of entry points once, on enough data to go native, each against pure Java
      byte[] big = new byte[256 << 10];
      for (int i = 0; i < big.length; i++) {
        big[i] = (byte) (i % 7 == 0 ? i * 31 : "lazy groups, ".charAt(i % 13));
      }
      byte[] fast = Lz4.fastCompressor().compress(big);
      byte[] high = Lz4.highCompressor(9).compress(big);
      byte[] page = new byte[4096];
      int[] took = new int[1];
      int w = Lz4.fastCompressor().compressDestSize(big, 0, big.length, page, 0, page.length, took);
      ok &= Arrays.equals(Lz4.javaDecompressor().decompress(fast, big.length), big)
          && Arrays.equals(Lz4.decompressor().decompress(high, big.length), big)
          && Arrays.equals(Lz4.javaDecompressor().decompress(Arrays.copyOf(page, w), took[0]), Arrays.copyOf(big, took[0]))
          && Arrays.equals(fast, Lz4.javaFastCompressor().compress(big));
      // HC with a 64 KB prepared dictionary on 1000 bytes: the attach group where the library has it (1.10)
      dev.celer.lz4.Lz4Dictionary dict = dev.celer.lz4.Lz4Dictionary.of(Arrays.copyOf(big, 65536));
      byte[] small = Arrays.copyOfRange(big, 70_000, 71_000);
      byte[] withDict = new byte[Lz4.maxCompressedLength(small.length)];
      byte[] javaDict = new byte[withDict.length];
      int nd = Lz4.highCompressor(9).compress(small, 0, small.length, withDict, 0, withDict.length, dict);
      int jd = Lz4.javaHighCompressor(9).compress(small, 0, small.length, javaDict, 0, javaDict.length, dict);
      ok &= nd == jd && Arrays.equals(withDict, javaDict);
      dev.celer.xxhash.XxHash32 s32 = dev.celer.xxhash.XxHash32.create(3);
      s32.update(big, 0, big.length);
      ok &= s32.digest() == dev.celer.xxhash.XxHash32.hash(big, 3)
          && XxHash64.hash(big, 5) == XxHash64.hash(java.nio.ByteBuffer.wrap(big).asReadOnlyBuffer(), 5);
      System.out.println(Lz4.backend());
    }
    System.out.println(ok ? "ok" : "round trip failed");
  }

  private static String run(String... jvmArgs) throws IOException, InterruptedException {
    assumeTrue(Boolean.getBoolean("celer.expect.native"), "needs the JDK 25 layer on the class path");
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    if (System.getProperty("dev.celer.native.bundled") != null) { // the system-library run: its children too
      cmd.add("-Ddev.celer.native.bundled=" + System.getProperty("dev.celer.native.bundled"));
    }
    cmd.addAll(Arrays.asList(jvmArgs));
    cmd.add(NativeFallbackTest.class.getName());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String text = new String(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), text);
    assertTrue(text.endsWith("ok\n"), text);
    return text;
  }

  @Test
  void nativeWhenAccessIsGranted() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED");
    assertTrue(out.startsWith("native: liblz4 "), out);
    assertTrue(!out.contains("WARNING"), out);
  }

  @Test
  void offByProperty() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED", "-Ddev.celer.native=off");
    assertEquals("pure Java: dev.celer.native=off\nok\n", out);
  }

  @Test
  void nativeAccessNotGranted() throws Exception {
    String out = run();
    assertTrue(out.startsWith("pure Java: native access not enabled — add --enable-native-access=ALL-UNNAMED\n"), out);
    assertTrue(!out.contains("WARNING"), "Celer itself must not cause the restricted-method warning: " + out);
  }

  @Test
  void forceWithoutNativeAccess() throws Exception {
    String out = run("-Ddev.celer.native=force");
    assertTrue(out.contains("native: liblz4 "), out); // the JDK warns about the restricted call here; the user asked for it
  }

  @Test
  void libraryCannotBeLoaded() throws Exception {
    // the explicit file fails, the next step (bundled or system) gives the library, and the status says both
    String out = run("--enable-native-access=ALL-UNNAMED", "-Ddev.celer.native.lz4=/nonexistent/liblz4.so.1");
    assertTrue(out.startsWith("native: liblz4 1."), out);
    assertTrue(out.contains("; /nonexistent/liblz4.so.1 (dev.celer.native.lz4) cannot be loaded: "), out);
  }

  @Test
  void versionBelowTheMinimum() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED", "-Ddev.celer.native.lz4.minVersion=99999",
        "-Ddev.celer.native.xxhash.minVersion=99999");
    // every step's library is refused: the bundled one (when celer-native is on the class path), then the system's
    assertTrue(out.startsWith("pure Java: liblz4: "), out);
    assertTrue(out.contains("system liblz4.so.1: liblz4 1.9.4 is older than 9.99.99; libxxhash: ")
        || out.contains("system liblz4.so.1: the dynamic linker gives the bundled library loaded before (same soname); libxxhash: "), out);
    assertTrue(out.contains("system libxxhash.so.0: libxxhash 0.8.1 is older than 9.99.99\n")
        || out.contains("system libxxhash.so.0: the dynamic linker gives the bundled library loaded before (same soname)\n"), out);
  }

  /** Groups of entry points bound at first use: all of them pass their self-tests, and the status says nothing more. */
  @Test
  void everyGroupBindsAtFirstUse() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED", "-Dceler.test.groups=true");
    String[] lines = out.split("\n");
    assertEquals(3, lines.length, out);
    assertTrue(lines[0].startsWith("native: liblz4 ") && lines[0].equals(lines[1]), out);
  }

  /**
   * A group that fails its self-test at its first use stays in pure Java (the call in progress
   * too), the reason joins the status, and the other groups stay native.
   */
  @Test
  void aGroupThatFailsItsSelfTestStaysInJava() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED", "-Dceler.test.groups=true",
        "-Ddev.celer.native.failSelfTest=fast compression,decompression,destination-size compression,XXH32 streaming,XXH64");
    String[] lines = out.split("\n");
    assertEquals(3, lines.length, out);
    assertTrue(lines[0].startsWith("native: liblz4 1.") && !lines[0].contains("pure Java"), out);
    assertTrue(lines[1].startsWith(lines[0] + "; "), out);
    for (String group : new String[] {"fast compression", "decompression", "destination-size compression", "XXH32 streaming", "XXH64"}) {
      assertTrue(lines[1].contains("; " + group + " in pure Java: lib"), group + ": " + out);
      assertTrue(lines[1].contains("failed its self-test: " + group + " (forced by dev.celer.native.failSelfTest)"), group + ": " + out);
    }
    assertTrue(!lines[1].contains("HC compression in pure Java"), out);
  }

  @Test
  void unknownMode() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED", "-Ddev.celer.native=fast");
    assertTrue(out.startsWith("pure Java: dev.celer.native=fast is none of auto, force, off"), out);
  }
}
