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
 *   <li>{@code celer demo FILE...}: compresses and hashes each file in memory and prints sizes and
 *       speeds; see {@link DemoCommand}.
 * </ul>
 *
 * <p>For tests and embedding, {@link #run(String[], InputStream, OutputStream, PrintStream)} runs
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
    // stdout as a raw file descriptor: every failed write is an IOException, never a PrintStream flag
    OutputStream out = new FileOutputStream(FileDescriptor.out);
    int code = new Main(Paths.get("").toAbsolutePath(), Terminal.detect()).run(args, System.in, out, System.err);
    System.exit(code);
  }

  /**
   * Runs one command.
   *
   * @return the exit code: 0 on success
   */
  public int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
    TextOutput text = null;
    try {
      if (args.length > 0 && (args[0].equals("hash") || args[0].equals("demo"))) {
        text = new TextOutput(out);
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        int code = args[0].equals("hash") ? new HashCommand(cwd, in, text.printer, err).run(rest)
            : new DemoCommand(cwd, text.printer, err).run(rest);
        return text.check(code, err);
      }
      return new Lz4Command(new Lz4Io(cwd, terminal, in, out), err).run(args);
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
      if (text != null) {
        text.printer.flush();
      }
      err.flush();
    }
  }

  /**
   * The text output of {@code hash} and {@code demo}: a {@link PrintStream} for their formatting,
   * over a stream that remembers the first write failure, which {@link #check} then reports
   * (PrintStream itself would only set a flag).
   */
  private static final class TextOutput {
    private IOException failure;
    final PrintStream printer;

    TextOutput(OutputStream out) {
      OutputStream recording = new FilterOutputStream(out) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          try {
            out.write(b, off, len);
          } catch (IOException e) {
            if (failure == null) {
              failure = e;
            }
            throw e;
          }
        }

        @Override
        public void flush() throws IOException {
          try {
            out.flush();
          } catch (IOException e) {
            if (failure == null) {
              failure = e;
            }
            throw e;
          }
        }
      };
      printer = new PrintStream(recording, false, Charset.defaultCharset());
    }

    /** @return {@code code}, or a write error's code after printing it */
    int check(int code, PrintStream err) {
      printer.flush();
      if (failure == null && !printer.checkError()) {
        return code;
      }
      String reason = failure != null ? Errors.describe(failure) : "write failed";
      err.print("celer: stdout: " + reason + "\n");
      return failure != null ? ExitCode.ofWriteFailure(failure, ExitCode.FAILED).code : ExitCode.FAILED.code;
    }
  }
}
