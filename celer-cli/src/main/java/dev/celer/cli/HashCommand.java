package dev.celer.cli;

import dev.celer.xxhash.StreamingHash;
import dev.celer.xxhash.XxHash128;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code celer hash}: prints and checks xxHash checksums exactly as {@code xxhsum} 0.8.1 does.
 *
 * <pre>
 * celer hash [-H0|-H1|-H2|-H3] [--tag] [--little-endian] [files...]
 * celer hash -c|--check [-q|--quiet] [--status] [--strict] [--warn] [checksum files...]
 * </pre>
 *
 * -H0 (or -H32) is XXH32, -H1 (-H64, the default) XXH64, -H2 (-H128) XXH128, -H3 XXH3-64. No file
 * or {@code -} reads stdin, printed as {@code stdin}. Lines are GNU style ({@code hash  name}) or,
 * with {@code --tag} and always for XXH3, BSD style ({@code XXH64 (name) = hash}); {@code --check}
 * reads both, and prints {@code name: OK} / {@code name: FAILED} and xxhsum's summary lines on
 * stdout, as xxhsum does. Exit code 0 when every file was hashed (and every checked line matched).
 *
 * <p>Differences from xxhsum: no benchmark ({@code -b}); no progress line on stderr; the version
 * and help texts are celer's.
 */
final class HashCommand {
  private static final String WELCOME = "xxhsum-compatible celer hash " + Main.VERSION + "\n";

  private final Path cwd;
  private final InputStream in;
  private final PrintStream out;
  private final PrintStream err;

  HashCommand(Path cwd, InputStream in, PrintStream out, PrintStream err) {
    this.cwd = cwd;
    this.in = in;
    this.out = out;
    this.err = err;
  }

  int run(String[] args) throws CliException {
    HashAlgorithm algo = HashAlgorithm.XXH64;
    boolean tag = false;
    boolean littleEndian = false;
    boolean check = false;
    boolean quiet = false;
    boolean status = false;
    boolean strict = false;
    boolean warn = false;
    boolean filesOnly = false;
    List<String> files = new ArrayList<>();
    for (String a : args) {
      if (filesOnly || !a.startsWith("-") || a.equals("-")) {
        files.add(a);
        continue;
      }
      switch (a) {
        case "--" -> filesOnly = true;
        case "--check" -> check = true;
        case "--tag" -> tag = true;
        case "--little-endian" -> littleEndian = true;
        case "--quiet" -> quiet = true;
        case "--status" -> status = true;
        case "--strict" -> strict = true;
        case "--warn" -> warn = true;
        case "--help" -> {
          usage();
          return 0;
        }
        case "--version" -> {
          err.print(WELCOME);
          return 0;
        }
        default -> {
          if (a.startsWith("--")) {
            throw badUsage();
          }
          for (int i = 1; i < a.length(); i++) {
            char c = a.charAt(i);
            switch (c) {
              case 'c' -> check = true;
              case 'q' -> quiet = true;
              case 'h' -> {
                usage();
                return 0;
              }
              case 'V' -> {
                err.print(WELCOME);
                return 0;
              }
              case 'H' -> {
                int j = i + 1;
                while (j < a.length() && Character.isDigit(a.charAt(j))) {
                  j++;
                }
                algo = HashAlgorithm.ofOption(a.substring(i + 1, j));
                if (algo == null) {
                  throw badUsage();
                }
                i = j - 1;
              }
              default -> throw badUsage();
            }
          }
        }
      }
    }
    if (check) {
      return check(files, strict, status, warn, quiet) ? 0 : 1;
    }
    if (files.isEmpty()) {
      files.add("-");
    }
    boolean ok = true;
    for (String f : files) {
      ok &= hashOne(f, algo, tag, littleEndian);
    }
    return ok ? 0 : 1;
  }

  private CliException badUsage() {
    usage();
    return new CliException(1, "");
  }

