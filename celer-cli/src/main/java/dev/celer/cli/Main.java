package dev.celer.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
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
 *   <li>{@code celer index [--sidecar] FILE...} and {@code celer cat [--offset N] [--length L]
 *       FILE}: seekable LZ4 files; see {@link SeekableCommand}.
 *   <li>{@code celer demo [FILE...]}: compresses and hashes each file (default: the sample corpus)
 *       in memory and prints sizes and speeds; see {@link DemoCommand}.
 * </ul>
 *
 * <p>For tests and embedding, {@link #run(String[], InputStream, OutputStream, PrintStream)} runs
 * one command against the given streams, relative to a working directory, and returns the exit
 * code instead of exiting. An instance is not thread-safe; use one per run.
 */
public final class Main {
  /** The version printed by {@code -V}. */
  static final String VERSION = "0.1.0";

  /** The native backend's cap on in-place (critical) calls, in input plus output bytes. */
  private static final String CRITICAL_MAX = "dev.celer.native.criticalMax";

  private final Path cwd;
  private final Terminal terminal;
  /** Set by {@link #main} only: the process may pick its codec backend ({@link BackendChoice}). */
  private boolean chooseBackend;

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

  /**
   * Runs the command line, exits with its code. With the system property {@code celer.training}
   * (set by {@code ./celer} when it builds its start-up cache) it runs {@link Training} in that
   * directory instead; with {@code celer.flatten} (also set by {@code ./celer}) it writes {@link
   * Training#flatten} of the jar named by the first argument to that file.
   */
  public static void main(String[] args) throws IOException {
    // Blocks of up to 4 MB (8 MB legacy ones) go to liblz4 in place (critical downcalls on the heap arrays) instead of
    // being copied through native memory: a command line tool has no other threads whose
    // safepoints a few milliseconds of compression would delay. An explicit setting wins.
    if (System.getProperty(CRITICAL_MAX) == null) {
      System.setProperty(CRITICAL_MAX, Integer.toString(20 << 20));
    }
    String flat = System.getProperty("celer.flatten");
    if (flat != null) {
      Training.flatten(Paths.get(args[0]), Paths.get(flat));
      System.exit(0);
    }
    String training = System.getProperty("celer.training");
    if (training != null) {
      System.exit(Training.run(Paths.get(training)));
    }
    // stdout as a raw file descriptor: every failed write is an IOException, never a PrintStream flag
    OutputStream out = new FileOutputStream(FileDescriptor.out);
    Main main = new Main(Paths.get("").toAbsolutePath(), Terminal.detect());
    main.chooseBackend = true;
    int code = main.run(args, System.in, out, System.err);
    System.exit(code);
  }

  /**
   * Runs one command.
   *
   * @return the exit code: 0 on success
   */
  public int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
    try {
      if (args.length > 0 && (args[0].equals("index") || args[0].equals("cat"))) {
        return new SeekableCommand(cwd, out, err).run(args[0], Arrays.copyOfRange(args, 1, args.length));
      }
      if (args.length > 0 && (args[0].equals("hash") || args[0].equals("demo"))) {
        return runText(args, in, out, err);
      }
      return new Lz4Command(new Lz4Io(cwd, terminal, in, out), err, chooseBackend).run(args);
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
      err.flush();
    }
  }

  /**
   * Runs {@code hash} or {@code demo}, which format text through a {@link PrintStream}. The
   * PrintStream writes to a stream that turns the first failed write into {@link StdoutFailed},
   * which PrintStream lets through (it swallows only {@code IOException}): the command stops at
   * once and the failure is reported, with 141 for a closed pipe as for the lz4 commands.
   */
  private int runText(String[] args, InputStream in, OutputStream out, PrintStream err) throws CliException {
    OutputStream failing = new FilterOutputStream(out) {
      @Override
      public void write(int b) {
        try {
          out.write(b);
        } catch (IOException e) {
          throw new StdoutFailed(e);
        }
      }

      @Override
      public void write(byte[] b, int off, int len) {
        try {
          out.write(b, off, len);
        } catch (IOException e) {
          throw new StdoutFailed(e);
        }
      }

      @Override
      public void flush() {
        try {
          out.flush();
        } catch (IOException e) {
          throw new StdoutFailed(e);
        }
      }
    };
    PrintStream printer = new PrintStream(failing, false, Charset.defaultCharset());
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    try {
      int code = args[0].equals("hash") ? new HashCommand(cwd, in, printer, err).run(rest)
          : new DemoCommand(cwd, printer, err).run(rest);
      printer.flush();
      return code;
    } catch (StdoutFailed e) {
      IOException cause = (IOException) e.getCause();
      err.print("celer: stdout: " + Errors.describe(cause) + "\n");
      return ExitCode.ofWriteFailure(cause, false, ExitCode.FAILED).code;
    }
  }

  /** A failed write to stdout under a PrintStream, carried past it unchecked. */
  private static final class StdoutFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StdoutFailed(IOException cause) {
      super(cause);
    }
  }
}
