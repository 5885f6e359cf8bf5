package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.testsupport.BoundedFuzzing;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * celer-arrow's fuzz targets ({@code src/test/fuzz-targets.txt}) in the project's bounded fuzzing:
 * every build checks that the list names exactly the {@code @FuzzTest} methods; with {@code
 * celer.fuzz.duration} (set by {@code mvn -Pfuzz}, 2s) celer-core's runner ({@link
 * BoundedFuzzing}, from its test jar) fuzzes each target that long in a JVM of its own, with
 * Arrow's {@code --add-opens}; a finding, or a run with no coverage, fails. The output goes to
 * {@code target/fuzz-logs/}; one {@code [celer] fuzz} line per target to stdout.
 */
class ArrowBoundedFuzzingTest {
  private static List<String> listedTargets() throws Exception {
    return BoundedFuzzing.listedTargets(Path.of("src/test/fuzz-targets.txt"));
  }

  @Test
  void listNamesEveryFuzzTest() throws Exception {
    TreeSet<String> annotated = new TreeSet<>();
    for (Class<?> c : new Class<?>[] {ArrowCodecFuzzTest.class}) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.isAnnotationPresent(FuzzTest.class)) {
          annotated.add(c.getSimpleName() + "#" + m.getName());
        }
      }
    }
    assertEquals(annotated, new TreeSet<>(listedTargets()), "fuzz-targets.txt must name exactly the @FuzzTest methods");
  }

  @Test
  @EnabledIfSystemProperty(named = "celer.fuzz.duration", matches = ".+")
  void fuzzEachTargetBriefly() throws Exception {
    BoundedFuzzing.fuzzAll(ArrowBoundedFuzzingTest.class.getPackageName(), listedTargets(),
        List.of("--add-opens=java.base/java.nio=ALL-UNNAMED"), (target, out) -> null, " (celer-arrow)");
  }
}