  private void usage() {
    err.print(WELCOME
        + "Print or verify checksums using fast non-cryptographic algorithm xxHash \n\n"
        + "Usage: celer hash [options] [files] \n\n"
        + "When no filename provided or when '-' is provided, uses stdin as input. \n"
        + "Options: \n"
        + "  -H#         algorithm selection: 0,1,2,3 or 32,64,128 (default: 1) \n"
        + "  -c, --check read xxHash checksum from [files] and check them \n"
        + "  -h, --help  display this help \n"
        + "      --tag            Produce BSD-style checksum lines \n"
        + "      --little-endian  Checksum values use little endian convention (default: big endian) \n"
        + "The following options are useful only when verifying checksums (-c): \n"
        + "  -q, --quiet          Don't print OK for each successfully verified file \n"
        + "      --status         Don't output anything, status code shows success \n"
        + "      --strict         Exit non-zero for improperly formatted checksum lines \n"
        + "      --warn           Warn about improperly formatted checksum lines \n");
  }

  private boolean hashOne(String name, HashAlgorithm algo, boolean tag, boolean littleEndian) {
    byte[] digest;
    String shown = name;
    if (name.equals("-")) {
      shown = "stdin";
      try {
        digest = algo.digest(in);
      } catch (IOException e) {
        err.print("Error: Could not read 'stdin': " + Errors.describe(e) + ". \n");
        return false;
      }
    } else {
      Path p = cwd.resolve(name);
      if (Files.isDirectory(p)) {
        err.print("celer hash: " + name + ": Is a directory \n");
        return false;
      }
      try (InputStream s = Files.newInputStream(p)) {
        digest = algo.digest(s);
      } catch (IOException e) {
        err.print("Error: Could not open '" + name + "': " + Errors.describe(e) + ". \n");
        return false;
      }
    }
    String hex = HashAlgorithm.hex(digest, littleEndian);
    if (tag || algo == HashAlgorithm.XXH3) {
      out.print(algo.tagName + (littleEndian ? "_LE" : "") + " (" + shown + ") = " + hex + "\n");
    } else {
      out.print(hex + "  " + shown + "\n");
    }
    return true;
  }

  // ------------------------------------------------------------------ --check

  private boolean check(List<String> files, boolean strict, boolean status, boolean warn, boolean quiet) {
    if (files.isEmpty()) {
      files.add("-");
    }
    boolean ok = true;
    for (String f : files) {
      ok &= checkFile(f, strict, status, warn, quiet);
    }
    return ok;
  }

  private boolean checkFile(String name, boolean strict, boolean status, boolean warn, boolean quiet) {
    String shown = name.equals("-") ? "stdin" : name;
    List<String> lines;
    try {
      InputStream s = name.equals("-") ? in : Files.newInputStream(cwd.resolve(name));
      try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
        lines = r.lines().toList();
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      err.print("Error: Could not open '" + shown + "': " + Errors.describe(e) + "\n");
      return false;
    }
    long proper = 0;
    long improper = 0;
    long unreadable = 0;
    long mismatched = 0;
    long lineNumber = 0;
    for (String line : lines) {
      lineNumber++;
      CheckLine cl = CheckLine.parse(line);
      if (cl == null) {
        improper++;
        if (warn) {
          err.print(shown + ":" + lineNumber + ": Error: Improperly formatted checksum line.\n");
        }
        continue;
      }
      proper++;
      byte[] actual;
      Path p = cwd.resolve(cl.fileName);
      try (InputStream s = Files.newInputStream(p)) {
        actual = cl.algo.digest(s);
      } catch (IOException e) {
        unreadable++;
        if (!status) {
          out.print(shown + ":" + lineNumber + ": Could not open or read '" + cl.fileName + "': "
              + Errors.describe(e) + ".\n");
        }
        continue;
      }
      boolean match = HashAlgorithm.hex(actual, cl.littleEndian).equalsIgnoreCase(cl.hex);
      if (!match) {
        mismatched++;
      }
      if (!status && !(match && quiet)) {
        out.print(cl.fileName + ": " + (match ? "OK" : "FAILED") + "\n");
      }
    }
    if (proper == 0) {
      err.print(shown + ": no properly formatted xxHash checksum lines found\n");
    } else if (!status) {
      if (improper > 0) {
        out.print(improper + (improper == 1 ? " line is" : " lines are") + " improperly formatted\n");
      }
      if (unreadable > 0) {
        out.print(unreadable + " listed " + (unreadable == 1 ? "file" : "files") + " could not be read\n");
      }
      if (mismatched > 0) {
        out.print(mismatched + " computed " + (mismatched == 1 ? "checksum" : "checksums") + " did NOT match\n");
      }
    }
    return proper != 0 && mismatched == 0 && unreadable == 0 && (!strict || improper == 0);
  }

