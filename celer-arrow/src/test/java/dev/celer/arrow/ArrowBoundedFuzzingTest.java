package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * celer-arrow's fuzz targets ({@code src/test/fuzz-targets.txt}) in the project's bounded fuzzing:
 * every build checks that the list names exactly the {@code @FuzzTest} methods; with {@code
 * celer.fuzz.duration} (set by {@code mvn -Pfuzz}, 2s) each target is fuzzed that long in a JVM of
 * its own ({@code JAZZER_FUZZ=1}, {@code dev.celer.**} instrumented, the seeds as the start), as
 * celer-core's {@code BoundedFuzzingTest} does; a finding, or a run with no coverage, fails. The
 * output goes to {@code target/fuzz-logs/}; one {@code [celer] fuzz} line per target to stdout.
 */
class ArrowBoundedFuzzingTest {
  private static final Pattern DONE = Pattern.compile("Done (\\d+) runs in (\\d+) second");
  private static final Pattern COVERAGE = Pattern.compile("cov: (\\d+) ft: \\d+ corp: (\\d+)");

  static List<String> listedTargets() throws Exception {
    return Files.readAllLines(Path.of("src/test/fuzz-targets.txt"), StandardCharsets.UTF_8).stream()
        .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).collect(Collectors.toList());
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
    String duration = System.getProperty("celer.fuzz.duration");
    boolean nativeRun = Boolean.getBoolean("celer.expect.native");
    Path logs = Path.of("target", nativeRun ? "fuzz-logs-native" : "fuzz-logs");
    Files.createDirectories(logs);
    List<String> problems = new ArrayList<>();
    long executions = 0;
    List<String> targets = listedTargets();
    for (String target : targets) {
      Path log = logs.resolve(target.replace('#', '.') + ".log");
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx1g", "-ea", "-Xshare:off", "--add-opens=java.base/java.nio=ALL-UNNAMED"));
      for (String a : System.getProperty("celer.test.jvmArgs", "").trim().split("\\s+")) {
        if (!a.isEmpty()) {
          cmd.add(a);
        }
      }
      cmd.addAll(List.of("-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
          "-Djazzer.max_duration=" + duration, "-Djazzer.instrument=dev.celer.**",
          ArrowBoundedFuzzingTest.class.getName(), target));
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
      pb.environment().put("JAZZER_FUZZ", "1");
      long start = System.nanoTime();
      Process p = pb.start();
      int exit = p.waitFor(600, TimeUnit.SECONDS) ? p.exitValue() : -1;
      if (exit == -1) {
        p.destroyForcibly().waitFor();
      }
      String out = Files.readString(log, StandardCharsets.ISO_8859_1);
      long runs = -1;
      for (Matcher m = DONE.matcher(out); m.find(); ) {
        runs = Long.parseLong(m.group(1));
      }
      String coverage = null;
      for (Matcher m = COVERAGE.matcher(out); m.find(); ) {
        coverage = "cov " + m.group(1) + ", corpus " + m.group(2);
      }
      System.out.printf("[celer] fuzz %s: %d executions, %s, %.1f s%n", target, Math.max(runs, 0),
          coverage == null ? "NO COVERAGE" : coverage, (System.nanoTime() - start) / 1e9);
      executions += Math.max(runs, 0);
      if (exit != 0) {
        problems.add(target + ": finding or failure (exit " + exit + "), see " + log.toAbsolutePath());
      } else if (runs < 0 || coverage == null) {
        problems.add(target + ": no fuzzing or no coverage feedback, see " + log.toAbsolutePath());
      }
    }
    // the line scripts/test sums up, as celer-core's BoundedFuzzingTest prints it
    System.out.printf("[celer] fuzz total: %d targets, %d executions, %s each, %s (celer-arrow)%n", targets.size(),
        executions, duration, nativeRun ? "native backend" : "pure-Java backend");
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /** Runs one target ({@code Class#method} of this package) through the JUnit platform; exit 0 when it passed. */
  public static void main(String[] args) throws Exception {
    String[] cm = args[0].split("#", 2);
    Class<?> c = Class.forName(ArrowBoundedFuzzingTest.class.getPackageName() + "." + cm[0]);
    Method m = Arrays.stream(c.getDeclaredMethods()).filter(x -> x.getName().equals(cm[1])).findFirst().orElseThrow();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
        .selectors(DiscoverySelectors.selectMethod(c, m)).build(), listener);
    listener.getSummary().printFailuresTo(new java.io.PrintWriter(System.out, true), 40);
    boolean ran = listener.getSummary().getTestsSucceededCount() + listener.getSummary().getTestsFailedCount() > 0;
    System.exit(ran && listener.getSummary().getTotalFailureCount() == 0 ? 0 : 1);
  }
}
