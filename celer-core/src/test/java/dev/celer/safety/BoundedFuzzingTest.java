package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.testsupport.BoundedFuzzing;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The list of fuzz targets ({@code src/test/fuzz-targets.txt}, the one place that names them) and
 * the bounded fuzzing run over it.
 *
 * <p>Every build checks that the list names exactly the {@code @FuzzTest} methods of this package.
 * With the system property {@code celer.fuzz.duration} (set by {@code mvn -Pfuzz}, default 2s),
 * each target is fuzzed for that long in a JVM of its own by {@link BoundedFuzzing}, the runner
 * celer-arrow shares (Jazzer fuzzes one target per JVM; two such JVMs at a time, {@code
 * -Dceler.fuzz.parallel=N} to change it):
 * {@code JAZZER_FUZZ=1}, coverage instrumentation of {@code dev.celer.**}, the checked-in seeds and
 * the local grown corpus as the start. A finding fails the test, and so does a target that reports
 * no coverage: a run that explores nothing must not pass as fuzzing. Each target's Jazzer output is
 * kept in {@code target/fuzz-logs/}; one line per target goes to stdout.
 *
 * <p>In the Surefire execution {@code native} (JDK 25+, {@code celer.expect.native=true}) the
 * fuzzing JVMs get that execution's options ({@code celer.test.jvmArgs}: native access, {@code
 * -Ddev.celer.native=auto}), so every target runs against the native backend; their logs go to
 * {@code target/fuzz-logs-native/}, and the run fails unless {@link NativeDecoderFuzzTest} reports
 * the native backend in its fuzzing JVM.
 *
 * <p>{@link Liblz4DifferentialFuzzTest} compares Celer with liblz4, which the test binds itself
 * through FFM: on JDK 25 its fuzzing JVM gets native access, and the run fails unless the target
 * reports that it called liblz4 (and, in the native run, that it compared the native backend too).
 * On JDK 25 the pure-Java run leaves it and {@link NativeDecoderFuzzTest} to the native run ({@code
 * celer.fuzz.leftToNativeRun}, root pom): there the first compares both backends with liblz4, and
 * the second runs the same in either.
 */
class BoundedFuzzingTest {
  /** The targets of {@code fuzz-targets.txt}, in its order, as {@code Class#method}. */
  static List<String> listedTargets() throws IOException {
    Path list = Path.of("src/test/fuzz-targets.txt");
    if (!Files.exists(list)) {
      list = Path.of("celer-core/src/test/fuzz-targets.txt"); // run from the repository root
    }
    return BoundedFuzzing.listedTargets(list);
  }

  /** The {@code @FuzzTest} methods of the compiled classes of this package, as {@code Class#method}. */
  private static TreeSet<String> annotatedTargets() throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = Path.of(BoundedFuzzingTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String pkg = BoundedFuzzingTest.class.getPackageName();
    TreeSet<String> found = new TreeSet<>();
    List<Path> classFiles;
    try (Stream<Path> s = Files.list(root.resolve(pkg.replace('.', '/')))) {
      classFiles = s.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList());
    }
    for (Path f : classFiles) {
      String simple = f.getFileName().toString().replace(".class", "");
      Class<?> c = Class.forName(pkg + "." + simple, false, BoundedFuzzingTest.class.getClassLoader());
      for (Method m : c.getDeclaredMethods()) {
        if (m.isAnnotationPresent(FuzzTest.class)) {
          found.add(c.getSimpleName() + "#" + m.getName());
        }
      }
    }
    return found;
  }

  @Test
  void listNamesEveryFuzzTestOnce() throws Exception {
    List<String> listed = listedTargets();
    TreeSet<String> unique = new TreeSet<>(listed);
    assertEquals(listed.size(), unique.size(), "a target listed twice in fuzz-targets.txt: " + listed);
    assertEquals(annotatedTargets(), unique, "fuzz-targets.txt must name exactly the @FuzzTest methods");
  }

  @Test
  @EnabledIfSystemProperty(named = "celer.fuzz.duration", matches = ".+")
  void fuzzEachTargetBriefly() throws Exception {
    BoundedFuzzing.fuzzAll(BoundedFuzzingTest.class.getPackageName(), listedTargets(), List.of(),
        BoundedFuzzingTest::backendCheck, "");
  }

  /** The checks of this module's targets beyond the shared ones: which backend and liblz4 they ran on. */
  private static String backendCheck(String target, String out) {
    boolean nativeRun = Boolean.getBoolean("celer.expect.native");
    if (nativeRun && target.startsWith("NativeDecoderFuzzTest#")
        && !out.contains("[celer] NativeDecoderFuzzTest: backend native")) {
      return target + ": the fuzzing JVM did not run the native backend";
    } else if (Runtime.version().feature() >= 25 && target.startsWith("Liblz4DifferentialFuzzTest#")
        && !out.contains("[celer] Liblz4DifferentialFuzzTest: against liblz4")) {
      return target + ": the fuzzing JVM could not call liblz4 (JDK 25 with native access should)";
    } else if (nativeRun && target.startsWith("Liblz4DifferentialFuzzTest#")
        && !out.contains("Celer decoders: java, native")) {
      return target + ": the fuzzing JVM did not compare the native backend with liblz4";
    }
    return null;
  }
}