  /** One parsed line of a checksum file, GNU ({@code hex  name}) or BSD ({@code NAME (name) = hex}). */
  private record CheckLine(HashAlgorithm algo, String hex, String fileName, boolean littleEndian) {
    static CheckLine parse(String line) {
      int firstSpace = line.indexOf(' ');
      if (firstSpace < 0 || firstSpace + 1 >= line.length()) {
        return null;
      }
      if (line.charAt(firstSpace + 1) == '(') {
        int lastSpace = line.lastIndexOf(' ');
        if (lastSpace - firstSpace < 5 || !line.startsWith(") =", lastSpace - 3)) {
          return null;
        }
        String algoName = line.substring(0, firstSpace);
        boolean le = algoName.endsWith("_LE");
        HashAlgorithm a = HashAlgorithm.ofTagName(le ? algoName.substring(0, algoName.length() - 3) : algoName);
        String hex = line.substring(lastSpace + 1);
        if (a == null || !isHex(hex, a.bits / 4)) {
          return null;
        }
        return new CheckLine(a, hex, line.substring(firstSpace + 2, lastSpace - 3), le);
      }
      String hex = line.substring(0, firstSpace);
      HashAlgorithm a = switch (hex.length()) {
        case 8 -> HashAlgorithm.XXH32;
        case 16 -> HashAlgorithm.XXH64;
        case 32 -> HashAlgorithm.XXH128;
        default -> null;
      };
      if (a == null || !isHex(hex, hex.length()) || firstSpace + 2 > line.length()) {
        return null;
      }
      // As xxhsum: the second separator character may be anything (e.g. '*').
      return new CheckLine(a, hex, line.substring(firstSpace + 2), false);
    }

    private static boolean isHex(String s, int len) {
      if (s.length() != len) {
        return false;
      }
      for (int i = 0; i < len; i++) {
        if (Character.digit(s.charAt(i), 16) < 0) {
          return false;
        }
      }
      return true;
    }
  }

  /** The four hashes of xxhsum, each giving its canonical (big-endian) digest bytes. */
  enum HashAlgorithm {
    XXH32("XXH32", 32),
    XXH64("XXH64", 64),
    XXH128("XXH128", 128),
    XXH3("XXH3", 64);

    final String tagName;
    final int bits;

    HashAlgorithm(String tagName, int bits) {
      this.tagName = tagName;
      this.bits = bits;
    }

    static HashAlgorithm ofOption(String digits) {
      return switch (digits) {
        case "0", "32" -> XXH32;
        case "1", "64" -> XXH64;
        case "2", "128" -> XXH128;
        case "3" -> XXH3;
        default -> null;
      };
    }

    static HashAlgorithm ofTagName(String name) {
      for (HashAlgorithm a : values()) {
        if (a.tagName.equals(name)) {
          return a;
        }
      }
      return null;
    }

    /** @return a new streaming hasher of this algorithm, seed 0 and default secret, as xxhsum */
    StreamingHash create() {
      return switch (this) {
        case XXH32 -> XxHash32.create();
        case XXH64 -> XxHash64.create();
        case XXH128 -> XxHash128.create();
        case XXH3 -> XxHash3.create();
      };
    }

    /** @return the canonical (big-endian) digest of everything {@code s} gives, read in 64 KB pieces */
    byte[] digest(InputStream s) throws IOException {
      StreamingHash h = create();
      byte[] buf = new byte[64 * 1024];
      for (int n; (n = s.read(buf)) > 0; ) {
        h.update(buf, 0, n);
      }
      return h.digestBytes();
    }

    /** Lower-case hex of the canonical bytes, or of them reversed (xxhsum's --little-endian). */
    static String hex(byte[] canonical, boolean littleEndian) {
      StringBuilder sb = new StringBuilder(canonical.length * 2);
      for (int i = 0; i < canonical.length; i++) {
        int b = canonical[littleEndian ? canonical.length - 1 - i : i] & 0xFF;
        sb.append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 15, 16));
      }
      return sb.toString();
    }
  }
}
