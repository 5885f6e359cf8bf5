package dev.celer.cli;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Indexer;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableReadOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The seekable-file subcommands ({@code docs/seekable-format.md}); each is a thin client of
 * {@code dev.celer.lz4.seekable}.
 *
 * <ul>
 *   <li>{@code celer index [--sidecar] FILE...}: builds the seek index of each LZ4 file (one
 *       decode pass) and appends it to the file, or with {@code --sidecar} writes it to {@code
 *       FILE.idx} and leaves the file as it is. A file that already ends with a valid index is left
 *       alone.
 *   <li>{@code celer cat [--offset N] [--length L] FILE}: writes the decoded bytes {@code [N, N+L)}
 *       (to the end without {@code --length}) to standard output, reading only the blocks that hold
 *       them; the index is the file's own, else {@code FILE.idx}.
 * </ul>
 *
 * As with {@code hash} and {@code demo}, only a first argument of {@code index} or {@code cat}
 * selects the subcommand: a file of that name is compressed with {@code celer ./index} or
 * {@code celer -z cat}. Exit codes: 0 on success, 1 for usage errors, unreadable or unindexable
 * files, 141 when stdout is a closed pipe. Not thread-safe; one instance per command line.
 */
final class SeekableCommand {
  private static final String INDEX_USAGE = "usage: celer index [--sidecar] FILE...\n"
      + "  appends a seek index to each LZ4 file (lz4 -d still reads it); --sidecar writes FILE.idx instead\n";
  private static final String CAT_USAGE = "usage: celer cat [--offset N] [--length L] FILE\n"
      + "  writes decoded bytes N..N+L-1 of a seekable LZ4 file (or one with FILE.idx) to stdout\n";

  private final Path cwd;
  private final OutputStream out;
  private final PrintStream err;

  SeekableCommand(Path cwd, OutputStream out, PrintStream err) {
    this.cwd = cwd;
    this.out = out;
    this.err = err;
  }

  int run(String command, String[] args) throws CliException {
    return command.equals("index") ? index(args) : cat(args);
  }

  private int index(String[] args) throws CliException {
    boolean sidecar = false;
    int failed = 0;
    int files = 0;
    boolean options = true;
    for (String a : args) {
      if (options && a.equals("--")) {
        options = false;
      } else if (options && a.equals("--sidecar")) {
        sidecar = true;
      } else if (options && a.equals("--help")) {
        err.print(INDEX_USAGE);
        return 0;
      } else if (options && a.startsWith("-") && a.length() > 1) {
        throw new CliException(1, "celer index: unknown option " + a + "\n" + INDEX_USAGE);
      }
    }
    options = true;
    for (String a : args) {
      if (options && a.startsWith("-") && a.length() > 1) {
        options = !a.equals("--");
        continue;
      }
      files++;
      Path f = cwd.resolve(a);
      try {
        if (!sidecar && hasIndex(f)) {
          err.print("celer index: " + a + ": already indexed\n");
          continue;
        }
        SeekIndex idx = sidecar ? SeekableLz4Indexer.writeSidecar(f) : SeekableLz4Indexer.appendIndex(f);
        err.print("celer index: " + a + ": " + idx.blockCount() + " blocks in " + idx.frameCount() + " frames, "
            + idx.contentSize() + " bytes; index of " + idx.toBytes().length + " bytes "
            + (sidecar ? "in " + SeekableLz4Indexer.sidecarPath(f).getFileName() : "appended") + "\n");
      } catch (IOException e) {
        err.print("celer index: " + a + ": " + describe(e) + "\n");
        failed++;
      }
    }
    if (files == 0) {
      throw new CliException(1, INDEX_USAGE);
    }
    return failed == 0 ? 0 : 1;
  }

  private int cat(String[] args) throws CliException {
    long offset = 0;
    long length = -1;
    String file = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--help" -> {
          err.print(CAT_USAGE);
          return 0;
        }
        case "--offset", "--length" -> {
          if (i + 1 == args.length) {
            throw new CliException(1, "celer cat: " + a + " needs a number\n" + CAT_USAGE);
          }
          long v = number(a, args[++i]);
          if (a.equals("--offset")) {
            offset = v;
          } else {
            length = v;
          }
        }
        default -> {
          if (file != null || (a.startsWith("-") && a.length() > 1)) {
            throw new CliException(1, "celer cat: unexpected argument " + a + "\n" + CAT_USAGE);
          }
          file = a;
        }
      }
    }
    if (file == null) {
      throw new CliException(1, CAT_USAGE);
    }
    Path f = cwd.resolve(file);
    try (SeekableLz4Reader r = open(f)) {
      long end = length < 0 ? r.size() : Math.min(r.size(), offset + Math.min(length, Long.MAX_VALUE - offset));
      long left = Math.max(0, end - offset);
      if (left > 0) {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = r.newInputStream(offset)) {
          while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n < 0) {
              break;
            }
            write(buf, n);
            left -= n;
          }
        }
      }
      flush();
      return 0;
    } catch (StdoutFailure e) {
      IOException cause = (IOException) e.getCause();
      err.print("celer cat: stdout: " + Errors.describe(cause) + "\n");
      return ExitCode.ofWriteFailure(cause, false, ExitCode.FAILED).code;
    } catch (IOException e) {
      err.print("celer cat: " + file + ": " + describe(e) + "\n");
      return 1;
    }
  }

  /** Opens {@code f} with its own index, else with the side-car {@code f.idx}. */
  private static SeekableLz4Reader open(Path f) throws IOException {
    try {
      return SeekableLz4Reader.open(f);
    } catch (Lz4StreamException e) {
      Path side = SeekableLz4Indexer.sidecarPath(f);
      if (e.kind() != Lz4StreamException.Kind.NOT_SEEKABLE || !Files.exists(side)) {
        throw e;
      }
    }
    FileChannel data = FileChannel.open(f, StandardOpenOption.READ);
    try {
      FileChannel idx = FileChannel.open(SeekableLz4Indexer.sidecarPath(f), StandardOpenOption.READ);
      try {
        return SeekableLz4Reader.open(RandomAccessSource.of(data), RandomAccessSource.of(idx),
            SeekableReadOptions.defaults());
      } catch (IOException | RuntimeException e) {
        idx.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      data.close();
      throw e;
    }
  }

  private static boolean hasIndex(Path f) throws IOException {
    try (SeekableLz4Reader r = SeekableLz4Reader.open(f)) {
      return true;
    } catch (Lz4StreamException e) {
      return false;
    }
  }

  private static String describe(IOException e) {
    if (e instanceof Lz4StreamException s) {
      String hint = s.kind() == Lz4StreamException.Kind.NOT_SEEKABLE ? " (index it with: celer index FILE)" : "";
      return s.getMessage() + hint;
    }
    return Errors.describe(e);
  }

  private static long number(String option, String s) throws CliException {
    try {
      long v = Long.parseLong(s);
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new CliException(1, "celer cat: " + option + " needs a number >= 0, not " + s + "\n");
  }

  private void write(byte[] b, int n) {
    try {
      out.write(b, 0, n);
    } catch (IOException e) {
      throw new StdoutFailure(e);
    }
  }

  private void flush() {
    try {
      out.flush();
    } catch (IOException e) {
      throw new StdoutFailure(e);
    }
  }

  /** A failed write to stdout, told apart from a failure to read the file. */
  private static final class StdoutFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StdoutFailure(IOException cause) {
      super(cause);
    }
  }
}
