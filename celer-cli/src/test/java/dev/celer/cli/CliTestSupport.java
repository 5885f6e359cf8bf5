package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
    Tools.Result r = Tools.run(cwd, stdin, List.of(command));
    return new Result(r.exit(), r.stdout(), r.stderr());
  }

  static Result lz4(Path cwd, byte[] stdin, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("lz4"));
    cmd.addAll(List.of(args));
    return run(cwd, stdin, cmd.toArray(new String[0]));
  }

  /** The corpus folder: see {@link Corpus}. */
  static Path corpus() {
    return Corpus.dir();
  }

  static List<Path> corpusFiles() throws IOException {
    return Corpus.files();
  }
}
