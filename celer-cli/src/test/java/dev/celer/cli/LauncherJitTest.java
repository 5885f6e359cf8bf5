package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which JIT {@code ./celer} asks for: C1 only ({@code -XX:TieredStopAtLevel=1}) where the native
 * backend will do the work (a JDK 25 or later and both libraries found), the full JIT otherwise
 * (an older JDK, {@code CELER_JIT=full}, {@code dev.celer.native} set through {@code
 * JAVA_TOOL_OPTIONS}). The script runs against a stand-in JDK whose {@code java} prints its
 * arguments, beside a stand-in jar, and finds stand-in libraries through {@code LD_LIBRARY_PATH};
 * the command itself is not run.
 */
class LauncherJitTest {
  private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

  @TempDir
  Path dir;

  private Path script;
  private Path libs;

  @BeforeEach
  void layOut() throws IOException {
    Path original = Path.of("..", "celer").toAbsolutePath().normalize();
    assumeTrue(Files.isRegularFile(original), "the ./celer script beside celer-cli: " + original);
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash runs the launcher");
    Path root = Files.createDirectories(dir.resolve("repo"));
    script = Files.copy(original, root.resolve("celer"));
    Files.write(Files.createDirectories(root.resolve("celer-cli/target")).resolve("celer.jar"), new byte[] {1});
    libs = Files.createDirectories(dir.resolve("libs"));
    Files.write(libs.resolve("liblz4.so.1"), new byte[0]);
    Files.write(libs.resolve("libxxhash.so.0"), new byte[0]);
  }

  /** A stand-in JDK of {@code feature}: its {@code java} prints one argument a line. */
  private Path jdk(int feature) throws IOException {
    Path home = Files.createDirectories(dir.resolve("jdk-" + feature));
    Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + feature + ".0.1\"\n");
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return java;
  }

  /** @return the arguments the launcher gave the JVM for {@code -V} */
  private List<String> jvmArguments(Path java, Map<String, String> env) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder("/bin/bash", script.toString(), "-V").redirectErrorStream(true);
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().remove("JDK_JAVA_OPTIONS");
    pb.environment().remove("CELER_JIT");
    pb.environment().put("CELER_JAVA", java.toString());
    pb.environment().put("LD_LIBRARY_PATH", libs.toString());
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    List<String> args = out.lines().toList();
    assertTrue(args.contains("-jar") && args.get(args.size() - 1).equals("-V"), "the launcher ran java -jar: " + out);
    return args;
  }

  @Test
  void c1OnlyWhereTheNativeBackendWillWork() throws IOException, InterruptedException {
    assertTrue(jvmArguments(jdk(25), Map.of()).contains(C1_ONLY));
  }

  @Test
  void fullJitOtherwise() throws IOException, InterruptedException {
    Path java25 = jdk(25);
    assertFalse(jvmArguments(jdk(17), Map.of()).contains(C1_ONLY), "JDK 17: pure Java");
    assertFalse(jvmArguments(java25, Map.of("CELER_JIT", "full")).contains(C1_ONLY), "CELER_JIT=full");
    assertFalse(jvmArguments(java25, Map.of("JAVA_TOOL_OPTIONS", "-Ddev.celer.native=off")).contains(C1_ONLY),
        "the user chose the backend");
    assertFalse(jvmArguments(java25, Map.of("JDK_JAVA_OPTIONS", "-Ddev.celer.native=force")).contains(C1_ONLY),
        "the user chose the backend");
  }
}
