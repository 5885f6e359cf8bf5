package dev.celer.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one list of benchmark data: the files of the shared corpus (every file of the folder but
 * {@code *.md}, by name), or any file given by path.
 *
 * <p>The folder is the system property {@code celer.corpus}; without it, {@code ../shared/corpus}
 * relative to the repository root, found by walking up from the working directory to the folder
 * that holds the parent {@code pom.xml} and a sibling {@code shared/corpus}; in a clone without it,
 * the repository's {@code sample-corpus/} (noted once on stderr). {@code run.sh} names its corpus
 * itself and does not fall back.
 *
 * <p>{@code java -cp benchmarks.jar dev.celer.bench.Corpus} prints the folder and one file name per
 * line; {@code run.sh} takes its default file list from there.
 *
 * <p>Thread-safe (its one state is whether the fallback was noted).
 */
public final class Corpus {
  private Corpus() {}

  /** The corpus folder. */
  public static Path dir() {
    String property = System.getProperty("celer.corpus");
    if (property != null && !property.isEmpty()) {
      return Paths.get(property);
    }
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolveSibling("shared").resolve("corpus");
      if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    // A fresh clone has no ../shared/corpus: take the repository's own sample corpus, and say so.
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path sample = p.resolve("sample-corpus");
      if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(sample)) {
        if (!sampleNoted) {
          sampleNoted = true;
          System.err.println("[celer-bench] no ../shared/corpus beside the repository: using the sample corpus "
              + sample + " (set -Dceler.corpus=DIR for another folder)");
        }
        return sample;
      }
    }
    throw new IllegalStateException("corpus folder not found (neither ../shared/corpus nor the"
        + " repository's sample-corpus/): set -Dceler.corpus=/path/to/shared/corpus");
  }

  private static volatile boolean sampleNoted;

  /** Names of the corpus files, sorted. */
  public static List<String> names() {
    try (Stream<Path> files = Files.list(dir())) {
      return files
          .filter(Files::isRegularFile)
          .map(f -> f.getFileName().toString())
          .filter(n -> !n.endsWith(".md"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A corpus file by name, or any file by path (absolute, or relative to the working directory). */
  public static Path resolve(String nameOrPath) {
    Path p = Paths.get(nameOrPath);
    if (!p.isAbsolute() && p.getNameCount() == 1) {
      Path inCorpus = dir().resolve(p);
      if (Files.isRegularFile(inCorpus)) {
        return inCorpus;
      }
    }
    if (Files.isRegularFile(p)) {
      return p;
    }
    throw new IllegalArgumentException("no such file in " + dir() + " or on disk: " + nameOrPath);
  }

  /** The bytes of {@link #resolve(String)}. */
  public static byte[] read(String nameOrPath) {
    try {
      return Files.readAllBytes(resolve(nameOrPath));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Prints the corpus folder, then one file name per line. */
  public static void main(String[] args) {
    System.out.println(dir());
    names().forEach(System.out::println);
  }
}
