package dev.celer.cli;

import dev.celer.lz4.Lz4Level;
import dev.celer.lz4.frame.Lz4FrameOptions;

/**
 * Parses an {@code lz4}-compatible command line into {@link Lz4Settings}, as {@code
 * programs/lz4cli.c} of lz4 v1.9.4 does: aggregated short options ({@code -9dc}), {@code -D FILE}
 * and {@code -DFILE}, {@code -B4..7}/{@code -BD}/{@code -BX}, the long options, {@code --} and
 * {@code -} for stdin/stdout. A bad option prints lz4's usage and fails with {@link
 * ExitCode#FAILED}.
 *
 * <p>Stateless apart from the settings it fills; one instance per command line.
 */
final class Lz4Arguments {
  /** A request that ends the command before any file is touched. */
  enum Info { NONE, VERSION, HELP, LONG_HELP }

  private static final String NULL_OUTPUT = "null";

  private final Lz4Settings s;

  Lz4Arguments(Lz4Settings s) {
    this.s = s;
  }

  /**
   * Parses {@code args} into the settings.
   *
   * @return {@link Info#NONE} to go on, or the information to print instead (lz4 stops parsing at
   *     {@code -V}, {@code -h}, {@code -H})
   */
  Info parse(String[] args) throws CliException {
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
            return Info.VERSION;
          }
          if (a.equals("--help")) {
            return Info.HELP;
          }
          if (a.startsWith("--threads=")) {
            s.threads = parseThreads(a.substring("--threads=".length()));
            continue;
          }
          throw badUsage();
        }
        for (int j = 1; j < a.length(); j++) {
          char c = a.charAt(j);
          if (c >= '0' && c <= '9') {
            long read = readU32(a, j);
            s.level = Lz4Level.of((int) read); // lz4 stores the unsigned value in an int
            j = (int) (read >>> 32) - 1;
            continue;
          }
          switch (c) {
            case 'V' -> {
              return Info.VERSION;
            }
            case 'h' -> {
              return Info.HELP;
            }
            case 'H' -> {
              return Info.LONG_HELP;
            }
            case 'z' -> s.mode = Lz4Settings.Mode.COMPRESS;
            case 'd' -> s.mode = Lz4Settings.Mode.DECOMPRESS;
            case 't' -> s.mode = Lz4Settings.Mode.TEST;
            case 'l' -> s.legacy = true;
            case 'c' -> {
              s.forceStdout = true;
              s.output = Lz4Settings.STDOUT;
              s.passThrough = true;
            }
            case 'f' -> s.overwrite = true;
            case 'v' -> s.displayLevel++;
            case 'q' -> s.displayLevel = Math.max(0, s.displayLevel - 1);
            case 'k' -> s.removeSrc = false;
            case 'm' -> s.multiple = true;
            case 'r' -> {
              s.recursive = true;
              s.multiple = true;
            }
            case 'D' -> {
              if (j + 1 < a.length()) {
                s.dictionaryName = a.substring(j + 1);
              } else if (i + 1 < args.length) {
                s.dictionaryName = args[++i];
              } else {
                throw badUsage();
              }
              j = a.length();
            }
            case 'T' -> {
              if (j + 1 < a.length()) {
                s.threads = parseThreads(a.substring(j + 1));
              } else if (i + 1 < args.length) {
                s.threads = parseThreads(args[++i]);
              } else {
                throw badUsage();
              }
              j = a.length();
            }
            case 'B' -> j = blockOptions(a, j);
            case 'b', 'e', 'i', 'S', 'p' -> throw new CliException(ExitCode.FAILED,
                "celer: the benchmark options (-b, -e, -i) are not supported; use celer-bench\n");
            default -> throw badUsage();
          }
        }
        continue;
      }
      if (!allFiles && a.equals("-")) {
        if (s.input == null) {
          s.input = Source.STDIN;
        } else {
          s.output = Lz4Settings.STDOUT;
        }
        continue;
      }
      if (s.multiple) {
        s.inFiles.add(a);
        continue;
      }
      if (s.input == null) {
        s.input = a;
        continue;
      }
      if (s.output == null) {
        s.output = a.equals(NULL_OUTPUT) ? Lz4Settings.NUL : a;
        continue;
      }
      throw new CliException(ExitCode.FAILED, s.displayLevel >= 1
          ? "Error : " + a + " won't be used ! Do you want multiple input files (-m) ? \n" : "");
    }
    return Info.NONE;
  }

  /** @return true when {@code a} is one of lz4's long options (and applies it) */
  private boolean longOption(String a) throws CliException {
    switch (a) {
      case "--compress" -> s.mode = Lz4Settings.Mode.COMPRESS;
      case "--decompress", "--uncompress" -> s.mode = Lz4Settings.Mode.DECOMPRESS;
      case "--multiple" -> s.multiple = true;
      case "--test" -> s.mode = Lz4Settings.Mode.TEST;
      case "--force" -> s.overwrite = true;
      case "--no-force" -> s.overwrite = false;
      case "--stdout", "--to-stdout" -> {
        s.forceStdout = true;
        s.outputOverride = Lz4Settings.STDOUT;
      }
      case "--frame-crc" -> s.contentChecksum = true;
      case "--no-frame-crc" -> s.contentChecksum = false;
      case "--content-size" -> s.contentSize = true;
      case "--no-content-size" -> s.contentSize = false;
      case "--seekable" -> s.seekable = true;
      case "--list" -> s.mode = Lz4Settings.Mode.LIST;
      case "--sparse" -> s.sparse = 2; // only picks lz4's exit code of a failed write
      case "--no-sparse" -> s.sparse = 0;
      case "--favor-decSpeed" -> { } // accepted; no effect in celer
      case "--verbose" -> s.displayLevel++;
      case "--quiet" -> s.displayLevel = Math.max(0, s.displayLevel - 1);
      case "--keep" -> s.removeSrc = false;
      case "--rm" -> s.removeSrc = true;
      case "--best" -> s.level = Lz4Level.high(Lz4Level.MAX);
      case "--fast" -> s.level = Lz4Level.of(-1);
      default -> {
        if (a.startsWith("--fast=")) {
          // lz4 reads the number as unsigned, ignores what follows it, refuses 0 and negates it
          // as an int: --fast=4294967295 is level 1.
          int n = (int) readU32(a, "--fast=".length());
          if (n == 0) {
            throw badUsage();
          }
          s.level = Lz4Level.of(-n);
          return true;
        }
        return false;
      }
    }
    return true;
  }

  /** Parses -B flags starting at {@code a[j] == 'B'}; @return the index of the last consumed char */
  private int blockOptions(String a, int j) throws CliException {
    while (j + 1 < a.length()) {
      char c = a.charAt(j + 1);
      if (c == 'D') {
        s.linked = true;
        j++;
      } else if (c == 'I') {
        s.linked = false;
        j++;
      } else if (c == 'X') {
        s.blockChecksum = true;
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
          throw new CliException(ExitCode.FAILED,
              "celer: custom block sizes (-B" + b + ") are not supported; use -B4..-B7\n");
        }
        s.blockSizeId = b;
        s.blockSizeGiven = true;
        s.display(2, "using blocks of size " + (Lz4FrameOptions.BlockSize.ofCode(b).bytes() >> 10) + " KB \n");
        j = k - 1;
      } else {
        break;
      }
    }
    return j;
  }

  /**
   * Reads a number at {@code a[from]} as lz4's {@code readU32FromChar} does: decimal digits into an
   * unsigned 32-bit value that wraps around on overflow, then an optional {@code K} or {@code M}
   * (times 1024 or 1024²), itself optionally followed by {@code i}, then by {@code B}.
   *
   * @return the value in the low 32 bits, the index after the number in the high 32 bits
   */
  static long readU32(String a, int from) {
    int i = from;
    int v = 0;
    while (i < a.length() && a.charAt(i) >= '0' && a.charAt(i) <= '9') {
      v = v * 10 + (a.charAt(i++) - '0');
    }
    if (i < a.length() && (a.charAt(i) == 'K' || a.charAt(i) == 'M')) {
      v <<= a.charAt(i++) == 'K' ? 10 : 20;
      if (i < a.length() && a.charAt(i) == 'i') {
        i++;
      }
      if (i < a.length() && a.charAt(i) == 'B') {
        i++;
      }
    }
    return (long) i << 32 | (v & 0xFFFFFFFFL);
  }

  private int parseThreads(String v) throws CliException {
    int n = parseInt(v);
    if (n < 0) {
      throw badUsage();
    }
    return n == 0 ? Runtime.getRuntime().availableProcessors() : n;
  }

  private int parseInt(String v) throws CliException {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw badUsage();
    }
  }

  /** @return lz4's "Incorrect parameters" failure, with the usage on stderr */
  CliException badUsage() {
    if (s.displayLevel >= 1) {
      s.err.print("Incorrect parameters\n");
      Lz4Usage.usage(s.err);
    }
    return new CliException(ExitCode.FAILED, "");
  }
}
