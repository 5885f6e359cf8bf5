package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the packaged, shaded {@code celer.jar} as the {@code ./celer} script does ({@code java -jar},
 * no native-access flag): on a JDK 25 it must pick the native backend by itself (the jar is
 * multi-release and declares {@code Enable-Native-Access}), say so in {@code -V} and {@code -v},
 * and write the same bytes as {@code lz4}; with {@code -Ddev.celer.native=off} it is pure Java and
 * writes the same bytes again.
 *
 * <p>An integration test: the Surefire execution {@code packaged-jar} of celer-cli's pom runs it
 * after the shade plugin has built the jar (property {@code celer.jar}). Without a JDK 25 installed
 * (see {@link #findJava25()}) the JDK 25 checks are skipped.
 */
class CelerJarIT {
  private static Path jar;
  private static Path java25;

  @TempDir
  Path dir;

  @BeforeAll
  static void locate() {
    String built = System.getProperty("celer.jar");
    assumeTrue(built != null, "runs in the packaged-jar execution only, after the jar is built");
    jar = Path.of(built).toAbsolutePath();
    assertTrue(Files.isRegularFile(jar), "the shaded jar is built before this test runs: " + jar);
    java25 = findJava25();
  }

  /**
   * @return the {@code java} of a JDK 25 or later: {@code -Dceler.jdk25.home}, the running JDK, or
   *     one beside it in the same JVM folder (as {@code scripts/test} and {@code ./celer} look);
   *     null when there is none
   */
  static Path findJava25() {
    String home = System.getProperty("celer.jdk25.home", "");
    if (!home.isEmpty() && !home.startsWith("${")) { // an unset Maven property arrives as written
      return Path.of(home, "bin", "java");
    }
    Path running = Path.of(System.getProperty("java.home"));
    if (Runtime.version().feature() >= 25) {
      return running.resolve("bin").resolve("java");
    }
    Path parent = running.toAbsolutePath().getParent();
    if (parent == null) {
      return null;
    }
    for (String glob : List.of("temurin-2[5-9]*", "*-2[5-9]-*", "jdk-2[5-9]*")) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent, glob)) {
        for (Path d : ds) {
          if (Files.isExecutable(d.resolve("bin").resolve("java"))) {
            return d.resolve("bin").resolve("java");
          }
        }
      } catch (IOException e) {
        return null;
      }
    }
    return null;
  }

  private static List<String> celer(Path java, String nativeProperty, String... args) {
    List<String> cmd = new ArrayList<>(List.of(java.toString(), "-XX:+UseSerialGC", "-Dceler.tty="));
    if (nativeProperty != null) {
      cmd.add("-Ddev.celer.native=" + nativeProperty);
    }
    cmd.addAll(List.of("-jar", jar.toString()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  private static Tools.Result ok(Path cwd, List<String> command) {
    Tools.Result r = Tools.run(cwd, null, command);
    assertEquals(0, r.exit(), String.join(" ", command) + ": " + r.stderr());
    assertTrue(!r.stderr().contains("WARNING"), "no JDK warning (restricted method, native access): " + r.stderr());
    return r;
  }

  /** The start-up cache files ./celer keeps beside the jar in {@code target}. */
  private static List<Path> caches(Path target) throws IOException {
    return files(target, "celer.jar.*.{aot,jsa}");
  }

  private static List<Path> files(Path target, String glob) throws IOException {
    List<Path> found = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(target, glob)) {
      ds.forEach(found::add);
    }
    return found;
  }

  /**
   * {@code ./celer} (a copy with a copy of the jar, laid out as in the repository) makes its
   * start-up cache on the first run, uses it afterwards, ignores a corrupt one quietly and makes a
   * new one when the jar changes.
   */
  @Test
  void startUpCacheIsMadeOnceAndNeverBreaksTheCommand() throws IOException {
    Path script = jar.getParent().getParent().getParent().resolve("celer");
    assumeTrue(Files.isRegularFile(script), "the ./celer script beside celer-cli: " + script);
    Path root = Files.createDirectories(dir.resolve("repo"));
    Path target = Files.createDirectories(root.resolve("celer-cli/target"));
    Files.copy(script, root.resolve("celer"));
    Path copy = Files.copy(jar, target.resolve("celer.jar"));
    byte[] data = Corpus.read(Corpus.files().get(0));
    Files.write(dir.resolve("in"), data);
    List<String> compress = List.of("bash", root.resolve("celer").toString(), "-q", "-f", "in", "in.lz4");
    List<String> decompress = List.of("lz4", "-q", "-d", "-f", "in.lz4", "back");

    ok(dir, compress);
    List<Path> made = caches(target);
    assertEquals(1, made.size(), "one cache for this jar and JVM: " + made);
    List<Path> flat = files(target, "celer.jar.*.jar");
    assertEquals(1, flat.size(), "one plain copy of the jar for this JVM: " + flat);
    try (JarFile mr = new JarFile(copy.toFile()); JarFile plain = new JarFile(flat.get(0).toFile())) {
      assertNull(plain.getManifest().getMainAttributes().getValue("Multi-Release"), "the copy is a plain jar");
      assertEquals("ALL-UNNAMED", plain.getManifest().getMainAttributes().getValue("Enable-Native-Access"));
      String name = "dev/celer/internal/NativeBackend.class";
      if (made.get(0).toString().endsWith(".aot")) { // a JDK 25: its layer in place of the base classes
        assertArrayEquals(mr.getInputStream(mr.getEntry("META-INF/versions/25/" + name)).readAllBytes(),
            plain.getInputStream(plain.getEntry(name)).readAllBytes());
      }
      assertNull(plain.getEntry("META-INF/versions/25/" + name));
    }
    ok(dir, decompress);
    assertArrayEquals(data, Files.readAllBytes(dir.resolve("back")));

    Files.write(made.get(0), "not a cache".getBytes(StandardCharsets.US_ASCII));
    Tools.Result r = ok(dir, compress);
    assertEquals("", r.stderr(), "a corrupt cache is ignored quietly");
    ok(dir, decompress);
    assertArrayEquals(data, Files.readAllBytes(dir.resolve("back")));

    Files.setLastModifiedTime(copy, FileTime.fromMillis(Files.getLastModifiedTime(copy).toMillis() + 10_000));
    ok(dir, compress);
    List<Path> remade = caches(target);
    assertEquals(1, remade.size(), "the stale cache is replaced: " + remade);
    assertTrue(!remade.get(0).equals(made.get(0)), "a new name for the changed jar: " + remade);
    assertEquals(1, files(target, "celer.jar.*.jar").size(), "the stale copy is replaced");
  }

  @Test
  void manifestKeepsTheJava25LayerAndGrantsNativeAccess() throws IOException {
    try (JarFile jf = new JarFile(jar.toFile())) {
      Attributes main = jf.getManifest().getMainAttributes();
      assertEquals("true", main.getValue("Multi-Release"));
      assertEquals("ALL-UNNAMED", main.getValue("Enable-Native-Access"));
      assertEquals("dev.celer.cli.Main", main.getValue("Main-Class"));
      assertNotNull(jf.getEntry("META-INF/versions/25/dev/celer/internal/NativeBackend.class"),
          "the native layer is in the shaded jar");
    }
  }

  @Test
  void versionNamesTheBackend() {
    Path running = Path.of(System.getProperty("java.home"), "bin", "java");
    if (Runtime.version().feature() < 25) {
      assertTrue(ok(dir, celer(running, null, "-V")).stdoutText()
          .contains("; pure Java: the native backend needs Java 25"));
    }
    assumeTrue(java25 != null, "no JDK 25 installed");
    String v = ok(dir, celer(java25, null, "-V")).stdoutText();
    assertTrue(v.startsWith("*** celer ") && v.contains("; native: liblz4 1.") && v.contains("libxxhash 0."), v);
    String off = ok(dir, celer(java25, "off", "-V")).stdoutText();
    assertTrue(off.contains("; pure Java: dev.celer.native=off"), off);
  }

  /**
   * Every corpus file, fast and HC: celer on the native backend and on pure Java (one process each
   * for all files, {@code -m}) writes what {@code lz4} writes, and decodes {@code lz4}'s frames.
   */
  @Test
  void sameBytesAsLz4OnTheCorpusNativeAndPureJava() throws IOException {
    assumeTrue(java25 != null, "no JDK 25 installed");
    List<Path> files = Corpus.files();
    for (String level : List.of("-1", "-9")) {
      Path ref = linked(files, "lz4" + level);
      Tools.Result r = Tools.run(ref, null, with(List.of("lz4", "-q", "-m", level), files));
      assertEquals(0, r.exit(), r.stderr());
      for (String backend : List.of("native", "off")) {
        Path out = linked(files, backend + level);
        Tools.Result c = ok(out, with(celer(java25, backend.equals("off") ? "off" : null, "-v", "-m", level), files));
        assertTrue(c.stderr().contains(backend.equals("off") ? "; pure Java: dev.celer.native=off" : "; native: liblz4"),
            c.stderr());
        for (Path f : files) {
          String name = f.getFileName() + ".lz4";
          assertArrayEquals(Files.readAllBytes(ref.resolve(name)), Files.readAllBytes(out.resolve(name)),
              backend + " " + level + " " + name);
        }
      }
      for (String backend : List.of("native", "off")) {
        Path d = Files.createDirectory(dir.resolve("d-" + backend + level));
        List<String> names = new ArrayList<>();
        for (Path f : files) {
          String name = f.getFileName() + ".lz4";
          Files.copy(ref.resolve(name), d.resolve(name));
          names.add(name);
        }
        List<String> cmd = celer(java25, backend.equals("off") ? "off" : null, "-q", "-d", "-m");
        cmd.addAll(names);
        ok(d, cmd);
        for (Path f : files) {
          assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(d.resolve(f.getFileName().toString())),
              backend + " -d " + f.getFileName());
        }
      }
    }
  }

  /** @return a new folder holding a link to each of {@code files}, under the same names */
  private Path linked(List<Path> files, String name) throws IOException {
    Path d = Files.createDirectory(dir.resolve(name));
    for (Path f : files) {
      Files.createSymbolicLink(d.resolve(f.getFileName()), f.toAbsolutePath());
    }
    return d;
  }

  private static List<String> with(List<String> command, List<Path> files) {
    List<String> all = new ArrayList<>(command);
    for (Path f : files) {
      all.add(f.getFileName().toString());
    }
    return all;
  }
}
