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
    System.out.println(ok ? "ok" : "round trip failed");
  }

  private static String run(String... jvmArgs) throws IOException, InterruptedException {
    assumeTrue(Boolean.getBoolean("celer.expect.native"), "needs the JDK 25 layer on the class path");
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
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
    String out = run("--enable-native-access=ALL-UNNAMED", "-Ddev.celer.native.lz4=/nonexistent/liblz4.so.1");
    assertTrue(out.startsWith("native: libxxhash "), out);
    assertTrue(out.contains("LZ4 in pure Java: /nonexistent/liblz4.so.1 (dev.celer.native.lz4) cannot be loaded"), out);
  }

  @Test
  void versionBelowTheMinimum() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED", "-Ddev.celer.native.lz4.minVersion=99999",
        "-Ddev.celer.native.xxhash.minVersion=99999");
    assertTrue(out.startsWith("pure Java: liblz4 1.9."), out);
    assertTrue(out.contains(" is older than 9.99.99; libxxhash 0.8."), out);
  }

  @Test
  void unknownMode() throws Exception {
    String out = run("--enable-native-access=ALL-UNNAMED", "-Ddev.celer.native=fast");
    assertTrue(out.startsWith("pure Java: dev.celer.native=fast is none of auto, force, off"), out);
  }
}
