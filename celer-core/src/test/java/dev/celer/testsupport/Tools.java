package dev.celer.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the reference tools ({@code lz4}, {@code xxhsum}) and other processes for the tests: one
 * runner for every module, with stdin fed and stdout/stderr drained on their own threads, so no
 * pipe can fill and block, and a minute's limit per process.
 */
public final class Tools {
  private Tools() {}

  private static final long TIMEOUT_SECONDS = 60;

  /**
   * What one process run gave.
   *
   * @param exit the exit code
   * @param stdout everything written to standard output
   * @param stderr standard error as UTF-8 text
   */
  public static final class Result {
    private final int exit;
    private final byte[] stdout;
    private final String stderr;

    public Result(int exit, byte[] stdout, String stderr) {
      this.exit = exit;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    /** @return the exit code */
    public int exit() {
      return exit;
    }

    /** @return everything written to standard output */
    public byte[] stdout() {
      return stdout;
    }

    /** @return standard error as UTF-8 text */
    public String stderr() {
      return stderr;
    }

    /** @return stdout as UTF-8 text */
    public String stdoutText() {
      return new String(stdout, StandardCharsets.UTF_8);
    }
  }

  /**
   * Runs {@code command} in {@code cwd} (null: the current folder), feeding {@code stdin} (null:
   * {@code /dev/null}); waits at most a minute.
   */
  public static Result run(Path cwd, byte[] stdin, List<String> command) {
    ProcessBuilder pb = new ProcessBuilder(command);
    if (cwd != null) {
      pb.directory(cwd.toFile());
    }
    if (stdin == null) {
      pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    }
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      String tool = command.get(0);
      throw new AssertionError("cannot run " + tool + " (the tests need the reference tools:"
          + " apt-get install lz4 xxhash; scripts/test installs them)", e);
    }
    Drain out = new Drain(p.getInputStream());
    Drain err = new Drain(p.getErrorStream());
    if (stdin != null) {
      Thread feeder = new Thread(() -> {
        try (OutputStream o = p.getOutputStream()) {
          o.write(stdin);
        } catch (IOException ignored) {
          // the process may exit before reading all its input; its exit code tells
        }
      }, "stdin of " + command.get(0));
      feeder.setDaemon(true);
      feeder.start();
    }
    try {
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("timeout after " + TIMEOUT_SECONDS + " s: " + String.join(" ", command));
      }
      return new Result(p.exitValue(), out.bytes(), new String(err.bytes(), StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Runs {@code lz4 args...} in {@code cwd} with {@code stdin} (null: none); any exit code. */
  public static Result lz4(Path cwd, byte[] stdin, String... args) {
    return run(cwd, stdin, command("lz4", args));
  }

  /** Runs {@code lz4 args...} with {@code stdin}; returns stdout and fails unless it exits 0. */
  public static byte[] lz4(byte[] stdin, String... args) {
    return ok(lz4(null, stdin, args), "lz4", args);
  }

  /** Runs {@code xxhsum args...} in {@code cwd} with no input; any exit code. */
  public static Result xxhsum(Path cwd, String... args) {
    return run(cwd, null, command("xxhsum", args));
  }

  /** @return the stdout of {@code r}, after checking that {@code tool args} exited 0 */
  public static byte[] ok(Result r, String tool, String... args) {
    if (r.exit() != 0) {
      throw new AssertionError(tool + " " + String.join(" ", args) + " exited " + r.exit() + ": " + r.stderr());
    }
    return r.stdout();
  }

  private static List<String> command(String tool, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(tool);
    cmd.addAll(Arrays.asList(args));
    return cmd;
  }

  /** Reads a stream to its end on its own thread. */
  private static final class Drain {
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final Thread thread;
    private IOException failure;

    Drain(InputStream in) {
      thread = new Thread(() -> {
        try (in) {
          in.transferTo(buffer);
        } catch (IOException e) {
          failure = e;
        }
      }, "drain");
      thread.setDaemon(true);
      thread.start();
    }

    byte[] bytes() throws InterruptedException {
      thread.join();
      if (failure != null) {
        throw new UncheckedIOException(failure);
      }
      return buffer.toByteArray();
    }
  }
}
