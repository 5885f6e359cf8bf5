package dev.celer.cli;

import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code lz4}-compatible part of {@code celer}: {@link Lz4Arguments} parses the command line
 * into {@link Lz4Settings}; this class completes them as {@code programs/lz4cli.c} of lz4 v1.9.4
 * does (default output name, mode from the extension, pipe mode, console checks, dictionary) and
 * hands the files to one action: {@link CompressAction}, {@link DecompressAction} (also {@code
 * -t}) or {@link ListAction}. Exit codes come from {@link ExitCode}, checked against {@code
 * /usr/bin/lz4}. The codec work is done by Celer's frame API ({@link dev.celer.lz4.frame}).
 *
 * <p>Not thread-safe; one instance runs one command line.
 */
final class Lz4Command {
  private final Lz4Io io;
  private final Lz4Settings s;
  private final boolean chooseBackend;

  /** @param chooseBackend whether to pick the process's codec backend from the inputs ({@link BackendChoice}) */
  Lz4Command(Lz4Io io, PrintStream err, boolean chooseBackend) {
    this.io = io;
    this.s = new Lz4Settings(err);
    this.chooseBackend = chooseBackend;
  }

  int run(String[] args) throws CliException {
    Lz4Arguments parser = new Lz4Arguments(s);
    switch (parser.parse(args)) {
      case VERSION -> {
        printToStdout(Lz4Usage.welcome());
        return 0;
      }
      case HELP -> {
        Lz4Usage.usageAdvanced(s.err);
        return 0;
      }
      case LONG_HELP -> {
        Lz4Usage.usageAdvanced(s.err);
        Lz4Usage.usageLong(s.err);
        return 0;
      }
      case NONE -> { }
    }
    return execute(parser);
  }

  /** lz4 prints its version on stdout. */
  private void printToStdout(String text) throws CliException {
    try {
      io.stdout().write(text.getBytes(StandardCharsets.UTF_8));
      io.stdout().flush();
    } catch (IOException e) {
      throw s.failure(ExitCode.ofWriteFailure(e, false, ExitCode.FAILED), "Write error : " + Errors.describe(e));
    }
  }

  private int execute(Lz4Arguments parser) throws CliException {
    String input = s.input;
    String output = s.outputOverride != null ? s.outputOverride : s.output;
    List<String> inFiles = s.inFiles;
    if (s.displayLevel >= 3) {
      s.display(3, Lz4Usage.welcome());
    }
    if (s.mode == Lz4Settings.Mode.COMPRESS) {
      s.display(4, "Blocks size : " + (Lz4FrameOptions.BlockSize.ofCode(s.blockSizeId).bytes() >> 10) + " KB\n");
    }
    if (s.multiple) {
      if (s.recursive) {
        inFiles = expandDirectories(inFiles);
      }
      input = inFiles.isEmpty() ? null : inFiles.get(0);
    }
    if (s.mode == Lz4Settings.Mode.TEST) {
      s.testMode = true;
      s.overwrite = true;
      output = Lz4Settings.NUL;
      s.mode = Lz4Settings.Mode.DECOMPRESS;
    }
    if (s.dictionaryName != null) {
      if (s.dictionaryName.equals(Source.STDIN) && io.terminal().stdin()) {
        throw new CliException(ExitCode.FAILED, s.displayLevel >= 1 ? "refusing to read from a console\n" : "");
      }
      s.dictionary = readDictionary(s.dictionaryName);
    }
    if (input == null) {
      input = Source.STDIN;
    }
    boolean fromStdin = input.equals(Source.STDIN);
    if (fromStdin && io.terminal().stdin()) {
      throw new CliException(ExitCode.FAILED, s.displayLevel >= 1 ? "refusing to read from a console\n" : "");
    }
    if (fromStdin && output == null) {
      output = Lz4Settings.STDOUT;
    }
    if (output == null && !s.multiple) {
      if (!io.terminal().stdout() && s.mode != Lz4Settings.Mode.LIST) {
        s.display(1, "Warning : using stdout as default output. Do not rely on this behavior: use explicit `-c` instead ! \n");
        output = Lz4Settings.STDOUT;
      } else {
        output = defaultOutputName(input, parser);
      }
    }
    if (output == null) {
      output = "*\\dummy^!//";
    }
    if (output.equals(Lz4Settings.STDOUT) && io.terminal().stdout() && !s.forceStdout) {
      throw new CliException(ExitCode.FAILED, s.displayLevel >= 1 ? "refusing to write to console without -c \n" : "");
    }
    if (output.equals(Lz4Settings.STDOUT) && s.displayLevel == 2) {
      s.displayLevel = 1;
    }
    if (s.multiple && s.displayLevel == 2) {
      s.displayLevel = 1;
    }
    if (s.mode == Lz4Settings.Mode.AUTO) {
      s.mode = input.endsWith(Lz4Settings.EXT) ? Lz4Settings.Mode.DECOMPRESS : Lz4Settings.Mode.COMPRESS;
    }
    if (inFiles.isEmpty()) {
      s.multiple = false;
    }
    if (chooseBackend && s.mode != Lz4Settings.Mode.LIST) {
      BackendChoice.forInputs(io.cwd(), s.multiple ? inFiles : List.of(input));
      if (s.mode == Lz4Settings.Mode.DECOMPRESS || s.contentChecksum && !s.legacy) {
        BackendChoice.bindChecksumAhead();
      }
    }
    return switch (s.mode) {
      case DECOMPRESS -> new DecompressAction(s, io).run(input, output, inFiles);
      case LIST -> new ListAction(s, io).run(s.multiple ? inFiles : List.of(input));
      default -> new CompressAction(s, io).run(input, output, inFiles);
    };
  }

