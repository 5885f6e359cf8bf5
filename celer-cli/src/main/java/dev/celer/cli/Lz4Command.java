package dev.celer.cli;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInfo;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code lz4}-compatible part of {@code celer}: option parsing, choice of input and output,
 * messages and exit codes follow {@code programs/lz4cli.c} and {@code programs/lz4io.c} of lz4
 * v1.9.4, checked against {@code /usr/bin/lz4}. The codec work is done by Celer's frame API
 * ({@link dev.celer.lz4.frame}).
 *
 * <p>Not thread-safe; one instance runs one command line.
 */
final class Lz4Command {
  static final String WELCOME = "*** celer " + Main.VERSION
      + " : LZ4 command line interface in pure Java, compatible with lz4 v1.9.4 ***\n";
  private static final String STDIN = "stdin";
  private static final String STDOUT = "stdout";
  private static final String NUL = "/dev/null";
  private static final String NULL_OUTPUT = "null";
  private static final String EXT = ".lz4";
  private static final int MAGIC = 0x184D2204;
  private static final int LEGACY_MAGIC = 0x184C2102;
  private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
  private static final int SKIPPABLE0 = 0x184D2A50;

  private enum Mode { AUTO, COMPRESS, DECOMPRESS, TEST, LIST }

  private final Path cwd;
  private final Terminal terminal;
  private final InputStream stdin;
  private final PrintStream stdout;
  private final PrintStream err;

  // settings, with lz4's defaults
  private int level = 1;
  private Mode mode = Mode.AUTO;
  private boolean forceStdout;
  private boolean multiple;
  private boolean recursive;
  private boolean overwrite;
  private boolean passThrough;
  private boolean testMode;
  private boolean removeSrc;
  private boolean legacy;
  private int displayLevel = 2;
  private int blockSizeId = 7;
  private boolean linked;
  private boolean blockChecksum;
  private boolean contentChecksum = true;
  private boolean contentSize;
  private String dictionaryName;
  private byte[] dictionary;
  private int threads = 1;

  Lz4Command(Path cwd, Terminal terminal, InputStream stdin, PrintStream stdout, PrintStream err) {
    this.cwd = cwd;
    this.terminal = terminal;
    this.stdin = stdin;
    this.stdout = stdout;
    this.err = err;
  }

  private void display(int lvl, String s) {
    if (displayLevel >= lvl) {
      err.print(s);
    }
  }

  // ------------------------------------------------------------------ parsing

