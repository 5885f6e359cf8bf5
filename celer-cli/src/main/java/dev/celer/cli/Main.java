package dev.celer.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;

/**
 * The {@code celer} command.
 *
 * <ul>
 *   <li>{@code celer [lz4 options] [input [output]]}: compress and decompress like the {@code lz4}
 *       command (v1.9.4): same options, defaults, messages and exit codes; see {@link Lz4Command}.
 *   <li>{@code celer hash [options] [files]}: checksums like {@code xxhsum} (0.8.1); see {@link
 *       HashCommand}.
 *   <li>{@code celer demo [FILE...]}: compresses and hashes each file (default: the sample corpus)
 *       in memory and prints sizes and speeds; see {@link DemoCommand}.
 * </ul>
 *
 * <p>For tests and embedding, {@link #run(String[], InputStream, PrintStream, PrintStream)} runs
 * one command against the given streams, relative to a working directory, and returns the exit
 * code instead of exiting. An instance is not thread-safe; use one per run.
 */
public final class Main {
  /** The version printed by {@code -V}. */
  static final String VERSION = "0.1.0";

  private final Path cwd;
  private final Terminal terminal;

  /**
   * @param cwd the directory relative file names are resolved against
   * @param terminal which standard streams are terminals
   */
  Main(Path cwd, Terminal terminal) {
    this.cwd = cwd;
    this.terminal = terminal;
  }

  /** A runner for tests: relative names resolve against {@code cwd}, no stream is a terminal. */
  public static Main inDirectory(Path cwd) {
    return new Main(cwd, Terminal.NONE);
  }

  /** Runs the command line, exits with its code. */
  public static void main(String[] args) {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false);
    int code = new Main(Paths.get("").toAbsolutePath(), Terminal.detect()).run(args, System.in, out, System.err);
    out.flush();
    System.exit(code);
  }

  /**
   * Runs one command.
   *
   * @return the exit code: 0 on success
   */
  public int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    try {
      if (args.length > 0 && args[0].equals("hash")) {
        return new HashCommand(cwd, in, out, err).run(Arrays.copyOfRange(args, 1, args.length));
      }
      if (args.length > 0 && args[0].equals("demo")) {
        return new DemoCommand(cwd, out, err).run(Arrays.copyOfRange(args, 1, args.length));
      }
      return new Lz4Command(cwd, terminal, in, out, err).run(args);
    } catch (CliException e) {
      if (e.getMessage() != null && !e.getMessage().isEmpty()) {
        err.print(e.getMessage());
      }
      return e.exitCode;
    } catch (OutOfMemoryError e) {
      err.println("celer: out of memory");
      return 1;
    } catch (RuntimeException e) {
      // A bug, not a user error: say so in one line rather than as a stack trace.
      err.println("celer: internal error: " + e);
      return 1;
    } finally {
      out.flush();
      err.flush();
    }
  }
}
