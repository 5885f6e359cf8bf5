package dev.celer.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The bounded fuzzing run, one runner for every module's list of fuzz targets (celer-core's
 * {@code BoundedFuzzingTest}, celer-arrow's {@code ArrowBoundedFuzzingTest}): each target is
 * fuzzed for {@code celer.fuzz.duration} in a JVM of its own ({@link FuzzTargetMain}; Jazzer fuzzes
 * one target per JVM; {@code celer.fuzz.parallel} such JVMs at a time, default 2) with {@code
 * JAZZER_FUZZ=1}, coverage instrumentation of {@code dev.celer.**}, the checked-in seeds and the
 * local grown corpus as the start. A finding fails, and so does a target that reports no coverage:
 * a run that explores nothing must not pass as fuzzing. Each target's Jazzer output is kept in
 * {@code target/fuzz-logs/} ({@code fuzz-logs-native/} in the native execution, {@code
 * celer.expect.native}); one line per target, and a {@code [celer] fuzz total:} line that
 * scripts/test sums up, go to stdout.
 */
public final class BoundedFuzzing {
  private BoundedFuzzing() {}

  private static final Pattern DONE = Pattern.compile("Done (\\d+) runs in (\\d+) second");
  private static final Pattern COVERAGE = Pattern.compile("cov: (\\d+) ft: \\d+ corp: (\\d+)");

  /**
   * @param list a module's {@code fuzz-targets.txt}
   * @return its targets, in its order, as {@code Class#method}: lines that are neither blank nor
   *     comments ({@code #})
   * @throws IOException when the list cannot be read
   */
  public static List<String> listedTargets(Path list) throws IOException {
    return Files.readAllLines(list, StandardCharsets.UTF_8).stream()
        .map(String::strip)
        .filter(l -> !l.isEmpty() && !l.startsWith("#"))
        .collect(Collectors.toList());
  }

  /**
   * Fuzzes each of {@code targets} (those that {@code -Dceler.fuzz.filter=REGEX} finds, default
   * all, less those that {@code celer.fuzz.leftToNativeRun} finds outside the native run) for
   * {@code celer.fuzz.duration}, then fails when any of them found something, did not fuzz or
   * reported no coverage.
   *
   * @param pkg the package of the targets' classes
   * @param targets the targets, {@code Class#method}
   * @param jvmArgs options for the fuzzing JVMs besides the build's ({@code celer.test.jvmArgs};
   *     a target whose class starts with {@code Native} keeps its own {@code dev.celer.native})
   * @param check a module's own check of a target's output: {@code (target, log text)} to what
   *     went wrong, or {@code null}
   * @param label what the total line adds after the backend (empty, or the module)
   * @throws Exception when a fuzzing JVM cannot be run
   */
  public static void fuzzAll(String pkg, List<String> targets, List<String> jvmArgs,
      BiFunction<String, String, String> check, String label) throws Exception {
    String duration = System.getProperty("celer.fuzz.duration");
    boolean nativeRun = Boolean.getBoolean("celer.expect.native");
    Path logs = Path.of("target", nativeRun ? "fuzz-logs-native" : "fuzz-logs");
    Files.createDirectories(logs);
    Pattern filter = Pattern.compile(System.getProperty("celer.fuzz.filter", ""));
    // targets another run of the same build fuzzes as well or better (the jdk25+ profile: the
    // native run repeats the targets that bind liblz4 themselves), left out here
    String skip = System.getProperty("celer.fuzz.leftToNativeRun", "");
    Pattern skipped = Pattern.compile(skip.isEmpty() || nativeRun ? "(?!)" : skip);
    List<String> run = targets.stream()
        .filter(t -> filter.matcher(t).find() && !skipped.matcher(t).find())
        .collect(Collectors.toList());
    List<String> left = targets.stream().filter(t -> skipped.matcher(t).find()).collect(Collectors.toList());
    if (!left.isEmpty()) {
      System.out.println("[celer] fuzz: left to the native run, which fuzzes them on both backends: " + left);
    }
    // most of a 2 s run is the JVM's and Jazzer's start-up, which two JVMs overlap on 2 cores; each
    // target's line prints as it ends
    int parallel = Math.max(1, Integer.getInteger("celer.fuzz.parallel", 2));
    ExecutorService pool = Executors.newFixedThreadPool(parallel);
    LongAdder executions = new LongAdder();
    List<Future<String>> runs = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    try {
      for (String target : run) {
        runs.add(pool.submit(() -> fuzzOne(pkg, target, duration, logs, jvmArgs, check, executions)));
      }
      for (Future<String> r : runs) {
        String problem = r.get();
        if (problem != null) {
          problems.add(problem);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    System.out.printf("[celer] fuzz total: %d targets, %d executions, %s each, %s%s%n", run.size(), executions.sum(),
        duration, nativeRun ? "native backend" : "pure-Java backend", label);
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /** Fuzzes one target and checks its log; returns what went wrong, or {@code null}. */
  private static String fuzzOne(String pkg, String target, String duration, Path logs, List<String> jvmArgs,
      BiFunction<String, String, String> check, LongAdder executions) throws IOException, InterruptedException {
    Path log = logs.resolve(target.replace('#', '.') + ".log");
    long start = System.nanoTime();
    int exit = runTarget(pkg, target, duration, log, jvmArgs);
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
    executions.add(Math.max(runs, 0));
    if (exit != 0) {
      return target + ": finding or failure (exit " + exit + "), see " + log.toAbsolutePath();
    } else if (runs < 0) {
      return target + ": Jazzer did not fuzz (no 'Done N runs'), see " + log.toAbsolutePath();
    } else if (coverage == null || out.contains("no interesting inputs were found")) {
      return target + ": no coverage feedback (is dev.celer instrumented?), see " + log.toAbsolutePath();
    }
    String problem = check.apply(target, out);
    return problem == null ? null : problem + ", see " + log.toAbsolutePath();
  }

  /** Fuzzes {@code target} for {@code duration} in a new JVM; its output goes to {@code log}. */
  private static int runTarget(String pkg, String target, String duration, Path log, List<String> jvmArgs)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx2g");
    cmd.add("-ea");
    cmd.add("-Xshare:off"); // Jazzer appends to the boot class path: no class-data sharing warning
    cmd.addAll(jvmArgs);
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
    // Surefire the class path is one manifest jar, so say it: Celer's classes (and the tests).
    cmd.add("-Djazzer.instrument=dev.celer.**");
    cmd.add(FuzzTargetMain.class.getName());
    cmd.add(pkg + "." + target);
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

  /**
   * @param duration Jazzer's duration syntax: 30s, 10m, 2h, or plain seconds
   * @return it in seconds (an hour when it cannot be read)
   */
  public static long seconds(String duration) {
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