  /** lz4's output name on a terminal: {@code name.lz4}, or {@code name} without {@code .lz4}. */
  private String defaultOutputName(String input, Lz4Arguments parser) throws CliException {
    String ext = Lz4Settings.EXT;
    if (s.mode == Lz4Settings.Mode.AUTO) {
      s.mode = input.endsWith(ext) ? Lz4Settings.Mode.DECOMPRESS : Lz4Settings.Mode.COMPRESS;
    }
    if (s.mode == Lz4Settings.Mode.COMPRESS) {
      String output = input + ext;
      s.display(2, "Compressed filename will be : " + output + " \n");
      return output;
    }
    if (s.mode == Lz4Settings.Mode.DECOMPRESS) {
      if (input.length() <= ext.length() || !input.endsWith(ext)) {
        s.display(1, "Cannot determine an output filename\n");
        throw parser.badUsage();
      }
      String output = input.substring(0, input.length() - ext.length());
      s.display(2, "Decoding file " + output + " \n");
      return output;
    }
    return null;
  }

  private List<String> expandDirectories(List<String> names) {
    List<String> files = new ArrayList<>();
    for (String n : names) {
      Path p = io.cwd().resolve(n);
      if (Files.isDirectory(p)) {
        try (Stream<Path> walk = Files.walk(p)) {
          walk.filter(Files::isRegularFile).sorted()
              .forEach(f -> files.add(n + (n.endsWith("/") ? "" : "/") + p.relativize(f).toString()));
        } catch (IOException e) {
          s.display(1, n + ": " + Errors.describe(e) + "\n");
        }
      } else {
        files.add(n);
      }
    }
    return files;
  }

  /** @return the whole dictionary file; the frame options keep its last 64 KB, as lz4 does */
  private byte[] readDictionary(String name) throws CliException {
    try {
      return name.equals(Source.STDIN) ? io.stdin().readAllBytes() : Files.readAllBytes(io.cwd().resolve(name));
    } catch (IOException e) {
      s.display(1, name + ": " + Errors.describe(e) + " \n");
      throw s.failure(ExitCode.DICTIONARY, "Dictionary error : could not open dictionary file");
    }
  }
}
