package dev.celer.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Random;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipFile;

/**
 * The short training run from which {@code ./celer} builds its start-up cache (a JDK 25 AOT cache,
 * JEP 483/514/515; an AppCDS archive on older JDKs): the commands a user runs first, each once, on
 * a generated file, in one JVM, so that the classes they load (the CLI's, the frame and block
 * code's, the native binding's) and their first profiles are recorded. Started by {@link
 * Main#main} when the system property {@code celer.training} names an empty working directory;
 * not a user command, and it prints nothing.
 *
 * <p>Not thread-safe; one run per JVM.
 */
final class Training {
  /** Big enough that the hot loops are profiled and a second block is written; small enough to take well under a second. */
  private static final int INPUT_BYTES = 1 << 20;

  private Training() {}

  /** @return 0 when every command succeeded, else the first failing command's exit code */
  static int run(Path dir) throws IOException {
    Path in = dir.resolve("training.txt");
    Files.write(in, text(INPUT_BYTES));
    String[][] commands = {
      {"-V"},
      {"-q", "-f", "training.txt", "training.txt.lz4"},
      {"-q", "-f", "-d", "training.txt.lz4", "training.out"},
      {"-q", "-t", "training.txt.lz4"},
      {"-q", "-f", "-9", "training.txt", "training.9.lz4"},
      {"-q", "-f", "-T2", "-B4", "training.txt", "training.T2.lz4"},
      {"hash", "training.txt"},
    };
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
    for (String[] c : commands) {
      int code = Main.inDirectory(dir).run(c, java.io.InputStream.nullInputStream(), OutputStream.nullOutputStream(), quiet);
      if (code != 0) {
        return code;
      }
    }
    return 0;
  }

  /** Words from a fixed seed: compressible about as much as English text. */
  private static byte[] text(int size) {
    String[] words = {"the ", "frame ", "block ", "of ", "compressed ", "data ", "and ", "a ", "hash ", "stream ",
        "window ", "match ", "literal ", "offset ", "length ", "\n"};
    Random r = new Random(42);
    StringBuilder sb = new StringBuilder(size + 16);
    while (sb.length() < size) {
      sb.append(words[r.nextInt(words.length)]);
      if (r.nextInt(64) == 0) {
        sb.append(r.nextInt(100000));
      }
    }
    sb.setLength(size);
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Writes {@code jar} as this JVM sees it, as a plain jar: each class from the multi-release
   * layer this Java version picks ({@code META-INF/versions/N}, for the native backend on JDK 25)
   * in place of the base one, and no {@code Multi-Release} attribute. The start-up cache is built
   * from and used with that copy, because the JDK's class archive (CDS, the AOT cache) does not take
   * classes from a multi-release jar's versioned entries ("not defined from ... as claimed"): in
   * {@code celer.jar} itself the native binding's classes would load and link on every run.
   * Written under a temporary name, then renamed.
   *
   * @throws IOException when the jar cannot be read or the copy written
   */
  static void flatten(Path jar, Path out) throws IOException {
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    try (JarFile in = new JarFile(jar.toFile(), false, ZipFile.OPEN_READ, Runtime.version())) {
      Manifest m = new Manifest(in.getManifest());
      m.getMainAttributes().remove(Attributes.Name.MULTI_RELEASE);
      try (JarOutputStream o = new JarOutputStream(Files.newOutputStream(tmp), m)) {
        // the base names, each with the entry this JVM loads (also classes that exist only in a layer)
        for (JarEntry e : (Iterable<JarEntry>) in.versionedStream()::iterator) {
          String name = e.getName();
          if (name.startsWith("META-INF/versions/") || name.equalsIgnoreCase(JarFile.MANIFEST_NAME) || e.isDirectory()) {
            continue;
          }
          o.putNextEntry(new JarEntry(name));
          try (java.io.InputStream data = in.getInputStream(e)) {
            data.transferTo(o);
          }
          o.closeEntry();
        }
      }
    }
    Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
