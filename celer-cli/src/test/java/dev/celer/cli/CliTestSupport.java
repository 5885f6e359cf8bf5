package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs celer in-process and the C tools as processes, capturing everything. */
final class CliTestSupport {
  private CliTestSupport() {}

  /** What one run gave: exit code, stdout bytes, stderr text. */
  record Result(int code, byte[] out, String err) {
    String outText() {
      return new String(out, StandardCharsets.UTF_8);
    }
  }

  static Result celer(Path cwd, byte[] stdin, String... args) {
    return celer(cwd, Terminal.NONE, stdin, args);
  }

  static Result celer(Path cwd, Terminal t, byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = new Main(cwd, t).run(args, new ByteArrayInputStream(stdin == null ? new byte[0] : stdin), o, e);
    }
    String errText = err.toString(StandardCharsets.UTF_8);
    assertFalse(errText.contains("\tat ") || errText.contains("Exception"), "no stack trace: " + errText);
    return new Result(code, out.toByteArray(), errText);
  }

  /** Runs a process in {@code cwd} with {@code stdin} (or none); waits up to a minute. */
  static Result run(Path cwd, byte[] stdin, String... command) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
    Path errFile = Files.createTempFile("celer-test", ".err");
    pb.redirectError(errFile.toFile());
    if (stdin == null) {
      pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }
    Process p = pb.start();
    if (stdin != null) {
      Thread feeder = new Thread(() -> {
        try (var os = p.getOutputStream()) {
          os.write(stdin);
        } catch (IOException ignored) {
          // the process may exit before reading everything
        }
      });
      feeder.start();
    }
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("timeout: " + String.join(" ", command));
    }
    String err = Files.readString(errFile);
    Files.delete(errFile);
    return new Result(p.exitValue(), out, err);
  }

  static Result lz4(Path cwd, byte[] stdin, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("lz4"));
    cmd.addAll(List.of(args));
    return run(cwd, stdin, cmd.toArray(new String[0]));
  }

  static Path corpus() {
    String prop = System.getProperty("celer.corpus");
    Path p = prop != null ? Paths.get(prop) : Paths.get("../shared/corpus");
    if (!Files.isDirectory(p)) {
      p = Paths.get("../../shared/corpus");
    }
    return p;
  }

  static List<Path> corpusFiles() throws IOException {
    try (var s = Files.list(corpus())) {
      return s.filter(f -> !f.getFileName().toString().endsWith(".md")).sorted().toList();
    }
  }
}