  int run(String[] args) throws CliException {
    String input = null;
    String output = null;
    List<String> inFiles = new ArrayList<>();
    boolean allFiles = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (!allFiles && a.startsWith("-") && a.length() > 1) {
        if (a.startsWith("--")) {
          if (longOption(a)) {
            continue;
          }
          if (a.equals("--")) {
            allFiles = true;
            continue;
          }
          if (a.equals("--version")) {
            err.print(WELCOME);
            return 0;
          }
          if (a.equals("--help")) {
            usageAdvanced();
            return 0;
          }
          if (a.startsWith("--threads=")) {
            threads = parseThreads(a.substring("--threads=".length()));
            continue;
          }
          throw badUsage();
        }
        for (int j = 1; j < a.length(); j++) {
          char c = a.charAt(j);
          if (c >= '0' && c <= '9') {
            int k = j;
            while (k < a.length() && Character.isDigit(a.charAt(k))) {
              k++;
            }
            level = parseInt(a.substring(j, k));
            j = k - 1;
            continue;
          }
          switch (c) {
            case 'V' -> {
              err.print(WELCOME);
              return 0;
            }
            case 'h' -> {
              usageAdvanced();
              return 0;
            }
            case 'H' -> {
              usageAdvanced();
              usageLong();
              return 0;
            }
            case 'z' -> mode = Mode.COMPRESS;
            case 'd' -> mode = Mode.DECOMPRESS;
            case 't' -> mode = Mode.TEST;
            case 'l' -> legacy = true;
            case 'c' -> {
              forceStdout = true;
              output = STDOUT;
              passThrough = true;
            }
            case 'f' -> overwrite = true;
            case 'v' -> displayLevel++;
            case 'q' -> displayLevel = Math.max(0, displayLevel - 1);
            case 'k' -> removeSrc = false;
            case 'm' -> multiple = true;
            case 'r' -> {
              recursive = true;
              multiple = true;
            }
            case 'D' -> {
              if (j + 1 < a.length()) {
                dictionaryName = a.substring(j + 1);
              } else if (i + 1 < args.length) {
                dictionaryName = args[++i];
              } else {
                throw badUsage();
              }
              j = a.length();
            }
            case 'T' -> {
              if (j + 1 < a.length()) {
                threads = parseThreads(a.substring(j + 1));
              } else if (i + 1 < args.length) {
                threads = parseThreads(args[++i]);
              } else {
                throw badUsage();
              }
              j = a.length();
            }
            case 'B' -> j = blockOptions(a, j);
            case 'b', 'e', 'i', 'S', 'p' -> throw new CliException(1,
                "celer: the benchmark options (-b, -e, -i) are not supported; use celer-bench\n");
            default -> throw badUsage();
          }
        }
        continue;
      }
      if (!allFiles && a.equals("-")) {
        if (input == null) {
          input = STDIN;
        } else {
          output = STDOUT;
        }
        continue;
      }
      if (multiple) {
        inFiles.add(a);
        continue;
      }
      if (input == null) {
        input = a;
        continue;
      }
      if (output == null) {
        output = a.equals(NULL_OUTPUT) ? NUL : a;
        continue;
      }
      throw new CliException(1, displayLevel >= 1
          ? "Error : " + a + " won't be used ! Do you want multiple input files (-m) ? \n" : "");
    }
    return execute(input, output, inFiles);
  }

  /** @return true when {@code a} is one of lz4's long options (and applies it) */
  private boolean longOption(String a) throws CliException {
    switch (a) {
      case "--compress" -> mode = Mode.COMPRESS;
      case "--decompress", "--uncompress" -> mode = Mode.DECOMPRESS;
      case "--multiple" -> multiple = true;
      case "--test" -> mode = Mode.TEST;
      case "--force" -> overwrite = true;
      case "--no-force" -> overwrite = false;
      case "--stdout", "--to-stdout" -> {
        forceStdout = true;
        outputOverride = STDOUT;
      }
      case "--frame-crc" -> contentChecksum = true;
      case "--no-frame-crc" -> contentChecksum = false;
      case "--content-size" -> contentSize = true;
      case "--no-content-size" -> contentSize = false;
      case "--list" -> mode = Mode.LIST;
      case "--sparse", "--no-sparse", "--favor-decSpeed" -> { } // accepted; no effect in celer
      case "--verbose" -> displayLevel++;
      case "--quiet" -> displayLevel = Math.max(0, displayLevel - 1);
      case "--keep" -> removeSrc = false;
      case "--rm" -> removeSrc = true;
      case "--best" -> level = 12;
      case "--fast" -> level = -1;
      default -> {
        if (a.startsWith("--fast=")) {
          int n = parseInt(a.substring("--fast=".length()));
          if (n <= 0) {
            throw badUsage();
          }
          level = -n;
          return true;
        }
        return false;
      }
    }
    return true;
  }

  /** Set by --stdout; applied once parsing ends (lz4 sets the output name at once, as -c does). */
  private String outputOverride;

  /** Parses -B flags starting at {@code a[j] == 'B'}; @return the index of the last consumed char */
  private int blockOptions(String a, int j) throws CliException {
    while (j + 1 < a.length()) {
      char c = a.charAt(j + 1);
      if (c == 'D') {
        linked = true;
        j++;
      } else if (c == 'I') {
        linked = false;
        j++;
      } else if (c == 'X') {
        blockChecksum = true;
        j++;
      } else if (c >= '0' && c <= '9') {
        int k = j + 1;
        while (k < a.length() && Character.isDigit(a.charAt(k))) {
          k++;
        }
        int b = parseInt(a.substring(j + 1, k));
        if (b < 4) {
          throw badUsage();
        }
        if (b > 7) {
          if (b < 32) {
            throw badUsage();
          }
          throw new CliException(1, "celer: custom block sizes (-B" + b + ") are not supported; use -B4..-B7\n");
        }
        blockSizeId = b;
        display(2, "using blocks of size " + (Lz4FrameOptions.BlockSize.ofCode(b).bytes() >> 10) + " KB \n");
        j = k - 1;
      } else {
        break;
      }
    }
    return j;
  }

  private int parseThreads(String s) throws CliException {
    int n = parseInt(s);
    if (n < 0) {
      throw badUsage();
    }
    return n == 0 ? Runtime.getRuntime().availableProcessors() : n;
  }

  private int parseInt(String s) throws CliException {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw badUsage();
    }
  }

  // ------------------------------------------------------------------ what to do

  private int execute(String input, String output, List<String> inFiles) throws CliException {
    if (outputOverride != null) {
      output = outputOverride;
    }
    display(3, WELCOME);
    if (mode == Mode.COMPRESS) {
      display(4, "Blocks size : " + (Lz4FrameOptions.BlockSize.ofCode(blockSizeId).bytes() >> 10) + " KB\n");
    }
    if (multiple) {
      if (recursive) {
        inFiles = expandDirectories(inFiles);
      }
      input = inFiles.isEmpty() ? null : inFiles.get(0);
    }
    if (mode == Mode.TEST) {
      testMode = true;
      overwrite = true;
      output = NUL;
      mode = Mode.DECOMPRESS;
    }
    if (dictionaryName != null) {
      if (isStdin(dictionaryName) && terminal.stdin()) {
        throw new CliException(1, displayLevel >= 1 ? "refusing to read from a console\n" : "");
      }
      dictionary = readDictionary(dictionaryName);
    }
    if (input == null) {
      input = STDIN;
    }
    if (isStdin(input) && terminal.stdin()) {
      throw new CliException(1, displayLevel >= 1 ? "refusing to read from a console\n" : "");
    }
    if (isStdin(input) && output == null) {
      output = STDOUT;
    }
    if (output == null && !multiple) {
      if (!terminal.stdout() && mode != Mode.LIST) {
        display(1, "Warning : using stdout as default output. Do not rely on this behavior: use explicit `-c` instead ! \n");
        output = STDOUT;
      } else {
        if (mode == Mode.AUTO) {
          mode = input.endsWith(EXT) ? Mode.DECOMPRESS : Mode.COMPRESS;
        }
        if (mode == Mode.COMPRESS) {
          output = input + EXT;
          display(2, "Compressed filename will be : " + output + " \n");
        } else if (mode == Mode.DECOMPRESS) {
          if (input.length() <= EXT.length() || !input.endsWith(EXT)) {
            display(1, "Cannot determine an output filename\n");
            throw badUsage();
          }
          output = input.substring(0, input.length() - EXT.length());
          display(2, "Decoding file " + output + " \n");
        }
      }
    }
    if (output == null) {
      output = "*\\dummy^!//";
    }
    if (output.equals(STDOUT) && terminal.stdout() && !forceStdout) {
      throw new CliException(1, displayLevel >= 1 ? "refusing to write to console without -c \n" : "");
    }
    if (output.equals(STDOUT) && displayLevel == 2) {
      displayLevel = 1;
    }
    if (multiple && displayLevel == 2) {
      displayLevel = 1;
    }
    if (mode == Mode.AUTO) {
      mode = input.endsWith(EXT) ? Mode.DECOMPRESS : Mode.COMPRESS;
    }
    if (inFiles.isEmpty()) {
      multiple = false;
    }
    switch (mode) {
      case DECOMPRESS -> {
        if (multiple) {
          return decompressMultiple(inFiles, output.equals(STDOUT));
        }
        return decompressFile(input, output);
      }
      case LIST -> {
        if (!multiple) {
          inFiles = List.of(input);
        }
        return list(inFiles);
      }
      default -> {
        if (multiple) {
          int missed = 0;
          for (String f : inFiles) {
            missed += compressFile(f, output.equals(STDOUT) ? STDOUT : f + EXT);
          }
          return missed;
        }
        return compressFile(input, output);
      }
    }
  }

  private List<String> expandDirectories(List<String> names) {
    List<String> files = new ArrayList<>();
    for (String n : names) {
      Path p = cwd.resolve(n);
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.walk(p)) {
          s.filter(Files::isRegularFile).sorted()
              .forEach(f -> files.add(n + (n.endsWith("/") ? "" : "/") + p.relativize(f).toString()));
        } catch (IOException e) {
          display(1, n + ": " + Errors.describe(e) + "\n");
        }
      } else {
        files.add(n);
      }
    }
    return files;
  }

  private byte[] readDictionary(String name) throws CliException {
    try {
      byte[] all = isStdin(name) ? stdin.readAllBytes() : Files.readAllBytes(cwd.resolve(name));
      int keep = Math.min(all.length, 64 * 1024);
      return java.util.Arrays.copyOfRange(all, all.length - keep, all.length);
    } catch (IOException e) {
      display(1, name + ": " + Errors.describe(e) + " \n");
      throw new CliException(25, displayLevel >= 1 ? "Error 25 : Dictionary error : could not open dictionary file \n" : "");
    }
  }

  private static boolean isStdin(String name) {
    return name.equals(STDIN);
  }

  // ------------------------------------------------------------------ files

  /** The source of one operation; {@code size} is -1 when unknown (stdin). */
  private record Source(InputStream in, long size, Path path) {}

  /** @return the source, or null after printing why it cannot be opened (lz4: a "missed" file) */
  private Source openSource(String name) {
    if (isStdin(name)) {
      return new Source(stdin, -1, null);
    }
    Path p = cwd.resolve(name);
    try {
      if (Files.isDirectory(p)) {
        display(1, name + ": Is a directory \n");
        return null;
      }
      InputStream in = Files.newInputStream(p);
      long size = Files.isRegularFile(p) ? Files.size(p) : -1;
      return new Source(new BufferedInputStream(in, 1 << 16), size, p);
    } catch (IOException e) {
      display(1, name + ": " + Errors.describe(e) + " \n");
      return null;
    }
  }

  /** An opened destination: a file it created (removed again on failure), stdout, or nothing. */
  private final class Destination implements AutoCloseable {
    final OutputStream out;
    final Path path;
    private boolean done;

    Destination(OutputStream out, Path path) {
      this.out = out;
      this.path = path;
    }

    void commit() throws IOException {
      out.flush();
      if (path != null) {
        out.close();
      }
      done = true;
    }

    @Override
    public void close() {
      if (!done && path != null) {
        try {
          out.close();
        } catch (IOException ignored) {
          // the partial file is removed below anyway
        }
        try {
          Files.deleteIfExists(path);
        } catch (IOException ignored) {
          // nothing more to do
        }
      }
    }
  }

  /** @return the destination, or null after printing why not (lz4: "not overwritten") */
  private Destination openDestination(String name) {
    if (name.equals(STDOUT)) {
      return new Destination(stdout, null);
    }
    if (name.equals(NUL)) {
      return new Destination(OutputStream.nullOutputStream(), null);
    }
    Path p = cwd.resolve(name);
    if (!overwrite && Files.exists(p)) {
      if (displayLevel <= 1) {
        err.print(name + " already exists; not overwritten  \n");
        return null;
      }
      err.print(name + " already exists; do you want to overwrite (y/N) ? ");
      if (!confirm()) {
        err.print("    not overwritten  \n");
        return null;
      }
    }
    try {
      OutputStream o = Files.newOutputStream(p, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
          StandardOpenOption.WRITE);
      return new Destination(new BufferedOutputStream(o, 1 << 16), p);
    } catch (IOException e) {
      display(1, name + ": " + Errors.describe(e) + "\n");
      return null;
    }
  }

  /** Asks on the terminal; without one (or when stdin carries data) the answer is no. */
  private boolean confirm() {
    if (!terminal.stdin()) {
      return false;
    }
    try {
      int ch = stdin.read();
      int c = ch;
      while (c >= 0 && c != '\n') {
        c = stdin.read();
      }
      return ch == 'y' || ch == 'Y';
    } catch (IOException e) {
      return false;
    }
  }

  /** Copies modification time and permissions of the source to the output, as lz4 does. */
  private static void copyAttributes(Path src, Path dst) {
    if (src == null || dst == null) {
      return;
    }
    try {
      FileTime t = Files.getLastModifiedTime(src);
      Files.setLastModifiedTime(dst, t);
      Files.setPosixFilePermissions(dst, Files.getPosixFilePermissions(src, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException | UnsupportedOperationException e) {
      // best effort, as lz4's UTIL_setFileStat
    }
  }

  private void removeSource(Source s, String name, int code) throws CliException {
    if (removeSrc && s.path != null) {
      try {
        Files.delete(s.path);
      } catch (IOException e) {
        throw new CliException(code, displayLevel >= 1
            ? "Error " + code + " : Remove error : " + name + ": " + Errors.describe(e) + " \n" : "");
      }
    }
  }

  // ------------------------------------------------------------------ compression

  /** @return 0 on success, 1 when the file was missed (source or destination not opened) */
  private int compressFile(String src, String dst) throws CliException {
    Source s = openSource(src);
    if (s == null) {
      return 1;
    }
    try (InputStream in = s.in) {
      Destination d = openDestination(dst);
      if (d == null) {
        return 1;
      }
      long[] sizes;
      try (d) {
        Progress progress = new Progress(err, terminal.stderr() && displayLevel >= 2, "Read", s.size);
        sizes = new FrameCompressor(options(), contentSize, threads).compress(in, d.out, s.size, progress);
        progress.clear();
        d.commit();
      } catch (IOException e) {
        throw ioFailure(s, d, e, 36, "Write error : cannot write compressed block");
      } catch (UnsupportedOperationException e) {
        throw new CliException(1, "celer: compression level " + level + " needs LZ4 HC, which this build does not"
            + " have yet; use -1 or -2\n");
      }
      copyAttributes(s.path, d.path);
      removeSource(s, src, 40);
      display(2, "\r" + " ".repeat(79) + "\r");
      display(2, String.format(Locale.ROOT, "Compressed %d bytes into %d bytes ==> %.2f%%\n",
          sizes[0], sizes[1], 100.0 * sizes[1] / Math.max(1, sizes[0])));
      return 0;
    } catch (IOException e) {
      return 0; // closing the source failed after success: nothing to report
    }
  }

  private Lz4FrameOptions options() {
    return Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.ofCode(blockSizeId))
        .linkedBlocks(linked)
        .blockChecksum(blockChecksum)
        .contentChecksum(contentChecksum)
        .level(legacy ? Math.max(1, level) : level)
        .dictionary(legacy ? null : dictionary)
        .legacy(legacy)
        .closeUnderlying(false)
        .build();
  }

  /** Maps a failure while reading the source or writing the destination to lz4's exit codes. */
  private CliException ioFailure(Source s, Destination d, IOException e, int code, String what) {
    if (e instanceof SourceReadException r) {
      return new CliException(30, displayLevel >= 1
          ? "Error 30 : Error reading " + (s.path == null ? STDIN : s.path.getFileName()) + " : "
              + Errors.describe(r.cause()) + " \n" : "");
    }
    return new CliException(code, displayLevel >= 1 ? "Error " + code + " : " + what + " : " + Errors.describe(e) + " \n" : "");
  }

  /** Wraps a failure of the source, to tell it apart from one of the destination. */
  static final class SourceReadException extends IOException {
    private static final long serialVersionUID = 1L;

    SourceReadException(IOException cause) {
      super(cause);
    }

    IOException cause() {
      return (IOException) getCause();
    }
  }

  // ------------------------------------------------------------------ decompression

  private int decompressMultiple(List<String> files, boolean toStdout) throws CliException {
    int missed = 0;
    for (String f : files) {
      if (toStdout) {
        missed += decompressFile(f, STDOUT);
        continue;
      }
      if (f.length() <= EXT.length() || !f.endsWith(EXT)) {
        display(1, "File extension doesn't match expected LZ4_EXTENSION (" + EXT + "); will not process file: " + f + "\n");
        missed++;
        continue;
      }
      missed += decompressFile(f, f.substring(0, f.length() - EXT.length()));
    }
    return missed;
  }

  private int decompressFile(String src, String dst) throws CliException {
    Source s = openSource(src);
    if (s == null) {
      return 1;
    }
    try (InputStream in = s.in) {
      Destination d = openDestination(dst);
      if (d == null) {
        return 1;
      }
      long decoded;
      try (d) {
        Progress progress = new Progress(err, terminal.stderr() && displayLevel >= 2, "Decompressed", -1);
        decoded = decode(in, d.out, progress);
        progress.clear();
        d.commit();
      } catch (IOException e) {
        throw ioFailure(s, d, e, 70, "Write error : cannot write decoded block");
      }
      copyAttributes(s.path, d.path);
      removeSource(s, src, 45);
      display(2, "\r" + " ".repeat(79) + "\r");
      String shown = src.length() > 20 ? src.substring(0, 20) : src;
      display(2, String.format(Locale.ROOT, "%-20s : decoded %d bytes \n", shown, decoded));
      return 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private static final Pattern AT_OFFSET = Pattern.compile("at offset (\\d+)");

  /** Decodes all frames of {@code in} into {@code out}, as lz4's {@code selectDecoder} loop. */
  private long decode(InputStream in, OutputStream out, Progress progress) throws CliException, IOException {
    byte[] magic = new byte[4];
    int n = readFully(in, magic, 4);
    if (n == 0) {
      return 0;
    }
    if (n < 4) {
      throw new CliException(40, error(40, "Unrecognized header : Magic Number unreadable"));
    }
    int m = (magic[0] & 0xFF) | (magic[1] & 0xFF) << 8 | (magic[2] & 0xFF) << 16 | (magic[3] & 0xFF) << 24;
    InputStream all = new SequenceInputStream(new ByteArrayInputStream(magic), in);
    if (m != MAGIC && m != LEGACY_MAGIC && (m & SKIPPABLE_MASK) != SKIPPABLE0) {
      if (!testMode && overwrite && passThrough) {
        return all.transferTo(out); // like zcat -f: not LZ4, copied as is
      }
      throw new CliException(44, error(44, "Unrecognized header : file cannot be decoded"));
    }
    Lz4FrameReadOptions.Builder ro = Lz4FrameReadOptions.builder().closeUnderlying(false);
    if (dictionary != null) {
      ro.dictionary(dictionary);
    }
    Lz4FrameInputStream fin = new Lz4FrameInputStream(all, ro.build());
    byte[] buf = new byte[1 << 16];
    long total = 0;
    try {
      for (int r; (r = fin.read(buf)) >= 0; ) {
        out.write(buf, 0, r);
        total += r;
        progress.update(total, -1);
      }
    } catch (Lz4StreamException e) {
      String msg = String.valueOf(e.getMessage());
      if (msg.startsWith("unknown magic number") && fin.framesRead() > 0) {
        // lz4: data after the last frame ends the stream with a notice, not an error.
        Matcher at = AT_OFFSET.matcher(msg);
        display(2, "Stream followed by undecodable data " + (at.find() ? "at position " + (Long.parseLong(at.group(1)) + 4) + " " : "") + "\n");
        return total;
      }
      if (msg.contains("truncated")) {
        throw new CliException(68, error(68, "Unfinished stream") + detail(msg));
      }
      throw new CliException(66, error(66, "Decompression error : " + msg));
    }
    return total;
  }

  private String error(int code, String what) {
    return displayLevel >= 1 ? "Error " + code + " : " + what + " \n" : "";
  }

  private String detail(String msg) {
    return displayLevel >= 3 ? "(" + msg + ")\n" : "";
  }

  static int readFully(InputStream in, byte[] b, int len) throws IOException {
    int done = 0;
    while (done < len) {
      int r;
      try {
        r = in.read(b, done, len - done);
      } catch (IOException e) {
        throw new SourceReadException(e);
      }
      if (r < 0) {
        break;
      }
      done += r;
    }
    return done;
  }

  // ------------------------------------------------------------------ --list

  private int list(List<String> files) throws CliException {
    if (displayLevel < 3) {
      stdout.print(String.format(Locale.ROOT, "%10s %14s %5s %11s %13s %9s   %s\n",
          "Frames", "Type", "Block", "Compressed", "Uncompressed", "Ratio", "Filename"));
    }
    int idx = 0;
    for (String name : files) {
      idx++;
      Path p = cwd.resolve(name);
      if (isStdin(name) || !Files.isRegularFile(p)) {
        throw new CliException(1, displayLevel >= 1 ? "lz4: " + name + " is not a regular file \n" : "");
      }
      String base = p.getFileName().toString();
      List<Lz4FrameInfo> frames;
      long fileSize;
      try (InputStream in = new BufferedInputStream(Files.newInputStream(p), 1 << 16)) {
        fileSize = Files.size(p);
        frames = Lz4Frame.list(in);
      } catch (IOException e) {
        frames = null;
        fileSize = 0;
      }
      display(3, base + "(" + idx + "/" + files.size() + ")\n");
      display(3, String.format(Locale.ROOT, "    %6s %14s %5s %8s %20s %20s %9s\n",
          "Frame", "Type", "Block", "Checksum", "Compressed", "Uncompressed", "Ratio"));
      if (frames == null || frames.isEmpty()) {
        throw new CliException(1, displayLevel >= 1 ? "lz4: " + name + ": File format not recognized \n" : "");
      }
      boolean eqTypes = true;
      boolean eqBlocks = true;
      boolean allContentSize = true;
      long totalContent = 0;
      Lz4FrameInfo prev = null;
      int k = 0;
      for (Lz4FrameInfo f : frames) {
        k++;
        switch (f.type()) {
          case FRAME -> {
            if (prev != null && prev.type() != Lz4FrameInfo.Type.FRAME) {
              eqTypes = false;
            }
            if (prev != null && (prev.type() != Lz4FrameInfo.Type.FRAME || prev.blockSize() != f.blockSize()
                || prev.linkedBlocks() != f.linkedBlocks())) {
              eqBlocks = false;
            }
            String line = String.format(Locale.ROOT, "    %6d %14s %5s %8s", k, "LZ4Frame", blockType(f),
                f.contentChecksum() ? "XXH32" : "-");
            if (f.contentSize() > 0) {
              line += String.format(Locale.ROOT, " %20d %20d %9.2f%%\n", f.compressedSize(), f.contentSize(),
                  100.0 * f.compressedSize() / f.contentSize());
              totalContent += f.contentSize();
            } else {
              line += String.format(Locale.ROOT, " %20d %20s %9s \n", f.compressedSize(), "-", "-");
              allContentSize = false;
            }
            display(3, line);
          }
          case LEGACY -> {
            if (prev != null && prev.type() != Lz4FrameInfo.Type.LEGACY) {
              eqTypes = false;
            }
            eqBlocks = false;
            allContentSize = false;
            display(3, String.format(Locale.ROOT, "    %6d %14s %5s %8s %20d %20s %9s\n", k, "LegacyFrame", "-", "-",
                f.compressedSize(), "-", "-"));
          }
          case SKIPPABLE -> {
            if (prev != null && prev.type() != Lz4FrameInfo.Type.SKIPPABLE) {
              eqTypes = false;
            }
            eqBlocks = false;
            allContentSize = false;
            display(3, String.format(Locale.ROOT, "    %6d %14s %5s %8s %20d %20s %9s\n", k, "SkippableFrame", "-",
                "-", f.compressedSize(), "-", "-"));
          }
        }
        prev = f;
      }
      display(3, "\n");
      if (displayLevel < 3) {
        Lz4FrameInfo last = frames.get(frames.size() - 1);
        String type = !eqTypes ? "-" : switch (last.type()) {
          case FRAME -> "LZ4Frame";
          case LEGACY -> "LegacyFrame";
          case SKIPPABLE -> "SkippableFrame";
        };
        String line = String.format(Locale.ROOT, "%10d %14s %5s %11s %13s ", frames.size(), type,
            eqBlocks && last.type() == Lz4FrameInfo.Type.FRAME ? blockType(last) : "-", human(fileSize),
            allContentSize ? human(totalContent) : "-");
        if (allContentSize) {
          line += String.format(Locale.ROOT, "%9.2f%%  %s \n", 100.0 * fileSize / totalContent, base);
        } else {
          line += String.format(Locale.ROOT, "%9s   %s\n", "-", base);
        }
        stdout.print(line);
      }
    }
    return 0;
  }

  private static String blockType(Lz4FrameInfo f) {
    return "B" + f.blockSize().code() + (f.linkedBlocks() ? "D" : "I");
  }

  /** lz4's {@code LZ4IO_toHuman}: two decimals and a K/M/G... suffix, powers of 1024. */
  private static String human(double size) {
    String units = "KMGTPEZY";
    int i = -1;
    while (size >= 1024) {
      size /= 1024;
      i++;
    }
    return String.format(Locale.ROOT, "%.2f", size) + (i >= 0 ? String.valueOf(units.charAt(i)) : "");
  }

  // ------------------------------------------------------------------ usage

  private CliException badUsage() {
    if (displayLevel >= 1) {
      err.print("Incorrect parameters\n");
      usage();
    }
    return new CliException(1, "");
  }

  private void usage() {
    err.print("Usage : \n"
        + "      celer [arg] [input] [output] \n"
        + "\n"
        + "input   : a filename \n"
        + "          with no FILE, or when FILE is - or stdin, read standard input\n"
        + "Arguments : \n"
        + " -1     : Fast compression (default) \n"
        + " -9     : High compression \n"
        + " -d     : decompression (default for .lz4 extension)\n"
        + " -z     : force compression \n"
        + " -D FILE: use FILE as dictionary \n"
        + " -f     : overwrite output without prompting \n"
        + " -k     : preserve source files(s)  (default) \n"
        + "--rm    : remove source file(s) after successful de/compression \n"
        + " -h/-H  : display help/long help and exit \n");
  }

  private void usageAdvanced() {
    err.print(WELCOME);
    usage();
    err.print("\n"
        + "Advanced arguments :\n"
        + " -V     : display Version number and exit \n"
        + " -v     : verbose mode \n"
        + " -q     : suppress warnings; specify twice to suppress errors too\n"
        + " -c     : force write to standard output, even if it is the console\n"
        + " -t     : test compressed file integrity\n"
        + " -m     : multiple input files (implies automatic output filenames)\n"
        + " -r     : operate recursively on directories (sets also -m) \n"
        + " -l     : compress using Legacy format (Linux kernel compression)\n"
        + " -B#    : predefined block size [4-7] (default: 7) \n"
        + " -BI    : Block Independence (default) \n"
        + " -BD    : Block dependency (improves compression ratio) \n"
        + " -BX    : enable block checksum (default:disabled) \n"
        + " -T#    : compress independent blocks on # threads (0: one per core; default: 1) \n"
        + "--no-frame-crc : disable stream checksum (default:enabled) \n"
        + "--content-size : compressed frame includes original size (default:not present)\n"
        + "--list FILE : lists information about .lz4 files (useful for files compressed with --content-size flag)\n"
        + "--fast[=#]: switch to ultra fast compression level (default: 1)\n"
        + "--best  : same as -12\n"
        + "\n"
        + "Other commands :\n"
        + " celer hash [-H0|-H1|-H2|-H3] [--tag] [-c FILE] [files] : xxHash checksums, as xxhsum\n"
        + " celer demo [FILE...] : compress and hash files (default: the sample corpus) in memory, print sizes and speeds\n");
  }

  private void usageLong() {
    err.print("\n"
        + "Which values can [output] have ? \n"
        + "---------------------------------\n"
        + "[output] : a filename \n"
        + "          'stdout', or '-' for standard output (pipe mode)\n"
        + "          'null' to discard output (test mode) \n"
        + "[output] can be left empty. In this case, it receives the following value :\n"
        + "          - if stdout is not the console, then [output] = stdout \n"
        + "          - if stdout is console : \n"
        + "               + for compression, output to filename.lz4 \n"
        + "               + for decompression, output to filename without '.lz4'\n"
        + "                    > if input filename has no '.lz4' extension : error \n"
        + "\n"
        + "Compression levels : \n"
        + "---------------------\n"
        + "-0 ... -2  => Fast compression, all identicals\n"
        + "-3 ... -12 => High compression; higher number == more compression but slower\n");
  }
}
