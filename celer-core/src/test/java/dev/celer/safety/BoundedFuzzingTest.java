package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * each target is fuzzed for that long in a JVM of its own (Jazzer fuzzes one target per JVM; two
 * such JVMs at a time, {@code -Dceler.fuzz.parallel=N} to change it):
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
 * through FFM: on JDK 25 both runs (Celer's backend off, then on) grant its fuzzing JVM native
 * access, and the run fails unless the target reports that it called liblz4 (and, in the native
 * run, that it compared the native backend too).
 */
class BoundedFuzzingTest {
  private static final Pattern DONE = Pattern.compile("Done (\\d+) runs in (\\d+) second");
  private static final Pattern COVERAGE = Pattern.compile("cov: (\\d+) ft: \\d+ corp: (\\d+)");

  /** The targets of {@code fuzz-targets.txt}, in its order, as {@code Class#method}. */
  static List<String> listedTargets() throws IOException {
    Path list = Path.of("src/test/fuzz-targets.txt");
    if (!Files.exists(list)) {
      list = Path.of("celer-core/src/test/fuzz-targets.txt"); // run from the repository root
    }
    return Files.readAllLines(list, StandardCharsets.UTF_8).stream()
        .map(String::strip)
        .filter(l -> !l.isEmpty() && !l.startsWith("#"))
        .collect(Collectors.toList());
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
    String duration = System.getProperty("celer.fuzz.duration");
    boolean nativeRun = Boolean.getBoolean("celer.expect.native");
    Path logs = Path.of("target", nativeRun ? "fuzz-logs-native" : "fuzz-logs");
    Files.createDirectories(logs);
    List<String> problems = new ArrayList<>();
    // -Dceler.fuzz.filter=REGEX keeps the targets whose Class#method it finds (default: all)
    Pattern filter = Pattern.compile(System.getProperty("celer.fuzz.filter", ""));
    List<String> targets = listedTargets().stream().filter(t -> filter.matcher(t).find()).collect(Collectors.toList());
    // -Dceler.fuzz.parallel=N fuzzing JVMs at a time (default 2): most of a 2 s run is the JVM's and
    // Jazzer's start-up, which two JVMs overlap on 2 cores; each target's line prints as it ends
    int parallel = Math.max(1, Integer.getInteger("celer.fuzz.parallel", 2));
    ExecutorService pool = Executors.newFixedThreadPool(parallel);
    List<Future<String>> runs = new ArrayList<>();
    try {
      for (String target : targets) {
        runs.add(pool.submit(() -> fuzzOne(target, duration, logs, nativeRun)));
      }
      for (Future<String> run : runs) {
        String problem = run.get();
        if (problem != null) {
          problems.add(problem);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    long executions = EXECUTIONS.sumThenReset();
    System.out.printf("[celer] fuzz total: %d targets, %d executions, %s each, %s%n", targets.size(), executions, duration,
        nativeRun ? "native backend" : "pure-Java backend");
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  private static final LongAdder EXECUTIONS = new LongAdder();

  /** Fuzzes one target and checks its log; returns what went wrong, or {@code null}. */
  private static String fuzzOne(String target, String duration, Path logs, boolean nativeRun)
      throws IOException, InterruptedException {
    Path log = logs.resolve(target.replace('#', '.') + ".log");
    long start = System.nanoTime();
    int exit = runTarget(target, duration, log);
    double secs = (System.nanoTime() - start) / 1e9;
    String out = Files.readString(log, StandardCharsets.ISO_8859_1);
    Matcher done = DONE.matcher(out);
    long runs = -1;
    while (done.find()) {
      runs = Long.parseLong(done.group(1));
    }
    Matcher cov = COVERAGE.matcher(out);
    String coverage = null;
    while (cov.find()) {
      coverage = "cov " + cov.group(1) + ", corpus " + cov.group(2);
    }
    System.out.printf("[celer] fuzz %s: %d executions, %s, %.1f s%n", target, Math.max(runs, 0),
        coverage == null ? "NO COVERAGE" : coverage, secs);
    EXECUTIONS.add(Math.max(runs, 0));
    if (exit != 0) {
      return target + ": finding or failure (exit " + exit + "), see " + log.toAbsolutePath();
    } else if (runs < 0) {
      return target + ": Jazzer did not fuzz (no 'Done N runs'), see " + log.toAbsolutePath();
    } else if (coverage == null || out.contains("no interesting inputs were found")) {
      return target + ": no coverage feedback (is dev.celer instrumented?), see " + log.toAbsolutePath();
    } else if (nativeRun && target.startsWith("NativeDecoderFuzzTest#")
        && !out.contains("[celer] NativeDecoderFuzzTest: backend native")) {
      return target + ": the fuzzing JVM did not run the native backend, see " + log.toAbsolutePath();
    } else if (Runtime.version().feature() >= 25 && target.startsWith("Liblz4DifferentialFuzzTest#")
        && !out.contains("[celer] Liblz4DifferentialFuzzTest: against liblz4")) {
      return target + ": the fuzzing JVM could not call liblz4 (JDK 25 with native access should), see "
          + log.toAbsolutePath();
    } else if (nativeRun && target.startsWith("Liblz4DifferentialFuzzTest#")
        && !out.contains("Celer decoders: java, native")) {
      return target + ": the fuzzing JVM did not compare the native backend with liblz4, see " + log.toAbsolutePath();
    }
    return null;
  }

  /** Fuzzes {@code target} for {@code duration} in a new JVM; its output goes to {@code log}. */
  private static int runTarget(String target, String duration, Path log) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx2g");
    cmd.add("-ea");
    cmd.add("-Xshare:off"); // Jazzer appends to the boot class path: no class-data sharing warning
    // what the build gives every test JVM on newer JDKs (the jdk21+ and jdk23+ profiles), except
    // that the native backend's own targets (Native*) keep the backend on where it can run
    boolean nativeTarget = target.startsWith("Native");
    for (String a : System.getProperty("celer.test.jvmArgs", "").trim().split("\\s+")) {
      if (!a.isEmpty() && !(nativeTarget && a.startsWith("-Ddev.celer.native="))) {
        cmd.add(a);
      }
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    cmd.add("-Djazzer.max_duration=" + duration);
    // Jazzer's JUnit integration guesses what to instrument from the class-path folders; under
    // Surefire the class path is one manifest jar, so say it: Celer's classes (and these tests).
    cmd.add("-Djazzer.instrument=dev.celer.**");
    cmd.add(FuzzTargetMain.class.getName());
    cmd.add(target);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("JAZZER_FUZZ", "1");
    Process p = pb.start();
    long limit = seconds(duration) + 300; // JVM and Jazzer start-up, seeds, slack on a busy machine
    if (!p.waitFor(limit, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      return -1;
    }
    return p.exitValue();
  }

  /** Jazzer's duration syntax (30s, 10m, 2h, or plain seconds) in seconds. */
  static long seconds(String duration) {
    Matcher m = Pattern.compile("(\\d+)([smh]?)").matcher(duration.strip());
    if (!m.matches()) {
      return 3600;
    }
    long n = Long.parseLong(m.group(1));
    switch (m.group(2)) {
      case "m":
        return n * 60;
      case "h":
        return n * 3600;
      default:
        return n;
    }
  }
}
